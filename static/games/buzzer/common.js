// What the buzzer's TV and phone modules share: wording, margins, the ranking list, the local
// "has it opened yet" test.

import { h, ensureStylesheet, formatMargin } from '../../js/ui.js';

export function loadStyles() {
  ensureStylesheet(new URL('./buzzer.css', import.meta.url).href);
}

/**
 * The status the screen should show now. A fixed-delay round knows `opens_at`, so both pages
 * flip to "open" on the server clock estimate instead of waiting a network trip for the view.
 */
export function effectiveStatus(game, serverNow) {
  if (game.status === 'armed' && typeof game.opens_at === 'number' && serverNow() >= game.opens_at) {
    return 'open';
  }
  return game.status;
}

export function nameOf(names, seat) {
  return names[seat] ?? names[String(seat)] ?? `Seat ${seat}`;
}

/**
 * <li> entries for the ranking: "1. Sofia", "2. Ben +42 ms", then false starts.
 * `extra(seat)` may return a node to append (the TV's award button).
 */
export function rankingItems(game, names, { mine = null, extra = null } = {}) {
  const items = (game.ranking || []).map((entry, i) => h('li', {
    class: [i === 0 ? 'first' : '', entry.seat === mine ? 'mine' : ''].join(' ').trim() || null,
    dataset: { seat: entry.seat },
  },
  h('span', { class: 'pos', text: `${i + 1}.` }),
  h('span', { class: 'name', text: nameOf(names, entry.seat) }),
  i > 0 ? h('span', { class: 'margin', text: formatMargin(entry.margin_ms) }) : null,
  extra ? extra(entry.seat) : null));

  for (const seat of game.false_starts || []) {
    items.push(h('li', { class: `false-start${seat === mine ? ' mine' : ''}`, dataset: { seat } },
      h('span', { class: 'pos', text: '✗', 'aria-hidden': 'true' }),
      h('span', { class: 'name', text: nameOf(names, seat) }),
      h('span', { class: 'margin', text: 'false start' })));
  }
  return items;
}

/** [{seat, name, points}] best first: every seated player, and anyone gone who scored. */
export function scoreRows(game, players, names) {
  const scores = game.scores || {};
  const gone = new Set(players.filter((p) => p.gone).map((p) => p.seat));
  const seats = new Set([...players.map((p) => p.seat), ...Object.keys(scores).map(Number)]);
  return [...seats]
    .map((seat) => ({ seat, name: nameOf(names, seat), points: scores[seat] ?? 0 }))
    .filter((row) => !gone.has(row.seat) || row.points !== 0)
    .sort((a, b) => b.points - a.points || a.name.localeCompare(b.name));
}

export function scoreItems(game, players, names, mine = null) {
  return scoreRows(game, players, names).map((row) => h('li', {
    class: row.seat === mine ? 'mine' : null, dataset: { seat: row.seat },
  },
  h('span', { class: 'name', text: row.name }),
  h('span', { class: 'points', text: String(row.points) })));
}
