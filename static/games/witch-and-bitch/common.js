// Witch & Bitch: what the TV and phone modules share. Spell and Witch-card names from the
// reference data (ctx.reference), step wording, the dice face, the placeholder mark. Player names
// only ever go through textContent (ui.js h()).

import { h, svg } from '../../js/ui.js';
import { pressTwice, say, t, N_ } from '../../js/kit.js';

/** The host's End (or everyone leaving) ends the game in whatever step it was: the room's
 * ``view.outcome`` says so. The pages then show the ending as at the scenario's own end — no
 * Dark Forces step, Destiny card or dimmed buttons left behind. */
export function endedAnyStep(game) {
  if (game.outcome && game.step !== 'over') Object.assign(game, { step: 'over', phase: 'over' });
}

/** @typedef {import('../../js/kit.js').Ctx} Ctx */

/** The scenario's facts the kit's ending does not show, in its panel under the headline and the
 * podium (`ctx.endingEl`): who is still alive and who the Bitch was. The host's End says both in
 * its sentence already, so only a scenario's own end adds them. Emptied while the game runs.
 * @param {Ctx} ctx */
export function endingFacts(ctx) {
  const g = ctx.game;
  const lines = [];
  if (g.outcome?.reason === 'rules') {
    const alive = (g.witches || []).filter((w) => !w.out).map((w) => w.player);
    if (alive.length) lines.push(t('Still alive: {names}', { names: alive.join(', ') }));
    if (g.bitch !== undefined && g.bitch !== null) lines.push(t('The Bitch was {who}.', { who: ctx.nameOf(g.bitch) }));
  }
  ctx.endingEl.replaceChildren(...lines.map((text) => h('p', { class: 'wab-ending-fact', text })));
}

export const styles = ['./wab.css'];

/** Replace the children of `el`, skipping null/false ones (replaceChildren would write "null"). */
export function put(el, ...children) {
  el.replaceChildren(...children.flat().filter((c) => c !== null && c !== undefined && c !== false));
}

export const STEPS = {
  setup: { phase: N_('Set-up'), n: '', name: N_('Set-up') },
  'first-roll': { phase: N_('Set-up'), n: '', name: N_('Roll for first player') },
  positions: { phase: N_('Set-up'), n: '', name: N_('Starting positions') },
  draft: { phase: N_('Set-up'), n: '', name: N_('Starting Spells') },
  enemies: { phase: N_('Set-up'), n: '', name: N_('Starting Enemies') },
  'pass-token': { phase: N_("Witches' Phase"), n: '1', name: N_('Change of first player') },
  restore: { phase: N_("Witches' Phase"), n: '2', name: N_('Restore the cards') },
  turns: { phase: N_("Witches' Phase"), n: '3', name: N_('Turns') },
  learning: { phase: N_("Witches' Phase"), n: '4', name: N_('Learning new Spells') },
  destiny: { phase: N_("Dark Forces' Phase"), n: '1', name: N_('Destiny card') },
  activation: { phase: N_("Dark Forces' Phase"), n: '2', name: N_('Enemy activation') },
  over: { phase: N_('Game over'), n: '', name: N_('Game over') },
};

export const ROUND_STEPS = ['pass-token', 'restore', 'turns', 'learning', 'destiny', 'activation'];

export function stepOf(g) {
  // The table's words are marked with N_ above and translated here, each time (the language
  // may change while the page runs).
  const step = STEPS[g.step];
  return step ? { ...step, phase: t(step.phase), name: t(step.name) } : { phase: '', n: '', name: g.step };
}

/** @param {Ctx} ctx */
export function spellInfo(ctx, id) {
  const spell = (ctx.reference.spells || []).find((s) => s.id === id) || { id, name: id, school: '', level: 0, placeholder: true };
  // the name the room's box gives it (the reference holds the data file's placeholder)
  const named = ctx.game?.book?.spells?.[id];
  return named ? { ...spell, ...named } : spell;
}

/** @param {Ctx} ctx */
export function schoolName(ctx, id) {
  return t((ctx.reference.schools || []).find((s) => s.id === id)?.name || id);
}

/** The scenario's mode and a roll's purpose as the views give them, worded by the page. */
export const MODES = { cooperative: N_('cooperative'), 'semi-cooperative': N_('semi-cooperative'), competitive: N_('competitive') };
export const PURPOSES = [
  N_('first player'), N_('spawn'), N_('attack'), N_('antagonist attack'), N_('enemy attack'),
  N_('antagonist'), N_('object'), N_('free'), N_('free roll'), N_('table roll'),
];

export function modeName(mode) {
  return MODES[mode] ? t(MODES[mode]) : mode;
}

/** A small dashed tag that says a value is a placeholder from the data files. */
export function placeholderTag(title = t('Placeholder: not printed in the rulebook (the host can enter it under Your box)')) {
  return h('span', { class: 'wab-ph', title, text: t('placeholder') });
}

/** A spell chip: school colour band, level, name (placeholder marked), exhausted struck.
 * @param {Ctx} ctx */
export function spellChip(ctx, spell, { exhausted = false, tag = 'span', attrs = {}, word = true } = {}) {
  const s = typeof spell === 'string' ? spellInfo(ctx, spell) : spell;
  const name = t(s.name);
  const title = exhausted ? t('{name} (exhausted)', { name }) : name;
  return h(tag, { class: `wab-spell wab-school-${s.school}${exhausted ? ' wab-exhausted' : ''}`, title, ...attrs },
    h('span', { class: 'wab-spell-level', text: 'I'.repeat(s.level || 1) }),
    h('span', { class: 'wab-spell-name', text: name }),
    s.placeholder ? h('span', { class: 'wab-ph-dot', title: t('placeholder name'), text: '*' }) : null,
    exhausted && word ? h('span', { class: 'wab-spell-state', text: t('exhausted') }) : null);
}

/** Health as 10 heart pips: filled = left, hollow = damage. */
export function healthBar(w) {
  const pips = [];
  for (let i = 0; i < w.health; i += 1) {
    pips.push(h('span', { class: `wab-pip${i < w.left ? ' on' : ''}` }));
  }
  return h('span', { class: 'wab-health', role: 'img', 'aria-label': t('Health {x}/{health}', { x: w.left, health: w.health }) },
    h('span', { class: 'wab-pips' }, pips),
    h('span', { class: 'wab-health-n', text: `${w.left}/${w.health}` }));
}

/** A die face: a d20 as a hexagon with a triangle, a d4 as a triangle; the value inside. */
export function dieFace(die, value, { cls = '' } = {}) {
  const shape = die === 'd4'
    ? svg('polygon', { points: '50,6 95,90 5,90', class: 'wab-die-shape' })
    : svg('polygon', { points: '50,3 93,27 93,73 50,97 7,73 7,27', class: 'wab-die-shape' });
  const inner = die === 'd4' ? null : svg('polygon', { points: '50,20 80,70 20,70', class: 'wab-die-inner' });
  const text = svg('text', { x: 50, y: die === 'd4' ? 70 : 60, 'text-anchor': 'middle', 'dominant-baseline': 'middle', class: 'wab-die-value' });
  text.textContent = value === null || value === undefined ? '?' : String(value);
  return h('span', { class: `wab-die wab-${die} ${cls}` },
    svg('svg', { viewBox: '0 0 100 100', 'aria-hidden': 'true' }, shape, inner, text),
    h('span', { class: 'visually-hidden', text: `${die} ${value ?? ''}` }));
}

/** "Anna · attack 14+5=19 vs 15: hit"
 * @param {Ctx} ctx */
export function rollLine(ctx, r) {
  const who = r.by === null || r.by === undefined ? t('The table') : ctx.nameOf(r.by);
  let what = `${r.die} ${r.value}`;
  if (typeof r.against === 'number') {
    const sign = r.bonus >= 0 ? '+' : '−';
    const vs = t('vs');
    const verdict = r.hit ? t('hit') : t('miss');
    what = `${r.value} ${sign} ${Math.abs(r.bonus)} = ${r.total} ${vs} ${r.against}: ${verdict}`;
  }
  // A roll's purpose is one of PURPOSES (or a few words a client sent: shown as they are).
  return { who, what: `${what}`, purpose: t(r.for), entered: r.entered };
}

export function witchName(w) {
  return w.witch_card?.name ? t(w.witch_card.name) : '';
}

export function colourWord(c) {
  return { green: t('Green'), orange: t('Orange'), red: t('Red') }[c] || c;
}

export function twiceButton(id, label, action, { cls = 'btn', sure = null } = {}) {
  const button = h('button', { type: 'button', id, class: cls }, h('span', { class: 'btn-text', text: label }));
  return pressTwice(button, action, { sure });
}

/** What the table is doing now, in one sentence (both screens).
 * @param {Ctx} ctx */
export function nowLine(ctx) {
  const g = ctx.game;
  const cur = g.current;
  const name = (seat) => ctx.nameOf(seat);
  switch (g.step) {
    case 'setup': return t('Set-up, page {n} of {n2}', { n: g.setup_page + 1, n2: g.scenario.setup.length });
    case 'first-roll': return g.first_roll.tie ? t('A tie: the tied players roll again') : t('Everyone rolls the d20: the highest starts');
    case 'draft': return cur === null ? '' : t('{who} chooses a starting Spell', { who: name(cur) });
    case 'positions': return cur === null ? '' : t('{who} chooses a starting position', { who: name(cur) });
    case 'enemies': return g.spawned ? t('Place the starting Enemies on their Portals') : t('Generate the starting Enemies');
    case 'pass-token': return g.round === 1 ? t('{who} starts (won the roll)', { who: name(g.first) }) : t('{who} takes the first-player token', { who: name(g.first) });
    case 'restore': return t('Turn exhausted Spells and Rewards face up');
    case 'turns': return cur === null ? t('Turns are over') : t("{who}'s turn", { who: name(cur) });
    case 'learning': return cur === null ? t('Nobody can learn a Spell now') : t('{who} may learn a Spell', { who: name(cur) });
    case 'destiny': return g.destiny.colour ? t('{x} Destiny card drawn', { x: colourWord(g.destiny.colour) }) : t('Destiny card');
    case 'activation': return t('Activate every Enemy');
    // the ending's sentence is the kit's headline: said once on a screen (endingFacts adds the rest)
    case 'over': return '';
    default: return '';
  }
}
