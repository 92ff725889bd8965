// Wicked Witches Way, table screen: the track with every pawn, the dice (big, told apart by
// shape and by light/dark tile), the lid closing, every formula revealed at once, then each one
// applied in order as the server's clock says (the TV shows each result the moment every phone
// does), and the score screen. Built for 1920×1080 at 3 m, no scrolling.

import { h, formatMargin } from '../../js/ui.js';
import { countdown, photoFinish, pressTwice, t, tn, N_, say, translated } from '../../js/kit.js';
import { beep } from '../../js/sound.js';
import {
  book, dieTile, dieMark, pawn, diceEntry, formulaRow,
  who, witchOf, spaceNumber, spaceLabel, cardName, tableLine,
  resultShort, countLocked, ordinal, standings, gone, lidPresses,
} from './common.js';

/** @typedef {import('../../js/kit.js').Ctx} Ctx */

export { styles } from './common.js';

const HOP_MS = 180;        // a pawn moves one space per hop (while the reveal runs)
const LID_MS = 1700;       // the lid-closing animation

export function local() {
  return {
    shown: {},           // seat → position drawn on the board (hops toward the real one)
    lastHop: 0,
    prev: { phase: null, turn: null, results: 0 },
    lid: null,           // {until, dice}: the lid is closing over these dice
    lastDice: null,      // {turn, dice}: the dice as last seen (for the lid animation)
    acroDraft: {},       // seat → acrobatics points typed on the TV, kept across redraws
    correcting: null,    // the turn whose physical dice the host is correcting
  };
}

// ---- mounting --------------------------------------------------------------------------------

/** @param {Ctx} ctx */
export function mount(ctx) {
  const els = {
    root: h('div', { class: 'www-tv', id: 'www-tv' }),
    title: h('h2', { class: 'www-title', id: 'www-title' }),
    sub: h('p', { class: 'www-sub', id: 'www-sub', 'aria-live': 'polite' }),
    actions: h('div', { class: 'www-actions' }),
    board: h('div', { class: 'www-board', id: 'www-board', role: 'group', 'aria-label': t('Race track') }),
    main: h('div', { class: 'www-main', id: 'www-main' }),
    roster: h('ol', { class: 'www-roster', id: 'www-roster', 'aria-label': t('Witches') }),
    // The physical dice, entered when the lid opens; the roller's phone has the same form.
    diceForm: diceEntry({
      ctx,
      submit: (dice, button) => ctx.send('dice', { dice }, { button }).then((ack) => {
        // The corrected view may come before this answer: draw the sorted dice now, not at
        // the next view (the end of the sort, up to two steps later).
        if (ack?.ok && ctx.local.correcting !== null) {
          ctx.local.correcting = null;
          ctx.redraw();
        }
        return ack;
      }),
    }),
  };
  els.root.append(
    h('header', { class: 'www-head' }, h('div', { class: 'www-head-text' }, els.title, els.sub), els.actions),
    els.board,
    h('div', { class: 'www-stage' }, els.main, els.roster),
  );
  els.root.addEventListener('click', (event) => onClick(ctx, event));
  els.root.addEventListener('change', (event) => onChange(ctx, event));
  els.root.addEventListener('input', (event) => {
    const input = /** @type {HTMLInputElement | null} */ (/** @type {Element} */ (event.target).closest('input[data-acro-seat]'));
    if (input) ctx.local.acroDraft[input.dataset.acroSeat] = input.value;
  });
  return els;
}

/** @param {Ctx} ctx */
function onClick(ctx, event) {
  const button = event.target.closest('button');
  if (!button || button.disabled) return;
  if (button.id === 'www-roll') ctx.send('roll', {}, { button });
  else if (button.id === 'www-close-lid') ctx.send('close_lid', { t: performance.now() }, { button });
  else if (button.id === 'www-table-pass') ctx.send('pass', {}, { button });
  else if (button.id === 'www-correct') {
    ctx.local.correcting = ctx.game.turn;
    ctx.redraw();
  } else if (button.id === 'www-correct-cancel') {
    ctx.local.correcting = null;
    ctx.redraw();
  } else if (button.dataset.acroSend !== undefined) {
    const seat = Number(button.dataset.acroSend);
    const points = Number(ctx.els.main.querySelector(`input[data-acro-seat="${seat}"]`)?.value);
    const max = book(ctx).max_acrobatics;
    if (!Number.isInteger(points) || points < 0 || points > max) {
      ctx.toast(() => t('Acrobatics: a whole number from 0 to {max}.', { max }));
      return;
    }
    ctx.send('acrobatics', { seat, points }, { button });
  }
}

/** @param {Ctx} ctx */
function onChange(ctx, event) {
  const select = event.target.closest('select[data-handicap-seat], select[data-start-seat]');
  if (!select) return;
  const seat = Number(select.dataset.handicapSeat ?? select.dataset.startSeat);
  const row = ctx.els.roster.querySelector(`li[data-seat="${seat}"]`);
  const level = row.querySelector('select[data-handicap-seat]').value;
  const start = Number(row.querySelector('select[data-start-seat]')?.value || book(ctx).novice_starts[0]);
  const payload = { seat, level };
  if (level === 'novice') payload.start = start;
  ctx.send('handicap', payload);
}

// ---- the board --------------------------------------------------------------------------------

function blockaders(game) {
  return new Set((game.spells || [])
    .filter((s) => s.card === 'blockade' && (s.fogged_by === null || s.fogged_by === undefined))
    .map((s) => s.seat));
}

/** @param {Ctx} ctx */
function drawBoard(ctx) {
  const { game, local } = ctx;
  const witches = game.witches || [];
  const blocking = blockaders(game);
  const { lowest, start, finish } = book(ctx).track;
  const cells = [];
  for (let space = lowest; space <= finish; space += 1) {
    const here = witches.filter((w) => (local.shown[w.seat] ?? w.position) === space);
    const cursed = game.curse === space && space < finish;
    const blocked = game.phase === 'resolve' && here.some((w) => blocking.has(w.seat));
    const cls = ['www-cell', space < start ? 'neg' : '', space === start ? 'start' : '', space === finish ? 'finish' : '',
      cursed ? 'cursed' : '', here.length ? 'occupied' : ''].filter(Boolean).join(' ');
    cells.push(h('div', { class: cls, dataset: { space } },
      h('span', { class: 'www-cell-num', text: space === finish ? t('Finish') : space === start ? t('Start') : spaceNumber(space) }),
      cursed ? h('span', { class: 'www-curse', id: 'www-curse', text: t('CURSE') }) : null,
      blocked ? h('span', { class: 'www-block', text: t('BLOCKADE') }) : null,
      h('span', { class: 'www-cell-pawns' }, here.map((w) => {
        const title = `${ctx.nameOf(w.seat)} (${w.witch}), ${spaceLabel(ctx, w.position)}` + (w.gone ? t(', left the table') : '');
        const p = pawn(ctx, w, { title, cls: w.gone ? 'www-pawn-gone' : '' });
        if (space === finish && w.finished_rank) {
          return h('span', { class: 'www-pawn-wrap' }, p, h('span', { class: 'www-rank', text: ordinal(w.finished_rank) }));
        }
        return p;
      }))));
  }
  const half = Math.ceil(cells.length / 2);
  ctx.els.board.replaceChildren(
    h('div', { class: 'www-track-row' }, cells.slice(0, half)),
    h('div', { class: 'www-track-row' }, cells.slice(half)),
  );
}

/** One hop for every pawn not yet where the view says; true if anything moved. Pawns hop only
 * while the formulas are applied: on any other screen they are simply where they are.
 * @param {Ctx} ctx */
function hop(ctx) {
  const { shown } = ctx.local;
  const snap = ctx.game.phase !== 'resolve' || ctx.reducedMotion();   // less motion: no hops
  let moved = false;
  for (const w of ctx.game.witches || []) {
    const at = shown[w.seat];
    if (at === w.position) continue;
    shown[w.seat] = at === undefined || snap ? w.position : at + Math.sign(w.position - at);
    moved = true;
  }
  return moved;
}

// ---- the roster (right column) -----------------------------------------------------------------

function rosterOrder(game) {
  const ws = [...(game.witches || [])];
  if (game.phase === 'resolve' && Array.isArray(game.order) && game.order.length) {
    const index = new Map(game.order.map((s, i) => [s, i]));
    return ws.sort((a, b) => (index.get(a.seat) ?? 99) - (index.get(b.seat) ?? 99));
  }
  return ws.sort((a, b) => b.position - a.position || a.seat - b.seat);
}

const STEP_STATUS = translated({
  apply: N_('▶ applying'), keep: N_('▶ choosing a card'), after: N_('▶ after her move'),
});
// The handicaps' names (the server gives their ids: book(ctx).levels).
const LEVEL_WORD = { normal: N_('Normal'), novice: N_('Novice'), expert: N_('Expert') };

/** @param {Ctx} ctx */
function statusOf(ctx, w) {
  const { game } = ctx;
  const phase = game.phase;
  if (w.gone) return { text: t('left the table'), cls: 'gone' };
  if (phase === 'compose') {
    if (w.in_decree) return { text: t('in Decree…'), cls: 'decree' };
    if (w.locked) return { text: t('✓ locked'), cls: 'locked' };
    return { text: t('… composing'), cls: 'composing' };
  }
  const mine = (game.results || []).filter((r) => r.seat === w.seat);
  if (phase === 'resolve') {
    if (game.current === w.seat) {
      const step = game.holding === w.seat ? t('▶ plays a spell…') : STEP_STATUS[game.step] || t('▶ now');
      return { text: mine.length ? `${resultShort(mine[mine.length - 1])} ${step}` : step, cls: 'current' };
    }
    if (mine.length) return { text: mine.map(resultShort).join(' + '), cls: `done ${mine[mine.length - 1].verdict}` };
    return { text: t('waiting to apply'), cls: 'waiting' };
  }
  if (phase === 'roll' && game.roller === w.seat) return { text: t('rolls the dice'), cls: 'roller' };
  if (phase === 'roll' && mine.length) return { text: t('last turn: {x}', { x: mine.map(resultShort).join(' + ') }), cls: `done ${mine[mine.length - 1].verdict}` };
  const { lowest } = book(ctx).track;
  if (phase === 'look' && w.position <= lowest) return { text: t('on {space}: cannot close', { space: spaceNumber(lowest) }), cls: 'cannot' };
  return { text: '', cls: '' };
}

/** @param {Ctx} ctx */
function handicapControls(ctx, w) {
  const level = w.handicap || 'normal';
  const sel = h('select', { class: 'www-level', dataset: { handicapSeat: w.seat }, 'aria-label': t('Handicap of {who}', { who: ctx.nameOf(w.seat) }) },
    book(ctx).levels.map((l) => h('option', { value: l, selected: l === level }, t(LEVEL_WORD[l] || l))));
  const start = level === 'novice'
    ? h('select', { class: 'www-start', dataset: { startSeat: w.seat }, 'aria-label': t('Start space') },
      book(ctx).novice_starts.map((s) => h('option', { value: s, selected: (w.start ?? w.position) === s }, t('start {s}', { s }))))
    : null;
  return h('span', { class: 'www-handicap' }, sel, start);
}

/** The table's override for a witch who will not write: an empty formula. Forcing that on
 * someone still thinking is harsh, so it takes two presses.
 * @param {Ctx} ctx */
function passButton(ctx, seat) {
  const button = h('button', {
    type: 'button', class: 'btn btn-small www-pass-seat', id: `www-pass-${seat}`,
    title: t('Table override: an empty formula for this witch'),
  }, t('Pass'));
  return pressTwice(button, () => ctx.send('pass', { seat }, { button }), { sure: t('Sure? No formula') });
}

function formulaOf(game, seat) {
  return (game.formulas || []).find((f) => f.seat === seat) || null;
}

/** @param {Ctx} ctx */
function drawRoster(ctx) {
  const { game } = ctx;
  const handicaps = game.phase === 'roll' && game.turn === 1 && ctx.playing;
  const rows = rosterOrder(game).map((w, i) => {
    const st = statusOf(ctx, w);
    const place = w.position >= book(ctx).track.finish ? (w.finished_rank ? ordinal(w.finished_rank) : 'F') : spaceNumber(w.position);
    const about = [w.witch, w.handicap && w.handicap !== 'normal' ? w.handicap : null,
      !game.deck?.physical && w.hand_size ? tn('{n} card', '{n} cards', w.hand_size) : null]
      .filter(Boolean).join(' · ');
    const formula = game.phase === 'resolve' ? formulaOf(game, w.seat) : null;
    return h('li', { class: `www-row ${st.cls}`.trim(), dataset: { seat: w.seat } },
      game.phase === 'resolve' ? h('span', { class: 'www-order', text: `${i + 1}` }) : null,
      pawn(ctx, w, { cls: w.gone ? 'www-pawn-gone' : '' }),
      h('span', { class: 'www-who' },
        // In the reveal her formula takes the place of her witch's name (the pawn shows it).
        h('span', { class: 'www-line1' },
          h('span', { class: 'www-name', text: ctx.nameOf(w.seat) }),
          formula ? formulaRow(ctx, formula, { cls: 'www-roster-formula' }) : h('span', { class: 'www-witch', text: about })),
        !handicaps && st.text ? h('span', { class: 'www-status', text: st.text }) : null),
      handicaps ? handicapControls(ctx, w) : null,
      game.phase === 'compose' && !w.locked && !w.in_decree && ctx.playing ? passButton(ctx, w.seat) : null,
      h('span', { class: 'www-pos', title: spaceLabel(ctx, w.position), text: place }));
  });
  ctx.els.roster.replaceChildren(...rows);
}

// ---- phases ----------------------------------------------------------------------------------

function diceGrid(ctx, dice, { valid = null, id = 'www-dice', cls = '' } = {}) {
  return h('div', { class: `www-dice ${cls}`.trim(), id },
    (dice || []).map((d, i) => dieTile(ctx, d, { mark: dieMark(d, valid), index: i })));
}

/** The last sentences of the log, in the page's language (each line is a text or a template with
 * its parts: say() in kit.js).
 * @param {Ctx} ctx */
function logList(ctx, count = 4, skip = null) {
  const lines = (ctx.game.log || []).map(say).filter((line) => line !== skip).slice(-count);
  return h('ol', { class: 'www-log', id: 'www-log' },
    lines.map((line, i) => h('li', { class: i === lines.length - 1 ? 'latest' : null, text: line })));
}

function validLine(ctx, valid) {
  if (!valid) return null;
  return h('div', { class: 'www-valid', id: 'www-valid' }, ['orange', 'black'].map((color) => {
    const list = valid[color] || [];
    return h('span', { class: `www-valid-group ${color}` },
      h('span', { class: 'www-valid-label', text: color === 'orange' ? t('Valid orange:') : t('Valid black:') }),
      list.length ? list.map((s) => dieTile(ctx, { symbol: s, color }, { cls: 'www-die-mini' }))
        : h('span', { class: 'www-none', text: t('none') }));
  }));
}

/** @param {Ctx} ctx */
function drawRoll(ctx) {
  const { game } = ctx;
  const r = game.roller;
  const w = witchOf(game, r);
  const physical = Boolean(game.options?.physical_dice);
  const last = Array.isArray(game.dice) && game.dice.length && (game.results || []).length;
  const parts = [h('p', { class: `www-big${last ? ' www-big-small' : ''}`, id: 'www-roller' }, w ? pawn(ctx, w) : null,
    h('span', { text: physical ? t('{who} throws the dice into the box.', { who: who(ctx, r) }) : t('{who} rolls the dice.', { who: who(ctx, r) }) }))];
  if (game.turn === 1) {
    parts.push(h('p', { class: 'www-hint', text: t('First roller drawn at random. The host sets the handicaps (right) before the first roll.') }));
  } else {
    parts.push(h('p', { class: 'www-hint', text: physical
      ? t('The witch in last place throws the {n} dice into the box; everyone looks, then close the lid!', { n: book(ctx).dice })
      : t('The witch in last place rolls. Watch the dice, then close the lid!') }));
  }
  if (last) {
    parts.push(h('p', { class: 'www-small-title', text: t('Turn {n}: the dice', { n: game.turn - 1 }) }),
      diceGrid(ctx, game.dice, { valid: game.valid, cls: 'www-dice-row' }), validLine(ctx, game.valid));
  }
  parts.push(logList(ctx, last ? 2 : 4));
  ctx.els.main.replaceChildren(...parts.filter(Boolean));
}

/** @param {Ctx} ctx */
function drawLook(ctx) {
  const { game } = ctx;
  if (Array.isArray(game.dice) && game.dice.length) {
    // The dice turn over once, when the lid opens (not at every redraw while it is open).
    ctx.els.main.replaceChildren(ctx.fresh(diceGrid(ctx, game.dice, { cls: 'www-dice-look' }), `dice-${game.turn}`, 'kit-reveal'));
    return;
  }
  // Physical dice: the dice are in the real box; the app only runs the lid race.
  ctx.els.main.replaceChildren(h('div', { class: 'www-box', id: 'www-box' },
    h('p', { class: 'www-box-title', text: t('✦ Look in the box! ✦') }),
    h('p', { class: 'www-box-text', text: t('Memorise the symbols of one colour that do not show in the other.') }),
    h('p', { class: 'www-box-text', text: t('Close the lid on your phone as soon as you have a formula.') })));
}

/** @param {Ctx} ctx */
function raceLine(ctx) {
  const { game } = ctx;
  const presses = lidPresses(ctx);
  const others = presses.filter((p) => !p.ok && p.seat !== game.lid_closed_by && p.error === 'too_late');
  if (!others.length) return '';
  // Every name carries what happened to it: a margin, or "too late" when there is none; a press
  // too close to the one before to be sure of their order says so ("Ben +3.0 ms ± 5.0 ms — photo
  // finish"): the earlier fair time closed the lid all the same
  const each = others.map((p) => {
    const margin = formatMargin(p.margin_ms);
    const before = presses[presses.indexOf(p) - 1];
    if (margin && p.close === true && before) {
      const bound = (before.uncertainty_ms ?? 0) + (p.uncertainty_ms ?? 0);
      return `${ctx.nameOf(p.seat)} ${photoFinish(p.fair - before.fair, bound)}`;
    }
    return margin ? `${ctx.nameOf(p.seat)} ${margin}` : t('{who} (too late)', { who: ctx.nameOf(p.seat) });
  });
  return t('Also pressed: {x}', { x: each.join(' · ') });
}

/** @param {Ctx} ctx */
function drawCompose(ctx) {
  const { game, local } = ctx;
  const closer = game.lid_closed_by;
  const { locked, total } = countLocked(game);
  const lid = local.lid;
  const animating = lid && performance.now() < lid.until;
  const w = witchOf(game, closer);
  const decree = game.decree;
  const cover = h('div', {
    class: `www-lid${animating ? ' closing' : ''}`, id: 'www-lid',
    // Redrawn on every view: keep the animation where it was, not restarted.
    style: animating ? `animation-delay: ${-Math.round(performance.now() - (lid.until - LID_MS))}ms` : null,
  },
  h('p', { class: 'www-lid-title', text: t('✦ The Great Book of Magic ✦') }),
  h('p', { class: 'www-lid-closer', id: 'www-closer' }, w ? pawn(ctx, w) : null,
    h('span', { text: closer === null || closer === undefined ? t('The table closed the lid') : t('{x} closed the lid', { x: who(ctx, closer) }) })),
  h('p', { class: 'www-lid-margins', id: 'www-margins', text: raceLine(ctx) }),
  decree ? h('p', { class: 'www-lid-decree', id: 'www-decree' },
    h('span', { text: t('Decree: {who} looks at the dice — ', { who: ctx.nameOf(decree.seat) }) }),
    countdown(decree.until, { cls: 'www-countdown' }))
    : h('p', { class: 'www-lid-task', text: t('Dice hidden. Write your formula on your phone!') }),
  h('p', { class: 'www-lid-count' },
    h('span', { class: 'www-locked-count', id: 'www-locked-count', text: t('{locked} / {total} locked', { locked, total }) }),
    countdown(decree ? null : game.deadline, { cls: 'www-countdown', id: 'www-deadline' })));
  ctx.els.main.replaceChildren(h('div', { class: 'www-book' },
    animating && lid.dice ? diceGrid(ctx, lid.dice, { cls: 'www-dice-look', id: 'www-dice-under' }) : null,
    cover));
}

/** Every formula, side by side: the rulebook's "each witch reveals her formula".
 * @param {Ctx} ctx */
function formulasPanel(ctx) {
  const { game } = ctx;
  return h('div', { class: 'www-formulas', id: 'www-formulas' }, (game.order || []).map((seat) => {
    const f = formulaOf(game, seat);
    const w = witchOf(game, seat);
    return h('div', { class: 'www-formula-card', dataset: { seat } },
      w ? pawn(ctx, w) : null,
      ctx.avatar(seat),
      h('span', { class: 'www-name', text: ctx.nameOf(seat) }),
      f ? formulaRow(ctx, f) : null);
  }));
}

/** @param {Ctx} ctx */
function stepCountdown(ctx, text, { id = 'www-step-countdown' } = {}) {
  const { game } = ctx;
  const total = game.options.pace_seconds * 1000;
  return h('p', { class: 'www-step-line', id, dataset: typeof game.deadline === 'number' ? { until: game.deadline, total } : {} },
    h('span', { text }), h('span', { class: 'countdown-text' }), h('span', { class: 'www-bar' }));
}

/** @param {Ctx} ctx */
function drawReveal(ctx) {
  ctx.els.main.replaceChildren(
    h('p', { class: 'www-big www-big-small', text: t('Every witch reveals her formula!') }),
    ctx.fresh(formulasPanel(ctx), `formulas-${ctx.game.turn}`, 'kit-reveal'),
    stepCountdown(ctx, t('The lid opens in ')),
  );
}

/** @param {Ctx} ctx */
function drawRead(ctx) {
  const { game } = ctx;
  const r = game.roller;
  const phone = r === null || r === undefined || witchOf(game, r)?.gone ? '' : t(' (or {who} on the phone)', { who: ctx.nameOf(r) });
  const initial = ctx.local.correcting === game.turn ? game.dice : null;
  const correcting = Boolean(initial);
  return [
    h('p', { class: 'www-big www-big-small', id: 'www-read-title', text: correcting ? t('Correct the dice') : t('The lid is off: enter the dice') }),
    ctx.els.diceForm.form(`${game.turn}${correcting ? '-fix' : ''}`, {
      layout: 'tv',
      enabled: ctx.playing,
      initial,
      hint: (filled) => t('{filled}/{n} · click each face you see in the box', { filled, n: book(ctx).dice }) + phone + (filled ? t(' · click a die to take it out') : ''),
    }),
    correcting ? h('button', { type: 'button', class: 'btn www-act-quiet', id: 'www-correct-cancel' }, t('Keep the dice as they are')) : null,
  ];
}

/** @param {Ctx} ctx */
function drawResolve(ctx) {
  const { game } = ctx;
  if (game.step === 'reveal') {
    drawReveal(ctx);
    return;
  }
  if (game.step === 'read' || (game.step === 'sort' && ctx.local.correcting === game.turn)) {
    ctx.els.main.replaceChildren(...drawRead(ctx).filter(Boolean));
    return;
  }
  const parts = [diceGrid(ctx, game.dice, { valid: game.valid, cls: 'www-dice-row' }), validLine(ctx, game.valid)];
  const win = game.window;
  const results = game.results || [];
  const last = results[results.length - 1];
  let now;
  if (win && win.kind === 'fog') {
    const caster = witchOf(game, win.seat);
    const total = game.options.fog_seconds * 1000;
    now = h('div', { class: 'www-now www-fog', id: 'www-now' },
      h('p', { class: 'www-now-text' }, caster ? pawn(ctx, caster) : null,
        h('span', { text: t('{who} casts {who2}!', { who: ctx.nameOf(win.seat), who2: cardName(ctx, win.card) }) })),
      h('p', { class: 'www-fog-line', id: 'www-fog-window', dataset: { until: win.until, total } },
        h('span', { text: t('Anyone with Magic Fog? ') }), h('span', { class: 'countdown-text' }),
        h('span', { class: 'www-bar' })));
  } else if (game.step === 'sort') {
    const physical = Boolean(game.options?.physical_dice);
    now = h('div', { class: 'www-now', id: 'www-now' },
      h('p', { class: 'www-now-text', text: physical ? t('Check the dice against the box.') : t('The lid opens: the dice are sorted.') }),
      stepCountdown(ctx, t('First formula in ')),
      physical && ctx.playing ? h('button', { type: 'button', class: 'btn www-act', id: 'www-correct' }, t('Correct the dice')) : null);
  } else {
    const c = game.current;
    const n = ctx.nameOf(c);
    const w = witchOf(game, c);
    const holding = game.holding === c;
    const text = holding ? t('{name} plays a spell…', { name: n }) : {
      apply: t('{name} applies her formula', { name: n }),
      keep: t('{name} chooses a Black Magic card…', { name: n }),
      after: t('{name} has moved', { name: n }),
    }[game.step] || '';
    const line = holding || game.step === 'keep' ? null
      : stepCountdown(ctx, game.step === 'apply' ? t('Spells before it applies: ') : t('Spells after the move: '));
    now = h('div', { class: 'www-now', id: 'www-now' },
      h('p', { class: 'www-now-text', id: 'www-now-text' }, w ? pawn(ctx, w) : null, h('span', { text })),
      line,
      last ? ctx.fresh(h('p', { class: 'www-now-result', id: 'www-last-result', text: say(last.text) }), `result-${game.turn}-${results.length}`) : null);
  }
  // One line of the log: the formulas are in the list on the right, the result in the box.
  parts.push(now, logList(ctx, 1, last ? say(last.text) : null));
  ctx.els.main.replaceChildren(...parts.filter(Boolean));
}

/** @param {Ctx} ctx */
function drawOver(ctx) {
  const { game, local } = ctx;
  const physical = Boolean(game.deck?.physical ?? game.options?.physical_deck);
  const rows = standings(game);
  const ended = !Array.isArray(game.final) || !game.final.length;
  // Physical deck: players type their acrobatics on their phones; the table may do it for them.
  const awaiting = new Set(physical && ctx.playing ? game.awaiting_acrobatics || [] : []);
  const best = rows.filter((r) => r.rank === 1);
  const headline = ended ? t('Ended early: the standings')
    : best.length === 1 ? t('{x} wins (points: {x2})!', { x: who(ctx, best[0].seat), x2: best[0].total })
      : best.length > 1 ? t('A tie: {who}!', { who: best.map((r) => ctx.nameOf(r.seat)).join(' & ') }) : t('Game over');
  const table = h('table', { class: 'www-final', id: 'www-final' },
    h('thead', {}, h('tr', {},
      ['', t('Witch'), t('Race'), physical || ended || !game.placeholders?.acrobatics ? t('Acrobatics') : t('Acrobatics*'), t('Total')].map((head) => h('th', { text: head })))),
    h('tbody', {}, rows.map((r) => {
      const w = witchOf(game, r.seat) || { seat: r.seat, witch: r.witch };
      const raceNote = w.finished_rank ? t('{rank} across', { rank: ordinal(w.finished_rank) }) : spaceLabel(ctx, w.position ?? 0);
      return h('tr', { class: r.rank === 1 ? 'winner' : null, dataset: { seat: r.seat } },
        h('td', { class: 'www-final-rank', text: ordinal(r.rank) }),
        h('td', {}, h('div', { class: 'www-final-who' }, pawn(ctx, w),
          ctx.avatar(r.seat),
          h('span', { class: 'www-name', text: ctx.nameOf(r.seat) }),
          h('span', { class: 'www-witch', text: (w.witch || r.witch || '') + (gone(w) ? t(' (left)') : '') }))),
        h('td', { class: 'www-final-num' }, h('span', { text: r.place_points }), h('small', { text: raceNote })),
        h('td', { class: 'www-final-num' }, awaiting.has(r.seat)
          ? h('span', { class: 'www-acro-entry' },
            h('span', { class: 'www-awaiting', text: t('waiting… ') }),
            h('input', { type: 'number', min: 0, max: book(ctx).max_acrobatics, step: 1, inputmode: 'numeric', dataset: { acroSeat: r.seat },
              'aria-label': t('Acrobatics points of {who}', { who: ctx.nameOf(r.seat) }), value: local.acroDraft[r.seat] ?? '' }),
            h('button', { type: 'button', class: 'btn', dataset: { acroSend: r.seat } }, t('Set')))
          : String(r.acrobatics ?? '–')),
        h('td', { class: 'www-final-total', text: r.total ?? '–' }));
    })));
  // Once over, the kit's ending headline says who won: the table of points stays as the detail.
  ctx.els.main.replaceChildren(
    game.outcome ? '' : h('p', { class: 'www-big www-winner', id: 'www-winner', text: headline }),
    table,
    h('p', { class: 'www-hint', id: 'www-final-note', text: ended
      ? t('Ended before the finish: race points only (the acrobatics cards stay secret).')
      : physical
      ? (awaiting.size ? t('Acrobatics: each player enters the total of their real cards on their phone (or type it here).')
        : t('Acrobatics: the totals of the real cards, as entered.'))
      : game.placeholders?.acrobatics ? t('* Acrobatics cards use placeholder values (the printed values are unknown).') : '' }));
}

// ---- drawing ---------------------------------------------------------------------------------

const TITLES = translated({
  roll: N_('Roll the dice'), look: N_('LOOK!'), compose: N_('Write your formula'), resolve: N_('Check the formulas'), over: N_('Game over'),
});
const STEP_TITLES = translated({
  reveal: N_('Every formula revealed'), read: N_('Open the lid'), sort: N_('The lid is off'),
  apply: N_('Apply the formulas'), keep: N_('Apply the formulas'), after: N_('Apply the formulas'),
});

/** @param {Ctx} ctx */
function drawActions(ctx, over) {
  const { game, playing } = ctx;
  const buttons = [];
  if (over) {
    ctx.els.actions.replaceChildren();
    return;
  }
  if (game.phase === 'roll') {
    const label = game.options?.physical_dice ? t('Dice thrown: look!') : t('Roll the dice');
    buttons.push(h('button', { type: 'button', class: 'btn btn-primary www-act', id: 'www-roll', disabled: !playing }, label));
  }
  if (game.phase === 'look') {
    buttons.push(h('button', { type: 'button', class: 'btn www-act', id: 'www-close-lid', disabled: !playing }, t('Close the lid (table)')));
  }
  if (game.phase === 'resolve' && game.step !== 'read' && !game.window) {
    const c = game.current;
    const title = c === null || c === undefined ? t('Table override: end this step now')
      : t('Table override: end {who}’s moment now', { who: ctx.nameOf(c) });
    buttons.push(h('button', {
      type: 'button', class: 'btn www-act www-act-quiet', id: 'www-table-pass', disabled: !playing, title,
    }, t('Go on')));
  }
  ctx.els.actions.replaceChildren(...buttons);
}

/** @param {Ctx} ctx */
function draw(ctx) {
  const { game, els } = ctx;
  const over = game.phase === 'over' || ctx.room.status === 'over';
  els.root.dataset.phase = over ? 'over' : game.phase;
  els.root.dataset.step = game.phase === 'resolve' && !over ? game.step || '' : '';
  const stepTitle = game.phase === 'resolve' ? STEP_TITLES[game.step] : null;
  els.title.textContent = over ? TITLES.over : t('Turn {turn} · {title}', { turn: game.turn, title: stepTitle || TITLES[game.phase] || game.phase });
  let sub = tableLine(ctx);
  if (over && game.phase !== 'over') sub = t('The host ended the game before the finish.');
  if (!over && game.phase === 'look') {
    const { lowest } = book(ctx).track;
    const stuck = (game.witches || []).filter((w) => w.position <= lowest).map((w) => ctx.nameOf(w.seat));
    if (stuck.length) sub += t(' ({x} on {space}: cannot close it.)', { x: stuck.join(', '), space: spaceNumber(lowest) });
  }
  els.sub.textContent = sub;
  drawActions(ctx, over);
  drawBoard(ctx);
  if (over) drawOver(ctx);
  else if (game.phase === 'roll') drawRoll(ctx);
  else if (game.phase === 'look') drawLook(ctx);
  else if (game.phase === 'compose') drawCompose(ctx);
  else if (game.phase === 'resolve') drawResolve(ctx);
  drawRoster(ctx);
}

/** Every frame: the end of the lid animation, a hop.
 * @param {Ctx} ctx */
export function tick(ctx) {
  const { local } = ctx;
  const now = performance.now();
  if (local.lid && now >= local.lid.until) {
    local.lid = null;
    draw(ctx);
  }
  if (now - local.lastHop >= HOP_MS) {
    local.lastHop = now;
    if (hop(ctx)) drawBoard(ctx);
  }
}

/** @param {Ctx} ctx */
export function render(ctx) {
  const { game, local } = ctx;
  const { prev } = local;
  if (prev.phase === null) {
    // The first view of this game on this screen (opened mid-game, or a new game): everything
    // is drawn where it is.
    for (const w of game.witches || []) local.shown[w.seat] = w.position;
  }
  if (game.phase !== 'resolve') hop(ctx);   // snap: no pawn still hopping on the next screen
  if (local.correcting !== null && (game.step !== 'sort' || game.turn !== local.correcting)) local.correcting = null;
  if (Array.isArray(game.dice) && game.dice.length) local.lastDice = { turn: game.turn, dice: game.dice };
  if (prev.phase === 'look' && game.phase === 'compose' && prev.turn === game.turn) {
    local.lid = { until: performance.now() + LID_MS, dice: local.lastDice?.turn === game.turn ? local.lastDice.dice : null };
    ctx.cue('lid');
  }
  if (prev.phase !== 'look' && game.phase === 'look' && prev.phase !== null) ctx.cue('go');
  const results = (game.results || []).length;
  if (game.phase === 'resolve' && results > prev.results && prev.phase !== null) ctx.cue('reveal');
  local.prev = { phase: game.phase, turn: game.turn, results };
  draw(ctx);
}
