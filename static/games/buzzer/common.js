// What the buzzer's TV and phone modules share: the stylesheet, the local "has it opened yet" test
// and the redraw at that moment, the ranking list, the scoreboard.

import { h, formatMargin } from '../../js/ui.js';
import { t, photoFinish } from '../../js/kit.js';

/** @typedef {import('../../js/kit.js').Ctx} Ctx */

export const styles = ['./buzzer.css'];

/**
 * The status the screen should show now. A fixed-delay round knows `opens_at` (game time), so
 * both pages flip to "open" on the game clock instead of waiting a network trip for the view.
 */
export function effectiveStatus(game, gameNow) {
  if (game.status === 'armed' && typeof game.opens_at === 'number' && gameNow() >= game.opens_at) {
    return 'open';
  }
  return game.status;
}

/** Every frame: redraw the moment the round opens on this page's clock (render keeps
 * `ctx.local.shown`, the status on screen).
 * @param {Ctx} ctx */
export function tick(ctx) {
  if (effectiveStatus(ctx.game, ctx.gameNow) !== ctx.local.shown) ctx.redraw();
}

/**
 * <li> entries for the ranking: "1. Sofia", "2. Ben +42 ms", "3. Cleo (+8 ms) +50 ms" (behind the
 * winner, and the gap to the press before small beside it), then false starts. A press too close
 * to the one before to be sure of their order (`close`) says so instead: "2. Ben +3.0 ms ± 5.0 ms
 * — photo finish", and with the `ties` option it shares that press's place ("1." twice).
 * `extra(seat)` may return a node to append (the TV's award button).
 * @param {Ctx} ctx
 */
export function rankingItems(ctx, { mine = null, extra = null } = {}) {
  const game = ctx.game;
  const ranking = game.ranking || [];
  const items = ranking.map((entry, i) => {
    const place = entry.place ?? i + 1;
    const photo = i > 0 && entry.close === true;
    const bound = photo ? (ranking[i - 1].uncertainty_ms ?? 0) + (entry.uncertainty_ms ?? 0) : 0;
    return h('li', {
      class: [place === 1 ? 'first' : '', entry.seat === mine ? 'mine' : '', photo ? 'photo' : ''].join(' ').trim() || null,
      dataset: { seat: entry.seat },
    },
    h('span', { class: 'pos', text: `${place}.` }),
    ctx.avatar(entry.seat),
    h('span', { class: 'name', text: ctx.nameOf(entry.seat) }),
    // behind the winner, big; from the third press on, the gap to the press before, small; a
    // photo finish: the gap to the press before and its bound
    i > 1 && !photo ? h('span', { class: 'gap', text: formatMargin(entry.margin_ms) }) : null,
    photo ? h('span', { class: 'margin photo-finish', text: photoFinish(entry.margin_ms, bound) }) : null,
    i > 0 && !photo ? h('span', { class: 'margin', text: formatMargin(entry.behind_ms ?? entry.margin_ms) }) : null,
    extra ? extra(entry.seat) : null);
  });

  for (const seat of game.false_starts || []) {
    items.push(h('li', { class: `false-start${seat === mine ? ' mine' : ''}`, dataset: { seat } },
      h('span', { class: 'pos', text: '✗', 'aria-hidden': 'true' }),
      ctx.avatar(seat),
      h('span', { class: 'name', text: ctx.nameOf(seat) }),
      h('span', { class: 'margin', text: t('false start') })));
  }
  return items;
}

/** [{seat, name, points}] best first: every seated player, and anyone gone who scored.
 * @param {Ctx} ctx */
export function scoreRows(ctx) {
  const scores = ctx.game.scores || {};
  const players = ctx.room.players;
  const gone = new Set(players.filter((p) => p.gone).map((p) => p.seat));
  const seats = new Set([...players.map((p) => p.seat), ...Object.keys(scores).map(Number)]);
  return [...seats]
    .map((seat) => ({ seat, name: ctx.nameOf(seat), points: scores[seat] ?? 0 }))
    .filter((row) => !gone.has(row.seat) || row.points !== 0)
    .sort((a, b) => b.points - a.points || a.name.localeCompare(b.name));
}

/** @param {Ctx} ctx */
export function scoreItems(ctx, mine = null) {
  return scoreRows(ctx).map((row) => h('li', {
    class: row.seat === mine ? 'mine' : null, dataset: { seat: row.seat },
  },
  ctx.avatar(row.seat),
  h('span', { class: 'name', text: row.name }),
  h('span', { class: 'points', text: String(row.points) })));
}
