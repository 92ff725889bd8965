// Wicked Witches Way: what the TV and phone modules share. The game's facts as the server gives
// them (book(ctx): the cards, symbols, witches, track…), the symbols as inline SVG (told apart by
// shape), dice tiles (orange vs black told apart by light/dark tile, border style and an "O"/"B"
// mark, never by hue alone), the physical dice form, witch pawns (colour + shape + initial), a
// revealed formula, card names and texts, the standings, and the one-line summary of the table.

import { h, svg, ordinal } from '../../js/ui.js';
import { t, N_, translated } from '../../js/kit.js';

/** @typedef {import('../../js/kit.js').Ctx} Ctx */

export const styles = ['./www.css'];

// ---- the game's facts ----------------------------------------------------------------------------

/**
 * What the server says about the game (ctx.reference, GET /api/games/wicked-witches-way/reference:
 * companion/games/wicked_witches_way/reference.py). The pages restate none of it; names and texts
 * are English and shown through t().
 * @typedef {object} Book
 * @property {Record<string, {name: string, text: string, timing: string, count: number}>} spells by kind
 * @property {{id: string, name: string}[]} symbols in the rulebook's order
 * @property {{id: string, name: string}[]} colors
 * @property {string[]} witches seat k plays witches[k]
 * @property {number} dice how many dice are rolled
 * @property {{lowest: number, start: number, last_space: number, finish: number, penalty: number,
 *   bad_spell: number}} track spaces; finish: where a witch who crossed it is shown
 * @property {string[]} levels the handicaps
 * @property {number[]} novice_starts
 * @property {Record<string, number>} decree_seconds by level (normal, expert)
 * @property {number[]} attraction_spaces
 * @property {number} max_acrobatics
 */

/** @type {Book} what a page has before the reference arrives (nothing to draw) */
const NO_BOOK = {
  spells: {}, symbols: [], colors: [], witches: [],
  dice: 0, track: { lowest: 0, start: 0, last_space: 0, finish: 0, penalty: 0, bad_spell: 0 },
  levels: [], novice_starts: [], decree_seconds: {}, attraction_spaces: [], max_acrobatics: 0,
};

/** @param {Ctx} ctx @returns {Book} */
export function book(ctx) {
  return { ...NO_BOOK, ...ctx.reference };
}

/** The symbols' ids, in the rulebook's order. @param {Ctx} ctx @returns {string[]} */
export function symbolIds(ctx) {
  return book(ctx).symbols.map((s) => s.id);
}

/** A symbol's name in the page's language. @param {Ctx} ctx @param {string} symbol */
export function symbolName(ctx, symbol) {
  const name = book(ctx).symbols.find((s) => s.id === symbol)?.name;
  return name ? t(name) : String(symbol ?? '?');
}

/** A colour's name in the page's language ("orange"). @param {Ctx} ctx @param {string} color */
export function colorName(ctx, color) {
  const name = book(ctx).colors.find((c) => c.id === color)?.name;
  return name ? t(name) : String(color ?? '');
}

// ---- symbols ------------------------------------------------------------------------------------

function starPoints(cx, cy, points, outer, inner, rotate = -90) {
  const out = [];
  for (let i = 0; i < points * 2; i += 1) {
    const r = i % 2 === 0 ? outer : inner;
    const a = ((rotate + (180 / points) * i) * Math.PI) / 180;
    out.push(`${(cx + r * Math.cos(a)).toFixed(1)},${(cy + r * Math.sin(a)).toFixed(1)}`);
  }
  return out.join(' ');
}

function circlePath(cx, cy, r) {
  return `M${cx - r} ${cy} a${r} ${r} 0 1 0 ${2 * r} 0 a${r} ${r} 0 1 0 ${-2 * r} 0 Z`;
}

// Each symbol: a list of [tag, attrs]; `F` = filled, `S` = stroked (thick, round).
const F = { fill: 'currentColor', stroke: 'none' };
const S = {
  fill: 'none', stroke: 'currentColor', 'stroke-width': 7, 'stroke-linecap': 'round', 'stroke-linejoin': 'round',
};
const WEB_RAYS = [0, 45, 90, 135, 180, 225, 270, 315].map((deg) => {
  const a = (deg * Math.PI) / 180;
  return `M50 50 L${(50 + 45 * Math.cos(a)).toFixed(1)} ${(50 + 45 * Math.sin(a)).toFixed(1)}`;
}).join(' ');
function ring(r) {
  return [22.5, 67.5, 112.5, 157.5, 202.5, 247.5, 292.5, 337.5].map((deg) => {
    const a = (deg * Math.PI) / 180;
    return `${(50 + r * Math.cos(a)).toFixed(1)},${(50 + r * Math.sin(a)).toFixed(1)}`;
  }).join(' ');
}

const SHAPES = {
  ear: [
    ['path', { ...S, 'stroke-width': 8, d: 'M36 90 C24 88 22 76 28 68 C32 62 26 56 24 48 C18 26 34 8 56 8 C78 8 90 26 84 46 C80 60 68 62 64 72 C60 84 50 92 36 90 Z' }],
    ['path', { ...S, d: 'M40 46 C38 32 48 24 58 26 C70 28 72 42 62 48 C56 52 52 56 56 64' }],
  ],
  star: [['polygon', { ...F, points: starPoints(50, 54, 5, 48, 20) }]],
  skull: [['path', {
    ...F,
    'fill-rule': 'evenodd',
    d: 'M50 6 C24 6 12 26 12 44 C12 58 20 66 28 70 L28 90 L72 90 L72 70 C80 66 88 58 88 44 C88 26 76 6 50 6 Z '
      + `${circlePath(36, 44, 10)} ${circlePath(64, 44, 10)} M50 56 L43 68 L57 68 Z `
      + 'M39 78 h6 v12 h-6 Z M55 78 h6 v12 h-6 Z',
  }]],
  spider: [
    ['path', { ...S, 'stroke-width': 4, d: 'M50 2 L50 28' }],
    ['circle', { ...F, cx: 50, cy: 34, r: 10 }],
    ['ellipse', { ...F, cx: 50, cy: 60, rx: 15, ry: 19 }],
    ['path', {
      ...S,
      'stroke-width': 6,
      d: 'M40 48 L22 32 L10 40 M37 56 L16 50 L6 60 M37 64 L18 72 L10 86 M41 72 L30 86 L28 97 '
        + 'M60 48 L78 32 L90 40 M63 56 L84 50 L94 60 M63 64 L82 72 L90 86 M59 72 L70 86 L72 97',
    }],
  ],
  web: [
    ['path', { ...S, 'stroke-width': 4.5, d: WEB_RAYS }],
    ['polygon', { ...S, 'stroke-width': 4.5, points: ring(14) }],
    ['polygon', { ...S, 'stroke-width': 4.5, points: ring(28) }],
    ['polygon', { ...S, 'stroke-width': 4.5, points: ring(43) }],
  ],
  eye: [
    ['path', { ...S, d: 'M5 50 C25 18 75 18 95 50 C75 82 25 82 5 50 Z' }],
    ['circle', { ...S, cx: 50, cy: 50, r: 15 }],
    ['circle', { ...F, cx: 50, cy: 50, r: 7 }],
  ],
  lightning: [['polygon', { ...F, points: '60,3 18,57 46,57 34,97 84,39 55,39 70,3' }]],
  cloud: [['path', {
    ...F,
    d: 'M24 80 C10 80 3 68 7 57 C11 47 21 44 28 46 C30 30 44 20 58 22 C71 24 78 33 80 42 '
      + 'C92 43 98 53 96 63 C94 74 86 80 76 80 Z',
  }]],
  burst: [['path', {
    ...F,
    'fill-rule': 'evenodd',
    d: `M${starPoints(50, 50, 12, 49, 27, -90).split(' ').join(' L')} Z ${circlePath(50, 50, 11)}`,
  }]],
};

/** An inline SVG icon for a symbol; labelled for screen readers.
 * @param {Ctx} ctx
 * @param {string} symbol */
export function symbolIcon(ctx, symbol, { cls = 'www-icon', label = true } = {}) {
  const shapes = SHAPES[symbol];
  const el = svg('svg', {
    viewBox: '0 0 100 100', class: cls, 'aria-hidden': label ? null : 'true', role: label ? 'img' : null,
    'aria-label': label ? symbolName(ctx, symbol) : null, focusable: 'false',
  });
  if (!shapes) {
    el.append(svg('text', { x: 50, y: 66, 'text-anchor': 'middle', 'font-size': 50, fill: 'currentColor' }));
    el.lastChild.textContent = '?';
    return el;
  }
  for (const [tag, attrs] of shapes) el.append(svg(tag, attrs));
  return el;
}

/**
 * A die tile: `{symbol, color}`. `mark` is "valid" | "forbidden" | null (resolve phase).
 * Orange: light tile, solid border, "O". Black: dark tile, dashed double border, "B".
 * @param {Ctx} ctx
 * @param {{symbol: string, color: string} | null} die
 */
export function dieTile(ctx, die, { mark = null, index = null, cls = '' } = {}) {
  const color = die?.color === 'black' ? 'black' : 'orange';
  const colorWord = color === 'black' ? t('Black') : t('Orange');
  const label = `${colorWord} ${symbolName(ctx, die?.symbol)}`
    + (mark === 'valid' ? t(', valid') : mark === 'forbidden' ? t(', forbidden') : '');
  return h('div', {
    class: `www-die www-die-${color}${mark ? ` www-die-${mark}` : ''}${cls ? ` ${cls}` : ''}`,
    role: 'img',
    'aria-label': label,
    dataset: { symbol: die?.symbol ?? '', color, ...(index !== null ? { die: index } : {}) },
  },
  h('span', { class: 'www-die-mark', 'aria-hidden': 'true', text: color === 'black' ? 'B' : 'O' }),
  symbolIcon(ctx, die?.symbol, { label: false }),
  mark === 'valid' ? h('span', { class: 'www-die-badge', 'aria-hidden': 'true', text: '✓' }) : null,
  mark === 'forbidden' ? h('span', { class: 'www-die-cross', 'aria-hidden': 'true' }) : null);
}

/** "valid" / "forbidden" for a die, from the view's `valid` (null before resolve). */
export function dieMark(die, valid) {
  if (!valid || !die) return null;
  return (valid[die.color] || []).includes(die.symbol) ? 'valid' : 'forbidden';
}

// ---- physical dice entry ------------------------------------------------------------------------

/** The form's buttons, so the focus can go back to "the same" button after a redraw. */
function focusKey(el) {
  if (!el || el.tagName !== 'BUTTON') return null;
  if (el.id) return `#${el.id}`;
  if (el.dataset.slot !== undefined) return `button[data-slot="${el.dataset.slot}"]`;
  if (el.dataset.addSymbol) return `button[data-add-symbol="${el.dataset.addSymbol}"][data-add-color="${el.dataset.addColor}"]`;
  return null;
}

/**
 * The faces of the 9 dice seen in the real box (room option `physical_dice`), entered when the lid opens on
 * the TV or on the roller's phone, whichever is at hand, and corrected the same way while they are
 * shown. One per mount (a new game mounts afresh): what was picked survives the page's redraws and
 * is kept per key (the turn; another key for a correction). `submit(dice, button)` sends
 * `dice {dice: [{symbol, color} × 9]}` and resolves to the ack; `onPick()` runs on every change
 * (the phone buzzes). `ctx`: the module's (the symbols, the colours and the number of dice come
 * from its reference).
 *
 * One markup, two layouts (www.css): `tv` shows the 18 faces as 2 rows of 9 (orange, black);
 * `phone` as a 3×3 grid of symbols, each an orange and a black button, with the 9 chosen dice
 * small above and Submit under the thumb. Hooks: #www-dice-form, button[data-slot] (a chosen
 * die: tap to take it out), button[data-add-symbol][data-add-color], #www-dice-undo,
 * #www-dice-clear, #www-dice-submit.
 */
export function diceEntry({ ctx, submit, onPick = null }) {
  let state = null;   // {turn, dice: [{symbol, color} | null × 9]}

  function fill(root, opts) {
    const focused = root.contains(document.activeElement) ? focusKey(document.activeElement) : null;
    const { dice } = state;
    const filled = dice.filter(Boolean).length;
    const full = filled === dice.length;
    root.replaceChildren(
      h('p', { class: 'www-hint www-dice-hint', 'aria-live': 'polite', text: opts.hint(filled) }),
      h('div', { class: 'www-dice www-dice-entry' }, dice.map((d, i) => h('button', {
        type: 'button', class: 'www-slot', dataset: { slot: i },
        'aria-label': d ? t('Die {n}: {color} {x}, remove', { n: i + 1, color: colorName(ctx, d.color), x: symbolName(ctx, d.symbol) }) : t('Die {n}: empty', { n: i + 1 }),
        disabled: !d,
      }, d ? dieTile(ctx, d) : h('span', { class: 'www-slot-empty', text: String(i + 1) })))),
      h('div', { class: 'www-palette' }, symbolIds(ctx).map((symbol) => h('div', {
        class: 'www-pick-pair', role: 'group', 'aria-label': symbolName(ctx, symbol), dataset: { symbol },
      },
      book(ctx).colors.map(({ id: color }) => h('button', {
        type: 'button', class: 'www-pick', dataset: { addSymbol: symbol, addColor: color },
        'aria-label': `${colorName(ctx, color)} ${symbolName(ctx, symbol)}`, disabled: full,
      }, dieTile(ctx, { symbol, color }))),
      h('span', { class: 'www-pick-name', 'aria-hidden': 'true', text: symbolName(ctx, symbol) })))),
      h('div', { class: 'www-form-buttons' },
        h('button', { type: 'button', class: 'btn', id: 'www-dice-undo', disabled: !filled, 'aria-label': t('Take out the last die') }, t('⌫ Undo')),
        h('button', { type: 'button', class: 'btn', id: 'www-dice-clear', disabled: !filled }, t('Clear')),
        h('button', {
          type: 'button', class: 'btn btn-primary', id: 'www-dice-submit', disabled: !full || !opts.enabled,
        }, full ? t('Submit dice ✓') : t('Pick {x} more', { x: dice.length - filled }))),
    );
    if (focused) {
      const again = root.querySelector(focused);
      (again && !again.disabled ? again : full ? root.querySelector('#www-dice-submit') : null)?.focus();
    }
  }

  function onClick(event, root, opts) {
    const button = event.target.closest('button');
    if (!button || button.disabled || !root.contains(button)) return;
    const { dice } = state;
    if (button.dataset.addSymbol) {
      const free = dice.findIndex((d) => !d);
      if (free < 0) return;
      dice[free] = { symbol: button.dataset.addSymbol, color: button.dataset.addColor };
    } else if (button.dataset.slot !== undefined) {
      dice[Number(button.dataset.slot)] = null;
    } else if (button.id === 'www-dice-undo') {
      const last = dice.findLastIndex(Boolean);
      if (last >= 0) dice[last] = null;
    } else if (button.id === 'www-dice-clear') {
      dice.fill(null);
    } else if (button.id === 'www-dice-submit') {
      if (dice.some((d) => !d)) return;
      const { turn } = state;
      Promise.resolve(submit(dice.map((d) => ({ symbol: d.symbol, color: d.color })), button)).then((ack) => {
        if (ack?.ok && state?.turn === turn) state = null;
      });
      return;
    } else {
      return;
    }
    onPick?.();
    fill(root, opts);
  }

  return {
    /**
     * The form for `turn`. `layout`: 'tv' | 'phone'; `enabled`: false greys Submit (room paused);
     * `hint(filled)`: the line above the chosen dice.
     */
    form(turn, { layout = 'tv', enabled = true, hint = null, initial = null } = {}) {
      const count = book(ctx).dice;
      if (!state || state.turn !== turn) {
        const dice = Array.isArray(initial) && initial.length === count ? initial.map((d) => ({ ...d })) : Array(count).fill(null);
        state = { turn, dice };
      }
      const opts = {
        enabled,
        hint: hint || ((filled) => t('Throw the real dice and pick each face you see ({filled}/{n}); pick a die to remove it.', { filled, n: count })),
      };
      const root = h('div', {
        class: `www-dice-form www-dice-form-${layout}`, id: 'www-dice-form', role: 'group', 'aria-label': t('The dice in the box'),
      });
      root.addEventListener('click', (event) => onClick(event, root, opts));
      fill(root, opts);
      return root;
    },
  };
}

// ---- witches ------------------------------------------------------------------------------------

/** @type {Array<[string, Record<string, string | number>, number]>} the tag, its attributes, the initial's baseline */
const PAWN_SHAPES = [
  ['circle', { cx: 20, cy: 20, r: 18 }, 26],
  ['rect', { x: 3, y: 3, width: 34, height: 34, rx: 5 }, 26],
  ['polygon', { points: '20,1 39,37 1,37' }, 32],
  ['polygon', { points: '20,0 40,20 20,40 0,20' }, 26],
  ['polygon', { points: '11,2 29,2 39,20 29,38 11,38 1,20' }, 26],
  ['polygon', { points: '1,3 39,3 20,39' }, 22],
];
export const PAWN_SHAPE_NAMES = ['circle', 'square', 'triangle', 'diamond', 'hexagon', 'down-triangle'];
export const PAWN_COLORS = ['#ff6b4a', '#5aa9ff', '#4be08a', '#c792ff', '#ffd23f', '#ff8fd0'];

/** Which of the six pawns is hers: her witch's place in the list (seat k plays witch k).
 * @param {Ctx} ctx */
export function witchIndex(ctx, w) {
  const i = book(ctx).witches.indexOf(w?.witch);
  if (i >= 0) return i;
  return Math.abs(Number(w?.seat) || 0) % PAWN_SHAPES.length;
}

/** The presses of this turn's lid race, in fair order: the view's last race (`ctx.race`) when
 * it is the one that closed this turn's lid (its game time is the lid's), else none. It comes
 * with every view, so a reloaded screen says what it said live.
 * @param {Ctx} ctx
 * @returns {import('../../js/kit.js').RacePress[]} */
export function lidPresses(ctx) {
  const { race, game } = ctx;
  const closedAt = game.lid_closed_at;
  if (!race || race.type !== 'close_lid' || typeof closedAt !== 'number' || race.at !== closedAt) return [];
  return race.presses || [];
}

/** The pawn: the witch's colour AND shape AND initial, so it reads without colour vision.
 * @param {Ctx} ctx */
export function pawn(ctx, w, { cls = '', title = null } = {}) {
  const i = witchIndex(ctx, w);
  const [tag, attrs, textY] = PAWN_SHAPES[i];
  const name = w?.witch || book(ctx).witches[i] || '?';
  const el = svg('svg', {
    viewBox: '-2 -2 44 44', class: `www-pawn ${cls}`.trim(), role: 'img',
    'aria-label': title || name, 'data-seat': w?.seat, 'data-witch': name,
  });
  el.append(svg(tag, {
    ...attrs, fill: PAWN_COLORS[i], stroke: '#0b0d12', 'stroke-width': 2.5, 'stroke-linejoin': 'round',
  }));
  const letter = svg('text', {
    x: 20, y: textY, 'text-anchor': 'middle', 'font-size': i === 2 || i === 5 ? 16 : 20,
    'font-weight': 900, fill: '#0b0d12', 'font-family': 'system-ui, sans-serif',
  });
  letter.textContent = name.normalize('NFD')[0].toUpperCase();
  el.append(letter);
  return el;
}

export function witchOf(game, seat) {
  return game?.witches?.find((w) => w.seat === seat) || null;
}

/** "Sofia (Ursule)".
 * @param {Ctx} ctx */
export function who(ctx, seat) {
  const w = witchOf(ctx.game, seat);
  const name = ctx.nameOf(seat);
  return w?.witch && w.witch !== name ? `${name} (${w.witch})` : name;
}

/** @param {Ctx} ctx @param {number} position */
export function spaceLabel(ctx, position) {
  if (position >= book(ctx).track.finish) return t('finished');
  if (position === 0) return t('start');
  return t('space {n}', { n: position < 0 ? '−' + -position : position });
}

export function spaceNumber(position) {
  return position < 0 ? `−${-position}` : String(position);
}

/** A witch who left the table (her pawn stays on the track). */
export function gone(w) {
  return Boolean(w?.gone);
}

// ---- formulas -----------------------------------------------------------------------------------

/** A revealed formula `{cards, second}`: the symbol cards (no colour: the cards carry none), and a
 * second row marked "2" when she wrote one for Double Cross.
 * @param {Ctx} ctx */
export function formulaRow(ctx, formula, { cls = '' } = {}) {
  const row = (cards, mark) => h('span', { class: `www-formula${mark ? ' second' : ''}` },
    mark ? h('span', { class: 'www-formula-mark', text: mark }) : null,
    cards.length ? cards.map((s) => h('span', { class: 'www-fsym', dataset: { symbol: s } }, symbolIcon(ctx, s)))
      : h('span', { class: 'www-none', text: t('no formula') }));
  return h('span', { class: `www-formula-rows ${cls}`.trim() },
    row(formula?.cards || [], ''),
    Array.isArray(formula?.second) ? row(formula.second, '2') : null);
}

// ---- cards --------------------------------------------------------------------------------------

/** The spells played at this moment of a witch's turn (`apply`, `after`…), by kind, in the
 * rulebook's order. @param {Ctx} ctx @param {string} timing @returns {string[]} */
export function spellsAt(ctx, timing) {
  return Object.entries(book(ctx).spells).filter(([, s]) => s.timing === timing).map(([kind]) => kind);
}

export function cardKind(card) {
  if (!card) return '';
  if (typeof card === 'string') return card.split('#')[0];
  return card.kind || String(card.id || '').split('#')[0];
}

export function isAcrobatics(card) {
  return cardKind(card).startsWith('acrobatics');
}

/** A card's name in the page's language (a spell's, or Acrobatics). @param {Ctx} ctx */
export function cardName(ctx, card) {
  const kind = cardKind(card);
  if (isAcrobatics(kind)) return t('Acrobatics');
  const name = book(ctx).spells[kind]?.name;
  return name ? t(name) : kind.replace(/_/g, ' ');
}

/** A spell card's text in the page's language, as the server words it ('' for another card).
 * @param {Ctx} ctx */
export function cardText(ctx, card) {
  const text = book(ctx).spells[cardKind(card)]?.text;
  return text ? t(text) : '';
}

/** Points of an acrobatics card (placeholder values in the digital deck). */
export function cardPoints(card) {
  return typeof card?.points === 'number' ? card.points : null;
}

// ---- summaries ----------------------------------------------------------------------------------

export const VERDICT_TEXT = translated({
  empty: N_('empty formula'),
  forbidden: N_('fell off her broomstick'),
  incomplete: N_('valid'),
  perfect: N_('PERFECT'),
});

/** Why a perfect formula got no bonus (the view's `bonus_cancelled`: an id). */
const BONUS_CANCELLED = translated({ curse: N_('curse'), expert: N_('expert') });

/** Short result: "+4 · perfect orange" / "fell off · −2". */
export function resultShort(r) {
  if (!r) return '';
  const moved = typeof r.moved === 'number' ? r.moved : (r.to ?? 0) - (r.from ?? 0);
  const sign = moved > 0 ? `+${moved}` : moved < 0 ? `−${-moved}` : '±0';
  const word = (part) => {
    const color = part.color ? ` ${t(part.color)}` : '';
    if (part.verdict === 'perfect') {
      const why = part.bonus_cancelled ? BONUS_CANCELLED[part.bonus_cancelled] || part.bonus_cancelled : '';
      const cancelled = why ? t(' (no bonus: {card})', { card: why }) : '';
      return t('perfect') + color + cancelled;
    }
    if (part.verdict === 'forbidden') return t('fell off');
    if (part.verdict === 'empty') return t('empty');
    return t('valid') + color;
  };
  // With Double Cross the server adds the second formula's judgement as `second_result`.
  const verdicts = [word(r), r.second_result ? word(r.second_result) : null].filter(Boolean).join(' + ');
  return [sign, verdicts, r.penalty ? t('penalty') : null].filter(Boolean).join(' · ');
}

/**
 * The final table, best first: the view's `final` at the end of the race; when the host ended
 * the game before the finish, the standings by position (race points only: the acrobatics
 * cards stay secret).
 */
export function standings(game) {
  if (Array.isArray(game.final) && game.final.length) {
    return [...game.final].sort((a, b) => (a.rank ?? 99) - (b.rank ?? 99));
  }
  const ws = [...(game.witches || [])].sort((a, b) => b.position - a.position || a.seat - b.seat);
  return ws.map((w) => ({
    seat: w.seat,
    witch: w.witch,
    place_points: w.score ?? w.position,
    acrobatics: null,
    total: w.score ?? w.position,
    rank: 1 + ws.filter((o) => o.position > w.position).length,
  }));
}

export function countLocked(game) {
  const ws = game.witches || [];
  return { locked: ws.filter((w) => w.locked).length, total: ws.length };
}

/** What is happening on the table, in one line (the phone's status line, the TV's sub-title).
 * @param {Ctx} ctx */
export function tableLine(ctx, { mine = null } = {}) {
  const game = ctx.game;
  const isMe = (seat) => seat === mine && mine !== null;
  const you = (seat) => (isMe(seat) ? t('You') : ctx.nameOf(seat));
  // A sentence about a seat: the "you" form on that seat's own phone (the verbs agree with it).
  const about = (seat, mineText, otherText, params = {}) => (isMe(seat)
    ? t(mineText, params) : t(otherText, { name: ctx.nameOf(seat), ...params }));
  switch (game.phase) {
    case 'roll': {
      const r = game.roller;
      if (r === null || r === undefined) return t('Turn {turn}: waiting for the dice.', { turn: game.turn });
      return r === mine ? t('Turn {turn}: you roll the dice.', { turn: game.turn })
        : t('Turn {turn}: {name} rolls the dice.', { turn: game.turn, name: you(r) });
    }
    case 'look':
      return game.dice ? t('Dice are out! Close the lid as soon as you have a formula.')
        : t('Look in the box! Close the lid as soon as you have a formula.');
    case 'compose': {
      const { locked, total } = countLocked(game);
      const closer = game.lid_closed_by;
      const by = closer === null || closer === undefined ? t('The table closed the lid')
        : about(closer, N_('You closed the lid'), N_('{name} closed the lid'));
      const decree = (game.witches || []).filter((w) => w.in_decree).map((w) => you(w.seat));
      const line = t('{by} · formulas locked: {locked}/{total}', { by, locked, total });
      return decree.length ? t('{line} · {names} in Decree', { line, names: decree.join(', ') }) : line;
    }
    case 'resolve': {
      const w = game.window;
      if (w?.kind === 'fog') {
        return about(w.seat, N_('You played {card}: Magic Fog window…'), N_('{name} played {card}: Magic Fog window…'),
          { card: cardName(ctx, w.card) });
      }
      if (game.step === 'reveal') return t('Every formula is revealed; the lid opens in a moment.');
      if (game.step === 'read') return t('The lid is off: {name} or the table enters the dice.', { name: you(game.roller) });
      if (game.step === 'sort') return game.options?.physical_dice ? t('The dice as entered: check them against the box.') : t('The lid is off: the dice are sorted.');
      const c = game.current;
      if (c === null || c === undefined) return t('Applying the formulas…');
      if (game.holding === c) return about(c, N_('You play a spell…'), N_('{name} plays a spell…'));
      if (game.step === 'keep') return about(c, N_('You choose a Black Magic card…'), N_('{name} chooses a Black Magic card…'));
      if (game.step === 'after') return about(c, N_('You have moved.'), N_('{name} has moved.'));
      return about(c, N_('You apply your formula.'), N_('{name} applies her formula.'));
    }
    case 'over': {
      const best = (game.final || []).filter((f) => f.rank === 1);
      const and = t(' and ');
      if (best.length > 1) return t('Game over: a tie between {names}!', { names: best.map((f) => you(f.seat)).join(and) });
      if (best.length) {
        return about(best[0].seat, N_('Game over: you win (points: {points})!'), N_('Game over: {name} wins (points: {points})!'),
          { points: best[0].total });
      }
      return t('Game over.');
    }
    default:
      return '';
  }
}

export function rankText(rank) {
  return typeof rank === 'number' ? ordinal(rank) : '';
}

export { ordinal };
