// The end of a game, the same for every game (docs/pages.md, "Prompts and endings"): the
// headline (`outcome.text`; on a seat's phone first its place in the first person: "You win!",
// "You are 2nd"), the podium of places 1–3 on steps with avatars, names and scores, the rest
// listed below (no podium when the game has no ranking), a short celebration when the game ends
// while the screen watches, and for the host the next game: Rematch or Another game. On the TV
// "Show the table" folds it to a bar so the room can see the game's final board.

import { h, hideToast } from './ui.js';
import { reducedMotion } from './sound.js';
import { t, say, nameOf, avatarOf, call } from './kit.js';

/** English ordinals pick their ending by this rule; other languages translate each form alike. */
const ORDINAL = new Intl.PluralRules('en', { type: 'ordinal' });

/** A place as the page's language writes it: "2nd", "2º", "2.". */
export function ordinal(n) {
  const forms = {
    one: t('{n}st', { n }), two: t('{n}nd', { n }), few: t('{n}rd', { n }), other: t('{n}th', { n }),
  };
  return forms[ORDINAL.select(n)] ?? forms.other;
}

/** A seat's place in the first person (null without a place). */
export function placeWords(place) {
  if (!place) return null;
  return place === 1 ? t('You win!') : t('You are {place}', { place: ordinal(place) });
}

const score = (value, lang) => (value === null || value === undefined
  ? null : Number(value).toLocaleString(lang, { maximumFractionDigits: 1 }));

/** One seat on the podium or in the list below it. */
function entry(view, place, lang, tag = 'li') {
  const points = score(place.score, lang);
  return h(tag, { class: 'kit-ending-entry', dataset: { seat: place.seat, place: place.place } },
    avatarOf(view, place.seat, { size: tag === 'li' ? '1.6em' : '2.6em' }),
    h('span', { class: 'kit-ending-name', text: nameOf(view, place.seat) }),
    points === null ? null : h('span', { class: 'kit-ending-score', text: points }));
}

/** Places 1–3 on steps (2nd, 1st, 3rd from the left; tied seats share a step) and the rest. */
function podium(view, ranking, lang) {
  const steps = [2, 1, 3].map((place) => {
    const here = ranking.filter((p) => p.place === place);
    if (!here.length) return null;
    return h('li', { class: `kit-step kit-step-${place}`, dataset: { place } },
      h('ul', { class: 'kit-step-seats' }, here.map((p) => entry(view, p, lang, 'li'))),
      h('span', { class: 'kit-step-block', text: ordinal(place) }));
  });
  const rest = ranking.filter((p) => p.place > 3);
  return [
    h('ol', { class: 'kit-podium', 'aria-label': t('Podium') }, steps),
    rest.length ? h('ol', { class: 'kit-ending-rest' }, rest.map((p) => {
      const item = entry(view, p, lang);
      item.prepend(h('span', { class: 'kit-ending-place', text: ordinal(p.place) }));
      return item;
    })) : null,
  ];
}

/** What the host's page offers next, in place of `nextGame()` (the TV: the party's next game
 * and the night, static/js/between.js): a function of the view giving the elements. */
let offerNext = null;

/** The host page's own "what next" under every ending (null: Rematch and Another game). */
export function setEndingNext(fn) {
  offerNext = fn;
}

/** What the host may do next: the same players again, or back home to choose another game. */
function nextGame() {
  return h('div', { class: 'kit-ending-next' },
    h('button', {
      type: 'button', class: 'btn btn-primary', text: t('↻ Rematch'),
      onclick: (/** @type {Event} */ e) => call('room', { type: 'rematch' }, { button: /** @type {HTMLButtonElement} */ (e.currentTarget) }),
    }),
    h('a', { class: 'btn', href: '/', text: t('Another game') }));
}

/** A few sparks rising behind the podium (none when the device asks for less motion). */
function sparks() {
  return h('div', { class: 'kit-sparks', 'aria-hidden': 'true' },
    Array.from({ length: 14 }, (_, i) => h('span', { class: `kit-spark kit-spark-${i % 7}`, style: `--i:${i}` })));
}

/**
 * The ending panel of one mounted game: `el` (hidden while the game runs), `extra` (a place a
 * game module may fill: the kit never clears it), `hold(seconds)` (the module's reveal is still
 * playing: `ctx.holdEnding`), `draw(ctx, celebrate)` for every render.
 */
export function makeEnding(side) {
  const extra = h('div', { class: 'kit-ending-extra' });
  const body = h('div', { class: 'kit-ending-body' });
  // the next game comes last, under what the module adds (a fact belongs with the podium)
  const next = h('div', { class: 'kit-ending-after' });
  // The TV's ending covers the game's final board: one press folds it into a bar at the foot
  // of the screen (the headline stays) so the table can look at the board, another unfolds it.
  const peek = side === 'tv' ? h('button', {
    type: 'button', class: 'btn kit-ending-peek', 'aria-pressed': 'false',
    onclick: () => {
      el.classList.toggle('kit-ending-folded');
      paintPeek();
    },
  }) : null;
  let ranked = true;  // the drawn outcome has a podium to go back to
  const paintPeek = () => {
    if (!peek) return;
    const folded = el.classList.contains('kit-ending-folded');
    const back = ranked ? t('Show the podium') : t('Show the result');
    peek.textContent = folded ? back : t('Show the table');
    peek.setAttribute('aria-pressed', folded ? 'true' : 'false');
  };
  const el = h('section', { class: `kit-ending kit-ending-${side}`, 'aria-live': 'polite' }, body, extra, next, peek);
  el.hidden = true;
  let drawn = null;
  let holdUntil = 0;  // performance.now() until which a game's own reveal holds the ending back
  /** Hidden while the game's reveal plays (the verdict must not come before the cards that
   * give it), then faded in (motion.css, .kit-ending-held). The fade starts afresh at each
   * render while held, as the game's own elements do, so both appear in the same frame. */
  const holdBack = () => {
    const left = reducedMotion() ? 0 : (holdUntil - performance.now()) / 1000;
    const was = el.classList.contains('kit-ending-held');
    if (left <= 0 && !was) return;
    el.style.setProperty('--kit-hold', `${Math.max(0, left).toFixed(3)}s`);
    el.classList.remove('kit-ending-held');
    if (left <= 0) return;
    void el.offsetWidth;  // restart the animation
    el.classList.add('kit-ending-held');
  };
  return {
    el,
    extra,
    /** The game's own reveal (the jurors' cards turning) lasts `seconds` more from now: the
     * ending waits for it, then fades in. Under reduced motion it shows at once. */
    hold(seconds) {
      holdUntil = seconds > 0 ? performance.now() + seconds * 1000 : 0;
    },
    /** How long (ms) the game's own reveal still holds the ending back: the win cue waits too
     * (a sound must not give the verdict before the cards do). */
    heldMs() {
      return reducedMotion() ? 0 : Math.max(0, holdUntil - performance.now());
    },
    /** Draw `ctx.game.outcome` (hide the panel without one); `celebrate`: the game has just
     * ended before this screen's eyes (not a reload of an ended game): motion and sparks. */
    draw(ctx, celebrate = false) {
      const outcome = ctx.game?.outcome;
      // a toast of the game's last move (the buzzer's "+1 for Ben") must not cover the ending
      if (outcome && el.hidden) hideToast();
      el.hidden = !outcome;
      if (!outcome) {
        drawn = null;
        return;
      }
      if (peek) {
        // nothing to look at when the game's own screen hides at its end (the buzzer's)
        const board = ctx.els?.root;
        peek.hidden = !board || board.hidden;
        if (peek.hidden && el.classList.contains('kit-ending-folded')) {
          el.classList.remove('kit-ending-folded');
          paintPeek();
        }
      }
      const place = ctx.seat === null ? null : ctx.game.you?.place ?? null;
      const key = JSON.stringify([outcome, place, ctx.room.players, ctx.room.host, ctx.room.night, ctx.lang]);
      holdBack();
      if (key === drawn) return;
      drawn = key;
      const mine = placeWords(place);
      const parts = [
        mine ? h('p', { class: 'kit-ending-mine', dataset: { place }, text: mine }) : null,
        h('h2', { class: 'kit-ending-headline', text: say(outcome.text) }),
        ...(outcome.ranking ? podium(ctx.view, outcome.ranking, ctx.lang) : []),
      ];
      body.replaceChildren(...parts.filter((part) => part !== null));
      ranked = Boolean(outcome.ranking);
      paintPeek();
      next.replaceChildren(...(ctx.room.host ? (offerNext ? offerNext(ctx.view) : [nextGame()]) : []));
      if (celebrate) {
        if (!reducedMotion()) body.prepend(sparks());
        el.classList.remove('kit-celebrate');
        void el.offsetWidth;  // restart the animation
        el.classList.add('kit-celebrate');
      }
    },
  };
}
