// Buzzer, phone: one huge button. The press is timed on pointerdown with the event's own
// timestamp (performance.now() clock), and the phone reacts before the server answers.

import { h, ordinal, formatGap, onPress, pressTime, replay } from '../../js/ui.js';
import { countdown, photoFinish, t, tn, N_, errorText } from '../../js/kit.js';
import { beep, vibrate } from '../../js/sound.js';
import { effectiveStatus, rankingItems, scoreItems, scoreRows } from './common.js';

/** @typedef {import('../../js/kit.js').Ctx} Ctx */

export { styles, tick } from './common.js';

export function local() {
  return {
    shown: null,          // the status on screen (common.js tick)
    pressedRound: null,   // the round this phone pressed in (set before any answer)
    refusal: null,        // {round, final, message}: an error ack for this round's press
  };
}

// Marked with N_ for scripts/i18n; translated where drawn (the page may switch language).
const LABEL = {
  idle: N_('Wait'),
  armed: N_('Wait…'),
  open: N_('BUZZ!'),
  pressed: N_('Pressed!'),
  false_start: N_('✗ Too early'),
  closed: N_('Round over'),
  refused: N_('Missed'),
};

/** @param {Ctx} ctx */
function isPlayer(ctx) {
  return ctx.seat !== null;
}

/** @param {Ctx} ctx */
export function mount(ctx) {
  const button = h('button', { id: 'btn-buzz', type: 'button', class: 'bz-button' },
    h('span', { class: 'bz-label' }));
  // Timed on pointerdown (or the key event); no long-press menu on the one button that is hammered.
  onPress(button, (event) => press(ctx, event));

  const els = {
    root: h('div', { class: 'bz-phone' }),
    round: h('p', { class: 'bz-round' }),
    verdict: h('p', { id: 'bz-verdict', class: 'bz-verdict', 'aria-live': 'assertive' }),
    detail: h('p', { class: 'bz-detail' }),
    button,
    ranking: h('ol', { class: 'bz-ranking bz-ranking-small', 'aria-label': t('Ranking') }),
    scores: h('ol', { class: 'bz-scores bz-scores-small', 'aria-label': t('Scores') }),
  };
  // A player gets the button; a spectator gets the table's ranking and scores.
  if (isPlayer(ctx)) {
    els.root.append(h('div', { class: 'bz-top' }, els.round, els.verdict, els.detail),
      ctx.statusEl ?? '', h('div', { class: 'bz-bottom' }, button));
  } else {
    els.root.append(h('div', { class: 'bz-top' }, els.round, els.verdict, els.detail, els.ranking,
      h('h2', { class: 'bz-small-title', text: t('Scores') }), els.scores));
    els.root.classList.add('bz-watch');
  }
  return els;
}

/** @param {Ctx} ctx */
function press(ctx, event) {
  const pressedAt = pressTime(event);
  if (event.button > 0) return;
  event.preventDefault();
  const { game, local } = ctx;
  const status = effectiveStatus(game, ctx.gameNow);
  if (!ctx.playing) return;
  if (status === 'idle' || status === 'closed' || game.you?.pressed || game.you?.false_start
    || local.pressedRound === game.round) {
    replay(ctx.els.button);   // nothing to send; a wobble says the press was seen
    return;
  }
  // Feedback first: the verdict waits for the settle window, the player's thumb should not.
  local.pressedRound = game.round;
  ctx.cue(status === 'open' ? 'tap' : 'nope');
  ctx.redraw();
  const round = game.round;
  ctx.send('buzz', { t: pressedAt }, { quiet: true }).then((ack) => {
    // An answer for another round, or for the game before a rematch (another `local`), is stale.
    if (!ack || ack.ok || ctx.local !== local || ctx.game.round !== round) return;
    // too_late is the verdict for this round; anything else (e.g. "wait for GO" when false
    // starts are off, a lost connection) leaves the player free to press again.
    const final = ack.error?.code === 'too_late';
    local.refusal = { round, final, message: errorText(ack.error, 'Your press did not count.') };
    if (!final) local.pressedRound = null;
    ctx.redraw();
  });
}

/** The button's state, from the view plus what this phone already knows locally.
 * @param {Ctx} ctx */
function stateOf(ctx, status) {
  const { game, local } = ctx;
  const you = game.you || {};
  if (you.false_start) return 'false_start';
  if (local.refusal?.round === game.round && local.refusal.final) return 'refused';
  if (typeof you.rank === 'number') return 'ranked';
  if (you.pressed || local.pressedRound === game.round) return 'pressed';
  return status;
}

/** @param {Ctx} ctx */
function drawVerdict(ctx, state, status) {
  const { game, els, local } = ctx;
  const you = game.you || {};
  let verdict = '';
  /** @type {import('../../js/ui.js').Leaf[]} */
  let detail = [];
  let label = t(LABEL[state]) || '';
  if (state === 'idle') {
    verdict = t('Wait for the host');
    detail = [game.round ? '' : t('The host arms the first round from the TV.')];
  } else if (state === 'armed') {
    verdict = t('Get ready…');
    detail = [game.options?.false_start !== false ? t('Press on GO. Too early is a false start!') : t('Press on GO.')];
    if (typeof game.opens_at === 'number') {
      detail.unshift(t('Opens in '), countdown(game.opens_at, { format: 'tenths' }), '\n');
    }
  } else if (state === 'open') {
    verdict = t('GO! Press now!');
  } else if (state === 'pressed') {
    verdict = status === 'closed' ? t('Pressed') : t('Pressed! Waiting for the others…');
  } else if (state === 'false_start') {
    verdict = t('False start');
    detail = [t('You pressed before GO: out for this round.')];
  } else if (state === 'refused') {
    verdict = local.refusal.message;
  } else if (state === 'ranked') {
    const rank = you.rank;
    const ranking = game.ranking || [];
    // by seat, not by place: with `ties` two presses share a place
    const i = ranking.findIndex((entry) => entry.seat === ctx.seat);
    const mine = ranking[i];
    const before = ranking[i - 1];
    const after = ranking[i + 1];
    const bound = (a, b) => (a.uncertainty_ms ?? 0) + (b.uncertainty_ms ?? 0);
    label = rank === 1 ? t('1st ★') : ordinal(rank);
    verdict = rank === 1 ? t('Fastest!') : t('{rank} place', { rank: ordinal(rank) });
    if (mine && before && mine.close) {
      // a photo finish with the press before: the gap and its bound ("+3.0 ms ± 5.0 ms — photo finish")
      detail = [photoFinish(mine.margin_ms, bound(before, mine))];
    } else if (mine && before) {
      detail = [t('{gap} behind {who}', { gap: formatGap(mine.margin_ms), who: ctx.nameOf(before.seat) })];
    } else if (mine && after?.close) {
      detail = [`${ctx.nameOf(after.seat)} ${photoFinish(after.margin_ms, bound(mine, after))}`];
    } else if (after) {
      detail = [t('{gap} ahead of {who}', { gap: formatGap(after.margin_ms), who: ctx.nameOf(after.seat) })];
    }
  } else if (state === 'closed') {
    verdict = t('Round over');
    detail = [t('You did not press this round.')];
  }
  if (local.refusal?.round === game.round && !local.refusal.final && (state === 'armed' || state === 'open')) {
    detail = [local.refusal.message];
  }
  els.verdict.textContent = verdict;
  els.detail.replaceChildren(...detail);
  els.button.querySelector('.bz-label').textContent = label;
  els.button.dataset.state = state;
  els.button.dataset.rank = state === 'ranked' ? String(you.rank) : '';
  els.button.setAttribute('aria-label', `${label}. ${verdict}`);
  els.root.dataset.state = state;
}

/** @param {Ctx} ctx */
function drawWatcher(ctx, status) {
  const { game, els } = ctx;
  const texts = { idle: t('Waiting for the host'), armed: t('Get ready…'), open: t('GO!') };
  const winner = game.ranking?.[0];
  els.verdict.textContent = texts[status]
    ?? (winner ? t('{who} wins!', { who: ctx.nameOf(winner.seat) }) : t('Round over'));
  els.detail.textContent = '';
  els.root.dataset.state = status;
  els.ranking.replaceChildren(...rankingItems(ctx));
  els.scores.replaceChildren(...scoreItems(ctx));
}

/** @param {Ctx} ctx */
export function render(ctx) {
  const { game, els, local } = ctx;
  const status = effectiveStatus(game, ctx.gameNow);
  local.shown = status;
  // The end is the kit's: "You win!" or your place, and the podium of total points above this
  // module. Nothing of the last round (button, verdict, status card) says it a second time.
  els.root.hidden = ctx.room.status === 'over';
  if (els.root.hidden) return;
  if (local.pressedRound !== null && local.pressedRound !== game.round) local.pressedRound = null;
  const points = (game.scores || {})[ctx.seat] ?? 0;
  els.round.textContent = [
    game.round ? t('Round {round}', { round: game.round }) : t('Buzzer'),
    isPlayer(ctx) ? tn('{n} point', '{n} points', points) : null,
  ].filter(Boolean).join(' · ');

  if (isPlayer(ctx)) drawVerdict(ctx, stateOf(ctx, status), status);
  else drawWatcher(ctx, status);
  els.button.disabled = !ctx.playing;
  if (isPlayer(ctx)) ctx.status(statusCard(ctx, stateOf(ctx, status)));
}

/** The middle of the phone: the player's standing, what comes next, and the table's round.
 * @param {Ctx} ctx */
function statusCard(ctx, state) {
  const { t } = ctx;
  const rows = scoreRows(ctx);
  const mine = rows.find((r) => r.seat === ctx.seat);
  const points = mine?.points ?? 0;
  const place = 1 + rows.filter((r) => r.points > points).length;
  const you = points || rows.some((r) => r.points)
    ? t('{place} of {n} · score {points}', { place: ordinal(place), n: rows.length, points })
    : t('No points yet: the fastest press scores');
  const next = {
    idle: t('Wait for the host to arm a round on the TV.'),
    armed: t('Thumb over the button: press on GO, not before.'),
    open: t('Press the button now!'),
    pressed: t('Wait for the others to press.'),
    false_start: t('Sit this round out; the next one is yours.'),
    refused: t('Wait for the next round.'),
    ranked: t('Wait for the host to arm the next round.'),
    closed: t('Wait for the host to arm the next round.'),
  }[state] ?? '';
  const ranking = ctx.game.ranking || [];
  const seated = ctx.room.players.filter((p) => !p.gone).length;
  // The server's counts leave out seats that left or were kicked (a press of theirs stays ranked).
  const k = typeof ctx.game.pressed === 'number' ? ctx.game.pressed : ranking.length;
  const n = typeof ctx.game.playing === 'number' ? ctx.game.playing : seated;
  let table;
  if (ranking.length && (state === 'open' || state === 'pressed')) table = tn('{name} is fastest so far · {n} of {total} pressed', '{name} is fastest so far · {n} of {total} pressed', k, { name: ctx.nameOf(ranking[0].seat), total: n });
  else if (ranking.length) table = tn('{name} was fastest · {n} of {total} pressed', '{name} was fastest · {n} of {total} pressed', k, { name: ctx.nameOf(ranking[0].seat), total: n });
  else if (state === 'armed' || state === 'open') table = t('Everyone is waiting for GO.');
  else table = rows[0]?.points ? t('Leader: {name} (score {points})', { name: rows[0].name, points: rows[0].points }) : t('{n} at the table', { n: seated });
  return { you, next, table };
}
