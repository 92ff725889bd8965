// Buzzer, table screen: big status line, arm button, live ranking with margins, scoreboard.

import { h, formatGap, secondsLeft } from '../../js/ui.js';
import { beep } from '../../js/sound.js';
import {
  loadStyles, effectiveStatus, rankingItems, scoreItems, scoreRows, nameOf,
} from './common.js';

let els = null;          // the mounted skeleton
let latest = null;       // {view, ctx} of the last render, for the animation loop
let shownStatus = null;  // what the screen shows now, to detect the moment it opens
let shownRound = null;
let frame = null;

function mount(root) {
  loadStyles();
  const arm = h('button', { id: 'btn-arm', type: 'button', class: 'btn btn-primary bz-arm' }, 'Arm round');
  arm.addEventListener('click', async () => {
    arm.disabled = true;
    const { ctx } = latest;
    const ack = await ctx.act('arm');
    if (!ack.ok) ctx.toast?.(ack.error?.message || 'Could not arm the round.');
    if (latest) update();
  });

  const ranking = h('ol', { id: 'ranking', class: 'bz-ranking', 'aria-label': 'Ranking' });
  ranking.addEventListener('click', async (event) => {
    const button = event.target.closest('button[data-award]');
    if (!button || !latest) return;
    button.disabled = true;
    const ack = await latest.ctx.act('award', { seat: Number(button.dataset.award), points: 1 });
    button.disabled = false;
    if (!ack.ok) latest.ctx.toast?.(ack.error?.message || 'Could not award the point.');
  });

  els = {
    root: h('div', { class: 'bz-tv' }),
    round: h('p', { class: 'bz-round' }),
    status: h('p', { id: 'bz-status', class: 'bz-status', 'aria-live': 'assertive' }),
    sub: h('p', { class: 'bz-sub' }),
    arm,
    ranking,
    scores: h('ol', { id: 'scores', class: 'bz-scores' }),
  };
  els.root.append(
    h('div', { class: 'bz-head' }, els.round, arm),
    h('div', { class: 'bz-stage' }, els.status, els.sub),
    h('div', { class: 'bz-body' },
      h('section', { class: 'bz-panel bz-panel-ranking' }, h('h2', { text: 'This round' }), ranking),
      h('section', { class: 'bz-panel bz-panel-scores' }, h('h2', { text: 'Scores' }), els.scores)),
  );
  root.replaceChildren(els.root);
}

/** Status line and sub-line; the parts that change with time, redrawn every frame. */
function drawStage(game, status, ctx) {
  const names = ctx.names;
  let text;
  let sub = '';
  if (status === 'idle') {
    text = game.round ? 'Ready' : 'Ready when you are';
    sub = `Press “Arm round” to start round ${game.round + 1}.`;
  } else if (status === 'armed') {
    // A fixed-delay round counts down 3, 2, 1 on the server clock; an unannounced one cannot.
    const early = game.options?.false_start !== false ? 'pressing early is a false start!' : 'wait for GO.';
    if (typeof game.opens_at === 'number') {
      text = String(Math.max(1, Math.ceil(secondsLeft(game.opens_at, ctx.serverNow))));
      sub = `Get ready… ${early}`;
    } else {
      text = 'Get ready…';
      sub = `Opens any second now · ${early}`;
    }
  } else if (status === 'open') {
    text = 'GO!';
    sub = typeof game.closes_at === 'number'
      ? `Closes in ${Math.ceil(secondsLeft(game.closes_at, ctx.serverNow))} s`
      : 'Press your buzzer!';
  } else {
    const winner = game.ranking?.[0];
    text = winner ? `${nameOf(names, winner.seat)} wins!` : 'Nobody pressed';
    const second = game.ranking?.[1];
    if (winner && second) sub = `by ${formatGap(second.margin_ms)} over ${nameOf(names, second.seat)}`;
    else sub = `Round ${game.round} is over.`;
  }
  els.status.textContent = text;
  els.sub.textContent = sub;
  els.root.dataset.state = status;
}

/** After "End game": the final standings instead of the last round. */
function drawFinal(view, ctx) {
  const rows = scoreRows(view.game, view.room.players, ctx.names);
  const best = rows[0]?.points ?? 0;
  const leaders = rows.filter((r) => r.points === best);
  if (!rows.length || best === 0) {
    els.status.textContent = 'Game over';
    els.sub.textContent = 'Thanks for playing!';
  } else if (leaders.length === 1) {
    els.status.textContent = `${leaders[0].name} wins!`;
    els.sub.textContent = `Game over · ${best} ${best === 1 ? 'point' : 'points'}`;
  } else {
    els.status.textContent = 'A tie!';
    els.sub.textContent = `${leaders.map((r) => r.name).join(' & ')} · ${best} points each`;
  }
  els.root.dataset.state = 'over';
}

function update() {
  const { view, ctx } = latest;
  const game = view.game;
  const status = effectiveStatus(game, ctx.serverNow);

  // The moment the round opens: flash and beep once (the phones buzz on their own).
  if (status === 'open' && shownStatus !== 'open' && shownRound === game.round) flash();
  shownStatus = status;
  shownRound = game.round;

  const over = view.room.status === 'over';
  if (over) drawFinal(view, ctx);
  else drawStage(game, status, ctx);
  const playing = view.room.status === 'playing';
  els.arm.hidden = over;
  els.arm.disabled = !playing || status === 'armed' || status === 'open';
  els.arm.textContent = status === 'armed' || status === 'open' ? 'Round under way'
    : (game.round ? 'Arm next round' : 'Arm round');
  els.round.textContent = game.round ? `Round ${game.round}` : 'Buzzer';

  const award = (seat) => h('button', {
    type: 'button', class: 'btn btn-small bz-award', dataset: { award: seat },
    'aria-label': `Give 1 point to ${nameOf(ctx.names, seat)}`,
  }, '+1');
  const canAward = playing && (status === 'closed' || status === 'open');
  const items = rankingItems(game, ctx.names, { extra: canAward ? award : null });
  if (!items.length) {
    items.push(h('li', { class: 'placeholder' },
      status === 'open' ? 'Waiting for the first press…' : 'Presses appear here, fastest first.'));
  }
  els.ranking.replaceChildren(...items);
  els.scores.replaceChildren(...scoreItems(game, view.room.players, ctx.names));
}

function flash() {
  els.root.classList.remove('bz-flash');
  void els.root.offsetWidth;  // restart the CSS animation
  els.root.classList.add('bz-flash');
  beep(1046, 160, 0.3);
}

/** Redraw the countdown every frame while a deadline is on screen. */
function tick() {
  frame = null;
  if (!latest || !els?.root.isConnected) return;
  const game = latest.view.game;
  const status = effectiveStatus(game, latest.ctx.serverNow);
  if (status !== shownStatus || latest.view.room.status === 'over') update();
  else drawStage(game, status, latest.ctx);
  const timed = (status === 'armed' && typeof game.opens_at === 'number')
    || (status === 'open' && typeof game.closes_at === 'number');
  if (timed) frame = requestAnimationFrame(tick);
}

export function render(root, view, ctx) {
  if (!view.game) {
    root.replaceChildren();
    els = null;
    return;
  }
  if (!els || !root.contains(els.root)) mount(root);
  latest = { view, ctx };
  update();
  if (frame === null) frame = requestAnimationFrame(tick);
}

export function note() {
  // Race results arrive in the next view as the ranking; nothing extra to animate.
}
