// Wicked Witches Way, table screen: the track with every pawn, the dice (big, told apart by
// shape and by light/dark tile), the lid closing, the formulas revealed one by one with pawns
// hopping along the track, and the score screen. Built for 1920×1080 at 3 m, no scrolling.

import { h, formatMargin } from '../../js/ui.js';
import { countdown, pressTwice } from '../../js/kit.js';
import { beep } from '../../js/sound.js';
import {
  FINISH, TRACK_MIN, dieTile, dieMark, pawn, computeValid, diceEntry,
  who, witchOf, spaceNumber, spaceLabel, cardName, tableLine,
  resultShort, countLocked, ordinal,
} from './common.js';

export { styles } from './common.js';

const HOP_MS = 220;        // a pawn moves one space per hop
const REVEAL_MS = 2600;    // results revealed one by one, this far apart
const LID_MS = 1700;       // the lid-closing animation
const HOLD_MS = 3500;      // a finished recap stays up this long before the next screen

export function local() {
  return {
    shown: {},           // seat → position drawn on the board (hops toward the real one)
    lastHop: 0,
    // The results of a turn are revealed one by one. The server often runs a whole resolution
    // in one step (nobody has a spell to decide on), so they may first appear in the next `roll`
    // view (or in `over`): `key` is the turn they belong to.
    reveal: { key: null, count: 0, at: 0 },
    prev: { phase: null, turn: null },
    lid: null,           // {until, dice}: the lid is closing over these dice
    lastDice: null,      // {turn, dice}: the dice as last seen (for the lid animation)
    lastRace: null,      // {turn, note}: the close_lid race, for the margins line
    acroDraft: {},       // seat → acrobatics points typed on the TV, kept across redraws
  };
}

// ---- mounting --------------------------------------------------------------------------------

export function mount(ctx) {
  const els = {
    root: h('div', { class: 'www-tv', id: 'www-tv' }),
    title: h('h2', { class: 'www-title', id: 'www-title' }),
    sub: h('p', { class: 'www-sub', id: 'www-sub', 'aria-live': 'polite' }),
    actions: h('div', { class: 'www-actions' }),
    board: h('div', { class: 'www-board', id: 'www-board', 'aria-label': 'Race track' }),
    main: h('div', { class: 'www-main', id: 'www-main' }),
    roster: h('ol', { class: 'www-roster', id: 'www-roster', 'aria-label': 'Witches' }),
    // The physical dice being entered (option physical_dice); the roller's phone has the same form.
    diceForm: diceEntry({ submit: (dice, button) => ctx.send('roll', { dice }, { button }) }),
  };
  els.root.append(
    h('header', { class: 'www-head' }, h('div', { class: 'www-head-text' }, els.title, els.sub), els.actions),
    els.board,
    h('div', { class: 'www-stage' }, els.main, els.roster),
  );
  els.root.addEventListener('click', (event) => onClick(ctx, event));
  els.root.addEventListener('change', (event) => onChange(ctx, event));
  els.root.addEventListener('input', (event) => {
    const input = event.target.closest('input[data-acro-seat]');
    if (input) ctx.local.acroDraft[input.dataset.acroSeat] = input.value;
  });
  return els;
}

function onClick(ctx, event) {
  const button = event.target.closest('button');
  if (!button || button.disabled) return;
  if (button.id === 'www-roll') ctx.send('roll', {}, { button });
  else if (button.id === 'www-close-lid') ctx.send('close_lid', { t: performance.now() }, { button });
  else if (button.id === 'www-table-pass') ctx.send('pass', {}, { button });
  else if (button.dataset.acroSend !== undefined) {
    const seat = Number(button.dataset.acroSend);
    const points = Number(ctx.els.main.querySelector(`input[data-acro-seat="${seat}"]`)?.value);
    if (!Number.isInteger(points) || points < 0 || points > 99) {
      ctx.toast('Acrobatics: a whole number from 0 to 99.');
      return;
    }
    ctx.send('acrobatics', { seat, points }, { button });
  }
}

function onChange(ctx, event) {
  const select = event.target.closest('select[data-handicap-seat], select[data-start-seat]');
  if (!select) return;
  const seat = Number(select.dataset.handicapSeat ?? select.dataset.startSeat);
  const row = ctx.els.roster.querySelector(`li[data-seat="${seat}"]`);
  const level = row.querySelector('select[data-handicap-seat]').value;
  const start = Number(row.querySelector('select[data-start-seat]')?.value || 5);
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

function drawBoard(ctx) {
  const { game, local } = ctx;
  const witches = game.witches || [];
  const blocking = blockaders(game);
  const cells = [];
  for (let space = TRACK_MIN; space <= FINISH; space += 1) {
    const here = witches.filter((w) => (local.shown[w.seat] ?? w.position) === space);
    const cursed = game.curse === space && space < FINISH;
    const blocked = game.phase === 'resolve' && here.some((w) => blocking.has(w.seat));
    const cls = ['www-cell', space < 0 ? 'neg' : '', space === 0 ? 'start' : '', space === FINISH ? 'finish' : '',
      cursed ? 'cursed' : '', here.length ? 'occupied' : ''].filter(Boolean).join(' ');
    cells.push(h('div', { class: cls, dataset: { space } },
      h('span', { class: 'www-cell-num', text: space === FINISH ? 'Finish' : space === 0 ? 'Start' : spaceNumber(space) }),
      cursed ? h('span', { class: 'www-curse', id: 'www-curse', text: 'CURSE' }) : null,
      blocked ? h('span', { class: 'www-block', text: 'BLOCKADE' }) : null,
      h('span', { class: 'www-cell-pawns' }, here.map((w) => {
        const title = `${ctx.nameOf(w.seat)} (${w.witch}), ${spaceLabel(w.position)}`;
        const p = pawn(w, { title });
        if (space === FINISH && w.finished_rank) {
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

/** Where each pawn should be drawn: results not yet revealed keep their witch on `from`. */
function targets(ctx) {
  const { game, local } = ctx;
  const t = {};
  for (const w of game.witches || []) t[w.seat] = w.position;
  if (revealing(game)) {
    const hidden = (game.results || []).slice(local.reveal.count);
    const done = new Set();
    for (const r of hidden) {
      if (!done.has(r.seat) && typeof r.from === 'number') t[r.seat] = r.from;
      done.add(r.seat);
    }
  }
  return t;
}

/** One hop for every pawn not yet where it should be; true if anything moved. */
function hop(ctx) {
  const { shown } = ctx.local;
  let moved = false;
  for (const [seat, target] of Object.entries(targets(ctx))) {
    const at = shown[seat];
    if (at === undefined) {
      shown[seat] = target;
      moved = true;
    } else if (at !== target) {
      shown[seat] = at + Math.sign(target - at);
      moved = true;
    }
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
  if (game.phase === 'over' && game.final) return ws;
  return ws.sort((a, b) => b.position - a.position || a.seat - b.seat);
}

function statusOf(game, w, revealed) {
  const phase = game.phase;
  if (phase === 'compose') {
    if (w.in_decree) return { text: 'in Decree…', cls: 'decree' };
    if (w.locked) return { text: '✓ locked', cls: 'locked' };
    return { text: '… composing', cls: 'composing' };
  }
  if (phase === 'resolve' || (phase === 'roll' && (game.results || []).length)) {
    const mine = revealed.filter((r) => r.seat === w.seat);
    if (phase === 'resolve' && game.current === w.seat) {
      const step = { apply: '▶ applying', keep: '▶ choosing a card', after: '▶ may cast a spell' }[game.step] || '▶ now';
      return { text: mine.length ? `${resultShort(mine[mine.length - 1])} ${step}` : step, cls: 'current' };
    }
    const roller = phase === 'roll' && game.roller === w.seat ? ' · rolls next' : '';
    if (mine.length) return { text: mine.map(resultShort).join(' + ') + roller, cls: `done ${mine[mine.length - 1].verdict}${roller ? ' roller' : ''}` };
    if (phase === 'roll') return { text: roller ? 'rolls the dice' : '', cls: roller ? 'roller' : '' };
    return { text: 'waiting', cls: 'waiting' };
  }
  if (phase === 'roll' && game.roller === w.seat) return { text: 'rolls the dice', cls: 'roller' };
  if (phase === 'look' && w.position <= TRACK_MIN) return { text: 'on −2: cannot close', cls: 'cannot' };
  return { text: '', cls: '' };
}

function handicapControls(ctx, w) {
  const level = w.handicap || 'normal';
  const sel = h('select', { class: 'www-level', dataset: { handicapSeat: w.seat }, 'aria-label': `Handicap of ${ctx.nameOf(w.seat)}` },
    ['normal', 'novice', 'expert'].map((l) => h('option', { value: l, selected: l === level }, l[0].toUpperCase() + l.slice(1))));
  const start = level === 'novice'
    ? h('select', { class: 'www-start', dataset: { startSeat: w.seat }, 'aria-label': 'Start space' },
      [5, 6, 7].map((s) => h('option', { value: s, selected: (w.start ?? w.position) === s }, `start ${s}`)))
    : null;
  return h('span', { class: 'www-handicap' }, sel, start);
}

/** The table's override for a witch who left while formulas are written: an empty formula.
 * Forcing that on someone still thinking is harsh, so it takes two presses. */
function passButton(ctx, seat) {
  const button = h('button', {
    type: 'button', class: 'btn btn-small www-pass-seat', id: `www-pass-${seat}`,
    title: 'Table override: an empty formula for a player who left',
  }, 'Pass');
  return pressTwice(button, () => ctx.send('pass', { seat }, { button }), { sure: 'Sure? No formula' });
}

function drawRoster(ctx, revealed) {
  const { game } = ctx;
  const handicaps = game.phase === 'roll' && game.turn === 1 && ctx.playing;
  const rows = rosterOrder(game).map((w, i) => {
    const st = statusOf(game, w, revealed);
    const place = w.position >= FINISH ? (w.finished_rank ? ordinal(w.finished_rank) : 'F') : spaceNumber(w.position);
    const about = [w.witch, w.handicap && w.handicap !== 'normal' ? w.handicap : null,
      !game.deck?.physical && w.hand_size ? `${w.hand_size} card${w.hand_size === 1 ? '' : 's'}` : null]
      .filter(Boolean).join(' · ');
    return h('li', { class: `www-row ${st.cls}`.trim(), dataset: { seat: w.seat } },
      game.phase === 'resolve' ? h('span', { class: 'www-order', text: `${i + 1}` }) : null,
      pawn(w),
      h('span', { class: 'www-who' },
        h('span', { class: 'www-line1' },
          h('span', { class: 'www-name', text: ctx.nameOf(w.seat) }),
          h('span', { class: 'www-witch', text: about })),
        !handicaps && st.text ? h('span', { class: 'www-status', text: st.text }) : null),
      handicaps ? handicapControls(ctx, w) : null,
      game.phase === 'compose' && !w.locked && !w.in_decree && ctx.playing ? passButton(ctx, w.seat) : null,
      h('span', { class: 'www-pos', title: spaceLabel(w.position), text: place }));
  });
  ctx.els.roster.replaceChildren(...rows);
}

// ---- phases ----------------------------------------------------------------------------------

function diceGrid(dice, { valid = null, id = 'www-dice', cls = '' } = {}) {
  return h('div', { class: `www-dice ${cls}`.trim(), id },
    (dice || []).map((d, i) => dieTile(d, { mark: dieMark(d, valid), index: i })));
}

/** The last sentences, stopping before the first one that would spoil a result not yet shown. */
function logList(ctx, count = 4, skip = null) {
  const { game } = ctx;
  const hidden = new Set((game.results || []).slice(ctx.local.reveal.count).map((r) => r.text));
  const all = game.log || [];
  const cut = all.findIndex((line) => hidden.has(line));
  const lines = (cut >= 0 ? all.slice(0, cut) : all).filter((line) => line !== skip).slice(-count);
  return h('ol', { class: 'www-log', id: 'www-log' },
    lines.map((line, i) => h('li', { class: i === lines.length - 1 ? 'latest' : null, text: line })));
}

/** The turn the view's `results` belong to (in `roll` they are the previous turn's). */
function resultsKey(game) {
  return game.phase === 'roll' ? game.turn - 1 : game.turn;
}

/** Whether results are being (or may be) revealed one by one in this phase. */
function revealing(game) {
  return ['resolve', 'roll', 'over'].includes(game.phase) && (game.results || []).length > 0;
}

/** A recap of the finished turn is still on screen (results being revealed, or just done). */
function recapActive(ctx) {
  const { game, local } = ctx;
  if (!revealing(game) || game.phase === 'resolve') return false;
  return local.reveal.count < game.results.length || performance.now() - local.reveal.at < HOLD_MS;
}

/** The dice of the turn the results belong to: the view's, or as this screen saw them. */
function resultDice(ctx) {
  const { game, local } = ctx;
  if (Array.isArray(game.dice) && game.dice.length) return { dice: game.dice, valid: game.valid || computeValid(game.dice) };
  if (local.lastDice?.turn === resultsKey(game)) return { dice: local.lastDice.dice, valid: computeValid(local.lastDice.dice) };
  return { dice: null, valid: null };
}

function revealedResults(ctx) {
  return revealing(ctx.game) ? ctx.game.results.slice(0, ctx.local.reveal.count) : [];
}

function drawRoll(ctx) {
  const { game } = ctx;
  const r = game.roller;
  const w = witchOf(game, r);
  const physical = Boolean(game.options?.physical_dice);
  const recap = (game.results || []).length > 0 && (!physical || recapActive(ctx));
  const parts = [h('p', { class: `www-big${recap || physical ? ' www-big-small' : ''}`, id: 'www-roller' }, w ? pawn(w) : null,
    h('span', { text: r === null || r === undefined ? 'Roll the dice' : `${who(ctx, r)} rolls the dice` }))];
  if (recap) {
    parts.push(...recapParts(ctx));
  } else {
    if (!physical) {
      parts.push(h('p', { class: 'www-hint', text: game.turn === 1
        ? 'First roller drawn at random. Set handicaps (right) before the first roll.'
        : 'The witch in last place rolls. Watch the dice, then close the lid!' }));
    }
    if (physical) parts.push(drawDiceForm(ctx));
    else if ((game.log || []).length) parts.push(logList(ctx, 5));
  }
  ctx.els.main.replaceChildren(...parts);
}

/** The finished turn: dice with ✓/✗, the valid symbols, the result of the moment, the log. */
function recapParts(ctx) {
  const { dice, valid } = resultDice(ctx);
  const revealed = revealedResults(ctx);
  const last = revealed[revealed.length - 1];
  const pending = ctx.game.results.length - revealed.length;
  return [
    dice ? diceGrid(dice, { valid, cls: 'www-dice-row' }) : null,
    validLine(valid),
    h('div', { class: 'www-now', id: 'www-now' },
      h('p', { class: 'www-now-text', text: last?.text || 'The lid opens: the formulas are revealed one by one…' }),
      pending ? h('p', { class: 'www-now-step', text: `${pending} more formula${pending === 1 ? '' : 's'} to reveal…` }) : null),
    logList(ctx, 2, last?.text),
  ];
}

/** The physical dice form (common.js): the host clicks the faces, or the roller taps them on her phone. */
function drawDiceForm(ctx) {
  const r = ctx.game.roller;
  const phone = r === null || r === undefined ? '' : ` (or ${ctx.nameOf(r)} on the phone)`;
  return ctx.els.diceForm.form(ctx.game.turn, {
    layout: 'tv',
    enabled: ctx.playing,
    hint: (filled) => `${filled}/9 · click each face you see in the box${phone}${filled ? ' · click a die to take it out' : ''}`,
  });
}

function drawLook(ctx) {
  ctx.els.main.replaceChildren(diceGrid(ctx.game.dice, { cls: 'www-dice-look' }));
}

function raceLine(ctx) {
  const { game, local } = ctx;
  if (!local.lastRace || local.lastRace.turn !== game.turn) return '';
  const presses = local.lastRace.note.presses || [];
  const code = (p) => (typeof p.error === 'string' ? p.error : p.error?.code);
  const others = presses.filter((p) => !p.ok && p.seat !== game.lid_closed_by && code(p) === 'too_late');
  return others.map((p) => `${ctx.nameOf(p.seat)} ${formatMargin(p.margin_ms ?? p.error?.margin_ms)}`.trim()).join(' · ');
}

function drawCompose(ctx) {
  const { game, local } = ctx;
  const closer = game.lid_closed_by;
  const { locked, total } = countLocked(game);
  const lid = local.lid;
  const animating = lid && performance.now() < lid.until;
  const w = witchOf(game, closer);
  const cover = h('div', {
    class: `www-lid${animating ? ' closing' : ''}`, id: 'www-lid',
    // Redrawn on every view: keep the animation where it was, not restarted.
    style: animating ? `animation-delay: ${-Math.round(performance.now() - (lid.until - LID_MS))}ms` : null,
  },
  h('p', { class: 'www-lid-title', text: '✦ The Great Book of Magic ✦' }),
  h('p', { class: 'www-lid-closer', id: 'www-closer' }, w ? pawn(w) : null,
    h('span', { text: closer === null || closer === undefined ? 'The table closed the lid' : `${who(ctx, closer)} closed the lid` })),
  h('p', { class: 'www-lid-margins', id: 'www-margins', text: raceLine(ctx) }),
  h('p', { class: 'www-lid-task', text: 'Dice hidden. Write your formula on your phone!' }),
  h('p', { class: 'www-lid-count' },
    h('span', { class: 'www-locked-count', id: 'www-locked-count', text: `${locked} / ${total} locked` }),
    countdown(game.deadline, { cls: 'www-countdown', id: 'www-deadline' })));
  ctx.els.main.replaceChildren(h('div', { class: 'www-book' },
    animating && lid.dice ? diceGrid(lid.dice, { cls: 'www-dice-look', id: 'www-dice-under' }) : null,
    cover));
}

function validLine(valid) {
  if (!valid) return null;
  return h('div', { class: 'www-valid', id: 'www-valid' }, ['orange', 'black'].map((color) => {
    const list = valid[color] || [];
    return h('span', { class: `www-valid-group ${color}` },
      h('span', { class: 'www-valid-label', text: color === 'orange' ? 'Valid orange:' : 'Valid black:' }),
      list.length ? list.map((s) => dieTile({ symbol: s, color }, { cls: 'www-die-mini' }))
        : h('span', { class: 'www-none', text: 'none' }));
  }));
}

function drawResolve(ctx) {
  const { game } = ctx;
  const revealed = revealedResults(ctx);
  const parts = [diceGrid(game.dice, { valid: game.valid, cls: 'www-dice-row' }), validLine(game.valid)];
  const win = game.window;
  let now;
  if (win && win.kind === 'fog') {
    const caster = witchOf(game, win.seat);
    const total = (game.options?.fog_seconds ?? 5) * 1000;
    now = h('div', { class: 'www-now www-fog', id: 'www-now' },
      h('p', { class: 'www-now-text' }, caster ? pawn(caster) : null,
        h('span', { text: `${ctx.nameOf(win.seat)} casts ${cardName(win.card)}!` })),
      h('p', { class: 'www-fog-line', id: 'www-fog-window', dataset: { until: win.until, total } },
        h('span', { text: 'Anyone with Magic Fog? ' }), h('span', { class: 'countdown-text' }),
        h('span', { class: 'www-bar' })));
  } else {
    const last = revealed[revealed.length - 1];
    const c = game.current;
    const pending = (game.results || []).length > revealed.length;
    let step = '';
    if (!pending && c !== null && c !== undefined) {
      const n = ctx.nameOf(c);
      step = {
        apply: `${n} may cast a spell on the formula before applying it…`,
        keep: `${n} chooses a Black Magic card…`,
        after: `${n} may cast a spell after moving…`,
      }[game.step] || `${n}'s turn…`;
    }
    now = h('div', { class: 'www-now', id: 'www-now' },
      h('p', { class: 'www-now-text', text: last?.text || 'The lid opens: the formulas are revealed one by one…' }),
      step ? h('p', { class: 'www-now-step', id: 'www-step', text: step }) : null);
  }
  parts.push(now, logList(ctx, 2, revealed[revealed.length - 1]?.text));
  ctx.els.main.replaceChildren(...parts);
}

function drawOver(ctx) {
  const { game, local } = ctx;
  const physical = Boolean(game.deck?.physical ?? game.options?.physical_deck);
  let rows = game.final;
  if (!Array.isArray(rows) || !rows.length) {
    // Ended by the host before the finish: the standings by position.
    rows = [...(game.witches || [])].sort((a, b) => b.position - a.position)
      .map((w, i) => ({ seat: w.seat, witch: w.witch, place_points: null, acrobatics: null, total: null, rank: i + 1, position: w.position }));
  }
  rows = [...rows].sort((a, b) => (a.rank ?? 99) - (b.rank ?? 99));
  // Physical deck: players type their acrobatics on their phones; the table may do it for them.
  const awaiting = new Set(physical && ctx.playing ? game.awaiting_acrobatics || [] : []);
  const best = rows.filter((r) => r.rank === 1);
  const headline = best.length === 1 ? `${who(ctx, best[0].seat)} wins!`
    : best.length > 1 ? `A tie: ${best.map((r) => ctx.nameOf(r.seat)).join(' & ')}!` : 'Game over';
  const table = h('table', { class: 'www-final', id: 'www-final' },
    h('thead', {}, h('tr', {},
      ['', 'Witch', 'Race', physical ? 'Acrobatics' : 'Acrobatics*', 'Total'].map((t) => h('th', { text: t })))),
    h('tbody', {}, rows.map((r) => {
      const w = witchOf(game, r.seat) || { seat: r.seat, witch: r.witch };
      const pos = w.position ?? r.position;
      const race = r.place_points ?? (typeof pos === 'number' ? Math.max(0, pos) : null);
      const raceNote = w.finished_rank ? `${ordinal(w.finished_rank)} across` : (typeof pos === 'number' ? spaceLabel(pos) : '');
      return h('tr', { class: r.rank === 1 ? 'winner' : null, dataset: { seat: r.seat } },
        h('td', { class: 'www-final-rank', text: ordinal(r.rank) }),
        h('td', {}, h('div', { class: 'www-final-who' }, pawn(w),
          h('span', { class: 'www-name', text: ctx.nameOf(r.seat) }),
          h('span', { class: 'www-witch', text: w.witch || r.witch || '' }))),
        h('td', { class: 'www-final-num' }, h('span', { text: race ?? '–' }), h('small', { text: raceNote })),
        h('td', { class: 'www-final-num' }, awaiting.has(r.seat)
          ? h('span', { class: 'www-acro-entry' },
            h('span', { class: 'www-awaiting', text: 'waiting… ' }),
            h('input', { type: 'number', min: 0, max: 99, step: 1, inputmode: 'numeric', dataset: { acroSeat: r.seat },
              'aria-label': `Acrobatics points of ${ctx.nameOf(r.seat)}`, value: local.acroDraft[r.seat] ?? '' }),
            h('button', { type: 'button', class: 'btn', dataset: { acroSend: r.seat } }, 'Set'))
          : String(r.acrobatics ?? (physical ? '–' : '0'))),
        h('td', { class: 'www-final-total', text: r.total ?? '–' }));
    })));
  ctx.els.main.replaceChildren(
    h('p', { class: 'www-big www-winner', id: 'www-winner', text: headline }),
    table,
    h('p', { class: 'www-hint', text: physical
      ? (awaiting.size ? 'Acrobatics: each player enters the total of their real cards on their phone (or type it here).'
        : 'Acrobatics: the totals of the real cards, as entered.')
      : '* Acrobatics cards use placeholder values (the printed values are unknown).' }));
}

// ---- drawing ---------------------------------------------------------------------------------

const TITLES = {
  roll: 'Roll the dice', look: 'LOOK!', compose: 'Write your formula', resolve: 'Check the formulas', over: 'Game over',
};

function drawActions(ctx) {
  const { game, playing } = ctx;
  const buttons = [];
  if (game.phase === 'roll' && !game.options?.physical_dice) {
    buttons.push(h('button', { type: 'button', class: 'btn btn-primary www-act', id: 'www-roll', disabled: !playing }, 'Roll the dice'));
  }
  if (game.phase === 'look') {
    buttons.push(h('button', { type: 'button', class: 'btn www-act', id: 'www-close-lid', disabled: !playing }, 'Close the lid (table)'));
  }
  if (game.phase === 'resolve' && game.current !== null && game.current !== undefined && !game.window) {
    buttons.push(h('button', {
      type: 'button', class: 'btn www-act www-act-quiet', id: 'www-table-pass', disabled: !playing,
      title: 'Table override: skip this witch’s choice',
    }, `Pass for ${ctx.nameOf(game.current)}`));
  }
  ctx.els.actions.replaceChildren(...buttons);
}

function draw(ctx) {
  const { game, els } = ctx;
  const over = game.phase === 'over' || ctx.room.status === 'over';
  const recap = recapActive(ctx);
  els.root.dataset.phase = over ? (recap ? 'resolve' : 'over') : game.phase;
  els.root.dataset.recap = String(recap);
  const revealed = revealedResults(ctx);
  els.title.textContent = over ? TITLES.over : `Turn ${game.turn} · ${TITLES[game.phase] || game.phase}`;
  let sub = tableLine(ctx);
  if (game.phase === 'look') {
    const stuck = (game.witches || []).filter((w) => w.position <= TRACK_MIN).map((w) => ctx.nameOf(w.seat));
    if (stuck.length) sub += ` (${stuck.join(', ')} on −2: cannot close it.)`;
  }
  if (revealing(game) && revealed.length < game.results.length) sub = `Turn ${resultsKey(game)}: the formulas are revealed one by one…`;
  els.sub.textContent = sub;
  drawActions(ctx);
  drawBoard(ctx);
  if (over) {
    if (recap) els.main.replaceChildren(...recapParts(ctx));
    else drawOver(ctx);
  } else if (game.phase === 'roll') drawRoll(ctx);
  else if (game.phase === 'look') drawLook(ctx);
  else if (game.phase === 'compose') drawCompose(ctx);
  else if (game.phase === 'resolve') drawResolve(ctx);
  drawRoster(ctx, revealed);
}

/** Every frame: the next result of the turn, the end of a recap or of the lid animation, a hop. */
export function tick(ctx) {
  const { game, local } = ctx;
  const now = performance.now();
  let redraw = false;
  if (revealing(game) && local.reveal.count < game.results.length && now - local.reveal.at >= REVEAL_MS) {
    local.reveal.count += 1;
    local.reveal.at = now;
    beep(660, 90, 0.15);
    redraw = true;
  }
  // The recap's hold time ran out: on to the roll form or the scores.
  if (ctx.els.root.dataset.recap === 'true' && !recapActive(ctx)) redraw = true;
  if (local.lid && now >= local.lid.until) {
    local.lid = null;
    redraw = true;
  }
  if (redraw) draw(ctx);
  if (now - local.lastHop >= HOP_MS) {
    local.lastHop = now;
    if (hop(ctx)) drawBoard(ctx);
  }
}

export function render(ctx) {
  const { game, local } = ctx;
  const results = game.results || [];
  const key = resultsKey(game);
  if (local.prev.phase === null) {
    // The first view of this game on this screen (opened mid-game, or a new game): no replay,
    // everything is drawn where it is.
    local.reveal = { key, count: results.length, at: -HOLD_MS * 2 };
    for (const w of game.witches || []) local.shown[w.seat] = w.position;
  }
  if (local.reveal.key !== key || results.length < local.reveal.count) {
    // New results (a new turn): the first one shows shortly.
    local.reveal = { key, count: 0, at: performance.now() - REVEAL_MS + 900 };
  }
  if (!revealing(game)) local.reveal.count = results.length;

  if (Array.isArray(game.dice) && game.dice.length) local.lastDice = { turn: game.turn, dice: game.dice };
  const { prev } = local;
  if (prev.phase === 'look' && game.phase === 'compose' && prev.turn === game.turn) {
    local.lid = { until: performance.now() + LID_MS, dice: local.lastDice?.turn === game.turn ? local.lastDice.dice : null };
    beep(196, 160, 0.3);
  }
  if (prev.phase !== 'look' && game.phase === 'look' && prev.phase !== null) beep(880, 120, 0.2);
  local.prev = { phase: game.phase, turn: game.turn };
  draw(ctx);
}

export function note(ctx, n) {
  if (n?.kind !== 'race' || n.type !== 'close_lid') return;
  ctx.local.lastRace = { turn: ctx.game.turn, note: n };
  if (ctx.game.phase === 'compose') {
    const line = ctx.els.main.querySelector('#www-margins');
    if (line) line.textContent = raceLine(ctx);
  }
}
