// Buzzer, phone: one huge button. The press is timed on pointerdown with the event's own
// timestamp (performance.now() clock), and the phone reacts before the server answers.

import { h, ordinal, formatGap, onPress, pressTime } from '../../js/ui.js';
import { beep, vibrate } from '../../js/sound.js';
import {
  loadStyles, effectiveStatus, rankingItems, scoreItems, nameOf,
} from './common.js';

let els = null;
let latest = null;           // {view, ctx}
let pressedRound = null;     // round this phone pressed in (set before any answer)
let refusal = null;          // {round, final, message}: an error ack for this round's press
let frame = null;

const LABEL = {
  idle: 'Wait',
  armed: 'Wait…',
  open: 'BUZZ!',
  pressed: 'Pressed!',
  false_start: '✗ Too early',
  closed: 'Round over',
  refused: 'Missed',
};

function mount(root) {
  loadStyles();
  const button = h('button', { id: 'btn-buzz', type: 'button', class: 'bz-button' },
    h('span', { class: 'bz-label' }));
  // Timed on pointerdown (or the key event); no long-press menu on the one button that is hammered.
  onPress(button, press);

  els = {
    root: h('div', { class: 'bz-phone' }),
    round: h('p', { class: 'bz-round' }),
    verdict: h('p', { id: 'bz-verdict', class: 'bz-verdict', 'aria-live': 'assertive' }),
    detail: h('p', { class: 'bz-detail' }),
    button,
    ranking: h('ol', { class: 'bz-ranking bz-ranking-small', 'aria-label': 'Ranking' }),
    scores: h('ol', { class: 'bz-scores bz-scores-small', 'aria-label': 'Scores' }),
  };
  const isPlayer = latest.ctx.seat !== null && latest.ctx.seat !== undefined;
  // A player gets the button; a spectator (seat null) gets the table's ranking and scores.
  els.root.append(isPlayer
    ? h('div', { class: 'bz-top' }, els.round, els.verdict, els.detail)
    : h('div', { class: 'bz-top' }, els.round, els.verdict, els.detail, els.ranking,
      h('h2', { class: 'bz-small-title', text: 'Scores' }), els.scores));
  if (isPlayer) els.root.append(h('div', { class: 'bz-bottom' }, button));
  els.root.classList.toggle('bz-watch', !isPlayer);
  els.isPlayer = isPlayer;
  root.replaceChildren(els.root);
}

function press(event) {
  const t = pressTime(event);
  if (!latest || event.button > 0) return;
  event.preventDefault();
  const { view, ctx } = latest;
  const game = view.game;
  const status = effectiveStatus(game, ctx.serverNow);
  if (view.room.status !== 'playing') return;
  if (status === 'idle' || status === 'closed' || game.you?.pressed || game.you?.false_start || pressedRound === game.round) {
    // Nothing to send; a wobble says the press was seen.
    els.button.classList.remove('bz-nope');
    void els.button.offsetWidth;
    els.button.classList.add('bz-nope');
    return;
  }
  // Feedback first: the verdict waits for the settle window, the player's thumb should not.
  pressedRound = game.round;
  beep(status === 'open' ? 988 : 330, 80);
  vibrate(50);
  update();
  const round = game.round;
  ctx.act('buzz', { t }).then((ack) => {
    if (ack.ok || latest?.view.game.round !== round) return;
    // too_late is the verdict for this round; anything else (e.g. "wait for GO" when false
    // starts are off, a lost connection) leaves the player free to press again.
    const final = ack.error?.code === 'too_late';
    refusal = { round, final, message: ack.error?.message || 'Your press did not count.' };
    if (!final) pressedRound = null;
    update();
  });
}

/** The button's state, from the view plus what this phone already knows locally. */
function stateOf(game, status) {
  const you = game.you || {};
  if (you.false_start) return 'false_start';
  if (refusal?.round === game.round && refusal.final) return 'refused';
  if (typeof you.rank === 'number') return 'ranked';
  if (you.pressed || pressedRound === game.round) return 'pressed';
  return status;
}

function drawVerdict(game, state, status, ctx) {
  const you = game.you || {};
  let verdict = '';
  let detail = '';
  let label = LABEL[state] || '';
  if (state === 'idle') {
    verdict = 'Wait for the host';
    detail = game.round ? '' : 'The host arms the first round from the TV.';
  } else if (state === 'armed') {
    verdict = 'Get ready…';
    detail = game.options?.false_start !== false ? 'Press on GO. Too early is a false start!' : 'Press on GO.';
    if (typeof game.opens_at === 'number') {
      const left = Math.max(0, (game.opens_at - ctx.serverNow()) / 1000).toFixed(1);
      detail = `Opens in ${left} s\n${detail}`;
    }
  } else if (state === 'open') {
    verdict = 'GO! Press now!';
  } else if (state === 'pressed') {
    verdict = status === 'closed' ? 'Pressed' : 'Pressed! Waiting for the others…';
  } else if (state === 'false_start') {
    verdict = 'False start';
    detail = 'You pressed before GO: out for this round.';
  } else if (state === 'refused') {
    verdict = refusal.message;
  } else if (state === 'ranked') {
    const rank = you.rank;
    const ranking = game.ranking || [];
    label = rank === 1 ? '1st ★' : ordinal(rank);
    if (rank === 1) {
      verdict = 'Fastest!';
      if (ranking[1]) detail = `${formatGap(ranking[1].margin_ms)} ahead of ${nameOf(ctx.names, ranking[1].seat)}`;
    } else {
      verdict = `${ordinal(rank)} place`;
      const mine = ranking[rank - 1];
      const before = ranking[rank - 2];
      if (mine && before) detail = `${formatGap(mine.margin_ms)} behind ${nameOf(ctx.names, before.seat)}`;
    }
  } else if (state === 'closed') {
    verdict = 'Round over';
    detail = 'You did not press this round.';
  }
  if (refusal?.round === game.round && !refusal.final && (state === 'armed' || state === 'open')) {
    detail = refusal.message;
  }
  els.verdict.textContent = verdict;
  els.detail.textContent = detail;
  els.button.querySelector('.bz-label').textContent = label;
  els.button.dataset.state = state;
  els.button.dataset.rank = state === 'ranked' ? String(you.rank) : '';
  els.button.setAttribute('aria-label', `${label}. ${verdict}`);
  els.root.dataset.state = state;
}

function drawWatcher(view, status, ctx) {
  const game = view.game;
  const texts = { idle: 'Waiting for the host', armed: 'Get ready…', open: 'GO!' };
  const winner = game.ranking?.[0];
  els.verdict.textContent = texts[status]
    ?? (winner ? `${nameOf(ctx.names, winner.seat)} wins!` : 'Round over');
  els.detail.textContent = '';
  els.root.dataset.state = status;
  els.ranking.replaceChildren(...rankingItems(game, ctx.names));
  els.scores.replaceChildren(...scoreItems(game, view.room.players, ctx.names));
}

function update() {
  const { view, ctx } = latest;
  const game = view.game;
  const status = effectiveStatus(game, ctx.serverNow);
  if (pressedRound !== null && pressedRound !== game.round) pressedRound = null;
  const points = (game.scores || {})[ctx.seat] ?? 0;
  els.round.textContent = [
    game.round ? `Round ${game.round}` : 'Buzzer',
    ctx.seat !== null && ctx.seat !== undefined ? `${points} ${points === 1 ? 'point' : 'points'}` : null,
  ].filter(Boolean).join(' · ');

  if (ctx.seat === null || ctx.seat === undefined) drawWatcher(view, status, ctx);
  else drawVerdict(game, stateOf(game, status), status, ctx);
  els.button.disabled = view.room.status !== 'playing';
  return status;
}

/** Turn green at opens_at on this phone's estimate of the server clock. */
function tick() {
  frame = null;
  if (!latest || !els?.root.isConnected) return;
  const status = update();
  if (status === 'armed' && typeof latest.view.game.opens_at === 'number') {
    frame = requestAnimationFrame(tick);
  }
}

export function render(root, view, ctx) {
  if (!view.game) {
    root.replaceChildren();
    els = null;
    return;
  }
  latest = { view, ctx };
  const isPlayer = ctx.seat !== null && ctx.seat !== undefined;
  if (!els || !root.contains(els.root) || els.isPlayer !== isPlayer) mount(root);
  const status = update();
  if (frame === null && status === 'armed') frame = requestAnimationFrame(tick);
}

export function note() {
  // The verdict comes with the next view (you.rank); nothing extra here.
}
