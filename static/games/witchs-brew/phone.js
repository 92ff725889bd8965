// Witch's Brew, phone: the player's private hand. Reading at the top (what is happening, your
// ability and amulets), thumb-sized controls in the bottom half: the ability draft, the 12 role
// toggles, the roles to lead with, the two answers "I am the …!" / "So be it!", the amulet
// question; "Raven taken" and the once-per-set ability sit in a quiet row at the very bottom.

import { h } from '../../js/ui.js';
import { beep, vibrate } from '../../js/sound.js';
import {
  loadStyles, ROLES, roleName, roleTexts, claimText, nameOf, chainList, winnerLine, tickDeadlines,
  ravenIcon, amuletRow, abilityChip, kindBadge, roleCard, plural, confirmButton, lastTrickThisSet,
} from './common.js';

let els = null;
let latest = null;          // {view, ctx}
let timer = null;
let busy = false;
let picked = new Set();     // roles toggled in `select`, before locking
let pickedSet = null;       // the set `picked` belongs to
let prevPrompts = '';

const PICK = 5;

// ---- helpers -----------------------------------------------------------------------------------

function mount(root) {
  loadStyles();
  els = {
    root: h('div', { class: 'wb-phone', id: 'wb-phone' }),
    status: h('p', { class: 'wb-ph-status', id: 'wb-status' }),
    headline: h('p', { class: 'wb-ph-head', id: 'wb-headline', 'aria-live': 'polite' }),
    detail: h('div', { class: 'wb-ph-detail', id: 'wb-detail' }),
    mid: h('div', { class: 'wb-ph-mid', id: 'wb-mid' }),
    bottom: h('div', { class: 'wb-ph-bottom', id: 'wb-bottom' }),
    foot: h('div', { class: 'wb-ph-foot', id: 'wb-foot' }),
  };
  els.root.append(h('div', { class: 'wb-ph-top' }, els.status, els.headline, els.detail), els.mid, els.bottom, els.foot);
  els.root.addEventListener('click', onClick);
  root.replaceChildren(els.root);
}

function isPlayer(ctx) {
  return ctx.seat !== null && ctx.seat !== undefined;
}

function game() {
  return latest.view.game;
}

function you() {
  return game().you || {};
}

function prompts() {
  return you().prompts || [];
}

function playing() {
  return latest?.view.room?.status === 'playing';
}

async function send(type, payload = {}, button = null) {
  if (!latest || busy) return null;
  busy = true;
  if (button) button.disabled = true;
  let ack;
  try {
    ack = await latest.ctx.act(type, payload);
  } finally {
    busy = false;
  }
  if (button?.isConnected) button.disabled = false;
  if (!ack?.ok) latest.ctx.toast?.(ack?.error?.message || 'That did not work.');
  if (latest && els) update();  // the view decides what stays enabled
  return ack;
}

function wobble(el) {
  el.classList.remove('wb-nope');
  void el.offsetWidth;
  el.classList.add('wb-nope');
}

function bigButton(id, label, { cls = '', sub = null, data = null, disabled = false } = {}) {
  return h('button', { type: 'button', id, class: `btn wb-btn ${cls}`.trim(), dataset: data || undefined, disabled },
    h('span', { class: 'wb-btn-label', text: label }),
    sub ? h('span', { class: 'wb-btn-sub', text: sub }) : null);
}

function handOrder(roles) {
  const set = new Set(roles || []);
  return ROLES.filter((r) => set.has(r));
}

function handRow(g, roles, { title = 'Your hand', highlight = null, id = 'wb-hand' } = {}) {
  const list = handOrder(roles);
  return h('div', { class: 'wb-hand-box' },
    h('p', { class: 'wb-small-title', text: `${title} · ${plural(list.length, 'card')}` }),
    list.length
      ? h('div', { class: 'wb-hand', id }, list.map((r) => roleCard(g, r, { cls: `wb-role-chip${r === highlight ? ' wb-role-hot' : ''}` })))
      : h('p', { class: 'wb-hint', text: 'No cards left this set.' }));
}

function countdown(deadline) {
  if (typeof deadline !== 'number') return null;
  return h('span', { class: 'wb-countdown wb-ph-countdown', dataset: { deadline } });
}

// ---- clicks ------------------------------------------------------------------------------------

function onClick(event) {
  const button = event.target.closest('button');
  if (!button || !latest || button.disabled) return;
  const p = prompts();
  if (button.dataset.toggle) {
    toggleRole(button.dataset.toggle, button);
  } else if (button.id === 'wb-select') {
    if (picked.size !== PICK) {
      wobble(button);
      latest.ctx.toast?.(`Pick exactly ${PICK} roles first.`);
      return;
    }
    send('select', { roles: handOrder([...picked]) }, button);
  } else if (button.dataset.play) {
    if (!p.includes('play')) return wobble(button);
    send('play', { role: button.dataset.play }, button);
  } else if (button.id === 'wb-claim' || button.id === 'wb-so-be-it') {
    if (!p.includes('answer')) return wobble(button);
    // Naming the role makes a tap meant for an earlier trick "too late" instead of a wrong answer.
    send('answer', { claim: button.id === 'wb-claim', role: game().trick?.role }, button);
  } else if (button.id === 'wb-amulet-yes' || button.id === 'wb-amulet-no') {
    if (!p.includes('amulet')) return wobble(button);
    send('amulet', { use: button.id === 'wb-amulet-yes' }, button);
  } else if (button.dataset.card !== undefined && button.classList.contains('wb-draft-card')) {
    if (!p.includes('draft')) return wobble(button);
    const card = (you().draft_hand || []).find((c) => String(c.id) === button.dataset.card);
    send('draft', { card: card ? card.id : button.dataset.card }, button);
  }
}

function toggleRole(role, button) {
  if (!prompts().includes('select')) return;
  if (picked.has(role)) picked.delete(role);
  else if (picked.size >= PICK) {
    wobble(button);
    latest.ctx.toast?.(`You already have ${PICK}: tap one of them to drop it.`, 'info');
    return;
  } else picked.add(role);
  beep(picked.has(role) ? 740 : 520, 40, 0.12);
  update();
}

// ---- top line ----------------------------------------------------------------------------------

function drawStatus(g, ctx) {
  const left = Number(g.ravens_left) || 0;
  const me = (g.players || []).find((p) => p.seat === ctx.seat);
  const bits = [
    h('span', { class: 'wb-ph-set', text: g.set ? `Set ${g.set}` : "Witch's Brew" }),
    g.phase === 'over' ? null : h('span', { class: `wb-ph-ravens${g.last_set || left === 0 ? ' wb-ravens-last' : ''}`, id: 'wb-ravens' },
      ravenIcon({ cls: 'wb-raven wb-raven-tiny' }),
      h('span', { text: g.last_set || left === 0 ? 'last set!' : `${left} ${left === 1 ? 'raven' : 'ravens'} left` })),
  ];
  if (me && g.options?.amulets) bits.push(amuletRow(me.amulets, { words: false }));
  els.status.replaceChildren(...bits.filter(Boolean));
}

/** Your own ability (before the reveal too). */
function myAbility(g, { text = false } = {}) {
  const a = you().ability;
  if (!a) return null;
  return abilityChip(a, { cls: 'wb-my-ability', text, id: 'wb-my-ability' });
}

// ---- phases ------------------------------------------------------------------------------------

function drawDraft(g, ctx) {
  const y = you();
  const p = prompts();
  const d = g.draft || {};
  const order = d.order || [];
  const out = { head: '', detail: [], mid: [], bottom: [] };
  const handCards = y.draft_hand || [];
  if (p.includes('draft')) {
    const i = order.indexOf(ctx.seat);
    const next = i >= 0 && i < order.length - 1 ? order[i + 1] : null;
    out.head = 'Keep one ability';
    out.detail.push(h('p', {
      text: next !== null
        ? `Tap the card you keep. The other ${handCards.length - 1} go to ${nameOf(ctx.names, next, g)}.`
        : `Tap the card you keep. The other ${handCards.length - 1} go face up under the deck.`,
    }));
    out.bottom.push(h('div', { class: 'wb-draft-hand', id: 'wb-draft-hand' }, handCards.map((c) => h('button', {
      type: 'button', class: 'btn wb-draft-card', dataset: { card: String(c.id), kind: c.kind ?? '' },
      'aria-label': `Keep ${c.name}`,
    },
    h('span', { class: 'wb-dc-top' }, kindBadge(c.kind), h('span', { class: 'wb-dc-name', text: c.name || String(c.id) })),
    c.text ? h('span', { class: 'wb-dc-text', text: c.text }) : null,
    h('span', { class: 'wb-dc-foot' },
      h('span', { class: 'wb-dc-kind', text: { start: 'start of round', once: 'once (1x)', multi: 'any number of times' }[c.kind] || '' }),
      c.placeholder ? h('span', { class: 'wb-tag wb-tag-placeholder', text: 'placeholder' }) : null)))));
    return out;
  }
  if (y.ability) {
    const i = order.indexOf(ctx.seat);
    const next = i >= 0 && i < order.length - 1 ? order[i + 1] : null;
    out.head = 'You keep your ability';
    out.detail.push(h('p', {
      id: 'wb-passed',
      text: next !== null ? `Passed the other cards to ${nameOf(ctx.names, next, g)}.`
        : 'The 2 leftover cards go face up under the deck.',
    }));
    out.mid.push(myAbility(g, { text: true }));
    out.mid.push(h('p', { class: 'wb-hint', text: 'Abilities are revealed once everyone has chosen.' }));
    return out;
  }
  const cur = d.current;
  out.head = 'Ability draft';
  out.detail.push(h('p', { text: cur === null || cur === undefined ? 'Revealing the abilities…' : `${nameOf(ctx.names, cur, g)} is choosing…` }));
  if (handCards.length) {
    out.mid.push(h('p', { class: 'wb-small-title', text: 'Your card so far (you pick when the others reach you)' }));
    out.mid.push(h('div', { class: 'wb-draft-hand wb-draft-wait' }, handCards.map((c) => h('div', { class: 'wb-draft-card wb-draft-card-static', dataset: { card: String(c.id) } },
      h('span', { class: 'wb-dc-top' }, kindBadge(c.kind), h('span', { class: 'wb-dc-name', text: c.name || String(c.id) })),
      c.placeholder ? h('span', { class: 'wb-tag wb-tag-placeholder', text: 'placeholder' }) : null))));
  }
  return out;
}

function drawSelect(g, ctx) {
  const y = you();
  const out = { head: '', detail: [], mid: [], bottom: [] };
  const players = g.players || [];
  const waiting = players.filter((p) => !p.ready).length;
  if (Array.isArray(y.selected) && y.selected.length) {
    out.head = 'Your 5 roles';
    out.detail.push(h('p', { text: waiting ? `Waiting for ${plural(waiting, 'more player')}…` : 'Everyone is ready.' }));
    out.mid.push(h('div', { class: 'wb-locked', id: 'wb-locked' }, handOrder(y.selected).map((r) => roleCard(g, r, { cls: 'wb-role-big' }))));
    out.mid.push(myAbility(g, { text: true }));
    if (g.first_player === ctx.seat) out.mid.push(h('p', { class: 'wb-hint wb-hint-strong', text: 'You lead the first trick.' }));
    return out;
  }
  if (pickedSet !== g.set) {
    picked = new Set();
    pickedSet = g.set;
  }
  out.head = 'Choose 5 roles';
  out.detail.push(h('p', { text: 'Secretly pick 5 of your 12 roles for this set.' }));
  const ab = myAbility(g);
  if (ab) out.detail.push(ab);
  if (g.first_player !== null && g.first_player !== undefined) {
    out.detail.push(h('p', { class: 'wb-hint', text: g.first_player === ctx.seat ? 'You lead the first trick.' : `${nameOf(ctx.names, g.first_player, g)} leads the first trick.` }));
  }
  const full = picked.size >= PICK;
  out.bottom.push(h('div', { class: 'wb-grid', id: 'wb-grid', role: 'group', 'aria-label': 'Your 12 roles' },
    ROLES.map((r) => {
      const on = picked.has(r);
      return roleCard(g, r, {
        tag: 'button',
        cls: `btn wb-toggle${on ? ' wb-on' : ''}${full && !on ? ' wb-dim' : ''}`,
        attrs: { type: 'button', 'aria-pressed': String(on), dataset: { toggle: r } },
        sub: on ? '✓ chosen' : null,
      });
    })));
  out.bottom.push(h('div', { class: 'wb-select-row' },
    h('span', { class: `wb-count${full ? ' wb-count-full' : ''}`, id: 'wb-count', text: `${picked.size} / ${PICK}` }),
    bigButton('wb-select', full ? 'Lock my 5 roles' : `Pick ${PICK - picked.size} more`, { cls: `btn-primary wb-lock`, disabled: !full || !playing() })));
  return out;
}

function drawTrick(g, ctx) {
  const y = you();
  const p = prompts();
  const t = g.trick || {};
  const role = t.role;
  const out = { head: '', detail: [], mid: [], bottom: [] };
  const hand = y.hand || [];

  if (p.includes('play')) {
    out.head = 'You lead!';
    out.detail.push(h('p', { text: 'Play a role and say “I am the …!”' }));
    if (g.last_trick && lastTrickThisSet(g)) out.detail.push(h('p', { class: 'wb-hint', text: `Last trick: ${winnerLine(g, ctx.names)}.` }));
    const cd = countdown(t.deadline);
    if (t.nudge) out.detail.push(h('p', { class: 'wb-hint-strong wb-nudge-line', text: 'Time’s up: the table is waiting for you!' }));
    else if (cd) out.detail.push(h('p', { class: 'wb-hint wb-hint-strong' }, cd, ' left to choose'));
    out.bottom.push(h('div', { class: 'wb-play-grid', id: 'wb-play' }, handOrder(hand).map((r) => roleCard(g, r, {
      tag: 'button', cls: 'btn wb-play-btn',
      attrs: { type: 'button', dataset: { play: r }, 'aria-label': `Play: ${claimText(g, r)}` },
      sub: 'play',
    }))));
    return out;
  }

  if (p.includes('answer')) {
    const texts = roleTexts(g, role);
    const claimant = t.claimant;
    out.head = `${nameOf(ctx.names, claimant ?? t.chain?.[0]?.seat, g)}: “${claimText(g, role)}”`;
    out.detail.push(h('p', { class: 'wb-hint-strong', text: 'Your turn: you have this role. Claim it or take the favor.' }));
    out.mid.push(chainList(g, t, ctx.names, { showPasses: false, id: 'wb-chain', cls: 'wb-chain-phone' }));
    const cd = countdown(t.deadline);
    if (cd) out.bottom.push(h('p', { class: 'wb-timer-line' }, cd, ' to answer'));
    out.bottom.push(bigButton('wb-claim', claimText(g, role), {
      cls: 'btn-primary wb-btn-claim', sub: `Take the claim. Full action: ${texts.action}`,
    }));
    out.bottom.push(bigButton('wb-so-be-it', 'So be it!', {
      cls: 'wb-btn-favor', sub: `Favor now: ${texts.favor}`,
    }));
    return out;
  }

  if (p.includes('amulet')) {
    const claimant = t.claimant;
    out.head = `${nameOf(ctx.names, claimant, g)} took the ${roleName(g, role)}`;
    out.detail.push(h('p', { class: 'wb-hint', text: 'You led and lost the claim. The amulet turns grey: one per set.' }));
    out.mid.push(chainList(g, t, ctx.names, { showPasses: false, id: 'wb-chain', cls: 'wb-chain-phone' }));
    const cd = countdown(t.deadline);
    if (cd) out.bottom.push(h('p', { class: 'wb-timer-line' }, cd, ' left'));
    out.bottom.push(h('p', { class: 'wb-question', id: 'wb-amulet-q', text: `Use an amulet to take the ${roleName(g, role)}?` }));
    out.bottom.push(h('div', { class: 'wb-yesno' },
      bigButton('wb-amulet-yes', 'Yes, use an amulet', { cls: 'btn-primary' }),
      bigButton('wb-amulet-no', 'No')));
    return out;
  }

  // Watching the trick.
  const due = t.due;
  if (role) {
    out.head = `${nameOf(ctx.names, t.chain?.[0]?.seat ?? g.leader, g)}: “${claimText(g, role)}”`;
    out.mid.push(chainList(g, t, ctx.names, { showPasses: false, id: 'wb-chain', cls: 'wb-chain-phone' }));
  } else if (g.last_trick && lastTrickThisSet(g)) {
    out.head = `${winnerLine(g, ctx.names)}.`;
  } else {
    out.head = `Set ${g.set} begins`;
  }
  if (due !== null && due !== undefined) {
    const who = nameOf(ctx.names, due, g);
    const text = {
      play: `${who} is choosing a role to lead…`,
      answer: `${who} is answering…`,
      amulet: `${who} may use an amulet…`,
    }[t.due_kind] || `${who}'s turn…`;
    out.detail.push(h('p', { id: 'wb-waiting', text }));
  }
  const mine = role && hand.includes(role);
  if (mine) out.detail.push(h('p', { class: 'wb-hint-strong', text: `You hold the ${roleName(g, role)}: your answer comes in seat order.` }));
  if (!hand.length && (y.selected || []).length) out.detail.push(h('p', { class: 'wb-hint', text: 'All your cards are played. Wait for the set to end.' }));
  out.bottom.push(handRow(g, hand, { highlight: role }));
  return out;
}

function drawOver(g, ctx) {
  const out = { head: 'Game over', detail: [], mid: [], bottom: [] };
  out.detail.push(h('p', { text: 'Count the victory points on the table.' }));
  const me = (g.players || []).find((p) => p.seat === ctx.seat);
  if (me && g.options?.amulets) {
    const n = Number(me.amulets?.unused) || 0;
    out.mid.push(h('div', { class: 'wb-over-amulets', id: 'wb-my-amulets' },
      amuletRow({ unused: n, grey: 0 }, { words: false }),
      h('p', { class: 'wb-hint-strong', text: `You have ${plural(n, 'unused amulet')}.` }),
      h('p', { class: 'wb-hint', text: 'In a tie, each counts as 2 ingredients or 2 gold nuggets.' })));
  }
  return out;
}

function drawWatcher(g, ctx) {
  const out = { head: '', detail: [], mid: [], bottom: [] };
  const t = g.trick;
  if (g.phase === 'trick' && t?.role) {
    out.head = claimText(g, t.role);
    out.mid.push(chainList(g, t, ctx.names, { showPasses: false, cls: 'wb-chain-phone' }));
  } else if (g.phase === 'select') {
    out.head = 'Players are choosing roles';
  } else if (g.phase === 'draft') {
    out.head = 'Ability draft';
  } else if (g.phase === 'over') {
    out.head = 'Game over';
  } else {
    out.head = g.last_trick ? winnerLine(g, ctx.names) : "Witch's Brew";
  }
  out.mid.push(h('ul', { class: 'wb-watch-list' }, (g.players || []).map((p) => h('li', { dataset: { seat: p.seat } },
    h('span', { class: 'name', text: p.name || nameOf(ctx.names, p.seat, g) }),
    g.phase === 'select' ? h('span', { text: p.ready ? '✓ ready' : 'choosing…' }) : null,
    g.phase === 'trick' ? h('span', { text: plural(Number(p.cards_left) || 0, 'card') }) : null))));
  return out;
}

function drawFoot(g, ctx) {
  const parts = [];
  if (!isPlayer(ctx) || g.phase === 'over') {
    els.foot.replaceChildren();
    return;
  }
  if (prompts().includes('ability') && you().ability) {
    const a = you().ability;
    parts.push(confirmButton('wb-ability', `Use: ${a.name || 'my ability'}`, (b) => send('ability', { card: a.id }, b), {
      cls: 'btn wb-foot-btn wb-ability-btn', icon: kindBadge(a.kind), sure: 'Sure? Use it now',
      title: 'Your once-per-set ability (press twice to confirm)',
    }));
  }
  const left = Number(g.ravens_left) || 0;
  const raven = confirmButton('wb-raven', 'Raven taken', (b) => send('raven', {}, b), {
    cls: 'btn wb-foot-btn wb-raven-btn', icon: ravenIcon({ cls: 'wb-raven wb-raven-tiny' }),
    title: 'Press when you take a potion card with a raven (press twice to confirm)',
  });
  raven.disabled = left <= 0 || !playing();
  parts.push(raven);
  els.foot.replaceChildren(...parts);
}

// ---- update ------------------------------------------------------------------------------------

function update() {
  const { view, ctx } = latest;
  const g = view.game;
  els.root.dataset.phase = g.phase || '';
  drawStatus(g, ctx);
  let out;
  if (!isPlayer(ctx)) out = drawWatcher(g, ctx);
  else if (g.phase === 'draft') out = drawDraft(g, ctx);
  else if (g.phase === 'select') out = drawSelect(g, ctx);
  else if (g.phase === 'trick') out = drawTrick(g, ctx);
  else if (g.phase === 'over') out = drawOver(g, ctx);
  else out = { head: g.phase || '', detail: [], mid: [], bottom: [] };
  els.headline.textContent = out.head;
  els.detail.replaceChildren(...out.detail.filter(Boolean));
  els.mid.replaceChildren(...out.mid.filter(Boolean));
  els.bottom.replaceChildren(...out.bottom.filter(Boolean));
  drawFoot(g, ctx);
  const p = prompts();
  els.root.dataset.prompt = ['answer', 'amulet', 'play', 'draft', 'select'].find((k) => p.includes(k)) || 'none';
  const paused = view.room?.status !== 'playing';
  for (const b of els.bottom.querySelectorAll('button')) if (paused) b.disabled = true;
  tick();
}

function tick() {
  if (!latest || !els?.root.isConnected) return;
  tickDeadlines(els.root, latest.ctx.serverNow);
}

export function render(root, view, ctx) {
  if (!view.game) {
    root.replaceChildren();
    els = null;
    return;
  }
  if (!els || !root.contains(els.root)) mount(root);
  latest = { view, ctx };
  // A decision that just became yours: buzz, so a phone lying on the table is noticed.
  const now = (view.game.you?.prompts || []).filter((k) => ['play', 'answer', 'amulet', 'draft'].includes(k)).join(',');
  if (now && now !== prevPrompts) {
    vibrate([80, 40, 80]);
    beep(880, 90, 0.15);
  }
  prevPrompts = now;
  update();
  if (!timer) {
    timer = setInterval(() => {
      if (!els?.root.isConnected) {
        clearInterval(timer);
        timer = null;
        return;
      }
      tick();
    }, 200);
  }
}

export function note() {
  // Everything the phone shows comes with the view.
}
