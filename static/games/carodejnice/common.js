// Čarodějnice!: what the phone and TV modules share. Every text goes through the page kit's t()
// (the server's message catalogues, English ids), so each exists once in English and once per
// language in companion/translations/. Names and numbers of the printed cards are placeholders
// until the host enters them under "Your box" on the TV: until then they carry a "placeholder" tag.

import { h } from '../../js/ui.js';
import { cueOnChange, say, t, tn } from '../../js/kit.js';

/** @typedef {import('../../js/kit.js').Ctx} Ctx */

export const styles = ['./cj.css'];

export const PHASE_TITLE = {
  setup: () => t('Set-up'),
  witches: () => t('Play witches'),
  mission: () => t('Accept a mission'),
  rest: () => t('Play the rest of your hand'),
  resolve: () => t('Resolve the mission'),
  decide: () => t('Go on, or face the trial?'),
  cleanup: () => t('Clean-up'),
  over: () => t('The game is over'),
};

/** How each phase of the jurors game is played (a reminder under the prompt). */
export const PHASE_TODO = {
  witches: () => t('Play any number of witches from your hand: hidden (left half) or revealed (right half; she goes to the dungeon at the end of the round). Use their actions.'),
  mission: () => t('Choose one laid-out mission and reveal its enemies.'),
  rest: () => t('Play the rest of your hand, hidden or revealed, and use the actions.'),
  resolve: () => t('Add up the strength of your played witches and servants. Spend strength on any challenges of this mission; what is left must reach its difficulty.'),
  decide: () => t('Take on another mission, or end the game now and face the trial.'),
  cleanup: () => t('Revealed witches and curses go to the coven discard, hidden witches to the dungeon. Draw 5 cards (shuffle the discard when the deck runs out).'),
};

// The limits are the server's (game.counters: failed_limit, lost_souls_limit).
export const LOSS = {
  failed_missions: (c) => tn('{n} mission failed.', '{n} missions failed.', c.failed_limit),
  lost_souls: (c) => tn('{n} townsperson is among the lost souls.', '{n} townsfolk are among the lost souls.', c.lost_souls_limit),
  curse_deck_empty: () => t('You had to take a curse and the curse deck was empty.'),
  no_witch: () => t('Your new hand held no witch.'),
  card: () => t('A card ended the game in defeat.'),
};

export const DEGREE = {
  triumph: () => t('Triumph: all three jurors are convinced.'),
  draw: () => t('A draw: two jurors are convinced, and the witches count as innocent.'),
  defeat: () => t('Defeat: only one juror is convinced.'),
  rout: () => t('Rout: no juror is convinced.'),
};

/** How the trial came about; `seated`: said to the player who chose it (her phone), else in
 * the table's words (the TV, a spectator). */
export const TRIAL_CAUSE = {
  chosen: (seated) => (seated ? t('You chose to face the trial.') : t('The trial was chosen.')),
  no_missions: () => t('No mission was left: the trial begins.'),
  card: () => t('A card called the trial.'),
};

/** The game's key moments, heard on whichever screen shows them (phone or TV): a mission
 * accepted, its result, a curse taken, townsfolk lost, the trial.
 * @param {Ctx} ctx */
export function moments(ctx) {
  const { game } = ctx;
  const c = game.counters;
  cueOnChange(ctx, 'accepted', game.missions.accepted?.id ?? null, 'claim');
  cueOnChange(ctx, 'last', game.last ? `${game.round}-${game.last.mission}` : null, game.last?.success ? 'reveal' : 'nope');
  cueOnChange(ctx, 'curses', c.curse_deck, 'lid');
  cueOnChange(ctx, 'souls', c.lost_souls, 'nope');
  cueOnChange(ctx, 'trial', game.result?.kind === 'trial' || null, 'reveal');
}

/** What changed pops in: a juror's conviction, the mission's result.
 * @param {Ctx} ctx */
export function popChanges(ctx, root) {
  const { game } = ctx;
  root.querySelectorAll('.cj-juror').forEach((el, i) => {
    const juror = game.jurors[i];
    if (juror) ctx.fresh(el.querySelector('.cj-value'), `conviction-${juror.key}-${juror.conviction}`);
  });
  const last = root.querySelector('.cj-last');
  if (last && game.last) ctx.fresh(last, `last-${game.round}-${game.last.mission}`, 'kit-reveal');
}

/** Seconds between two jurors' faith cards turning at the trial. */
export const REVEAL_STEP = 1.2;

/** Seconds since this screen first showed the trial (the turning plays once per game). The
 * kit's ending, whose headline says the verdict, waits as the verdict does (afterReveal).
 * @param {Ctx} ctx */
export function revealClock(ctx) {
  if (ctx.game.result?.kind !== 'trial') return null;
  ctx.local.revealedAt ??= performance.now();
  const elapsed = (performance.now() - ctx.local.revealedAt) / 1000;
  if (elapsed >= REVEAL_STEP * 4) return null;
  ctx.holdEnding(ctx.game.jurors.length * REVEAL_STEP - elapsed);
  return elapsed;
}

/** The verdict appears once the last juror's cards have turned. */
export function afterReveal(el, reveal, count) {
  if (reveal !== null) {
    el.classList.add('cj-late');
    el.style.animationDelay = `${count * REVEAL_STEP - reveal}s`;
  }
  return el;
}

/** The small tag that marks a name or number we do not have from the printed cards. */
export function placeholderTag(on = true) {
  return on ? h('span', { class: 'cj-ph', title: t('Not from the printed cards: the host can enter them under Your box.'), text: t('placeholder') }) : null;
}

/** "Round 2 · Phase 4 of 6" or "Set-up". */
export function roundLine(game) {
  if (game.phase === 'setup') return t('Before round 1');
  if (game.phase === 'over') return t('Round {n} · the end', { n: game.round });
  return t('Round {n} · phase {p} of 6', { n: game.round, p: game.phase_number });
}

/** One set-up step as a sentence, from the view's keys and parameters. */
export function setupText(step) {
  // The names come from the box (placeholders are English ids of their translations).
  const list = (items) => (items || []).map((name) => t(name)).join(', ');
  switch (step.step) {
    case 'jurors':
      return t('Lay out the jurors {names} and put each conviction marker on 1.', { names: list(step.jurors) });
    case 'faith':
      return t('Leave the faith cards in the box: the app holds the two hidden faith values of each juror. Nobody sees them before the trial.');
    case 'laid_out':
      return t('Lay out the act-1 missions face up: {names}.', { names: list(step.missions) });
    case 'deck':
      return t('Mission deck: the act-3 missions at the bottom, the act-2 missions above them. From the top: {order}.', { order: list([...step.act2, ...step.act3]) });
    case 'challenges':
      return t('Shuffle the {general} general challenges with the {tied} challenges of {names}. Deal face down: {deal}.', {
        general: step.general, tied: step.tied, names: list(step.jurors),
        deal: step.deal.map((d) => `${t(d.mission)} × ${d.count}`).join(', '),
      });
    case 'townsfolk':
      return t('Shuffle the 8 townsfolk cards.');
    case 'witches':
      return t('Shuffle the 24 witches and draw them in pairs: one to your coven deck, the other to the waiting deck (matching family names help).');
    case 'curses':
      return t('Shuffle 3 curses into the coven deck; {n} more form the curse deck. Draw 5 cards: your first hand.', { n: step.curse_deck });
    default:
      return step.step;
  }
}

/** A juror: name, conviction, the two faith cards (face down until the trial). */
export function jurorCard(game, juror, { index = 0, big = false, reveal = null } = {}) {
  const faith = juror.faith;
  const cards = faith
    ? faith.map((v) => h('span', { class: 'cj-faith up', text: String(v) }))
    : [h('span', { class: 'cj-faith down', text: '?' }), h('span', { class: 'cj-faith down', text: '?' })];
  const verdict = faith
    ? h('span', { class: `cj-verdict ${juror.convinced ? 'yes' : 'no'}` }, juror.convinced ? '✓ ' : '✗ ', juror.convinced ? t('convinced') : t('not convinced'))
    : null;
  const flip = faith && reveal !== null;
  const el = h('div', { class: `cj-juror${big ? ' big' : ''}${faith ? ' revealed' : ''}${flip ? ' flip' : ''}`, dataset: { juror: index } },
    h('div', { class: 'cj-juror-name' }, h('span', { text: t(juror.name) }), placeholderTag(juror.placeholder)),
    h('div', { class: 'cj-conviction', title: t('Conviction') },
      h('span', { class: 'cj-label', text: t('Conviction') }),
      h('span', { class: 'cj-num' },
        h('span', { class: 'cj-value', text: `${juror.conviction}` }),
        h('span', { class: 'cj-of', text: `/${game.conviction_max}` }))),
    track(juror.conviction, game.conviction_max),
    h('div', { class: 'cj-faiths', role: 'group', 'aria-label': t('Faith') }, ...cards,
      faith ? h('span', { class: 'cj-sum', text: `= ${juror.sum}` }) : null),
    verdict);
  // The faith cards turn one juror at a time; `reveal` is how long ago the turning began (s).
  if (flip) el.style.animationDelay = `${index * REVEAL_STEP - reveal}s`;
  return el;
}

function track(value, max) {
  const pips = [];
  for (let i = 1; i <= max; i += 1) pips.push(h('span', { class: `cj-pip${i <= value ? ' on' : ''}` }));
  return h('div', { class: 'cj-track', 'aria-hidden': 'true' }, ...pips);
}

/** The counters with their limits: failed missions, lost souls, curse deck, challenges. */
export function counters(game) {
  const c = game.counters;
  const item = (label, value, { danger = false, cls = '' } = {}) => h('div', { class: `cj-counter ${cls}${danger ? ' danger' : ''}` },
    h('span', { class: 'cj-counter-value', text: value }), h('span', { class: 'cj-counter-label', text: label }));
  return [
    item(t('failed missions'), `${c.failed} / ${c.failed_limit}`, { danger: c.failed >= c.failed_limit - 1, cls: 'failed' }),
    item(t('lost souls'), `${c.lost_souls} / ${c.lost_souls_limit}`, { danger: c.lost_souls >= c.lost_souls_limit - 1, cls: 'souls' }),
    item(t('curse deck'), String(c.curse_deck), { danger: c.curse_deck === 0, cls: 'curses' }),
    item(t('challenge deck'), String(c.challenge_deck), { cls: 'challenges' }),
  ];
}

/** A mission card: name, juror, difficulty, value, challenges dealt. */
export function missionCard(game, m, attrs = {}) {
  return h(attrs.tag || 'div', { ...attrs, tag: null, class: `cj-mission ${attrs.class || ''}`.trim() },
    h('span', { class: 'cj-mission-name' }, h('span', { text: t(m.name) }), placeholderTag(m.placeholder)),
    h('span', { class: 'cj-mission-facts', text: t('Act {act} · {juror} · difficulty {d} · value {v} · challenges: {c}', {
      act: m.act, juror: t(m.juror_name), d: m.difficulty, v: m.value, c: m.dealt,
    }) }));
}

/** What happened in phase 4, once it is recorded. */
export function lastResult(game) {
  const l = game.last;
  const params = { name: t(l.mission), left: l.left, d: l.difficulty, juror: l.juror ? t(l.juror) : '', v: l.value };
  return h('p', { class: `cj-last ${l.success ? 'good' : 'bad'}`, id: 'cj-last' }, l.success
    ? t('{name} succeeded ({left} ≥ {d}): {juror} +{v} conviction.', params)
    : t('{name} failed ({left} < {d}).', params));
}

/** The game's own verdict at its end: "Defeat", "Innocent!", "Guilty!" ('' for a tale or the
 * host's End: the kit's ending headline, `outcome.text`, says all there is). */
export function outcomeHeadline(game) {
  const o = game.result;
  if (!o || o.kind === 'tale') return '';
  if (o.kind === 'loss') return t('Defeat');
  return o.innocent ? t('Innocent!') : t('Guilty!');
}

/** What the kit's headline does not say: the counts behind a loss, how the trial came about
 * (in the first person only on the player's own phone). The trial's degree and a loss said in
 * the same words are the headline: not said twice.
 * @param {Ctx} ctx */
export function outcomeDetail(ctx) {
  const { game } = ctx;
  const o = game.result;
  if (!o || o.kind === 'tale') return '';
  const headline = say(game.outcome?.text);
  if (o.kind === 'loss') {
    const detail = LOSS[o.loss]?.(game.counters) ?? o.loss;
    return detail === headline ? '' : detail;
  }
  const degree = DEGREE[o.degree]?.() ?? '';
  return [TRIAL_CAUSE[o.cause]?.(ctx.seat !== null) ?? '', degree === headline ? '' : degree].filter(Boolean).join(' ');
}

/** Each juror's sum explained: "Juror A: conviction 7 ≥ 3 + 4 = 7: convinced." */
export function jurorExplained(juror) {
  const params = { name: t(juror.name), c: juror.conviction, a: juror.faith[0], b: juror.faith[1], s: juror.sum };
  return juror.convinced
    ? t('{name}: conviction {c} ≥ faith {a} + {b} = {s}: convinced.', params)
    : t('{name}: conviction {c} < faith {a} + {b} = {s}: not convinced.', params);
}
