// Wicked Witches Way, phone: the private hand and controller. Reading at the top (your witch,
// your cards, one line about the table), thumb-sized controls in the bottom half: the lid
// button (timed on pointerdown), the 9 symbol cards, "I play a spell" in your moments (every
// witch has it, whatever she holds), the keep choice, the final place and score.

import { h, formatGap, onPress, pressTime, replay } from '../../js/ui.js';
import { countdown, photoFinish, t, tn, say as viewText, errorText } from '../../js/kit.js';
import { beep, vibrate } from '../../js/sound.js';
import {
  book, symbolIds, symbolName, spellsAt, cardText, symbolIcon, dieTile, dieMark, pawn, witchOf,
  spaceLabel, spaceNumber, cardKind, cardName, isAcrobatics, cardPoints, tableLine,
  resultShort, countLocked, ordinal, diceEntry, standings, formulaRow, lidPresses,
} from './common.js';

/** @typedef {import('../../js/kit.js').Ctx} Ctx */

export { styles } from './common.js';

export function local() {
  return {
    draft: null,         // {turn, a: Set, b: Set, editing: 'a'|'b', two: bool}
    lidPress: null,      // {turn, state: 'pressed'|'won'|'lost', margin}
    picker: null,        // {turn, spell, remove}: choosing symbols for an apply-time spell
    prevPrompts: '',
    decreeShown: false,
    correcting: null,    // the turn whose physical dice the roller is correcting
  };
}

// ---- helpers ---------------------------------------------------------------------------------

/** @param {Ctx} ctx */
export function mount(ctx) {
  const els = {
    root: h('div', { class: 'www-phone', id: 'www-phone' }),
    me: h('div', { class: 'www-me', id: 'www-me' }),
    hand: h('div', { class: 'www-hand', id: 'www-hand', role: 'group', 'aria-label': t('Your Black Magic cards') }),
    line: h('p', { class: 'www-line', id: 'www-table-line', 'aria-live': 'polite' }),
    mid: h('div', { class: 'www-mid', id: 'www-mid' }),
    bottom: h('div', { class: 'www-bottom', id: 'www-bottom' }),
    // Physical dice: when the lid opens the roller taps in the 9 faces here (or the host on the
    // TV, same form), and may correct them while they are shown.
    diceForm: diceEntry({
      ctx,
      submit: (dice, button) => ctx.send('dice', { dice }, { button }).then((ack) => {
        // The corrected view may come before this answer: draw the sorted dice now (as the TV).
        if (ack?.ok && ctx.local.correcting !== null) {
          ctx.local.correcting = null;
          ctx.redraw();
        }
        return ack;
      }),
      onPick: () => vibrate(10),
    }),
  };
  els.root.append(h('div', { class: 'www-top' }, els.me, els.hand, els.line), els.mid, els.bottom);
  els.root.addEventListener('click', (event) => onClick(ctx, event));
  return els;
}

/** @param {Ctx} ctx */
function isPlayer(ctx) {
  return ctx.seat !== null;
}

/** @param {Ctx} ctx */
function you(ctx) {
  return ctx.game.you || {};
}

function physicalDeck(g) {
  return Boolean(g.deck?.physical ?? g.options?.physical_deck);
}

/** Does this seat hold a card of this kind? With a physical deck the app trusts the player.
 * @param {Ctx} ctx */
function holds(ctx, kind) {
  if (physicalDeck(ctx.game)) return true;
  return (you(ctx).hand || []).some((c) => cardKind(c) === kind);
}

/** @param {Ctx} ctx */
function prompts(ctx) {
  return you(ctx).prompts || [];
}

function bigButton(id, label, { cls = '', sub = null, disabled = false, data = null } = {}) {
  return h('button', { type: 'button', id, class: `btn www-btn ${cls}`.trim(), disabled, dataset: data || undefined },
    h('span', { class: 'www-btn-label', text: label }), sub ? h('span', { class: 'www-btn-sub', text: sub }) : null);
}

/** @param {Ctx} ctx */
function symbolsRow(ctx, symbols, { cls = '' } = {}) {
  return h('span', { class: `www-symbols ${cls}`.trim() },
    symbols.length ? symbols.map((s) => h('span', { class: 'www-sym', dataset: { symbol: s } }, symbolIcon(ctx, s)))
      : h('span', { class: 'www-none', text: t('empty') }));
}

/** @param {Ctx} ctx */
function sortSymbols(ctx, set) {
  return symbolIds(ctx).filter((s) => set.has(s));
}

// ---- events ----------------------------------------------------------------------------------

/** @param {Ctx} ctx */
function pressLid(ctx, event) {
  const tk = pressTime(event);
  if (event.button > 0) return;
  event.preventDefault();
  const g = ctx.game;
  const local = ctx.local;
  const button = event.currentTarget;
  if (!ctx.playing || g.phase !== 'look' || !you(ctx).can_close_lid || local.lidPress?.turn === g.turn) {
    replay(button);
    return;
  }
  // Feedback first: the verdict waits for the race to settle, the thumb should not.
  local.lidPress = { turn: g.turn, state: 'pressed' };
  ctx.cue('tap');
  ctx.redraw();
  const turn = g.turn;
  ctx.send('close_lid', { t: tk }, { quiet: true }).then((ack) => {
    if (!ack || local.lidPress?.turn !== turn) return;
    if (ack.ok) {
      local.lidPress = { turn, state: 'won' };
      ctx.cue('lid');
    } else if (ack.error?.code === 'too_late') {
      local.lidPress = { turn, state: 'lost', margin: ack.error.margin_ms };
    } else {
      local.lidPress = null;
      ctx.toast(() => errorText(ack.error, 'Your press did not count.'));
    }
    ctx.redraw();
  });
}

/** @param {Ctx} ctx */
function onClick(ctx, event) {
  const b = event.target.closest('button');
  if (!b || b.disabled) return;
  const g = ctx.game;
  const { draft, picker } = ctx.local;
  const send = (type, payload) => ctx.send(type, payload, { button: b });
  const id = b.id;
  if (b.dataset.symbol && b.classList.contains('www-card')) {
    toggle(ctx, b.dataset.symbol);
  } else if (id === 'www-two') {
    draft.two = !draft.two;
    if (!draft.two) {
      draft.b.clear();
      draft.editing = 'a';
    } else draft.editing = 'b';
    ctx.redraw();
  } else if (b.dataset.edit) {
    draft.editing = b.dataset.edit;
    ctx.redraw();
  } else if (id === 'www-lock') {
    const payload = { cards: sortSymbols(ctx, draft.a) };
    if (draft.two && draft.b.size) payload.second = sortSymbols(ctx, draft.b);
    send('formula', payload).then((ack) => {
      if (ack?.ok) vibrate(30);
    });
  } else if (id === 'www-roll') {
    send('roll', {});
  } else if (id === 'www-decree') {
    send('spell', { card: 'decree' });
  } else if (id === 'www-hold') {
    send('hold', {}).then((ack) => {
      if (ack?.ok) vibrate(30);
    });
  } else if (id === 'www-correct') {
    ctx.local.correcting = g.turn;
    ctx.redraw();
  } else if (id === 'www-correct-cancel') {
    ctx.local.correcting = null;
    ctx.redraw();
  } else if (id === 'www-go-on') {
    ctx.local.picker = null;
    send('pass', {});
  } else if (b.dataset.spell) {
    const kind = b.dataset.spell;
    if (kind === 'repaired_oversight' || kind === 'rectification') {
      ctx.local.picker = { turn: g.turn, spell: kind, remove: null, second: false };
      ctx.redraw();
    } else if (kind === 'attraction') {
      send('spell', { card: 'attraction', spaces: Number(b.dataset.spaces) });
    } else {
      send('spell', { card: kind });
    }
  } else if (id === 'www-picker-cancel') {
    ctx.local.picker = null;
    ctx.redraw();
  } else if (b.dataset.remove) {
    picker.remove = b.dataset.remove;
    ctx.redraw();
  } else if (b.dataset.addTo) {
    picker.second = b.dataset.addTo === 'b';
    ctx.redraw();
  } else if (b.dataset.add) {
    const payload = { card: picker.spell, add: b.dataset.add };
    if (picker.spell === 'repaired_oversight' && picker.second) payload.second = true;
    if (picker.spell === 'rectification') payload.remove = picker.remove;
    send('spell', payload).then((ack) => {
      if (ack?.ok) {
        ctx.local.picker = null;
        ctx.redraw();
      }
    });
  } else if (id === 'www-fog') {
    send('spell', { card: 'magic_fog' }).then((ack) => {
      if (ack?.ok) vibrate(80);
    });
  } else if (b.dataset.keep) {
    send('keep', { card: b.dataset.keep });
  } else if (id === 'www-acrobatics-send') {
    const input = ctx.els.root.querySelector('#www-acrobatics');
    const points = Number(input.value);
    const max = book(ctx).max_acrobatics;
    if (!Number.isInteger(points) || points < 0 || points > max) {
      ctx.toast(() => t('Enter a whole number from 0 to {max}.', { max }));
      input.focus();
      return;
    }
    send('acrobatics', { points }).then((ack) => {
      if (ack?.ok) ctx.toast(() => t('Acrobatics points saved.'), 'info');
    });
  } else if (b.dataset.card) {
    const kind = cardKind(b.dataset.card);
    const text = isAcrobatics(kind) ? t('Acrobatics: points added to your score at the end.') : cardText(ctx, kind);
    if (text) ctx.toast(() => `${cardName(ctx, kind)}: ${text}`, 'info');
  }
}

/** @param {Ctx} ctx */
function toggle(ctx, symbol) {
  const { draft } = ctx.local;
  const mine = draft.editing === 'b' ? draft.b : draft.a;
  const other = draft.editing === 'b' ? draft.a : draft.b;
  if (mine.has(symbol)) mine.delete(symbol);
  else {
    // One set of 9 cards: a card sits in one formula at most.
    other.delete(symbol);
    mine.add(symbol);
  }
  vibrate(10);
  ctx.redraw();
}

// ---- always-on top ---------------------------------------------------------------------------

/** @param {Ctx} ctx */
function drawTop(ctx) {
  const g = ctx.game;
  const { els } = ctx;
  const w = witchOf(g, ctx.seat);
  if (w) {
    const rank = w.finished_rank ? t(' · {rank} across', { rank: ordinal(w.finished_rank) }) : '';
    els.me.replaceChildren(pawn(ctx, w, { cls: 'www-me-pawn' }),
      h('span', { class: 'www-me-text' },
        h('span', { class: 'www-me-witch', text: w.witch }),
        h('span', { class: 'www-me-pos', id: 'www-me-pos', text: `${spaceLabel(ctx, w.position)}${rank}` })),
      h('span', { class: 'www-me-space', text: w.position >= book(ctx).track.finish ? ordinal(w.finished_rank || 1) : spaceNumber(w.position) }));
  } else {
    els.me.replaceChildren();
  }
  const y = g.you || {};
  const chips = [];
  if (!isPlayer(ctx)) {
    els.hand.replaceChildren();
  } else if (!physicalDeck(g)) {
    for (const c of y.hand || []) {
      if (isAcrobatics(c)) continue;
      chips.push(h('button', { type: 'button', class: `www-chip www-chip-${cardKind(c)}`, dataset: { card: c.id || cardKind(c) } }, cardName(ctx, c)));
    }
    const acro = [...(y.acrobatics || []), ...(y.hand || []).filter(isAcrobatics)];
    for (const c of acro) {
      const pts = cardPoints(c);
      chips.push(h('button', { type: 'button', class: 'www-chip www-chip-acro', dataset: { card: c.id || 'acrobatics' } },
        t('Acrobatics {x}{x2}', { x: pts ?? '?', x2: c.placeholder !== false ? '*' : '' })));
    }
    if (!chips.length && g.phase !== 'over' && ctx.room.status !== 'over') chips.push(h('span', { class: 'www-chip-none', text: t('No Black Magic cards yet.') }));
    if (acro.some((c) => c.placeholder !== false)) chips.push(h('span', { class: 'www-chip-note', text: t('* placeholder value') }));
  } else {
    chips.push(h('span', { class: 'www-chip-none', text: t('Black Magic: use your real cards.') }));
  }
  if (isPlayer(ctx)) els.hand.replaceChildren(...chips);
  // Over: the kit's ending above says how it ended; no table line says it again.
  els.line.textContent = g.outcome ? '' : tableLine(ctx, { mine: ctx.seat });
  els.line.hidden = !els.line.textContent;
}

// ---- phases ----------------------------------------------------------------------------------

function drawRoll(g, ctx) {
  const mid = [];
  const bottom = [];
  const rolling = g.roller === ctx.seat;
  const rollerW = witchOf(g, g.roller);
  const physical = Boolean(g.options?.physical_dice);
  for (const r of myResults(g, ctx)) {
    mid.push(h('p', { class: `www-result ${r.verdict}`, id: 'www-last-result' },
      h('span', { class: 'www-small-title', text: t('Turn {n} · ', { n: g.turn - 1 }) }), h('span', { text: r.text ? viewText(r.text) : resultShort(r) })));
  }
  const who = ctx.nameOf(g.roller);
  let say;
  if (rolling) say = physical ? t('You throw the dice into the box!') : t('You roll the dice!');
  else say = physical ? t('{who} throws the dice into the box.', { who }) : t('{who} rolls the dice.', { who });
  mid.push(h('p', { class: 'www-say' }, rollerW ? pawn(ctx, rollerW) : null, h('span', { text: say })));
  if (rolling && physical) {
    mid.push(h('p', { class: 'www-hint', text: t('Throw the {n} real dice into the box, then tap: everyone looks and races for the lid. The faces are typed in later, when the lid opens.', { n: book(ctx).dice }) }));
  }
  if (prompts(ctx).includes('roll')) {
    bottom.push(bigButton('www-roll', physical ? t('Dice thrown: look!') : t('Roll the dice'), { cls: 'btn-primary www-btn-huge', disabled: !ctx.playing }));
  }
  if (g.turn === 1) {
    // Handicaps are a table decision: the host sets them on the TV; the phone only says it.
    const me = witchOf(g, ctx.seat) || {};
    const level = me.handicap || 'normal';
    const text = level === 'novice' ? t('Novice: you start on space {x}.', { x: me.start ?? me.position })
      : level === 'expert' ? t('Expert: never the perfect-formula bonus; Decree gives {seconds} s.', { seconds: book(ctx).decree_seconds.expert })
        : t('Normal pilot, from the start.');
    mid.push(h('p', { class: 'www-hint', id: 'www-my-handicap', text: t('Your level: {text} (The host sets the levels on the TV before the first roll.)', { text }) }));
  }
  return { mid, bottom };
}

function drawLook(g, ctx) {
  const y = g.you || {};
  const { lidPress } = ctx.local;
  const mine = lidPress?.turn === g.turn ? lidPress : null;
  const can = Boolean(y.can_close_lid);
  let label = t('Close the lid!');
  let state = 'ready';
  let say = g.dice ? t('Memorise a formula on the TV, then close the lid!') : t('Look in the box, memorise a formula, then close the lid!');
  if (!can) {
    label = t('Can’t close');
    state = 'disabled';
    say = t('You are on {space}: you cannot close the lid this turn. Memorise a formula anyway!', { space: spaceNumber(book(ctx).track.lowest) });
  }
  if (mine?.state === 'pressed') {
    label = t('Closed?…');
    state = 'pressed';
    say = t('You closed it?… waiting for the verdict.');
  } else if (mine?.state === 'won') {
    label = t('Closed!');
    state = 'won';
    say = t('You closed the lid!');
  } else if (mine?.state === 'lost') {
    label = t('Too late');
    state = 'lost';
    say = lostText(g, ctx, mine);
  }
  const button = h('button', {
    type: 'button', id: 'www-close-lid', class: 'www-lid-btn', dataset: { state },
    'aria-disabled': String(!can), 'aria-label': `${label}. ${say}`,
  }, h('span', { class: 'www-lid-btn-label', text: label }));
  if (!can) button.classList.add('disabled');
  onPress(button, (event) => pressLid(ctx, event));
  return {
    mid: [h('p', { class: `www-say www-say-${state}`, id: 'www-lid-say', text: say })],
    bottom: [h('div', { class: 'www-lid-wrap' }, button)],
  };
}

/** "+3.0 ms ± 5.0 ms — photo finish" when the race marks press `p` as too close to the press
 * before it to be sure of their order (the earlier fair time closed the lid all the same), else
 * null.
 * @param {import('../../js/kit.js').RacePress[]} presses
 * @param {import('../../js/kit.js').RacePress | undefined} p */
function closeCall(presses, p) {
  const before = presses[presses.indexOf(p) - 1];
  if (!p?.close || !before) return null;
  return photoFinish(p.fair - before.fair, (before.uncertainty_ms ?? 0) + (p.uncertainty_ms ?? 0));
}

/** This phone's press in this turn's lid race, and whether it was a photo finish with the press
 * that closed the lid (the one just before it in fair order). */
function myCloseCall(ctx) {
  const presses = lidPresses(ctx);
  const mine = presses.findIndex((p) => p.seat === ctx.seat);
  return mine > 0 && presses[mine - 1].ok ? closeCall(presses, presses[mine]) : null;
}

function lostText(g, ctx, press) {
  const winner = g.lid_closed_by;
  const name = winner === null || winner === undefined ? t('Someone') : ctx.nameOf(winner);
  const close = myCloseCall(ctx);
  if (close) return `${t('{name} closed it first.', { name })} ${close}`;
  return typeof press.margin === 'number' ? t('{name} was {gap} faster.', { name, gap: formatGap(press.margin) }) : t('{name} closed it first.', { name });
}

/** The verdict of the lid race, carried into the compose screen: from the view alone (the race
 * comes with it, `ctx.race`), so a reloaded phone says what it said live, a photo finish too:
 * "You closed the lid · Ben +3.0 ms ± 5.0 ms — photo finish", "Anna closed it first. +3.0 ms …". */
function lidVerdict(g, ctx) {
  const closer = g.lid_closed_by;
  let text;
  if (closer === ctx.seat) {
    const presses = lidPresses(ctx);
    const next = presses[presses.findIndex((p) => p.seat === ctx.seat) + 1];
    const close = next ? closeCall(presses, next) : null;
    text = t('You closed the lid') + (close ? ` · ${ctx.nameOf(next.seat)} ${close}` : '')
      + t('. An invalid formula costs you {n} spaces!', { n: book(ctx).track.penalty });
  } else if (closer === null || closer === undefined) {
    text = t('The table closed the lid.');
  } else {
    const close = myCloseCall(ctx);
    text = t('{name} closed it first.', { name: ctx.nameOf(closer) }) + (close ? ` ${close}` : '');
  }
  return h('p', { class: `www-verdict${closer === ctx.seat ? ' mine' : ''}`, id: 'www-lid-verdict', text });
}

function drawCompose(g, ctx) {
  const y = g.you || {};
  const bottom = [];
  const decree = y.decree && ctx.secondsLeft(y.decree.until) > 0 ? y.decree : null;
  ctx.local.decreeShown = Boolean(decree);
  ctx.els.root.classList.toggle('www-decree-on', Boolean(decree));
  const mid = decree ? [] : [lidVerdict(g, ctx)];
  if (decree && !Array.isArray(decree.dice)) {
    // Physical dice: she lifts the lid of the real box for her Decree; the app keeps the time.
    mid.push(h('div', { class: 'www-decree', id: 'www-decree-panel' },
      h('p', { class: 'www-decree-title' }, h('span', { text: t('Decree: lift the lid and look, alone') }),
        countdown(decree.until, { cls: 'www-countdown' }))));
  } else if (decree) {
    mid.push(h('div', { class: 'www-decree', id: 'www-decree-panel' },
      h('p', { class: 'www-decree-title' }, h('span', { text: t('Decree: the dice, for your eyes only') }),
        countdown(decree.until, { cls: 'www-countdown' })),
      h('div', { class: 'www-dice www-dice-phone', id: 'www-decree-dice' },
        (decree.dice || []).map((d, i) => dieTile(ctx, d, { index: i })))));
  } else if (typeof g.deadline === 'number' && !(g.witches || []).some((w) => w.in_decree)) {
    mid.push(h('p', { class: 'www-countdown', id: 'www-compose-timer' }, t('Time left: '), countdown(g.deadline)));
  }

  if (y.formula) {
    const { locked, total } = countLocked(g);
    mid.push(h('div', { class: 'www-locked', id: 'www-locked' },
      h('p', { class: 'www-small-title', text: t('Your formula is locked') }),
      symbolsRow(ctx, y.formula.cards || []),
      y.formula.second ? h('p', { class: 'www-small-title', text: t('Second formula (needs Double Cross)') }) : null,
      y.formula.second ? symbolsRow(ctx, y.formula.second) : null,
      h('p', { class: 'www-hint', text: t('Waiting for the others: {locked}/{total} locked.', { locked, total }) })));
    return { mid, bottom };
  }
  if (!isPlayer(ctx)) return { mid, bottom };

  if (ctx.local.draft?.turn !== g.turn) ctx.local.draft = { turn: g.turn, a: new Set(), b: new Set(), editing: 'a', two: false };
  const { draft } = ctx.local;
  const canTwo = physicalDeck(g) || holds(ctx, 'double_cross');
  if (!canTwo && draft.two) {
    draft.two = false;
    draft.b.clear();
    draft.editing = 'a';
  }

  if (prompts(ctx).includes('decree')) {
    bottom.push(bigButton('www-decree', t('Play Decree'), { cls: 'www-btn-spell', sub: t('See the dice again before you lock') }));
  } else if (!physicalDeck(g) && holds(ctx, 'decree') && !decree && !witchOf(g, ctx.seat)?.in_decree) {
    mid.push(h('p', { class: 'www-hint', text: t('Decree: playable once everyone else has locked. Lock after using it.') }));
  }

  if (canTwo) {
    bottom.push(h('div', { class: 'www-two-row' },
      h('button', {
        type: 'button', id: 'www-two', class: `btn www-switch${draft.two ? ' on' : ''}`, role: 'switch',
        'aria-checked': String(draft.two),
      }, draft.two ? t('✓ Two formulas (Double Cross)') : t('+ Second formula (Double Cross)')),
      draft.two ? h('div', { class: 'www-seg www-edit' }, ['a', 'b'].map((f) => h('button', {
        type: 'button', class: `btn www-seg-btn${draft.editing === f ? ' on' : ''}`, id: `www-edit-${f}`,
        dataset: { edit: f }, 'aria-pressed': String(draft.editing === f),
      }, t('Formula {n} ({size})', { n: f === 'a' ? 1 : 2, size: (f === 'a' ? draft.a : draft.b).size })))) : null));
  }

  bottom.push(h('div', { class: 'www-cards', id: 'www-cards', role: 'group', 'aria-label': tn('Your {n} symbol card', 'Your {n} symbol cards', symbolIds(ctx).length) },
    symbolIds(ctx).map((s) => {
      const inA = draft.a.has(s);
      const inB = draft.b.has(s);
      const on = draft.editing === 'b' ? inB : inA;
      return h('button', {
        type: 'button', class: `www-card${inA ? ' in-a' : ''}${inB ? ' in-b' : ''}`, dataset: { symbol: s },
        'aria-pressed': String(on), 'aria-label': symbolName(ctx, s) + (inA ? t(', in formula 1') : '') + (inB ? t(', in formula 2') : ''),
      }, symbolIcon(ctx, s, { label: false }), h('span', { class: 'www-card-name', text: symbolName(ctx, s) }),
      inA || inB ? h('span', { class: 'www-card-badge', text: draft.two ? (inA ? '1' : '2') : '✓' }) : null);
    })));

  const n = draft.a.size + draft.b.size;
  const closer = g.lid_closed_by === ctx.seat;
  const label = n === 0 ? t('Lock an empty formula')
    : draft.two && draft.b.size ? t('Lock 2 formulas ({size} + {size2})', { size: draft.a.size, size2: draft.b.size })
      : tn('Lock formula ({n} card)', 'Lock formula ({n} cards)', n);
  bottom.push(bigButton('www-lock', label, {
    cls: 'btn-primary', sub: n === 0 ? (closer ? t('Empty = invalid for the closer: back {n}!', { n: book(ctx).track.penalty }) : t('You will not move.')) : null,
    disabled: !ctx.playing || !prompts(ctx).includes('formula'),
  }));
  return { mid, bottom };
}

function myResults(g, ctx) {
  return (g.results || []).filter((r) => r.seat === ctx.seat);
}

/** @param {Ctx} ctx */
function drawPicker(ctx, g, picker) {
  const y = g.you || {};
  const cards = y.formula?.cards || [];
  const used = new Set([...cards, ...(y.formula?.second || [])]);
  const title = picker.spell === 'repaired_oversight' ? t('Repaired Oversight: add which symbol?')
    : picker.remove ? t('Rectification: …and add which symbol?') : t('Rectification: remove which symbol?');
  let options;
  const two = picker.spell === 'repaired_oversight' && Array.isArray(y.formula?.second);
  const target = two ? h('div', { class: 'www-seg' }, [false, true].map((second) => h('button', {
    type: 'button', class: `btn www-seg-btn${Boolean(picker.second) === second ? ' on' : ''}`,
    id: `www-add-to-${second ? 'b' : 'a'}`, dataset: { addTo: second ? 'b' : 'a' }, 'aria-pressed': String(Boolean(picker.second) === second),
  }, second ? t('Add to formula 2') : t('Add to formula 1')))) : null;
  if (picker.spell === 'rectification' && !picker.remove) {
    options = cards.map((s) => h('button', { type: 'button', class: 'www-card', dataset: { remove: s }, 'aria-label': t('Remove {x}', { x: symbolName(ctx, s) }) },
      symbolIcon(ctx, s, { label: false }), h('span', { class: 'www-card-name', text: symbolName(ctx, s) })));
  } else {
    options = symbolIds(ctx).filter((s) => !used.has(s) || s === picker.remove).filter((s) => s !== picker.remove)
      .map((s) => h('button', { type: 'button', class: 'www-card', dataset: { add: s }, 'aria-label': t('Add {x}', { x: symbolName(ctx, s) }) },
        symbolIcon(ctx, s, { label: false }), h('span', { class: 'www-card-name', text: symbolName(ctx, s) })));
  }
  return [
    h('p', { class: 'www-small-title', text: title }),
    target,
    h('div', { class: 'www-cards www-picker', id: 'www-picker' }, options),
    bigButton('www-picker-cancel', t('Back to the spells'), { cls: 'www-btn-quiet' }),
  ];
}

/** The spells this witch may choose from after "I play a spell": with the app's deck the ones she
 * holds for this moment, with the physical deck every spell of this moment (the app trusts her). */
function spellChoices(g, ctx, moment) {
  const y = g.you || {};
  const kinds = spellsAt(ctx, moment);
  const mine = kinds.filter((kind) => holds(ctx, kind));
  const out = [];
  for (const kind of mine) {
    if (kind === 'attraction') {
      const name = cardName(ctx, kind);
      for (const n of book(ctx).attraction_spaces) {
        out.push(bigButton(`www-attraction-${n}`, t('{name} {n}', { name, n }), {
          cls: 'www-btn-spell', sub: tn('Others {n} space toward you', 'Others {n} spaces toward you', n), data: { spell: kind, spaces: n },
        }));
      }
    } else {
      out.push(bigButton(`www-spell-${kind}`, cardName(ctx, kind), {
        cls: 'www-btn-spell', sub: cardText(ctx, kind), data: { spell: kind },
        disabled: kind === 'double_cross' && !y.formula?.second,
      }));
    }
  }
  return out;
}

function drawResolve(g, ctx) {
  const y = g.you || {};
  const mid = [];
  const bottom = [];
  const p = prompts(ctx);
  const mineDone = myResults(g, ctx);
  const step = g.step;
  if (y.formula) {
    mid.push(h('div', { class: 'www-locked', id: 'www-my-formula' },
      h('p', { class: 'www-small-title', text: y.formula.second ? t('Your formulas (2 counts with Double Cross)') : t('Your formula, revealed to all') }),
      formulaRow(ctx, y.formula)));
  }
  for (const r of mineDone) mid.push(h('p', { class: `www-result ${r.verdict}`, id: 'www-my-result', text: r.text ? viewText(r.text) : resultShort(r) }));

  if (p.includes('dice') && (step === 'read' || ctx.local.correcting === g.turn)) {
    const fixing = step === 'sort';
    mid.push(h('p', { class: 'www-say', text: fixing ? t('Correct the dice:') : t('The lid is off: tap in the {n} dice!', { n: book(ctx).dice }) }));
    bottom.push(ctx.els.diceForm.form(`${g.turn}${fixing ? '-fix' : ''}`, {
      layout: 'phone',
      enabled: ctx.playing,
      initial: fixing ? g.dice : null,
      hint: (filled) => (filled ? t('{filled}/{n} · tap a die up here to take it out', { filled, n: book(ctx).dice })
        : t('0/{n} · the TV can type them in too', { n: book(ctx).dice })),
    }));
    if (fixing) bottom.push(bigButton('www-correct-cancel', t('Keep the dice as they are'), { cls: 'www-btn-quiet' }));
  } else if (step === 'reveal' || step === 'read' || step === 'sort') {
    const text = step === 'reveal' ? t('Every formula is revealed. The lid opens…')
      : step === 'read' ? t('The lid is off: {who} or the table enters the dice.', { who: ctx.nameOf(g.roller) })
        : t('The dice are sorted: see the TV.');
    mid.push(h('p', { class: 'www-hint www-wait', id: 'www-wait', text }));
    if (step === 'sort' && Array.isArray(g.dice)) {
      mid.push(h('div', { class: 'www-dice www-dice-phone', id: 'www-sorted-dice' }, g.dice.map((d, i) => dieTile(ctx, d, { index: i, mark: dieMark(d, g.valid) }))));
    }
    if (step === 'sort' && p.includes('dice')) bottom.push(bigButton('www-correct', t('Correct the dice'), { cls: 'www-btn-quiet' }));
    mid.push(waitingLine(g, ctx));
  } else if (p.includes('keep')) {
    const choice = y.keep_choice || [];
    mid.push(h('p', { class: 'www-say', text: t('Perfect black formula! Keep one card:') }));
    bottom.push(h('div', { class: 'www-keep', id: 'www-keep' }, choice.map((c) => {
      const kind = cardKind(c);
      const pts = cardPoints(c);
      const sub = isAcrobatics(kind) ? (c.placeholder !== false ? tn('{n} point (placeholder value)', '{n} points (placeholder value)', pts ?? NaN, { n: pts ?? '?' }) : tn('{n} point', '{n} points', pts ?? NaN, { n: pts ?? '?' })) : cardText(ctx, kind);
      return h('button', { type: 'button', class: 'btn www-btn www-keep-card', dataset: { keep: c.id || kind } },
        h('span', { class: 'www-btn-label', text: isAcrobatics(kind) ? t('Acrobatics {x}', { x: pts ?? '' }).trim() : cardName(ctx, c) }),
        h('span', { class: 'www-btn-sub', text: sub }));
    })));
  } else if (p.includes('apply') || p.includes('after')) {
    const moment = p.includes('apply') ? 'apply' : 'after';
    const { picker } = ctx.local;
    if (g.holding === ctx.seat && picker && picker.turn === g.turn) {
      bottom.push(...drawPicker(ctx, g, picker));
    } else if (g.holding === ctx.seat) {
      const choices = spellChoices(g, ctx, moment);
      mid.push(h('p', { class: 'www-say', text: choices.length ? t('Which spell?') : t('You hold no spell for this moment.') }));
      if (choices.length) bottom.push(h('div', { class: 'www-spells', id: 'www-spells' }, choices));
      bottom.push(bigButton('www-go-on', t('No spell: go on'), { cls: 'www-btn-quiet' }));
    } else {
      // Every witch gets this moment and this button, whatever she holds: it tells nobody anything.
      const total = g.options.pace_seconds * 1000;
      mid.push(h('p', { class: 'www-say', id: 'www-moment-say', text: moment === 'apply' ? t('Your formula applies in a moment.') : t('A spell after your move? Tap below before the bar runs out.') }));
      bottom.push(h('button', {
        type: 'button', id: 'www-hold', class: 'btn www-btn www-btn-hold',
        dataset: typeof g.deadline === 'number' ? { until: g.deadline, total } : {},
      },
      h('span', { class: 'www-btn-label', text: t('I play a spell') }),
      h('span', { class: 'www-btn-sub' },
        h('span', { text: moment === 'apply' ? t('on my formula · ') : t('after my move · ') }), h('span', { class: 'countdown-text' })),
      h('span', { class: 'www-bar' })));
    }
  } else if (!p.includes('fog')) {
    mid.push(waitingLine(g, ctx));
  }
  if (p.includes('fog') && g.window) {
    const caster = ctx.nameOf(g.window.seat);
    bottom.unshift(h('div', { class: 'www-fog-box' },
      h('p', { class: 'www-say', text: t('{caster} casts {who}!', { caster, who: cardName(ctx, g.window.card) }) }),
      h('button', { type: 'button', id: 'www-fog', class: 'btn www-btn www-btn-fog', dataset: { until: g.window.until } },
        h('span', { class: 'www-btn-label', text: t('Magic Fog!') }),
        h('span', { class: 'www-btn-sub' }, h('span', { text: t('Cancel it · ') }), h('span', { class: 'countdown-text' })))));
  }
  return { mid, bottom };
}

/** Where this witch stands in the order of the reveal, in words. */
function waitingText(g, ctx) {
  const order = g.order || [];
  const mine = order.indexOf(ctx.seat);
  if (mine < 0) return t('Watch the TV.');
  const done = (g.results || []).some((r) => r.seat === ctx.seat);
  if (done) return t('Your formula has been applied. Watch the TV.');
  const c = g.current;
  const now = c === null || c === undefined ? -1 : order.indexOf(c);
  const before = now < 0 ? mine : mine - now - 1;
  if (now < 0 && mine === 0) return t('Your formula is applied first.');
  if (before <= 0) return t('Your formula is applied next.');
  return now < 0 ? tn('{n} witch applies her formula before you.', '{n} witches apply their formulas before you.', before)
    : tn('{n} more witch applies her formula before you.', '{n} more witches apply their formulas before you.', before);
}

function waitingLine(g, ctx) {
  return h('p', { class: 'www-hint www-wait', id: 'www-wait-order', text: waitingText(g, ctx) });
}

function drawOver(g, ctx) {
  const mid = [];
  const bottom = [];
  const rows = standings(g);
  const ended = !Array.isArray(g.final) || !g.final.length;
  const me = rows.find((r) => r.seat === ctx.seat);
  const physical = physicalDeck(g);
  const best = rows.filter((r) => r.rank === 1);
  const winner = ended ? t('The host ended the game before the finish.')
    : best.length > 1 ? t('A tie: {who} share the win (points: {x}).', { who: best.map((r) => ctx.nameOf(r.seat)).join(' & '), x: best[0].total })
      : best.length ? (best[0].seat === ctx.seat ? t('You win (points: {x})!', { x: best[0].total }) : t('{who} wins (points: {x}).', { who: ctx.nameOf(best[0].seat), x: best[0].total }))
        : '';
  // Once over, the kit's ending above says the place ("You win!"), the winner and the podium:
  // this keeps what it does not say, how the points are made up. Until then (the acrobatics of
  // a physical deck are being entered) the page says the standings itself.
  const told = Boolean(g.outcome);
  if (me) {
    const acro = me.acrobatics === null || me.acrobatics === undefined ? ''
      : ' + ' + (physical || !g.placeholders?.acrobatics ? t('acrobatics: {n}', { n: me.acrobatics }) : t('acrobatics: {n} (placeholder values)', { n: me.acrobatics }));
    mid.push(h('div', { class: 'www-score', id: 'www-my-score' },
      told ? null : h('p', { class: 'www-score-rank', id: 'www-my-place', text: t('{rank} place', { rank: ordinal(me.rank) }) }),
      h('p', { class: 'www-score-total', id: 'www-my-total', text: tn('{n} point', '{n} points', me.total) }),
      h('p', { class: 'www-hint', text: t('{place_points} race{acro}', { place_points: me.place_points, acro }) })));
  }
  if (!told) {
    mid.push(h('p', { class: 'www-say www-winner-line', id: 'www-winner-line', text: winner }));
    mid.push(h('ol', { class: 'www-final-phone', id: 'www-final' }, rows.map((r) => h('li', { class: r.seat === ctx.seat ? 'mine' : null, dataset: { seat: r.seat } },
      h('span', { class: 'pos', text: ordinal(r.rank) }),
      pawn(ctx, witchOf(g, r.seat) || { seat: r.seat, witch: r.witch }),
      ctx.avatar(r.seat),
      h('span', { class: 'name', text: ctx.nameOf(r.seat) }),
      h('span', { class: 'pts', text: String(r.total) })))));
  }
  if (physical && isPlayer(ctx) && me && !ended && g.phase === 'over') {
    let input = ctx.els.root.querySelector('#www-acrobatics');
    if (!input) {
      input = h('input', {
        type: 'number', id: 'www-acrobatics', inputmode: 'numeric', min: 0, max: book(ctx).max_acrobatics, step: 1,
        value: me.acrobatics ?? 0, 'aria-label': t('Your acrobatics points'),
      });
    }
    bottom.push(h('label', { class: 'www-small-title', for: 'www-acrobatics', text: t('Your acrobatics cards: total points') }),
      h('div', { class: 'www-acro-row' }, input,
        h('button', { type: 'button', id: 'www-acrobatics-send', class: 'btn btn-primary www-btn' }, t('Save'))));
  }
  return { mid, bottom };
}

function drawWatcher(g, ctx) {
  const ws = [...(g.witches || [])].sort((a, b) => b.position - a.position);
  return {
    mid: [h('ol', { class: 'www-final-phone' }, ws.map((w) => h('li', { dataset: { seat: w.seat } },
      pawn(ctx, w), ctx.avatar(w.seat), h('span', { class: 'name', text: `${ctx.nameOf(w.seat)} · ${w.witch}` }),
      h('span', { class: 'pts', text: w.position >= book(ctx).track.finish ? t('{rank} across', { rank: ordinal(w.finished_rank || 1) }) : String(w.position) }))))],
    bottom: [],
  };
}

// ---- update ----------------------------------------------------------------------------------

/** @param {Ctx} ctx */
export function render(ctx) {
  const g = ctx.game;
  const { els, local } = ctx;
  if (local.lidPress && local.lidPress.turn !== g.turn) local.lidPress = null;
  if (local.picker && (local.picker.turn !== g.turn || g.holding !== ctx.seat)) local.picker = null;
  if (local.correcting !== null && (g.step !== 'sort' || g.turn !== local.correcting)) local.correcting = null;
  // A new thing to do: a buzz, so a phone in a pocket is noticed.
  const now = (g.you?.prompts || []).filter((p) => p !== 'close_lid' && p !== 'formula').join(',');
  if (now && now !== local.prevPrompts) vibrate([60, 40, 60]);
  local.prevPrompts = now;

  if (g.phase !== 'compose') els.root.classList.remove('www-decree-on');
  drawTop(ctx);
  let parts;
  const over = g.phase === 'over' || ctx.room.status === 'over';
  els.root.dataset.phase = over ? 'over' : g.phase;
  if (over) parts = drawOver(g, ctx);
  else if (!isPlayer(ctx)) parts = drawWatcher(g, ctx);
  else if (g.phase === 'roll') parts = drawRoll(g, ctx);
  else if (g.phase === 'look') parts = drawLook(g, ctx);
  else if (g.phase === 'compose') parts = drawCompose(g, ctx);
  else if (g.phase === 'resolve') parts = drawResolve(g, ctx);
  else if (g.phase === 'over') parts = drawOver(g, ctx);
  else parts = { mid: [], bottom: [] };
  const focused = document.activeElement?.id === 'www-acrobatics';
  // The middle gets the status card (the player's place, the table's moment),
  // except while the formula or a choice of cards needs the room.
  const mid = parts.mid.filter(Boolean);
  const busy = g.phase === 'compose' || (g.you?.prompts || []).some((p) => p === 'keep' || p === 'dice');
  if (isPlayer(ctx) && !over && !busy && ctx.statusEl) {
    ctx.status(statusCard(ctx));
    mid.unshift(ctx.statusEl);
  }
  els.mid.replaceChildren(...mid);
  els.bottom.replaceChildren(...parts.bottom.filter(Boolean));
  if (focused) els.root.querySelector('#www-acrobatics')?.focus();
}

// Functions, so that each English text stays a literal inside t() for the catalogues.
const PHASE_LINE = {
  roll: (t, p) => t('Turn {turn}: {name} rolls the dice', p),
  // "you roll", not "you rolls": the roller's own phone gets its own sentence.
  roll_you: (t, p) => t('Turn {turn}: you roll the dice', p),
  look: (t, p) => t('Turn {turn}: the lid is open, look at the dice!', p),
  compose: (t, p) => t('Turn {turn}: everyone writes a formula', p),
  resolve: (t, p) => t('Turn {turn}: formulas checked · now: {name}', p),
};

/** The player's standing and the table's moment.
 * @param {Ctx} ctx */
function statusCard(ctx) {
  const g = ctx.game;
  const { t } = ctx;
  const ws = g.witches || [];
  const me = ws.find((w) => w.seat === ctx.seat);
  const ahead = me ? ws.filter((w) => w.position > me.position).length : 0;
  const level = me ? ws.filter((w) => w.seat !== me.seat && w.position === me.position).length : 0;
  let you = '';
  if (me && level === ws.length - 1) you = t('Level with everyone on the track');
  else if (me) you = level ? t('{place} on the track, level with {n}', { place: ordinal(ahead + 1), n: level }) : t('{place} on the track', { place: ordinal(ahead + 1) });
  const who = g.phase === 'roll' ? g.roller : g.current;
  const line = PHASE_LINE[g.phase === 'roll' && who === ctx.seat ? 'roll_you' : g.phase];
  const table = line ? line(t, { turn: g.turn, name: who === null || who === undefined ? '…' : (who === ctx.seat ? t('you') : ctx.nameOf(who)) }) : '';
  // What to do now is the kit's prompt (you.prompt, the server's sentence), not a line of ours.
  return { you, table };
}

/** Every frame: the Decree dice vanish at `until`, on this phone's estimate of the server clock.
 * @param {Ctx} ctx */
export function tick(ctx) {
  const y = ctx.game.you || {};
  const decreeLive = Boolean(y.decree) && ctx.secondsLeft(y.decree.until) > 0;
  if (ctx.local.decreeShown !== decreeLive && ctx.game.phase === 'compose') ctx.redraw();
}
