// Witch's Brew, phone: the player's private hand. Reading at the top (what is happening, your
// ability and amulets), thumb-sized controls in the bottom half: the ability draft, the 12 role
// toggles, the roles to lead with, the two answers "I am the …!" / "So be it!", the amulet
// question; "Raven taken" and the once-per-set ability sit in a quiet row at the very bottom.

import { h, replay } from '../../js/ui.js';
import { countdown, t, tn, errorText } from '../../js/kit.js';
import { beep, vibrate } from '../../js/sound.js';
import {
  roleIds, roleName, roleTexts, claimText, chainList, winnerLine, physicalCards, KIND_CARD,
  setsText, ravensGoneText, cardsText, amuletsText, morePlayersText, ravenIcon, amuletRow, abilityChip, kindBadge, roleCard, twiceButton, lastTrickThisSet,
  endingFacts,
} from './common.js';

/** @typedef {import('../../js/kit.js').Ctx} Ctx */

export { styles } from './common.js';

export function local() {
  return {
    picked: new Set(),   // roles toggled in `select`, before locking (also in localStorage)
    pickedSet: null,     // the set `picked` belongs to
    pickNote: '',        // a word about the picks, shown above the grid (never over a button)
    keepText: '',        // what is typed in the "which card did you keep?" field
    keepNote: '',
    prevPrompts: '',
  };
}

/** How many roles a player picks for a set (the server's hand size). @param {Ctx} ctx */
const pickCount = (ctx) => ctx.reference.hand_size;

// ---- picks kept across a reload ------------------------------------------------------------------

/** Roles toggled but not yet locked survive a reload: kept by room, game and set.
 * @param {Ctx} ctx */
function picksKey(ctx) {
  return `companion.wb.picks.${ctx.room?.code}.${ctx.gameNumber}.${ctx.game?.set}.${ctx.seat}`;
}

/** @param {Ctx} ctx */
function loadPicks(ctx) {
  try {
    const saved = JSON.parse(localStorage.getItem(picksKey(ctx)) || '[]');
    return new Set((Array.isArray(saved) ? saved : []).filter((r) => roleIds(ctx).includes(r)).slice(0, pickCount(ctx)));
  } catch {
    return new Set();
  }
}

/** @param {Ctx} ctx */
function savePicks(ctx) {
  try {
    if (ctx.local.picked.size) localStorage.setItem(picksKey(ctx), JSON.stringify([...ctx.local.picked]));
    else localStorage.removeItem(picksKey(ctx));
  } catch {
    // Private mode or a full storage: the picks simply do not outlive a reload.
  }
}

/** @param {Ctx} ctx */
function forgetPicks(ctx) {
  try {
    localStorage.removeItem(picksKey(ctx));
  } catch {
    // nothing kept
  }
}

// ---- helpers -----------------------------------------------------------------------------------

/** @param {Ctx} ctx */
export function mount(ctx) {
  const els = {
    root: h('div', { class: 'wb-phone', id: 'wb-phone' }),
    status: h('p', { class: 'wb-ph-status', id: 'wb-status' }),
    headline: h('p', { class: 'wb-ph-head', id: 'wb-headline', 'aria-live': 'polite' }),
    detail: h('div', { class: 'wb-ph-detail', id: 'wb-detail' }),
    mid: h('div', { class: 'wb-ph-mid', id: 'wb-mid' }),
    bottom: h('div', { class: 'wb-ph-bottom', id: 'wb-bottom' }),
    foot: h('div', { class: 'wb-ph-foot', id: 'wb-foot' }),
  };
  els.root.append(h('div', { class: 'wb-ph-top' }, els.status, els.headline, els.detail), els.mid, els.bottom, els.foot);
  els.root.addEventListener('click', (event) => onClick(ctx, event));
  els.root.addEventListener('submit', (event) => {
    event.preventDefault();
    const form = /** @type {HTMLFormElement} */ (event.target);
    if (form.id === 'wb-keep-form') sendKeep(ctx, ctx.local.keepText, form.querySelector('button'));
  });
  els.root.addEventListener('input', (event) => {
    const input = /** @type {HTMLInputElement} */ (event.target);
    if (input.id === 'wb-keep-input') ctx.local.keepText = input.value;
  });
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

/** @param {Ctx} ctx */
function prompts(ctx) {
  return you(ctx).prompts || [];
}

function bigButton(id, label, { cls = '', sub = null, data = null, disabled = false } = {}) {
  return h('button', { type: 'button', id, class: `btn wb-btn ${cls}`.trim(), dataset: data || undefined, disabled },
    h('span', { class: 'wb-btn-label', text: label }),
    sub ? h('span', { class: 'wb-btn-sub', text: sub }) : null);
}

/** @param {Ctx} ctx */
function handOrder(ctx, roles) {
  const set = new Set(roles || []);
  return roleIds(ctx).filter((r) => set.has(r));
}

/** @param {Ctx} ctx */
function handRow(ctx, roles, { title = t('Your hand'), highlight = null, id = 'wb-hand' } = {}) {
  const list = handOrder(ctx, roles);
  return h('div', { class: 'wb-hand-box' },
    h('p', { class: 'wb-small-title', text: `${title} · ${cardsText(list.length)}` }),
    list.length
      ? h('div', { class: 'wb-hand', id }, list.map((r) => roleCard(ctx, r, { cls: `wb-role-chip${r === highlight ? ' wb-role-hot' : ''}` })))
      : h('p', { class: 'wb-hint', text: t('No cards left this set.') }));
}

function deadline(until) {
  return countdown(until, { cls: 'wb-countdown wb-ph-countdown' });
}

// ---- clicks ------------------------------------------------------------------------------------

/** @param {Ctx} ctx */
function onClick(ctx, event) {
  const button = event.target.closest('button');
  if (!button || button.disabled) return;
  const p = prompts(ctx);
  const { picked } = ctx.local;
  const send = (type, payload) => ctx.send(type, payload, { button });
  if (button.dataset.toggle) {
    toggleRole(ctx, button.dataset.toggle, button);
  } else if (button.id === 'wb-select') {
    const PICK = pickCount(ctx);
    if (picked.size !== PICK) {
      replay(button);
      ctx.local.pickNote = t('Pick exactly {PICK} roles first.', { PICK });
      ctx.redraw();
      return;
    }
    // A refusal is written above the grid, not in a toast over this button.
    ctx.send('select', { roles: handOrder(ctx, [...picked]) }, { button, quiet: true }).then((ack) => {
      if (ack && !ack.ok) {
        ctx.local.pickNote = errorText(ack.error);
        ctx.redraw();
      }
    });
  } else if (button.dataset.keep !== undefined) {
    if (!p.includes('keep')) return replay(button);
    sendKeep(ctx, button.dataset.keep, button);
  } else if (button.dataset.play) {
    if (!p.includes('play')) return replay(button);
    send('play', { role: button.dataset.play });
  } else if (button.id === 'wb-claim' || button.id === 'wb-so-be-it') {
    if (!p.includes('answer')) return replay(button);
    // Naming the role makes a tap meant for an earlier trick "too late" instead of a wrong answer.
    send('answer', { claim: button.id === 'wb-claim', role: ctx.game.trick?.role });
  } else if (button.id === 'wb-amulet-yes' || button.id === 'wb-amulet-no') {
    if (!p.includes('amulet')) return replay(button);
    send('amulet', { use: button.id === 'wb-amulet-yes' });
  } else if (button.id === 'wb-points-send') {
    const input = /** @type {HTMLInputElement | null} */ (ctx.els.root.querySelector('#wb-points'));
    // The server checks the number (a whole number in range) and says what is wrong.
    send('points', { seat: ctx.seat, points: Number(input?.value ?? '') });
  } else if (button.dataset.card !== undefined && button.classList.contains('wb-draft-card')) {
    if (!p.includes('draft')) return replay(button);
    const card = (you(ctx).draft_hand || []).find((c) => String(c.id) === button.dataset.card);
    send('draft', { card: card ? card.id : button.dataset.card });
  }
}

/** @param {Ctx} ctx */
function toggleRole(ctx, role, button) {
  const { picked } = ctx.local;
  if (!prompts(ctx).includes('select')) return;
  const PICK = pickCount(ctx);
  if (picked.has(role)) picked.delete(role);
  else if (picked.size >= PICK) {
    replay(button);
    // Written above the grid: a toast would cover the Lock button it is about.
    ctx.local.pickNote = t('You already have {PICK}: tap one of them to drop it.', { PICK });
    ctx.redraw();
    return;
  } else picked.add(role);
  ctx.local.pickNote = '';
  savePicks(ctx);
  beep(picked.has(role) ? 740 : 520, 40, 0.12);
  ctx.redraw();
}

/** Physical ability cards: say which card you kept (its number or name in the app's list).
 * @param {Ctx} ctx */
function sendKeep(ctx, card, button) {
  const said = String(card ?? '').trim();
  if (!said) {
    ctx.local.keepNote = t('Type the number or the name of the card you kept, or tap it below.');
    ctx.redraw();
    return;
  }
  ctx.send('keep', { card: said }, { button, quiet: true }).then((ack) => {
    ctx.local.keepNote = ack && !ack.ok ? (errorText(ack.error)) : '';
    if (ack?.ok) ctx.local.keepText = '';
    ctx.redraw();
  });
}

// ---- top line ----------------------------------------------------------------------------------

function drawStatus(g, ctx) {
  const { els } = ctx;
  const left = Number(g.ravens_left) || 0;
  const me = (g.players || []).find((p) => p.seat === ctx.seat);
  const bits = [
    h('span', { class: 'wb-ph-set', text: g.set ? t('Set {set}', { set: g.set }) : t("Witch's Brew") }),
    g.outcome || g.phase === 'over' || g.phase === 'scoring' ? null : h('span', { class: `wb-ph-ravens${g.last_set || left === 0 ? ' wb-ravens-last' : ''}`, id: 'wb-ravens' },
      ravenIcon({ cls: 'wb-raven wb-raven-tiny' }),
      h('span', { text: g.last_set || left === 0 ? t('last set!') : tn('{n} raven left', '{n} ravens left', left) })),
  ];
  if (me && g.options?.amulets) bits.push(amuletRow(me.amulets, { words: false }));
  els.status.replaceChildren(...bits.filter(Boolean));
}

/** Your own ability (before the reveal too).
 * @param {Ctx} ctx */
function myAbility(ctx, { text = false } = {}) {
  const a = you(ctx).ability;
  if (!a) return null;
  return abilityChip(a, { cls: 'wb-my-ability', text, id: 'wb-my-ability', physical: physicalCards(ctx.game) });
}

// ---- phases ------------------------------------------------------------------------------------

/** The cards to tap for "which card did you keep?": every card by number and name, or with
 * the placeholder data (no real names) one button per kind, which is all the app needs.
 * @param {Ctx} ctx */
function keepChoices(ctx) {
  // the room's box names the cards (the reference has the data file's placeholders)
  const named = ctx.game?.draft?.cards;
  const cards = Array.isArray(named) ? named : Array.isArray(ctx.reference.abilities) ? ctx.reference.abilities : [];
  if (cards.length && cards.every((c) => c.placeholder)) {
    const first = {};
    for (const c of cards) first[c.kind] ??= c;
    return h('div', { class: 'wb-keep-kinds', id: 'wb-keep-list' },
      h('p', { class: 'wb-hint', text: t('The app does not know the cards’ names: tap the kind shown by your card’s icon.') }),
      ['start', 'once', 'multi'].filter((k) => first[k]).map((k) => h('button', {
        type: 'button', class: 'btn wb-keep-card', dataset: { keep: String(first[k].number), kind: k },
      }, kindBadge(k), h('span', { class: 'wb-dc-name', text: KIND_CARD[k] }))));
  }
  return h('div', { class: 'wb-keep-cards', id: 'wb-keep-list' }, cards.map((c) => h('button', {
    type: 'button', class: 'btn wb-keep-card', dataset: { keep: String(c.number), kind: c.kind ?? '' },
    'aria-label': t('Kept: {number} {name}', { number: c.number, name: t(c.name) }),
  }, kindBadge(c.kind), h('span', { class: 'wb-keep-n', text: String(c.number) }), h('span', { class: 'wb-dc-name', text: t(c.name) }))));
}

function drawKeep(g, ctx, order) {
  const { local } = ctx;
  const out = { head: t('Which ability did you keep?'), detail: [], mid: [], bottom: [] };
  const i = order.indexOf(ctx.seat);
  const next = i >= 0 && i < order.length - 1 ? order[i + 1] : null;
  out.detail.push(h('p', {
    text: next !== null
      ? t('Keep one of your 3 cards face down and pass the other 2 to {who}. Then say which one you kept:', { who: ctx.nameOf(next) })
      : t('Keep one of your 3 cards face down and put the other 2 face up under the deck. Then say which one you kept:'),
  }));
  const input = h('input', {
    id: 'wb-keep-input', type: 'text', inputmode: 'text', autocomplete: 'off', maxlength: 60,
    placeholder: t('number or name'), 'aria-label': t('The number or the name of the card you kept'),
  });
  input.value = local.keepText;
  out.bottom.push(h('form', { class: 'wb-keep-form', id: 'wb-keep-form', novalidate: true },
    input, h('button', { type: 'submit', id: 'wb-keep', class: 'btn btn-primary', text: t('Keep') })));
  if (local.keepNote) out.bottom.push(h('p', { class: 'wb-note', id: 'wb-keep-note', role: 'status', text: local.keepNote }));
  out.mid.push(keepChoices(ctx));
  return out;
}

function drawDraft(g, ctx) {
  const y = you(ctx);
  const p = prompts(ctx);
  const d = g.draft || {};
  const order = d.order || [];
  const out = { head: '', detail: [], mid: [], bottom: [] };
  const handCards = y.draft_hand || [];
  const physical = physicalCards(g);
  if (p.includes('keep')) return drawKeep(g, ctx, order);
  if (p.includes('draft')) {
    const i = order.indexOf(ctx.seat);
    const next = i >= 0 && i < order.length - 1 ? order[i + 1] : null;
    out.head = t('Keep one ability');
    out.detail.push(h('p', {
      text: next !== null
        ? t('Tap the card you keep. The other {n} go to {who}.', { n: handCards.length - 1, who: ctx.nameOf(next) })
        : t('Tap the card you keep. The other {n} go face up under the deck.', { n: handCards.length - 1 }),
    }));
    out.bottom.push(h('div', { class: 'wb-draft-hand', id: 'wb-draft-hand' }, handCards.map((c) => h('button', {
      type: 'button', class: 'btn wb-draft-card', dataset: { card: String(c.id), kind: c.kind ?? '' },
      'aria-label': t('Keep {name}', { name: t(c.name) }),
    },
    h('span', { class: 'wb-dc-top' }, kindBadge(c.kind), h('span', { class: 'wb-dc-name', text: c.name ? t(c.name) : String(c.id) })),
    c.text ? h('span', { class: 'wb-dc-text', text: t(c.text) }) : null,
    h('span', { class: 'wb-dc-foot' },
      h('span', { class: 'wb-dc-kind', text: { start: t('start of round'), once: t('once (1x)'), multi: t('any number of times') }[c.kind] || '' }),
      c.placeholder ? h('span', { class: 'wb-tag wb-tag-placeholder', text: t('placeholder') }) : null)))));
    return out;
  }
  if (y.ability) {
    const i = order.indexOf(ctx.seat);
    const next = i >= 0 && i < order.length - 1 ? order[i + 1] : null;
    out.head = t('You keep your ability');
    out.detail.push(h('p', {
      id: 'wb-passed',
      text: next !== null ? (physical ? t('Pass the other cards to {who}.', { who: ctx.nameOf(next) }) : t('Passed the other cards to {who}.', { who: ctx.nameOf(next) }))
        : t('The 2 leftover cards go face up under the deck.'),
    }));
    out.mid.push(myAbility(ctx, { text: true }));
    out.mid.push(h('p', { class: 'wb-hint', text: t('Abilities are revealed once everyone has chosen.') }));
    return out;
  }
  const cur = d.current;
  out.head = t('Ability draft');
  out.detail.push(h('p', { text: cur === null || cur === undefined ? t('Revealing the abilities…') : t('{who} is choosing…', { who: ctx.nameOf(cur) }) }));
  if (physical && order.includes(ctx.seat)) {
    out.detail.push(h('p', { class: 'wb-hint', text: t('Your own cards: you choose when the cards passed to you reach you.') }));
  }
  if (handCards.length) {
    out.mid.push(h('p', { class: 'wb-small-title', text: t('Your card so far (you pick when the others reach you)') }));
    out.mid.push(h('div', { class: 'wb-draft-hand wb-draft-wait' }, handCards.map((c) => h('div', { class: 'wb-draft-card wb-draft-card-static', dataset: { card: String(c.id) } },
      h('span', { class: 'wb-dc-top' }, kindBadge(c.kind), h('span', { class: 'wb-dc-name', text: c.name ? t(c.name) : String(c.id) })),
      c.placeholder ? h('span', { class: 'wb-tag wb-tag-placeholder', text: t('placeholder') }) : null))));
  }
  return out;
}

function drawSelect(g, ctx) {
  const y = you(ctx);
  const out = { head: '', detail: [], mid: [], bottom: [] };
  const players = g.players || [];
  const waiting = players.filter((p) => !p.ready).length;
  if (Array.isArray(y.selected) && y.selected.length) {
    forgetPicks(ctx);
    out.head = t('Your {n} roles', { n: pickCount(ctx) });
    out.detail.push(h('p', { text: waiting ? t('Waiting for {x}…', { x: morePlayersText(waiting) }) : t('Everyone is ready.') }));
    out.mid.push(h('div', { class: 'wb-locked', id: 'wb-locked' }, handOrder(ctx, y.selected).map((r) => roleCard(ctx, r, { cls: 'wb-role-big' }))));
    out.mid.push(myAbility(ctx, { text: true }));
    if (g.first_player === ctx.seat) out.mid.push(h('p', { class: 'wb-hint wb-hint-strong', text: t('You lead the first trick.') }));
    return out;
  }
  const { local } = ctx;
  if (local.pickedSet !== g.set) {
    local.picked = loadPicks(ctx);   // picks made before a reload come back
    local.pickedSet = g.set;
    local.pickNote = '';
  }
  const { picked } = local;
  out.head = t('Choose {n} roles', { n: pickCount(ctx) });
  out.detail.push(h('p', { text: t('Secretly pick {n} of your {all} roles for this set.', { n: pickCount(ctx), all: roleIds(ctx).length }) }));
  const ab = myAbility(ctx);
  if (ab) out.detail.push(ab);
  if (g.first_player !== null && g.first_player !== undefined) {
    out.detail.push(h('p', { class: 'wb-hint', text: g.first_player === ctx.seat ? t('You lead the first trick.') : t('{who} leads the first trick.', { who: ctx.nameOf(g.first_player) }) }));
  }
  const PICK = pickCount(ctx);
  const full = picked.size >= PICK;
  // Messages about the picks sit above the grid, so they never cover the Lock button.
  out.bottom.push(h('p', { class: 'wb-note', id: 'wb-pick-note', role: 'status', hidden: !local.pickNote, text: local.pickNote }));
  out.bottom.push(h('div', { class: 'wb-grid', id: 'wb-grid', role: 'group', 'aria-label': t('Your {n} roles', { n: roleIds(ctx).length }) },
    roleIds(ctx).map((r) => {
      const on = picked.has(r);
      return roleCard(ctx, r, {
        tag: 'button',
        cls: `btn wb-toggle${on ? ' wb-on' : ''}${full && !on ? ' wb-dim' : ''}`,
        attrs: { type: 'button', 'aria-pressed': String(on), dataset: { toggle: r } },
        sub: on ? t('✓ chosen') : null,
      });
    })));
  out.bottom.push(h('div', { class: 'wb-select-row' },
    h('span', { class: `wb-count${full ? ' wb-count-full' : ''}`, id: 'wb-count', text: `${picked.size} / ${PICK}` }),
    bigButton('wb-select', full ? t('Lock my {n} roles', { n: PICK }) : t('Pick {x} more', { x: PICK - picked.size }), { cls: `btn-primary wb-lock`, disabled: !full || !ctx.playing })));
  return out;
}

function drawTrick(g, ctx) {
  const y = you(ctx);
  const p = prompts(ctx);
  const tk = g.trick || {};
  const role = tk.role;
  const out = { head: '', detail: [], mid: [], bottom: [] };
  const hand = y.hand || [];

  if (p.includes('play')) {
    out.head = t('You lead!');
    out.detail.push(h('p', { text: t('Play a role and say “I am the …!”') }));
    if (g.last_trick && lastTrickThisSet(g)) out.detail.push(h('p', { class: 'wb-hint', text: t('Last trick: {x}.', { x: winnerLine(ctx) }) }));
    const cd = deadline(tk.deadline);
    if (tk.nudge) out.detail.push(h('p', { class: 'wb-hint-strong wb-nudge-line', text: t('Time’s up: the table is waiting for you!') }));
    else if (cd) out.detail.push(h('p', { class: 'wb-hint wb-hint-strong' }, cd, t(' left to choose')));
    out.bottom.push(h('div', { class: 'wb-play-grid', id: 'wb-play' }, handOrder(ctx, hand).map((r) => roleCard(ctx, r, {
      tag: 'button', cls: 'btn wb-play-btn',
      attrs: { type: 'button', dataset: { play: r }, 'aria-label': t('Play: {x}', { x: claimText(ctx, r) }) },
      sub: t('play'),
    }))));
    return out;
  }

  if (p.includes('answer')) {
    const texts = roleTexts(ctx, role);
    const claimant = tk.claimant;
    out.head = `${ctx.nameOf(claimant ?? tk.chain?.[0]?.seat)}: “${claimText(ctx, role)}”`;
    out.detail.push(h('p', { class: 'wb-hint-strong', text: t('Your turn: you have this role. Claim it or take the favor.') }));
    out.mid.push(chainList(ctx, tk, { showPasses: false, id: 'wb-chain', cls: 'wb-chain-phone' }));
    const cd = deadline(tk.deadline);
    if (cd) out.bottom.push(h('p', { class: 'wb-timer-line' }, cd, t(' to answer')));
    out.bottom.push(bigButton('wb-claim', claimText(ctx, role), {
      cls: 'btn-primary wb-btn-claim', sub: t('Take the claim. Full action: {action}', { action: texts.action }),
    }));
    out.bottom.push(bigButton('wb-so-be-it', t('So be it!'), {
      cls: 'wb-btn-favor', sub: t('Favor now: {favor}', { favor: texts.favor }),
    }));
    return out;
  }

  if (p.includes('amulet')) {
    const claimant = tk.claimant;
    out.head = t('{who} took the {who2}', { who: ctx.nameOf(claimant), who2: roleName(ctx, role) });
    out.detail.push(h('p', { class: 'wb-hint', text: t('You led and lost the claim. The amulet turns grey: one per set.') }));
    out.mid.push(chainList(ctx, tk, { showPasses: false, id: 'wb-chain', cls: 'wb-chain-phone' }));
    const cd = deadline(tk.deadline);
    if (cd) out.bottom.push(h('p', { class: 'wb-timer-line' }, cd, ' left'));
    out.bottom.push(h('p', { class: 'wb-question', id: 'wb-amulet-q', text: t('Use an amulet to take the {who}?', { who: roleName(ctx, role) }) }));
    out.bottom.push(h('div', { class: 'wb-yesno' },
      bigButton('wb-amulet-yes', t('Yes, use an amulet'), { cls: 'btn-primary' }),
      bigButton('wb-amulet-no', t('No'))));
    return out;
  }

  // Watching the trick.
  const due = tk.due;
  if (role) {
    out.head = `${ctx.nameOf(tk.chain?.[0]?.seat ?? g.leader)}: “${claimText(ctx, role)}”`;
    out.mid.push(chainList(ctx, tk, { showPasses: false, id: 'wb-chain', cls: 'wb-chain-phone' }));
  } else if (g.last_trick && lastTrickThisSet(g)) {
    out.head = `${winnerLine(ctx)}.`;
  } else {
    out.head = t('Set {set} begins', { set: g.set });
  }
  if (due !== null && due !== undefined) {
    const who = ctx.nameOf(due);
    const text = {
      play: t('{who} is choosing a role to lead…', { who }),
      answer: t('{who} is answering…', { who }),
      amulet: t('{who} may use an amulet…', { who }),
    }[tk.due_kind] || t("{who}'s turn…", { who });
    out.detail.push(h('p', { id: 'wb-waiting', text }));
  }
  const mine = role && hand.includes(role);
  if (mine) out.detail.push(h('p', { class: 'wb-hint-strong', text: t('You hold the {who}: your answer comes in seat order.', { who: roleName(ctx, role) }) }));
  if (!hand.length && (y.selected || []).length) out.detail.push(h('p', { class: 'wb-hint', text: t('All your cards are played. Wait for the set to end.') }));
  out.bottom.push(handRow(ctx, hand, { highlight: role }));
  return out;
}

/** After the last set: the player counts their victory points on the table and enters them
 * (again to correct them), with their unused amulets for a tie; the table confirms. */
function drawScoring(g, ctx) {
  const sets = Number(g.set) || 0;
  // Not over yet: the kit's prompt above says to count and enter the points.
  const out = { head: '', detail: [], mid: [], bottom: [] };
  out.detail.push(h('p', { id: 'wb-over-facts', text: ravensGoneText(Number(g.ravens_total) || 0, sets) }));
  const me = (g.players || []).find((p) => p.seat === ctx.seat);
  out.mid.push(amuletsAtTheEnd(g, me));
  // The same field across redraws: what is being typed stays (another phone's entry redraws).
  let input = ctx.els.root.querySelector('#wb-points');
  if (!input) {
    input = h('input', {
      type: 'number', id: 'wb-points', class: 'wb-points-input', inputmode: 'numeric', min: 0, max: 999, step: 1,
      value: me?.points ?? '', 'aria-label': t('Your victory points'),
    });
  }
  // The same button too: a redraw between a finger's press and its release (another phone's
  // entry arriving) would otherwise swap the button under it and the tap would be lost.
  let save = ctx.els.root.querySelector('#wb-points-send');
  if (!save) save = h('button', { type: 'button', id: 'wb-points-send', class: 'btn btn-primary wb-big-btn' });
  save.textContent = t('Save');
  out.bottom.push(h('label', { class: 'wb-hint-strong', for: 'wb-points', text: t('Your victory points') }),
    h('div', { class: 'wb-points-row' }, input, save));
  return out;
}

/** This player's unused amulets, which break a tie (Amulets expansion), or nothing. */
function amuletsAtTheEnd(g, me) {
  if (!me || !g.options?.amulets) return null;
  const n = Number(me.amulets?.unused) || 0;
  return h('div', { class: 'wb-over-amulets', id: 'wb-my-amulets' },
    amuletRow({ unused: n, grey: 0 }, { words: false }),
    h('p', { class: 'wb-hint-strong', text: t('You have {x}.', { x: amuletsText(n) }) }),
    h('p', { class: 'wb-hint', text: t('In a tie, each counts as 2 ingredients or 2 gold nuggets.') }));
}

/** The end: "You win!" or the place, the outcome and the podium are the kit's, above this
 * screen; this keeps only how the sets ended (a tie the amulets broke: in the kit's panel).
 * No line of the last trick stays. */
function drawOver(g) {
  const out = { head: '', detail: [], mid: [], bottom: [] };
  const total = Number(g.ravens_total) || 0;
  if (total > 0 && Number(g.ravens_left) === 0) {
    out.detail.push(h('p', { id: 'wb-over-facts', class: 'wb-hint', text: ravensGoneText(total, Number(g.set) || 0) }));
  }
  return out;
}

function drawWatcher(g, ctx) {
  if (g.outcome) return drawOver(g);
  const out = { head: '', detail: [], mid: [], bottom: [] };
  const tk = g.trick;
  if (g.phase === 'trick' && tk?.role) {
    out.head = claimText(ctx, tk.role);
    out.mid.push(chainList(ctx, tk, { showPasses: false, cls: 'wb-chain-phone' }));
  } else if (g.phase === 'select') {
    out.head = t('Players are choosing roles');
  } else if (g.phase === 'draft') {
    out.head = t('Ability draft');
  } else if (g.phase === 'scoring') {
    out.head = t('After {x}: the table counts the victory points.', { x: setsText(Number(g.set) || 0) });
  } else {
    out.head = g.last_trick ? winnerLine(ctx) : t("Witch's Brew");
  }
  out.mid.push(h('ul', { class: 'wb-watch-list' }, (g.players || []).map((p) => h('li', { dataset: { seat: p.seat } },
    ctx.avatar(p.seat),
    h('span', { class: 'name', text: ctx.nameOf(p.seat) }),
    p.gone ? h('span', { text: t('left the game') }) : null,
    g.phase === 'select' && !p.gone ? h('span', { text: p.ready ? t('✓ ready') : t('choosing…') }) : null,
    g.phase === 'trick' ? h('span', { text: cardsText(Number(p.cards_left) || 0) }) : null))));
  return out;
}

function drawFoot(g, ctx) {
  const { els } = ctx;
  const parts = [];
  if (!isPlayer(ctx) || g.outcome || g.phase === 'over' || g.phase === 'scoring') {
    els.foot.replaceChildren();
    return;
  }
  if (prompts(ctx).includes('ability') && you(ctx).ability) {
    const a = you(ctx).ability;
    const abilityName = a.name ? t(a.name) : t('my ability');
    parts.push(twiceButton('wb-ability', t('Use: {who}', { who: abilityName }), (button) => ctx.send('ability', { card: a.id }, { button }), {
      cls: 'btn wb-foot-btn wb-ability-btn', icon: kindBadge(a.kind), sure: t('Sure? Use it now'),
      title: t('Your once-per-set ability (press twice to confirm)'),
    }));
  }
  const left = Number(g.ravens_left) || 0;
  // Until this set's first card, a raven belongs to the set before: the button says so.
  const back = typeof g.raven_set === 'number' && g.raven_set !== g.set;
  const raven = twiceButton('wb-raven', back ? t('Raven taken (set {raven_set})', { raven_set: g.raven_set }) : t('Raven taken'), (button) => ctx.send('raven', {}, { button }), {
    cls: 'btn wb-foot-btn wb-raven-btn', icon: ravenIcon({ cls: 'wb-raven wb-raven-tiny' }),
    title: t('Press when you take a potion card with a raven (press twice to confirm)'),
  });
  raven.disabled = left <= 0 || !ctx.playing;
  parts.push(raven);
  els.foot.replaceChildren(...parts);
}

// ---- drawing -----------------------------------------------------------------------------------

/** @param {Ctx} ctx */
export function render(ctx) {
  const { game: g, els, local } = ctx;
  local.keepFocus = document.activeElement?.id === 'wb-keep-input';
  // A decision that just became yours: buzz, so a phone lying on the table is noticed.
  const now = (g.you?.prompts || []).filter((k) => ['play', 'answer', 'amulet', 'draft', 'keep'].includes(k)).join(',');
  if (now && now !== local.prevPrompts) {
    ctx.cue('claim');
  }
  local.prevPrompts = now;

  // Ended in any phase (the host's End, everyone left): the end screen, not a frozen phase.
  els.root.dataset.phase = g.outcome ? 'over' : g.phase || '';
  drawStatus(g, ctx);
  endingFacts(ctx);
  let out;
  if (!isPlayer(ctx)) out = drawWatcher(g, ctx);
  else if (g.outcome) out = drawOver(g);
  else if (g.phase === 'draft') out = drawDraft(g, ctx);
  else if (g.phase === 'select') out = drawSelect(g, ctx);
  else if (g.phase === 'trick') out = drawTrick(g, ctx);
  else if (g.phase === 'scoring') out = drawScoring(g, ctx);
  else out = { head: g.phase || '', detail: [], mid: [], bottom: [] };
  els.headline.textContent = out.head;
  els.headline.hidden = !out.head;
  els.detail.replaceChildren(...out.detail.filter(Boolean));
  // What to do now is the kit's prompt (you.prompt), above this screen: no line of our own.
  els.mid.replaceChildren(...out.mid.filter(Boolean));
  els.bottom.replaceChildren(...out.bottom.filter(Boolean));
  drawFoot(g, ctx);
  const p = prompts(ctx);
  els.root.dataset.prompt = ['answer', 'amulet', 'play', 'draft', 'keep', 'select'].find((k) => p.includes(k)) || 'none';
  if (!ctx.playing) for (const b of els.root.querySelectorAll('.wb-ph-bottom button, .wb-ph-mid button')) b.disabled = true;
  // A redraw while typing the kept card keeps the field focused.
  const input = els.bottom.querySelector('#wb-keep-input');
  if (input && local.keepFocus) {
    input.focus();
    input.setSelectionRange(input.value.length, input.value.length);
  }
}
