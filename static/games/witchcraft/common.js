// Witchcraft: what the TV and phone modules share. The board as one SVG: spaces, altars, stacks
// (red guild = square tile, green guild = round tile, so the guild never depends on colour
// alone; the top tile's letters, its facing arrow, spell ticks, shields as thick bars, an
// exhaustion "Z" badge and the stack height), the last move's line of fire, and what a phone
// selects. Player names only go through textContent (ui.js h()).

import { h, svg } from '../../js/ui.js';
import { t, N_, translated } from '../../js/kit.js';

/** @typedef {import('../../js/kit.js').Ctx} Ctx */

export const styles = ['./wc.css'];

const CELL = 100;
export const DIRS = { n: [0, -1], ne: [1, -1], e: [1, 0], se: [1, 1], s: [0, 1], sw: [-1, 1], w: [-1, 0], nw: [-1, -1] };
export const DIR_ORDER = ['nw', 'n', 'ne', 'w', null, 'e', 'sw', 's', 'se'];
export const ARROWS = { n: '↑', ne: '↗', e: '→', se: '↘', s: '↓', sw: '↙', w: '←', nw: '↖' };
const ALTAR_LETTER = { energy: 'E', protection: 'P', teleportation: 'T', summoning: 'S' };
const ALTAR_SHORT = translated({
  energy: N_('energy'), protection: N_('protect'), teleportation: N_('teleport'), summoning: N_('summon'),
});
const SPELL_LETTER = { missile: 'M', thunder: 'T', blast: 'B', priest: '' };
// The spells' kinds as the views give them, for scripts/i18n (pages write t(kind)).
export const SPELLS = [N_('missile'), N_('thunder'), N_('blast'), N_('priest')];

export const key = (c) => `${c[0]},${c[1]}`;

// The guilds' names as the views give them, for scripts/i18n (pages write t(guild)).
export const GUILDS = [N_('red'), N_('green')];

export function guildName(g, seat) {
  return g.players?.[seat]?.guild === 'red' ? t('Red') : t('Green');
}

/** "Ann (red)"
 * @param {Ctx} ctx */
export function who(ctx, seat) {
  if (seat === null || seat === undefined) return ctx.nameOf(seat);   // the table (the TV)
  const g = ctx.game;
  const guild = g.players?.[seat]?.guild;
  return `${ctx.nameOf(seat)} (${guild ? t(guild) : ''})`;
}

/** A small guild marker: square for red, circle for green (shape + colour). */
export function guildMark(guild, cls = '') {
  const shape = guild === 'red'
    ? svg('rect', { x: 3, y: 3, width: 18, height: 18, rx: 3, class: 'wc-mark-red' })
    : svg('circle', { cx: 12, cy: 12, r: 10, class: 'wc-mark-green' });
  return svg('svg', { viewBox: '0 0 24 24', class: `wc-mark ${cls}`.trim(), 'aria-hidden': 'true' }, shape);
}

/** Time left on a seat's chess clock now (ms), from the view's clock and the server time. */
export function clockLeft(clock, seat, now) {
  if (!clock) return null;
  let left = clock.left[seat];
  if (clock.running === seat && typeof clock.since === 'number') left -= Math.max(0, now - clock.since);
  return Math.max(0, left);
}

export function formatClock(ms) {
  if (ms === null || ms === undefined) return '';
  const total = Math.ceil(ms / 1000);
  const m = Math.floor(total / 60);
  const s = total % 60;
  return `${m}:${String(s).padStart(2, '0')}`;
}

function center(c) {
  return [(c[0] + 1) * CELL + CELL / 2, (c[1] + 1) * CELL + CELL / 2];
}

function sidePoint(c, dir, inset) {
  const [cx, cy] = center(c);
  const [dx, dy] = DIRS[dir];
  const r = CELL / 2 - inset;
  return [cx + dx * r, cy + dy * r];
}

/** A space's name as the engine gives it (geometry.name): rows counted from the bottom. */
function cellName(c, rows) {
  const col = c[0] < 0 ? 'z' : String.fromCharCode(97 + c[0]);
  return `${col}${rows - c[1]}`;
}

/**
 * The board SVG. `marks`: {selectable: Set(key), selected: key, targets: Set(key),
 * lines: Set(key), ghosts: [[x,y]…] (offered spaces not yet on the board), area: Set(key)},
 * `onCell(cell)` makes the selectable spaces and every stack tappable (a stack to look under).
 * @param {any} g
 * @param {{marks?: Record<string, any>, onCell?: ((cell: any) => void) | null, last?: any,
 *   cls?: string}} [options]
 */
export function boardSvg(g, { marks = {}, onCell = null, last = null, cls = '' } = {}) {
  const cells = new Set(g.board.cells.map(key));
  const spaces = [...g.board.cells, ...(marks.ghosts || []).filter((c) => !cells.has(key(c)))];
  // only the spaces in play (and those a phone offers): the ring for map tiles appears with them
  const xs = spaces.map((c) => c[0]);
  const ys = spaces.map((c) => c[1]);
  const x0 = (Math.min(...xs) + 1) * CELL - 44;
  const y0 = (Math.min(...ys) + 1) * CELL - 44;
  const width = (Math.max(...xs) + 2) * CELL + 24 - x0;
  const height = (Math.max(...ys) + 2) * CELL + 24 - y0;
  const root = svg('svg', { viewBox: `${x0} ${y0} ${width} ${height}`, class: `wc-board ${cls}`.trim(), role: 'img', 'aria-label': t('Board') });
  const mapCells = new Set(g.board.map_tiles.flat().map(key));
  const selectable = marks.selectable || new Set();
  const lastLines = new Set((last?.lines || []).map(key));
  const lastTargets = new Set((last?.targets || []).map(key));
  const lastAt = last?.at ? key(last.at) : null;

  // column letters and row numbers around the main board
  for (let x = 0; x < g.board.width; x += 1) {
    root.append(svg('text', { x: (x + 1.5) * CELL, y: y0 + 32, class: 'wc-coord' }, document.createTextNode(String.fromCharCode(97 + x))));
  }
  for (let y = 0; y < g.board.height; y += 1) {
    // rows counted from the bottom, as the space names are (a1 is the bottom-left space)
    root.append(svg('text', { x: x0 + 20, y: (y + 1.6) * CELL, class: 'wc-coord' }, document.createTextNode(String(g.board.height - y))));
  }

  for (const c of spaces) {
    const k = key(c);
    const classes = ['wc-cell'];
    if (!cells.has(k)) classes.push('wc-ghost');
    if (mapCells.has(k)) classes.push('wc-map');
    if (lastLines.has(k)) classes.push('wc-fire');
    if (marks.lines?.has(k)) classes.push('wc-aim');
    if (marks.area?.has(k)) classes.push('wc-area');
    if (selectable.has(k)) classes.push('wc-can');
    if (marks.selected === k || marks.asked === k) classes.push('wc-selected');
    const x = (c[0] + 1) * CELL;
    const y = (c[1] + 1) * CELL;
    const rect = svg('rect', { x: x + 3, y: y + 3, width: CELL - 6, height: CELL - 6, rx: 10, class: classes.join(' '), 'data-cell': cellName(c, g.board.height) });
    root.append(rect);
  }

  for (const a of g.altars) {
    const c = [a.x, a.y];
    const [cx, cy] = center(c);
    const pts = [[cx, cy - 42], [cx + 42, cy], [cx, cy + 42], [cx - 42, cy]].map((p) => p.join(',')).join(' ');
    const k = key(c);
    const hit = lastTargets.has(k) || marks.targets?.has(k);
    root.append(svg('g', { class: `wc-altar wc-altar-${a.kind}${a.spent ? ' wc-spent' : ''}${hit ? ' wc-hit' : ''}` },
      svg('polygon', { points: pts }),
      svg('text', { x: cx, y: cy + 4, class: 'wc-altar-letter' }, document.createTextNode(ALTAR_LETTER[a.kind] || '?')),
      svg('text', { x: cx, y: cy + 30, class: 'wc-altar-name' }, document.createTextNode(a.spent ? t('spent') : ALTAR_SHORT[a.kind] || a.kind))));
  }

  // last move: a line from the caster to each target
  if (last?.at && last.targets?.length) {
    const [ax, ay] = center(last.at);
    for (const t of last.targets) {
      const [tx, ty] = center(t);
      root.append(svg('line', { x1: ax, y1: ay, x2: tx, y2: ty, class: 'wc-fire-line' }));
    }
  }
  if (marks.aimFrom && marks.targets?.size) {
    const [ax, ay] = center(marks.aimFrom);
    for (const k of marks.targets) {
      const [tx, ty] = center(k.split(',').map(Number));
      root.append(svg('line', { x1: ax, y1: ay, x2: tx, y2: ty, class: 'wc-aim-line' }));
    }
  }

  for (const s of g.stacks) {
    const c = [s.x, s.y];
    const k = key(c);
    root.append(stackSvg(s, {
      last: lastAt === k,
      hit: lastTargets.has(k) || Boolean(marks.targets?.has(k)),
    }));
  }

  if (marks.preview) root.append(stackSvg(marks.preview, { ghost: true }));

  if (onCell) {
    const stacked = new Set(g.stacks.map((st) => key([st.x, st.y])));
    for (const c of spaces) {
      const k = key(c);
      if (!selectable.has(k) && !stacked.has(k)) continue;
      const x = (c[0] + 1) * CELL;
      const y = (c[1] + 1) * CELL;
      const hitbox = svg('rect', { x, y, width: CELL, height: CELL, class: 'wc-hitbox', 'data-cell': cellName(c, g.board.height), 'data-tap': k });
      hitbox.addEventListener('click', () => onCell(c));
      root.append(hitbox);
    }
  }
  return root;
}

/** One stack: guild shape, letters of the top tile, facing arrow, spells, shields, badges. */
export function stackSvg(s, { last = false, hit = false, ghost = false } = {}) {
  const c = [s.x, s.y];
  const [cx, cy] = center(c);
  const top = s.tiles[s.tiles.length - 1];
  const red = s.guild === 'red';
  const g = svg('g', { class: `wc-stack wc-${s.guild}${s.exhausted ? ' wc-tired' : ''}${last ? ' wc-last' : ''}${hit ? ' wc-hit' : ''}${ghost ? ' wc-preview' : ''}`, 'data-stack': ghost ? null : s.cell });
  const body = red
    ? svg('rect', { x: cx - 34, y: cy - 34, width: 68, height: 68, rx: 6, class: 'wc-body' })
    : svg('circle', { cx, cy, r: 36, class: 'wc-body' });
  g.append(body);
  // shields: a thick bar on each protected side (printed solid, tokens dashed)
  for (const side of s.printed) g.append(shieldBar(c, side, 'wc-shield'));
  for (const side of s.tokens) g.append(shieldBar(c, side, 'wc-shield wc-token'));
  // spells: a tick towards each spell direction with the spell's letter
  for (const [dir, spell] of s.spells) {
    const [x1, y1] = sidePoint(c, dir, 14);
    const [x2, y2] = sidePoint(c, dir, 2);
    g.append(svg('line', { x1, y1, x2, y2, class: `wc-spell wc-spell-${spell}` }));
  }
  // facing: a triangle at the edge
  const [fx, fy] = sidePoint(c, top.facing, 4);
  const [dx, dy] = DIRS[top.facing];
  const len = Math.hypot(dx, dy);
  const ux = dx / len;
  const uy = dy / len;
  const bx = fx - ux * 16;
  const by = fy - uy * 16;
  const pts = [[fx, fy], [bx - uy * 9, by + ux * 9], [bx + uy * 9, by - ux * 9]].map((p) => p.join(',')).join(' ');
  g.append(svg('polygon', { points: pts, class: 'wc-facing' }));
  g.append(svg('text', { x: cx, y: cy + 2, class: 'wc-letter' }, document.createTextNode(top.letter)));
  const spellText = s.spells.map(([, sp]) => SPELL_LETTER[sp]).filter(Boolean)[0] || (s.special ? '★' : '');
  if (spellText) g.append(svg('text', { x: cx, y: cy + 24, class: 'wc-spell-letter' }, document.createTextNode(spellText)));
  if (s.height > 1) {
    g.append(svg('circle', { cx: cx + 30, cy: cy + 30, r: 15, class: 'wc-height-bg' }));
    g.append(svg('text', { x: cx + 30, y: cy + 36, class: 'wc-height' }, document.createTextNode(`${s.height}`)));
  }
  if (s.exhausted) {
    g.append(svg('circle', { cx: cx - 30, cy: cy - 30, r: 15, class: 'wc-tired-bg' }));
    g.append(svg('text', { x: cx - 30, y: cy - 24, class: 'wc-tired-z' }, document.createTextNode('Z')));
  }
  return g;
}

function shieldBar(c, side, cls) {
  const [px, py] = sidePoint(c, side, 9);
  const [dx, dy] = DIRS[side];
  const len = Math.hypot(dx, dy);
  const tx = -dy / len;
  const ty = dx / len;
  const half = 16;
  return svg('line', { x1: px - tx * half, y1: py - ty * half, x2: px + tx * half, y2: py + ty * half, class: cls });
}

/** A tile about to be placed (the phone's preview): the next tile at its space and facing. */
export function previewStack(tile, at, facing, guild) {
  const turn = Object.keys(DIRS).indexOf(facing);
  const order = ['n', 'ne', 'e', 'se', 's', 'sw', 'w', 'nw'];
  const abs = (side) => order[(side + turn) % 8];
  return {
    x: at[0], y: at[1], guild, height: 1, exhausted: false, special: tile.special,
    tiles: [{ letter: tile.letter, facing }], tokens: [],
    printed: (tile.shields || []).map(abs),
    spells: (tile.spells || []).map(([side, spell]) => [abs(side), spell]),
  };
}

/** The placeholder notice while any value of the box (board, altar spaces, tile counts, spell and
 * shield sides) is still the app's own: the host sets them on the lobby's "Your box" screen. */
export function placeholderNote(g, cls = '') {
  if (!g.placeholder) return null;
  return h('p', { class: `wc-placeholder ${cls}`.trim(), text: t('Placeholder board or tiles: the host can enter your set in "Your box" in the lobby.') });
}

/** The legend of symbols, for the TV. */
export function legend() {
  return h('ul', { class: 'wc-legend' },
    h('li', {}, guildMark('red'), ' ', t('red guild (square)')),
    h('li', {}, guildMark('green'), ' ', t('green guild (round)')),
    h('li', { text: t('▲ facing · tick = spell (M missile, T thunder, B blast, ★ special)') }),
    h('li', { text: t('▬ shield side (dashed: token) · Z exhausted · number = stack height') }));
}

export function phaseLabel(g) {
  return { master: t('Master mode: setting tiles aside'), placement: t('Placement'), encounter: t('Encounter'), over: t('Game over') }[g.phase] || g.phase;
}

/** "Ann (red) activates a wizard"
 * @param {Ctx} ctx */
export function pendingLine(ctx) {
  const g = ctx.game;
  if (g.phase === 'over') return '';   // the kit's ending headline says the result
  const p = g.pending;
  if (!p) return '';
  // The view's English (marked N_ in views.py), worded here in the page's language.
  return t('{who} {doing}', { who: who(ctx, p.seat), doing: t(p.doing) });
}

/** Every frame, on TV and phone: each clock from the server's times on the game clock (it stands
 * still while the game is paused); the running one marked, the last 20 s urgent.
 * @param {Ctx} ctx */
export function tick(ctx) {
  const g = ctx.game;
  if (!g?.clock) return;
  const now = ctx.gameNow();
  for (const [el, seat] of ctx.els.clocks || []) {
    const left = clockLeft(g.clock, seat, now);
    const text = formatClock(left);
    if (el.textContent !== text) el.textContent = text;
    el.classList.toggle('wc-clock-running', g.clock.running === seat);
    el.classList.toggle('urgent', left !== null && left < 20_000);
  }
}
