// Witch's Brew, table screen. Read from 3 m: the role just played in big letters, the chain of
// answers in seat order with their times, whose answer is due (with the answer timer), a
// reminder card of the role, ravens, and one card per player (cards left, amulets, ability,
// ready / drafting / due). Never shows a secret: the table view holds none.

import { h } from '../../js/ui.js';
import { countdown, t, tn, N_ } from '../../js/kit.js';
import { beep } from '../../js/sound.js';
import {
  roleName, roleTexts, claimText, chainList, winnerLine, physicalCards,
  setsText, ravensGoneText, cardsText, amuletsText, morePlayersText, ravenIcon, amuletRow, abilityChip, roleFamily, twiceButton, lastTrickThisSet,
  endingFacts,
} from './common.js';

/** @typedef {import('../../js/kit.js').Ctx} Ctx */

export { styles } from './common.js';

export function local() {
  return {
    lastChainKey: '',   // the last claim that beeped
    points: {},         // seat → victory points typed on the TV, kept across redraws
    focus: null,        // the seat whose points field had the focus before a redraw
  };
}

const PHASE_LABEL = {
  draft: N_('Ability draft'), select: N_('Choosing roles'), trick: N_('Role calls'), scoring: N_('Scores'), over: N_('Game over'),
};

/** The phase on screen: a game ended in any phase (the host's End, everyone left) shows its end,
 * not the phase it stopped in. */
const phaseOf = (g) => (g.outcome ? 'over' : g.phase);

/** The sets are played: the points are being entered (`scoring`) or the game is over. */
const finished = (g) => phaseOf(g) === 'over' || g.phase === 'scoring';

// ---- skeleton ----------------------------------------------------------------------------------

/** @param {Ctx} ctx */
export function mount(ctx) {
  const raven = twiceButton('wb-raven', t('Raven taken'), (button) => ctx.send('raven', {}, { button }), {
    cls: 'btn wb-raven-btn', icon: ravenIcon({ cls: 'wb-raven wb-raven-inline' }),
    title: t('Press when a potion card with a raven is taken (press twice to confirm)'),
  });

  const els = {
    root: h('div', { class: 'wb-tv', id: 'wb-tv' }),
    set: h('p', { class: 'wb-set', id: 'wb-set' }),
    ravens: h('div', { class: 'wb-ravens', id: 'wb-ravens' }),
    raven,
    stage: h('div', { class: 'wb-stage', id: 'wb-stage', 'aria-live': 'polite' }),
    players: h('ol', { class: 'wb-players', id: 'wb-players', 'aria-label': t('Players') }),
  };
  els.root.append(
    h('div', { class: 'wb-head' }, els.set, els.ravens, raven),
    els.stage,
    els.players,
  );
  return els;
}

/** @param {Ctx} ctx */
function roomPlayer(ctx, seat) {
  return ctx.room.players.find((p) => p.seat === seat) || null;
}

/** Skip buttons for players who left or are away and hold the table up (draft, selection).
 * @param {Ctx} ctx */
function skipAway(ctx, seats, what) {
  if (!ctx.playing) return [];
  return seats.filter((seat) => {
    const rp = roomPlayer(ctx, seat);
    return !rp || rp.gone || !rp.connected;
  }).map((seat) => {
    const who = ctx.nameOf(seat);
    const label = t('Skip {who} ({what})', { who, what });
    return twiceButton(`wb-skip-${seat}`, label, (button) => ctx.send('skip', { seat }, { button }), {
      cls: 'btn wb-skip', title: t('{who} left or is away (press twice to confirm)', { who }),
    });
  });
}

/** The due player left or is away, or ran out of time: the table may answer for them.
 * @param {Ctx} ctx */
function canSkip(ctx) {
  const tk = ctx.game.trick;
  if (!tk || tk.due === null || tk.due === undefined) return false;
  const rp = roomPlayer(ctx, tk.due);
  return Boolean(!rp || rp.gone || !rp.connected || tk.nudge);
}

// ---- head --------------------------------------------------------------------------------------

/** @param {Ctx} ctx */
function drawHead(ctx) {
  const { game: g, els } = ctx;
  const phase = phaseOf(g);
  const label = PHASE_LABEL[phase] ? t(PHASE_LABEL[phase]) : (phase || '');
  const over = finished(g);
  els.set.replaceChildren(
    h('span', { class: 'wb-set-n', text: g.set ? (over ? t('After set {set}', { set: g.set }) : t('Set {set}', { set: g.set })) : t("Witch's Brew") }),
    h('span', { class: 'wb-set-phase', text: label }));

  const total = Number(g.ravens_total) || 0;
  const left = Math.max(0, Number(g.ravens_left) || 0);
  const icons = [];
  for (let i = 0; i < total; i += 1) icons.push(ravenIcon({ taken: i >= left }));
  els.ravens.replaceChildren(
    h('span', { class: 'wb-raven-icons', 'aria-hidden': 'true' }, icons),
    h('span', { class: 'wb-raven-words' },
      h('span', { class: 'wb-raven-count', text: tn('{n} of {total} ravens left', '{n} of {total} ravens left', left, { total }) }),
      (g.last_set || left === 0) && !finished(g) ? h('span', { class: 'wb-last-set', id: 'wb-last-set', text: t('Last set!') }) : null));
  els.ravens.classList.toggle('wb-ravens-last', Boolean(g.last_set || left === 0));
  els.raven.hidden = finished(g) || ctx.room.status === 'over';
  if (!els.raven.classList.contains('confirming')) els.raven.disabled = !ctx.playing || left <= 0;
}

/** Until this set's first card, a raven belongs to the set before: its last trick's action
 * may still be going on at the table. Said on the stage, under the title. */
function ravenForLine(g) {
  const back = !finished(g) && typeof g.raven_set === 'number' && g.raven_set !== g.set
    && Number(g.ravens_left) > 0;
  return back ? h('p', { class: 'wb-raven-for', id: 'wb-raven-for', text: t('A raven taken now still counts for set {raven_set}.', { raven_set: g.raven_set }) }) : null;
}

// ---- players strip -----------------------------------------------------------------------------

function statusOf(g, p) {
  const tk = g.trick;
  if (p.gone && !finished(g)) return { text: t('app plays'), cls: 'gone' };
  if (g.phase === 'select') return p.ready ? { text: t('✓ ready'), cls: 'ready' } : { text: t('choosing…'), cls: 'waiting' };
  if (g.phase === 'draft') {
    const cur = g.draft?.current;
    if (cur === p.seat) return { text: t('▶ choosing…'), cls: 'due' };
    // `drafting`: still without an ability this set (waiting for the cards to come round)
    if (p.drafting) return { text: t('waiting'), cls: 'waiting' };
    return { text: t('✓ picked'), cls: 'ready' };
  }
  if (g.phase === 'trick' && tk) {
    if (tk.due === p.seat) {
      const text = { play: t('▶ leads…'), answer: t('▶ answering…'), amulet: t('▶ amulet?') }[tk.due_kind] || t('▶ now');
      return { text, cls: 'due' };
    }
    if (tk.role && tk.claimant === p.seat) return { text: t('♛ claims it'), cls: 'claim' };
  }
  if (finished(g)) {
    const n = Number(p.amulets?.unused) || 0;
    return g.options?.amulets ? { text: `${amuletsText(n)}`, cls: n ? 'claim' : 'waiting' } : { text: '', cls: '' };
  }
  return { text: '', cls: '' };
}

/** @param {Ctx} ctx */
function drawPlayers(ctx) {
  const { game: g, els } = ctx;
  const players = g.players || [];
  const showCards = g.phase === 'trick';
  const items = players.map((p) => {
    const st = statusOf(g, p);
    const rp = roomPlayer(ctx, p.seat);
    const gone = Boolean(p.gone || rp?.gone);
    const away = gone || (rp && !rp.connected);
    const leads = !finished(g) && (g.leader === p.seat || (g.phase !== 'trick' && g.first_player === p.seat));
    const cards = Number(p.cards_left) || 0;
    const pips = [];
    for (let i = 0; i < Math.min(cards, 5); i += 1) pips.push(h('span', { class: 'wb-pip' }));
    const amulets = g.options?.amulets
      ? amuletRow(finished(g) ? { unused: p.amulets?.unused, grey: 0 } : p.amulets, { words: false }) : null;
    return h('li', {
      class: `wb-player ${st.cls ? `wb-st-${st.cls}` : ''} ${away ? 'wb-away' : ''}`.trim(),
      dataset: { seat: p.seat, status: st.cls || 'none' },
    },
    h('div', { class: 'wb-p-top' },
      ctx.avatar(p.seat),
      h('span', { class: 'wb-p-name', text: ctx.nameOf(p.seat) }),
      leads ? h('span', { class: 'wb-p-badge', text: g.phase === 'trick' ? t('leader') : t('first') }) : null),
    h('span', { class: 'wb-p-status', text: st.text || ' ' }),
    away ? h('span', { class: 'wb-p-away', text: gone ? t('left the game') : t('phone away') }) : null,
    showCards || amulets ? h('div', { class: 'wb-p-row' },
      showCards ? h('span', { class: 'wb-p-cards', 'aria-label': t('{x} left', { x: cardsText(cards) }) },
        h('span', { class: 'wb-pips', 'aria-hidden': 'true' }, pips),
        h('span', { class: 'wb-p-count', text: cardsText(cards) })) : null,
      amulets) : null,
    p.ability && !finished(g) ? abilityChip(p.ability, { cls: 'wb-p-ability', physical: physicalCards(g) }) : null);
  });
  els.players.replaceChildren(...items);
  els.players.style.setProperty('--n', String(Math.max(3, players.length)));
  els.players.dataset.n = String(players.length);
}

// ---- stage -------------------------------------------------------------------------------------

/** @param {Ctx} ctx */
function reminderCard(ctx, role, title) {
  const tk = roleTexts(ctx, role);
  return h('aside', { class: `wb-reminder wb-fam-${roleFamily(role)}`, id: 'wb-reminder', dataset: { role } },
    h('p', { class: 'wb-rem-title', text: title }),
    h('p', { class: 'wb-rem-role', text: roleName(ctx, role) }),
    h('div', { class: 'wb-rem-part' },
      h('p', { class: 'wb-rem-label', text: t('Full action') }),
      h('p', { class: `wb-rem-text${tk.actionKnown ? '' : ' wb-unknown'}`, text: tk.action })),
    h('div', { class: 'wb-rem-part' },
      h('p', { class: 'wb-rem-label', text: t('Favor (“So be it!”)') }),
      h('p', { class: `wb-rem-text${tk.favorKnown ? '' : ' wb-unknown'}`, text: tk.favor })));
}

/** @param {Ctx} ctx */
function dueLine(ctx) {
  const tk = ctx.game.trick;
  if (!tk || tk.due === null || tk.due === undefined) return null;
  const who = ctx.nameOf(tk.due);
  const role = roleName(ctx, tk.role);
  let text;
  if (tk.due_kind === 'play') text = t('{who} leads: which role?', { who });
  else if (tk.due_kind === 'amulet') text = t('{who}: use an amulet to take the {role}?', { who, role });
  else text = t('{who} is answering…', { who });
  const parts = [h('span', { class: 'wb-due-text', text })];
  parts.push(countdown(tk.deadline, { cls: 'wb-countdown', id: 'wb-countdown' }));
  if (tk.nudge) parts.push(h('span', { class: 'wb-nudge', id: 'wb-nudge', text: t('Time’s up, please decide!') }));
  if (canSkip(ctx) && ctx.playing) {
    const label = tk.due_kind === 'play' ? t('Skip (pass the lead)')
      : (tk.due_kind === 'amulet' ? t('Skip (no amulet)') : t('Skip (“So be it!”)'));
    parts.push(twiceButton('wb-skip', label, (button) => ctx.send('skip', {}, { button }), {
      cls: 'btn wb-skip', title: t('Answer for {who}, who left or is away (press twice to confirm)', { who }),
    }));
  }
  return h('div', { class: `wb-due wb-due-${tk.due_kind || 'none'}`, id: 'wb-due', dataset: { seat: tk.due } }, parts);
}

/** @param {Ctx} ctx */
function drawTrick(ctx) {
  const g = ctx.game;
  const tk = g.trick;
  const last = g.last_trick;
  const main = [];
  let reminder = null;
  if (tk && tk.role) {
    main.push(h('p', { class: `wb-big wb-fam-text-${roleFamily(tk.role)}`, id: 'wb-role', dataset: { role: tk.role }, text: claimText(ctx, tk.role) }));
    const chain = chainList(ctx, tk, { id: 'wb-chain' });
    // Each new answer in the chain pops in once; the role played turns over.
    [...chain.children].forEach((li, i) => ctx.fresh(li, `chain-${g.set}-${tk.role}-${tk.chain[0]?.seat}-${i}`));
    ctx.fresh(main[main.length - 1], `role-${g.set}-${tk.role}-${tk.chain[0]?.seat}`, 'kit-reveal');
    main.push(chain);
    const claimant = tk.claimant;
    if (claimant !== null && claimant !== undefined) {
      main.push(h('p', { class: 'wb-claimant', id: 'wb-claimant' },
        h('span', { class: 'wb-crown', 'aria-hidden': 'true', text: '♛ ' }),
        h('span', { text: t('Claim so far: {who}', { who: ctx.nameOf(claimant) }) })));
    }
    main.push(dueLine(ctx));
    reminder = reminderCard(ctx, tk.role, t('Reminder'));
  } else {
    // Between tricks: the last trick's outcome, and who leads next.
    if (last && lastTrickThisSet(g)) {
      main.push(h('p', { class: 'wb-winner', id: 'wb-winner', text: winnerLine(ctx) }));
      main.push(chainList(ctx, last, { id: 'wb-last-chain', cls: 'wb-chain-small' }));
      reminder = reminderCard(ctx, last.role, t('{who} takes', { who: ctx.nameOf(last.winner) }));
    } else {
      // The first trick of a set (a last trick shown here is the previous set's).
      main.push(h('p', { class: 'wb-big', id: 'wb-set-begins', text: t('Set {set} begins', { set: g.set }) }));
      main.push(ravenForLine(g));
      main.push(h('p', { class: 'wb-sub', text: t('All roles are chosen. The leader plays the first role.') }));
      if (last) main.push(h('p', { class: 'wb-winner wb-winner-small', id: 'wb-winner', text: t('Last trick of set {n}: {x}', { n: g.set - 1, x: winnerLine(ctx) }) }));
    }
    main.push(dueLine(ctx));
  }
  const parts = [h('div', { class: 'wb-main' }, main)];
  if (reminder) parts.push(reminder);
  return parts;
}

/** @param {Ctx} ctx */
function drawSelect(ctx) {
  const g = ctx.game;
  const players = g.players || [];
  const ready = players.filter((p) => p.ready).length;
  const main = [
    h('p', { class: 'wb-big', text: t('Choose {n} roles', { n: ctx.reference.hand_size }) }),
    ravenForLine(g),
    h('p', { class: 'wb-sub', text: t('Everyone secretly picks {n} of their {all} roles on their phone.', { n: ctx.reference.hand_size, all: Object.keys(ctx.reference.roles || {}).length }) }),
    h('p', { class: 'wb-counter', id: 'wb-ready-count', text: t('{ready} / {n} ready', { ready, n: players.length }) }),
  ];
  if (g.first_player !== null && g.first_player !== undefined) {
    main.push(h('p', { class: 'wb-sub', text: t('{who} leads the first trick.', { who: ctx.nameOf(g.first_player) }) }));
  }
  if (g.last_trick && g.set > 1) {
    main.push(h('p', { class: 'wb-winner wb-winner-small', id: 'wb-winner', text: t('Last trick of set {n}: {x}', { n: g.set - 1, x: winnerLine(ctx) }) }));
  }
  main.push(...skipAway(ctx, players.filter((p) => !p.ready).map((p) => p.seat),
    t('roles drawn at random')));
  return [h('div', { class: 'wb-main' }, main.filter(Boolean))];
}

/** @param {Ctx} ctx */
function drawDraft(ctx) {
  const g = ctx.game;
  const d = g.draft || {};
  const cur = d.current;
  const order = d.order || [];
  const j = order.indexOf(cur);
  const physical = physicalCards(g);
  const main = [
    h('p', { class: 'wb-lead-line', text: physical ? t('Magical abilities · your own cards') : t('Magical abilities') }),
    h('p', { class: 'wb-big', id: 'wb-drafting', text: cur === null || cur === undefined
      ? t('Revealing the abilities…') : t('{who} is choosing an ability', { who: ctx.nameOf(cur) }) }),
    ravenForLine(g),
    h('p', { class: 'wb-sub', text: physical
      ? t('From the ability deck: {who} takes the top 3 cards, everyone else the top card. In this order, keep one face down, pass the other 2 to the left (the last player puts them face up under the deck), then tell your phone which card you kept.', { who: ctx.nameOf(order[0]) })
      : t('The first player takes 3 cards, everyone else 1. Keep one, pass the other 2 to the left.') }),
    h('ol', { class: 'wb-draft-order', id: 'wb-draft-order' }, order.map((seat, i) => {
      const state = i < j || j < 0 ? 'done' : (i === j ? 'now' : 'later');
      return h('li', { class: `wb-draft-${state}`, dataset: { seat } },
        h('span', { class: 'wb-draft-mark', 'aria-hidden': 'true', text: state === 'done' ? '✓' : (state === 'now' ? '▶' : '·') }),
        ctx.avatar(seat),
        h('span', { text: ctx.nameOf(seat) }));
    })),
  ];
  if (g.deck) {
    main.push(h('p', { class: 'wb-deck', text: t('Ability deck: {x} face down · {x2} face up underneath', { x: g.deck.face_down ?? 0, x2: g.deck.face_up ?? 0 }) }));
  }
  if (g.last_trick && g.set > 1) {
    main.push(h('p', { class: 'wb-winner wb-winner-small', text: t('Last trick of set {n}: {x}', { n: g.set - 1, x: winnerLine(ctx) }) }));
  }
  if (cur !== null && cur !== undefined) {
    main.push(...skipAway(ctx, [cur], physical ? t('no card entered') : t('keeps the first card')));
  }
  return [h('div', { class: 'wb-main' }, main)];
}

/** After the last set: the table counts the victory points; each player enters theirs on the
 * phone, or the TV enters (and corrects) anyone's; once all are in, the TV confirms. */
function drawScoring(ctx) {
  const { game: g, local } = ctx;
  const total = Number(g.ravens_total) || 0;
  const sets = Number(g.set) || 0;
  const amulets = Boolean(g.options?.amulets);
  const complete = Boolean(g.scoring?.complete);
  const confirm = h('button', {
    type: 'button', id: 'wb-confirm', class: 'btn btn-primary', disabled: !complete || !ctx.playing,
    onclick: (/** @type {Event} */ event) => ctx.send('confirm', {}, { button: /** @type {HTMLButtonElement} */ (event.currentTarget) }),
  }, t('Confirm the scores'));
  // The game is not over yet: the table is counting, and the screen says so (no "Game over").
  const main = [
    h('p', { class: 'wb-big wb-count-now', id: 'wb-count-now',
      text: t('Now count the victory points on the table: the most points wins.') }),
    h('p', { class: 'wb-sub wb-over-facts', id: 'wb-over-facts',
      text: ravensGoneText(total, sets) }),
    h('ol', { class: 'wb-final', id: 'wb-final', 'aria-label': t('Final table'), dataset: { n: String((g.players || []).length) } }, (g.players || []).map((p) => {
      const unused = Number(p.amulets?.unused) || 0;
      const typed = local.points[p.seat];
      const input = h('input', {
        type: 'number', class: 'wb-points-input', min: 0, max: 999, step: 1, inputmode: 'numeric', dataset: { pointsSeat: p.seat },
        'aria-label': t('Victory points of {who}', { who: ctx.nameOf(p.seat) }), value: typed ?? p.points ?? '',
        oninput: () => { local.points[p.seat] = input.value; },
      });
      const save = h('button', {
        type: 'button', class: 'btn', dataset: { pointsSend: p.seat }, disabled: !ctx.playing,
        onclick: () => ctx.send('points', { seat: p.seat, points: Number(input.value) }, { button: save }).then((ack) => {
          if (ack?.ok) delete local.points[p.seat];
        }),
      }, t('Save'));
      return h('li', { dataset: { seat: p.seat } },
        ctx.avatar(p.seat),
        h('span', { class: 'wb-tb-name', text: ctx.nameOf(p.seat) }),
        amulets ? amuletRow({ unused, grey: 0 }, { words: false }) : null,
        amulets ? h('span', { class: 'wb-tb-count', text: amuletsText(unused) }) : null,
        p.gone ? h('span', { class: 'wb-final-gone', text: t('left the game') }) : null,
        h('span', { class: 'wb-points-entry' }, input, save));
    })),
    confirm,
  ];
  if (amulets) {
    main.push(h('p', { class: 'wb-sub', id: 'wb-tiebreak', text: t('A tie? Each unused amulet counts as 2 ingredients or 2 gold nuggets.') }));
  }
  return [h('div', { class: 'wb-main wb-over-main' }, main)];
}

/** The end: the kit's ending says who won and shows the podium over this screen; this keeps
 * only what it does not say: how the sets ended, and in its panel a tie the amulets broke.
 * @param {Ctx} ctx */
function drawOver(ctx) {
  const g = ctx.game;
  const total = Number(g.ravens_total) || 0;
  const gone = total > 0 && Number(g.ravens_left) === 0;
  return [h('div', { class: 'wb-main wb-over-main' },
    gone ? h('p', { class: 'wb-sub wb-over-facts', id: 'wb-over-facts',
      text: ravensGoneText(total, Number(g.set) || 0) }) : null)];
}

// ---- drawing -----------------------------------------------------------------------------------

/** @param {Ctx} ctx */
export function render(ctx) {
  const { game: g, els, local } = ctx;
  const focused = /** @type {HTMLElement | null} */ (document.activeElement)?.dataset?.pointsSeat;
  local.focus = focused === undefined ? null : focused;
  const phase = phaseOf(g);
  els.root.dataset.phase = phase || '';
  drawHead(ctx);
  endingFacts(ctx);
  let parts;
  if (phase === 'over') parts = drawOver(ctx);
  else if (g.phase === 'trick') parts = drawTrick(ctx);
  else if (g.phase === 'select') parts = drawSelect(ctx);
  else if (g.phase === 'draft') parts = drawDraft(ctx);
  else if (g.phase === 'scoring') parts = drawScoring(ctx);
  else parts = [h('p', { class: 'wb-big', text: g.phase || '' })];
  els.stage.replaceChildren(...parts.filter(Boolean));
  els.stage.classList.toggle('wb-stage-split', parts.length > 1);
  const shown = g.trick?.role ? g.trick.chain : (lastTrickThisSet(g) ? g.last_trick.chain : []);
  els.stage.dataset.chain = (shown || []).length >= 5 ? 'long' : 'short';
  els.players.hidden = finished(g);
  // A redraw (another phone's points) gives the points field being typed in its focus back.
  if (local.focus !== null) {
    /** @type {HTMLInputElement | null} */ (els.stage.querySelector(`[data-points-seat="${local.focus}"]`))?.focus();
  }
  drawPlayers(ctx);

  // A contested role is worth a sound: each new claim beeps once.
  const chain = g.trick?.chain || [];
  const key = `${g.set}|${g.trick?.role}|${chain.length}`;
  if (key !== local.lastChainKey && chain.length > 1) {
    const e = chain[chain.length - 1];
    if (e.answer === 'claim' || e.answer === 'amulet') ctx.cue('claim');
  }
  local.lastChainKey = key;
}
