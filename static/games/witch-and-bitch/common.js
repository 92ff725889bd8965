// Witch & Bitch: what the TV and phone modules share. Spell and Witch-card names from the
// reference data (ctx.reference), step wording, the dice face, the placeholder mark. Player names
// only ever go through textContent (ui.js h()).

import { h, svg } from '../../js/ui.js';
import { pressTwice } from '../../js/kit.js';

export const styles = ['./wab.css'];

/** Replace the children of `el`, skipping null/false ones (replaceChildren would write "null"). */
export function put(el, ...children) {
  el.replaceChildren(...children.flat().filter((c) => c !== null && c !== undefined && c !== false));
}

export const STEPS = {
  setup: { phase: 'Set-up', n: '', name: 'Set-up' },
  'first-roll': { phase: 'Set-up', n: '', name: 'Roll for first player' },
  positions: { phase: 'Set-up', n: '', name: 'Starting positions' },
  draft: { phase: 'Set-up', n: '', name: 'Starting Spells' },
  enemies: { phase: 'Set-up', n: '', name: 'Starting Enemies' },
  'pass-token': { phase: "Witches' Phase", n: '1', name: 'Change of first player' },
  restore: { phase: "Witches' Phase", n: '2', name: 'Restore the cards' },
  turns: { phase: "Witches' Phase", n: '3', name: 'Turns' },
  learning: { phase: "Witches' Phase", n: '4', name: 'Learning new Spells' },
  destiny: { phase: "Dark Forces' Phase", n: '1', name: 'Destiny card' },
  activation: { phase: "Dark Forces' Phase", n: '2', name: 'Enemy activation' },
  over: { phase: 'Game over', n: '', name: 'Game over' },
};

export const ROUND_STEPS = ['pass-token', 'restore', 'turns', 'learning', 'destiny', 'activation'];

export function stepOf(g) {
  return STEPS[g.step] || { phase: '', n: '', name: g.step };
}

export function spellInfo(ctx, id) {
  return (ctx.reference.spells || []).find((s) => s.id === id) || { id, name: id, school: '', level: 0, placeholder: true };
}

export function schoolName(ctx, id) {
  return (ctx.reference.schools || []).find((s) => s.id === id)?.name || id;
}

/** A small dashed tag that says a value is a placeholder from the data files. */
export function placeholderTag(title = 'Placeholder: not printed in the rulebook (editable data)') {
  return h('span', { class: 'wab-ph', title, text: 'placeholder' });
}

/** A spell chip: school colour band, level, name (placeholder marked), exhausted struck. */
export function spellChip(ctx, spell, { exhausted = false, tag = 'span', attrs = {}, word = true } = {}) {
  const s = typeof spell === 'string' ? spellInfo(ctx, spell) : spell;
  const title = exhausted ? `${s.name} (exhausted)` : s.name;
  return h(tag, { class: `wab-spell wab-school-${s.school}${exhausted ? ' wab-exhausted' : ''}`, title, ...attrs },
    h('span', { class: 'wab-spell-level', text: 'I'.repeat(s.level || 1) }),
    h('span', { class: 'wab-spell-name', text: s.name }),
    s.placeholder ? h('span', { class: 'wab-ph-dot', title: 'placeholder name', text: '*' }) : null,
    exhausted && word ? h('span', { class: 'wab-spell-state', text: 'exhausted' }) : null);
}

/** Health as 10 heart pips: filled = left, hollow = damage. */
export function healthBar(w) {
  const pips = [];
  for (let i = 0; i < w.health; i += 1) {
    pips.push(h('span', { class: `wab-pip${i < w.left ? ' on' : ''}` }));
  }
  return h('span', { class: 'wab-health', role: 'img', 'aria-label': `${w.left} of ${w.health} health` },
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

/** "Anna · attack 14+5=19 vs 15: hit" */
export function rollLine(ctx, r) {
  const who = r.by === null || r.by === undefined ? 'The table' : ctx.nameOf(r.by);
  let what = `${r.die} ${r.value}`;
  if (typeof r.against === 'number') {
    const sign = r.bonus >= 0 ? '+' : '−';
    what = `${r.value} ${sign} ${Math.abs(r.bonus)} = ${r.total} vs ${r.against}: ${r.hit ? 'hit' : 'miss'}`;
  }
  return { who, what: `${what}`, purpose: r.for, entered: r.entered };
}

export function witchName(w) {
  return w.witch_card?.name || '';
}

export function colourWord(c) {
  return { green: 'Green', orange: 'Orange', red: 'Red' }[c] || c;
}

export function twiceButton(id, label, action, { cls = 'btn', sure = null } = {}) {
  const button = h('button', { type: 'button', id, class: cls }, h('span', { class: 'btn-text', text: label }));
  return pressTwice(button, action, { sure });
}

/** What the table is doing now, in one sentence (both screens). */
export function nowLine(ctx) {
  const g = ctx.game;
  const cur = g.current;
  const name = (seat) => ctx.nameOf(seat);
  switch (g.step) {
    case 'setup': return `Set-up, page ${g.setup_page + 1} of ${g.scenario.setup.length}`;
    case 'first-roll': return g.first_roll.tie ? 'A tie: the tied players roll again' : 'Everyone rolls the d20: the highest starts';
    case 'draft': return cur === null ? '' : `${name(cur)} chooses a starting Spell`;
    case 'positions': return cur === null ? '' : `${name(cur)} chooses a starting position`;
    case 'enemies': return g.spawned ? 'Place the starting Enemies on their Portals' : 'Generate the starting Enemies';
    case 'pass-token': return g.round === 1 ? `${name(g.first)} starts (won the roll)` : `${name(g.first)} takes the first-player token`;
    case 'restore': return 'Turn exhausted Spells and Rewards face up';
    case 'turns': return cur === null ? 'Turns are over' : `${name(cur)}'s turn`;
    case 'learning': return cur === null ? 'Nobody can learn a Spell now' : `${name(cur)} may learn a Spell`;
    case 'destiny': return g.destiny.colour ? `${colourWord(g.destiny.colour)} Destiny card drawn` : 'Destiny card';
    case 'activation': return 'Activate every Enemy';
    case 'over': return g.outcome?.text || 'Game over';
    default: return '';
  }
}
