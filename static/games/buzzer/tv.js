// Buzzer, table screen: big status line, arm button, live ranking with the time behind the
// winner, how many pressed, scoreboard. The end is the kit's podium of the total points.

import { h, formatGap, replay } from '../../js/ui.js';
import { countdown, photoFinish, t } from '../../js/kit.js';
import { beep } from '../../js/sound.js';
import { effectiveStatus, rankingItems, scoreItems } from './common.js';

/** @typedef {import('../../js/kit.js').Ctx} Ctx */

export { styles, tick } from './common.js';

export function local() {
  // The status and round on screen (to catch the opening). Who got this round's +1 is the
  // view's `awarded`: a second click, an undo, a redo and a reload all agree with the server.
  return { shown: null, round: null };
}

/** @param {Ctx} ctx */
export function mount(ctx) {
  const arm = h('button', { id: 'btn-arm', type: 'button', class: 'btn btn-primary bz-arm' }, t('Arm round'));
  arm.addEventListener('click', () => ctx.send('arm', {}, { button: arm }));

  const ranking = h('ol', { id: 'ranking', class: 'bz-ranking', 'aria-label': t('Ranking') });
  ranking.addEventListener('click', (event) => {
    const target = /** @type {Element} */ (event.target);
    const button = /** @type {HTMLButtonElement | null} */ (target.closest('button[data-award]'));
    if (!button || button.disabled) return;
    const seat = Number(button.dataset.award);
    ctx.send('award', { seat, points: 1 }, { button }).then((ack) => {
      if (ack?.ok) ctx.toast(() => t('+1 for {who} (Undo takes it back)', { who: ctx.nameOf(seat) }), 'info');
    });
  });

  const els = {
    root: h('div', { class: 'bz-tv' }),
    round: h('p', { class: 'bz-round' }),
    status: h('p', { id: 'bz-status', class: 'bz-status', 'aria-live': 'assertive' }),
    sub: h('p', { class: 'bz-sub' }),
    arm,
    ranking,
    scores: h('ol', { id: 'scores', class: 'bz-scores' }),
    count: h('p', { id: 'bz-count', class: 'bz-count' }),
    target: h('p', { id: 'bz-target', class: 'bz-count' }),
  };
  els.root.append(
    h('div', { class: 'bz-head' }, els.round, arm),
    h('div', { class: 'bz-stage' }, els.status, els.sub),
    h('div', { class: 'bz-body' },
      h('section', { class: 'bz-panel bz-panel-ranking' }, h('h2', { text: t('This round') }), els.count, ranking),
      h('section', { class: 'bz-panel bz-panel-scores' }, h('h2', { text: t('Scores') }), els.target, els.scores)),
  );
  return els;
}

/** Status line and sub-line.
 * @param {Ctx} ctx */
function drawStage(ctx, status) {
  const { game, els } = ctx;
  let text;
  /** @type {import('../../js/ui.js').Child} */
  let sub = '';
  if (status === 'idle') {
    text = game.round ? t('Ready') : t('Ready when you are');
    sub = t('Press “Arm round” to start round {n}.', { n: game.round + 1 });
  } else if (status === 'armed') {
    // A fixed-delay round counts down 3, 2, 1 on the server clock; an unannounced one cannot.
    const early = game.options?.false_start !== false ? t('pressing early is a false start!') : t('wait for GO.');
    if (typeof game.opens_at === 'number') {
      text = countdown(game.opens_at, { format: 'n' });
      sub = t('Get ready… {early}', { early });
    } else {
      text = t('Get ready…');
      sub = t('Opens any second now · {early}', { early });
    }
  } else if (status === 'open') {
    text = t('GO!');
    sub = typeof game.closes_at === 'number'
      ? [t('Closes in '), countdown(game.closes_at)]
      : t('Press your buzzer!');
  } else {
    const winner = game.ranking?.[0];
    text = winner ? t('{who} wins!', { who: ctx.nameOf(winner.seat) }) : t('Nobody pressed');
    const second = game.ranking?.[1];
    // a photo finish: with `ties` the place is shared, else the earlier fair time won it
    const sharing = (game.ranking || []).filter((p) => p.place === 1);
    if (sharing.length > 1) text = t('Photo finish: {names} share the win!', { names: sharing.map((p) => ctx.nameOf(p.seat)).join(', ') });
    if (winner && second?.close) sub = `${ctx.nameOf(second.seat)} ${photoFinish(second.margin_ms, (winner.uncertainty_ms ?? 0) + (second.uncertainty_ms ?? 0))}`;
    else if (winner && second) sub = t('by {x} over {who}', { x: formatGap(second.margin_ms), who: ctx.nameOf(second.seat) });
    else sub = t('Round {round} is over.', { round: game.round });
  }
  els.status.replaceChildren(text);
  els.sub.replaceChildren(...[sub].flat());
  els.root.dataset.state = status;
}

/** @param {Ctx} ctx */
export function render(ctx) {
  const { game, els, local } = ctx;
  const status = effectiveStatus(game, ctx.gameNow);

  // The moment the round opens: flash and beep once (the phones buzz on their own).
  if (status === 'open' && local.shown !== 'open' && local.round === game.round) {
    replay(els.root, 'bz-flash');
    ctx.cue('go');
  }
  local.shown = status;
  local.round = game.round;

  // The end is the kit's podium of total points (docs/pages.md, "Prompts and endings"): nothing
  // of the last round stays on screen to compete with it.
  const over = ctx.room.status === 'over';
  els.root.hidden = over;
  if (over) return;
  drawStage(ctx, status);
  els.arm.disabled = !ctx.playing || status === 'armed' || status === 'open';
  els.arm.textContent = status === 'armed' || status === 'open' ? t('Round under way')
    : (game.round ? t('Arm next round') : t('Arm round'));
  els.round.textContent = game.round ? t('Round {round}', { round: game.round }) : t('Buzzer');

  const given = new Set(game.awarded || []);
  const award = (seat) => (given.has(seat)
    ? h('span', { class: 'bz-awarded', 'aria-label': t('{who} got 1 point', { who: ctx.nameOf(seat) }) }, '✓ +1')
    : h('button', {
      type: 'button', class: 'btn btn-small bz-award', dataset: { award: seat },
      'aria-label': t('Give 1 point to {who}', { who: ctx.nameOf(seat) }),
    }, '+1'));
  const canAward = ctx.playing && (status === 'closed' || status === 'open');
  const items = rankingItems(ctx, { extra: canAward ? award : null });
  if (!items.length) {
    items.push(h('li', { class: 'placeholder' },
      status === 'open' ? t('Waiting for the first press…') : t('Presses appear here, fastest first.')));
  }
  // A new press pops in (once: a redraw keeps it still).
  items.forEach((li) => { if (li.dataset.seat !== undefined) ctx.fresh(li, `press-${game.round}-${li.dataset.seat}`); });
  els.ranking.replaceChildren(...items);
  // "Pressed: 1 of 2": only the seats still in the game count (the server leaves out who left)
  const counting = game.round > 0 && typeof game.playing === 'number';
  els.count.hidden = !counting;
  els.count.textContent = counting ? t('Pressed: {n} of {m}', { n: game.pressed, m: game.playing }) : '';
  // a game played to a target says so where the points are
  const target = game.options?.target || 0;
  els.target.hidden = !target;
  els.target.textContent = target ? t('Points to win: {n}', { n: target }) : '';
  els.scores.replaceChildren(...scoreItems(ctx));
}


