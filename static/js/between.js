// Between games on the TV (issue 23): the party stays, the game changes. The six games with their
// player counts (those the party is too few for are greyed; too many is allowed: the host then
// picks who plays), the night's scoreboard (`view.room.night`, 3/2/1 points by place in every
// game: docs/protocol.md, "The night") and the champion screen that ends the night. The host
// page shows them in its lobby and under the ending's podium.

import { h } from './ui.js';
import { call, t, tn, nameOf, avatarOf } from './kit.js';
import { ordinal } from './ending.js';

/**
 * A game as GET /api/games describes it.
 * @typedef {{id: string, title: string, min_players: number, max_players: number,
 *   first_player: boolean, options: object[]}} GameInfo
 */

/** The seats still in the room (a seat that left a game stays listed, gone). */
const here = (view) => view.room.players.filter((p) => !p.gone);

/** "2–6 players", "12 players", "1 player": a game's player count, as the home page says it. */
export function playerCount(game) {
  const n = game.min_players === game.max_players ? String(game.min_players) : `${game.min_players}–${game.max_players}`;
  return tn('{n} player', '{n} players', game.max_players, { n });
}

/** Switch the room to `game`: everyone plays it when it takes them all, else the host picks. */
async function choose(view, game, button) {
  const seated = here(view);
  if (seated.length > game.max_players) {
    whoPlays(view, game, game.max_players);
    return;
  }
  const ack = await call('room', { type: 'game', game: game.id }, { button, quiet: true });
  // The game takes fewer with its default options (Witch's Brew: 5 without the 6th Player
  // expansion): the server says how many, and the host picks them.
  if (!ack.ok && ack.error?.code === 'illegal' && typeof ack.error.params?.max === 'number') {
    whoPlays(view, game, ack.error.params.max);
  } else if (!ack.ok) {
    await call('room', { type: 'game', game: game.id }, { button });   // shows the refusal
  }
}

/** The six games as buttons: the party's game now marked, those it is too few for greyed. */
export function gameChooser(view, games) {
  const count = here(view).length;
  return h('ul', { class: 'next-games', 'aria-label': t('Another game') }, games.map((game) => {
    const short = count < game.min_players;
    const now = game.id === view.room.game;
    return h('li', null, h('button', {
      type: 'button', class: `btn next-game${now ? ' current' : ''}`, dataset: { game: game.id },
      disabled: short || (now && view.room.status === 'lobby'),
      'aria-current': now ? 'true' : null,
      onclick: (/** @type {Event} */ e) => choose(view, game, /** @type {HTMLButtonElement} */ (e.currentTarget)),
    },
    h('span', { class: 'next-game-title', text: t(game.title) }),
    h('span', { class: 'next-game-count', text: playerCount(game) })));
  }));
}

// ---- who plays --------------------------------------------------------------------------------

/** The dialog of a game that takes fewer than the party: tick who plays (at most `max`); the
 * others keep their seats and watch this game. */
function whoPlays(view, game, max) {
  document.getElementById('who-plays')?.remove();
  const seated = here(view);
  const picked = new Set(seated.slice(0, max).map((p) => p.seat));
  const go = h('button', { type: 'button', class: 'btn btn-primary', id: 'btn-who-plays', text: t('Play {game}', { game: t(game.title) }) });
  const boxes = seated.map((p) => {
    const box = h('input', { type: 'checkbox', id: `plays-${p.seat}`, dataset: { seat: p.seat } });
    box.checked = picked.has(p.seat);
    box.addEventListener('change', () => {
      if (box.checked) picked.add(p.seat);
      else picked.delete(p.seat);
      paint();
    });
    return h('li', null, box, h('label', { for: `plays-${p.seat}` }, avatarOf(view, p.seat), h('span', { text: p.name })));
  });
  const paint = () => {
    go.disabled = picked.size > max || picked.size < game.min_players;
    for (const li of boxes) {
      const box = /** @type {HTMLInputElement} */ (li.querySelector('input'));
      box.disabled = !box.checked && picked.size >= max;
    }
  };
  const close = () => dialog.remove();
  const dialog = h('div', {
    id: 'who-plays', class: 'handoff-overlay', role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': 'who-plays-title',
    onkeydown: (/** @type {KeyboardEvent} */ e) => { if (e.key === 'Escape') close(); },
  }, h('div', { class: 'handoff-card who-plays-card' },
    h('h2', { id: 'who-plays-title', text: t('Too many players for {game} (at most: {max}): choose who plays.', { game: t(game.title), max }) }),
    h('ul', { class: 'who-plays' }, boxes),
    h('div', { class: 'wifi-buttons' }, go, h('button', { type: 'button', class: 'btn', text: t('Close'), onclick: close }))));
  go.addEventListener('click', async () => {
    const players = seated.map((p) => p.seat).filter((seat) => picked.has(seat));
    const ack = await call('room', { type: 'game', game: game.id, players }, { button: go });
    if (ack.ok) close();
  });
  paint();
  document.body.append(dialog);
  go.focus();
}

// ---- the night --------------------------------------------------------------------------------

/** The night's standings as a table (null before any game has finished): place, avatar and
 * name, games, wins, points; equal points and wins share a place. */
export function nightTable(view, { cls = '' } = {}) {
  const night = view.room.night || [];
  if (!night.length) return null;
  const places = placesOf(night);
  return h('table', { class: `night-table ${cls}`.trim() },
    h('caption', { text: t('Tonight') }),
    h('thead', null, h('tr', null,
      h('th', { scope: 'col', class: 'night-place' }, h('span', { class: 'visually-hidden', text: t('Place') })),
      h('th', { scope: 'col', text: t('Player') }),
      h('th', { scope: 'col', class: 'num', text: t('Games') }),
      h('th', { scope: 'col', class: 'num', text: t('Wins') }),
      h('th', { scope: 'col', class: 'num', text: t('Points') }))),
    h('tbody', null, night.map((row, i) => h('tr', { dataset: { seat: row.seat, place: places[i] } },
      h('td', { class: 'night-place', text: ordinal(places[i]) }),
      h('th', { scope: 'row', class: 'night-who' }, avatarOf(view, row.seat), h('span', { text: nameOf(view, row.seat) })),
      h('td', { class: 'num', text: String(row.games) }),
      h('td', { class: 'num', text: String(row.wins) }),
      h('td', { class: 'num night-points', text: String(row.points) })))));
}

/** Each row's place in the sorted night: a row with the points and wins of the one before it
 * shares its place. */
function placesOf(night) {
  const places = [];
  night.forEach((row, i) => {
    const before = night[i - 1];
    places.push(before && before.points === row.points && before.wins === row.wins ? places[i - 1] : i + 1);
  });
  return places;
}

/** The night's table with its "End the night" button, or null before any game has finished. */
export function nightBoard(view) {
  const table = nightTable(view);
  if (!table) return null;
  return h('section', { class: 'night-board' }, table,
    h('button', { type: 'button', class: 'btn btn-end-night', text: t('End the night'), onclick: () => champion(view) }));
}

/** The champion screen: whoever leads the night (tied leaders share it), over everything. */
function champion(view) {
  document.getElementById('champion')?.remove();
  const night = view.room.night || [];
  const places = placesOf(night);
  const best = night.filter((_, i) => places[i] === 1);
  const close = () => dialog.remove();
  const dialog = h('div', {
    id: 'champion', class: 'champion-overlay', role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': 'champion-title',
    onkeydown: (/** @type {KeyboardEvent} */ e) => { if (e.key === 'Escape') close(); },
  }, h('div', { class: 'champion-card' },
    h('p', { class: 'champion-eyebrow', id: 'champion-title', text: t('Champion of the night') }),
    h('ul', { class: 'champion-names' }, best.map((row) => {
      const wins = tn('{n} win', '{n} wins', row.wins);
      const points = tn('{n} point', '{n} points', row.points);
      return h('li', { dataset: { seat: row.seat } },
        avatarOf(view, row.seat, { size: '3em' }),
        h('span', { class: 'champion-name', text: nameOf(view, row.seat) }),
        h('span', { class: 'champion-score', text: `${wins} · ${points}` }));
    })),
    nightTable(view, { cls: 'champion-table' }),
    h('button', { type: 'button', class: 'btn', id: 'btn-champion-close', text: t('Close'), onclick: close })));
  document.body.append(dialog);
  /** @type {HTMLElement} */ (dialog.querySelector('#btn-champion-close')).focus();
}
