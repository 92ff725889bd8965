// Čarodějnice!, phone: the whole game on one phone. At the top: round and phase and Undo (this
// phone hosts its own game; the language is the page's one switch in its top bar); the jurors and
// the counters; in the middle what to do now (the server's prompt, then how the phase is played); at the bottom the big buttons of the phase; below them the card buttons (a
// curse, lost souls, a card's verdict), usable in any phase. A screen without a seat (a TV
// watching) gets the table's layout.

import { h } from '../../js/ui.js';
import { call, pressTwice, t, tn } from '../../js/kit.js';
import * as table from './tv.js';
import {
  PHASE_TITLE, PHASE_TODO, afterReveal, counters, jurorCard, jurorExplained, lastResult, missionCard,
  outcomeDetail, outcomeHeadline, placeholderTag, revealClock, roundLine, setupText, moments, popChanges,
} from './common.js';

/** @typedef {import('../../js/kit.js').Ctx} Ctx */

export { styles } from './common.js';

export function local() {
  return {
    ticked: new Set(),   // set-up steps ticked off (this screen only)
    resolve: null,       // the phase-4 form: {mission, strength, spent, difficulty, servants, value}
    souls: false,        // the "how many townsfolk?" row is open
    revealedAt: null,    // the trial's animation has been shown for this game
  };
}

/** @param {Ctx} ctx */
export function mount(ctx) {
  if (ctx.seat === null) return table.mount(ctx);
  const els = {
    root: h('div', { class: 'cj-phone', id: 'cj-phone' }),
    bar: h('div', { class: 'cj-bar' }),
    jurors: h('div', { class: 'cj-jurors', id: 'cj-jurors' }),
    counters: h('div', { class: 'cj-counters', id: 'cj-counters' }),
    main: h('div', { class: 'cj-main', id: 'cj-main' }),
    bottom: h('div', { class: 'cj-bottom', id: 'cj-bottom' }),
    cards: h('div', { class: 'cj-cards', id: 'cj-cards' }),
  };
  els.root.append(els.bar, els.jurors, els.counters, els.main, els.bottom, els.cards);
  return els;
}

/** @param {Ctx} ctx */
export function render(ctx) {
  if (ctx.seat === null) {
    table.render(ctx);
    return;
  }
  const { game, els } = ctx;
  moments(ctx);
  renderBar(ctx);
  const reveal = revealClock(ctx);
  // The set-up checklist names the jurors itself: the screen is the checklist's.
  els.jurors.hidden = game.mode !== 'jurors' || game.phase === 'setup';
  els.jurors.replaceChildren(...game.jurors.map((j, i) => jurorCard(game, j, { index: i, reveal })));
  els.counters.hidden = game.mode !== 'jurors' || game.phase === 'setup';
  els.counters.replaceChildren(...counters(game));
  els.main.replaceChildren(...main(ctx).filter(Boolean));
  els.bottom.replaceChildren(...bottom(ctx));
  els.cards.replaceChildren(...cardButtons(ctx));
  popChanges(ctx, els.root);
}

/** @param {Ctx} ctx */
function renderBar(ctx) {
  const { game } = ctx;
  const undo = ctx.room.host && game.round > 0
    ? h('button', { type: 'button', class: 'btn btn-small', id: 'cj-undo', text: t('Undo') })
    : null;
  undo?.addEventListener('click', () => call('room', { type: 'undo' }, { button: undo }));
  ctx.els.bar.replaceChildren(
    h('div', { class: 'cj-bar-text' },
      h('span', { class: 'cj-round', id: 'cj-round', text: roundLine(game) }),
      h('span', { class: 'cj-phase', id: 'cj-phase', text: PHASE_TITLE[game.phase]?.() ?? game.phase })),
    ...[undo].filter(Boolean));  // the language: the page's own switch in its top bar
}

// ---- the middle: what to do now -----------------------------------------------------------------

/** @param {Ctx} ctx */
function main(ctx) {
  const { game } = ctx;
  if (game.phase === 'over' || game.outcome) return over(ctx);
  if (game.mode === 'tale') return tale(ctx);
  if (game.phase === 'setup') return setup(ctx);
  const out = [h('p', { class: 'cj-todo', id: 'cj-todo', text: PHASE_TODO[game.phase]?.() ?? '' })];
  const { missions } = game;
  if (game.phase === 'witches' && missions.revealed) {
    out.unshift(h('p', { class: 'cj-news' }, tn('New mission revealed: {name}, with {n} challenge.', 'New mission revealed: {name}, with {n} challenges.', missions.revealed.dealt, { name: t(missions.revealed.name) })));
  }
  if (game.phase === 'mission') {
    out.push(h('div', { class: 'cj-mission-list', id: 'cj-missions' }, ...missions.laid_out.map((m) => {
      const el = missionCard(game, m, { tag: 'button', type: 'button', class: 'btn cj-pick', dataset: { mission: m.id } });
      el.addEventListener('click', () => ctx.send('accept', { mission: m.id }, { button: el }));
      return el;
    })));
  } else if (missions.accepted && ['rest', 'resolve'].includes(game.phase)) {
    out.push(missionCard(game, missions.accepted, { class: 'accepted' }));
  }
  if (game.phase === 'resolve') out.push(resolveForm(ctx));
  if (['decide', 'cleanup'].includes(game.phase) && game.last) out.push(lastResult(game));
  if (game.phase === 'cleanup' && game.last?.success && missions.next) {
    out.push(h('p', { class: 'cj-news', text: t('Then reveal the top mission: {name}.', { name: t(missions.next) }) }));
  }
  return out;
}

/** @param {Ctx} ctx */
function setup(ctx) {
  const steps = ctx.game.setup.map((step, i) => {
    const done = ctx.local.ticked.has(i);
    const li = h('li', { class: `cj-step${done ? ' done' : ''}` },
      h('button', { type: 'button', class: 'cj-tick', 'aria-pressed': done ? 'true' : 'false', 'aria-label': t('Done'), text: done ? '✓' : '' }),
      h('span', { text: setupText(step) }));
    li.addEventListener('click', () => {
      if (done) ctx.local.ticked.delete(i);
      else ctx.local.ticked.add(i);
      ctx.redraw();
    });
    return li;
  });
  return [
    ctx.game.placeholder ? h('p', { class: 'cj-note' }, placeholderTag(), ' ', t('Names, difficulties and counts marked so are placeholders: use what your cards print.')) : null,
    h('ol', { class: 'cj-setup', id: 'cj-setup' }, ...steps),
  ];
}

// ---- phase 4 -------------------------------------------------------------------------------------

/** @param {Ctx} ctx */
function resolveState(ctx) {
  const m = ctx.game.missions.accepted;
  if (!ctx.local.resolve || ctx.local.resolve.mission !== m.id) {
    ctx.local.resolve = { mission: m.id, strength: 0, spent: 0, difficulty: m.difficulty, servants: 0, value: m.value };
  }
  return ctx.local.resolve;
}

/** @param {Ctx} ctx */
function stepper(ctx, key, label, { max = 99 } = {}) {
  const r = ctx.local.resolve;
  const change = (d) => {
    r[key] = Math.max(0, Math.min(max, r[key] + d));
    ctx.redraw();
  };
  const minus = h('button', { type: 'button', class: 'btn cj-step-btn', 'aria-label': `${label} −1`, text: '−' });
  const plus = h('button', { type: 'button', class: 'btn cj-step-btn', 'aria-label': `${label} +1`, text: '+' });
  minus.addEventListener('click', () => change(-1));
  plus.addEventListener('click', () => change(1));
  return h('div', { class: 'cj-stepper', dataset: { field: key } },
    h('span', { class: 'cj-stepper-label', text: label }), minus,
    h('span', { class: 'cj-stepper-value', id: `cj-${key}`, text: String(r[key]) }), plus);
}

/** @param {Ctx} ctx */
function resolveVerdict(ctx) {
  const r = resolveState(ctx);
  const left = r.strength - r.spent;
  const verdict = r.spent > r.strength
    ? t('You cannot spend more strength than you have.')
    : left >= r.difficulty
      ? t('Left {left} ≥ difficulty {d}: the mission succeeds.', { left, d: r.difficulty })
      : t('Left {left} < difficulty {d}: the mission fails.', { left, d: r.difficulty });
  return h('p', { class: `cj-verdict-line ${left >= r.difficulty && r.spent <= r.strength ? 'good' : 'bad'}`, id: 'cj-verdict', text: verdict });
}

/** @param {Ctx} ctx */
function resolveForm(ctx) {
  const r = resolveState(ctx);
  const left = r.strength - r.spent;
  return h('div', { class: 'cj-resolve', id: 'cj-resolve' },
    stepper(ctx, 'strength', t('Strength')),
    stepper(ctx, 'spent', t('Spent on challenges')),
    stepper(ctx, 'difficulty', t('Difficulty')),
    stepper(ctx, 'servants', t('Servants kept'), { max: 20 }),
    left >= r.difficulty ? stepper(ctx, 'value', t('Mission value'), { max: 20 }) : null);
}

// ---- the bottom: the phase's big buttons ---------------------------------------------------------

function big(text, { primary = true, id = null, danger = false } = {}) {
  return h('button', { type: 'button', id, class: `btn btn-big${primary ? ' btn-primary' : ''}${danger ? ' btn-danger' : ''}`, text });
}

/** @param {Ctx} ctx */
function bottom(ctx) {
  const { game } = ctx;
  const send = (type, payload = {}) => (button) => ctx.send(type, payload, { button });
  const on = (button, action) => {
    button.addEventListener('click', () => action(button));
    return button;
  };
  if (game.phase === 'over' || game.outcome) {
    if (!ctx.room.host) return [];
    return [on(big(t('New game'), { id: 'cj-rematch' }), (b) => call('room', { type: 'rematch' }, { button: b }))];
  }
  if (game.mode === 'tale') return taleButtons(ctx, send, on);
  switch (game.phase) {
    case 'setup':
      return [on(big(t('Set-up done: start round 1'), { id: 'cj-ready' }), send('ready'))];
    case 'witches':
      return [on(big(t('Done: choose a mission'), { id: 'cj-done' }), send('done'))];
    case 'mission':
      return [h('p', { class: 'cj-hint', text: t('Tap the mission you accept.') })];
    case 'rest':
      return [on(big(t('Done: resolve the mission'), { id: 'cj-done' }), send('done'))];
    case 'resolve':
      return resolveButtons(ctx);
    case 'decide':
      return [
        on(big(t('Go on: clean-up'), { id: 'cj-go-on' }), send('decide', { trial: false })),
        pressTwice(big(t('Face the trial'), { primary: false, id: 'cj-trial' }), send('decide', { trial: true }), { sure: t('Sure? The faith cards turn now.') }),
      ];
    case 'cleanup':
      return [
        on(big(t('My new hand has a witch'), { id: 'cj-witch' }), send('cleanup', { witch: true })),
        pressTwice(big(t('No witch in my new hand'), { primary: false, danger: true, id: 'cj-no-witch' }), send('cleanup', { witch: false }), { sure: t('Sure? That loses the game.') }),
      ];
    default:
      return [];
  }
}

/** @param {Ctx} ctx */
function resolveButtons(ctx) {
  const r = resolveState(ctx);
  const fields = { strength: r.strength, spent: r.spent, difficulty: r.difficulty, servants: r.servants };
  const verdict = resolveVerdict(ctx);
  if (r.spent > r.strength) return [verdict];
  if (r.strength - r.spent < r.difficulty) {
    const fail = big(t('Record the failure'), { primary: false, danger: true, id: 'cj-fail' });
    fail.addEventListener('click', () => ctx.send('resolve', fields, { button: fail }));
    return [verdict, fail];
  }
  return [
    verdict,
    h('p', { class: 'cj-hint', text: t('Whose conviction rises by {v}?', { v: r.value }) }),
    h('div', { class: 'cj-juror-pick' }, ...ctx.game.jurors.map((j, i) => {
      const b = big(t(j.name), { id: `cj-raise-${i}` });
      b.addEventListener('click', () => ctx.send('resolve', { ...fields, value: r.value, juror: i }, { button: b }));
      return b;
    })),
  ];
}

// ---- card effects, any phase of a round ----------------------------------------------------------

/** @param {Ctx} ctx */
function cardButtons(ctx) {
  const { game } = ctx;
  if (game.mode !== 'jurors' || ['setup', 'over'].includes(game.phase)) return [];
  const small = (text, id, cls = '') => h('button', { type: 'button', id, class: `btn btn-small ${cls}`.trim(), text });
  const souls = small(t('Townsfolk to the lost souls'), 'cj-souls');
  souls.addEventListener('click', () => { ctx.local.souls = !ctx.local.souls; ctx.redraw(); });
  const curse = small(t('Take a curse'), 'cj-curse');
  const curseAction = (b) => ctx.send('curse', {}, { button: b });
  if (game.counters.curse_deck === 0) pressTwice(curse, curseAction, { sure: t('Sure? The deck is empty: that loses.') });
  else curse.addEventListener('click', () => curseAction(curse));
  const back = small(t('Curse back to its deck'), 'cj-curse-back');
  back.addEventListener('click', () => ctx.send('return_curse', {}, { button: back }));
  const lose = pressTwice(small(t('A card: defeat'), 'cj-card-lose', 'btn-danger'), (b) => ctx.send('card', { effect: 'lose' }, { button: b }));
  const trial = pressTwice(small(t('A card: the trial'), 'cj-card-trial'), (b) => ctx.send('card', { effect: 'trial' }, { button: b }));
  const row = [h('div', { class: 'cj-card-row' }, souls, curse, back, lose, trial)];
  if (ctx.local.souls) {
    row.push(h('div', { class: 'cj-card-row cj-souls-count' },
      h('span', { class: 'cj-hint', text: t('How many townsfolk does the card show?') }),
      ...[1, 2, 3, 4].map((n) => {
        const b = small(String(n), `cj-souls-${n}`);
        b.addEventListener('click', async () => {
          ctx.local.souls = false;
          await ctx.send('townsfolk', { count: n }, { button: b });
        });
        return b;
      })));
  }
  return row;
}

// ---- the end -------------------------------------------------------------------------------------

/** @param {Ctx} ctx */
function over(ctx) {
  const { game } = ctx;
  const o = game.result;
  const reveal = revealClock(ctx);
  const good = (o?.kind === 'trial' && o.innocent) || (o?.kind === 'tale' && o.won);
  // The kit's ending above says the outcome; this keeps the verdict and the detail under it.
  const headline = outcomeHeadline(game);
  const detail = outcomeDetail(ctx);
  const out = [
    headline ? h('p', { class: `cj-outcome ${good ? 'good' : 'bad'}`, id: 'cj-outcome' }, headline) : null,
    detail ? h('p', { class: 'cj-outcome-detail', id: 'cj-outcome-detail', text: detail }) : null,
  ].filter((el) => el !== null);
  if (o?.kind === 'trial') {
    out.push(h('ul', { class: 'cj-explain', id: 'cj-explain' }, ...game.jurors.map((j) => h('li', { class: j.convinced ? 'yes' : 'no', text: jurorExplained(j) }))));
  }
  return out.map((el) => afterReveal(el, o?.kind === 'trial' ? reveal : null, game.jurors.length));
}

// ---- a tale of Wildegrens -----------------------------------------------------------------------

/** @param {Ctx} ctx */
function tale(ctx) {
  const { game } = ctx;
  const out = [h('h2', { class: 'cj-tale-title' }, h('span', { text: t('Tale {n}: {title}', { n: game.tale.number, title: t(game.tale.title) }) }), placeholderTag(game.tale.placeholder))];
  if (game.phase === 'setup') {
    out.push(h('p', { class: 'cj-todo', text: t('Set the tale up as its page in the book says. A tale has no jurors and no trial: it is won or lost on its own tracks.') }));
    return out;
  }
  out.push(h('p', { class: 'cj-todo', text: PHASE_TODO[game.phase]?.() ?? '' }));
  out.push(h('div', { class: 'cj-tracks', id: 'cj-tracks' }, ...game.tale.tracks.map((tr, i) => {
    const minus = h('button', { type: 'button', class: 'btn cj-step-btn', 'aria-label': `${t(tr.name)} −1`, text: '−' });
    const plus = h('button', { type: 'button', class: 'btn cj-step-btn', 'aria-label': `${t(tr.name)} +1`, text: '+' });
    minus.addEventListener('click', () => ctx.send('track', { index: i, delta: -1 }, { button: minus }));
    plus.addEventListener('click', () => ctx.send('track', { index: i, delta: 1 }, { button: plus }));
    return h('div', { class: 'cj-stepper' },
      h('span', { class: 'cj-stepper-label' }, t(tr.name), h('small', { text: tr.goal === 'win' ? t('at {max}: won', { max: tr.max }) : t('at {max}: lost', { max: tr.max }) })),
      minus, h('span', { class: 'cj-stepper-value', text: `${tr.value}` }), plus);
  })));
  return out;
}

/** @param {Ctx} ctx */
function taleButtons(ctx, send, on) {
  if (ctx.game.phase === 'setup') return [on(big(t('Set-up done: start round 1'), { id: 'cj-ready' }), send('ready'))];
  return [
    on(big(t('Next phase'), { id: 'cj-done' }), send('done')),
    h('div', { class: 'cj-card-row' },
      pressTwice(h('button', { type: 'button', class: 'btn btn-small', id: 'cj-won', text: t('The tale is won') }), send('finish', { won: true })),
      pressTwice(h('button', { type: 'button', class: 'btn btn-small btn-danger', id: 'cj-lost', text: t('The tale is lost') }), send('finish', { won: false }))),
  ];
}
