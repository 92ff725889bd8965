// The phone page: join a seat (or watch), come back to it by token after any disconnect,
// and hand the screen to the game's phone.js module once the game runs.

import { connect, request, hintServerTime, viewGate, pageData } from './client.js';
import { afterTaps, h, toast, trackConnection } from './ui.js';
import {
  call, gamePage, pressTwice, t, tn, say, errorText, loadLanguage, onLanguage,
  translatePage, languageSlots, followRoomLanguage, refreshHelp, avatarBadge, avatarPicker,
  AVATAR_SHAPES, AVATAR_COLOURS, muteToggle,
} from './kit.js';
import { renderOptions } from './options.js';
import { cue, unlockAudio } from './sound.js';
import { keepAwake } from './awake.js';
import { ordinal } from './ending.js';
import { yourBox } from './box.js';

const page = pageData();
const code = String(page.code || '').toUpperCase();
// The room's game now: the party may switch to another between games (docs/pages.md, "Between
// games"), and this page follows it without a reload.
let game = page.game;
const seatKey = `companion.seat.${code}`;
const nameKey = 'companion.name';
const avatarKey = 'companion.avatar';  // the last avatar picked, offered again in every room
// The host key, kept by the home page when this device created the room. A phone that holds it
// hosts from its seat (a solo game on one phone: protocol.md, "join" with host_token).
const hostKey = `companion.host.${code}`;
const hostToken = () => localStorage.getItem(hostKey);
const withHostKey = (payload) => (hostToken() ? { ...payload, host_token: hostToken() } : payload);

/** The shell's element with this id, of whatever kind its template made it.
 * @type {(id: string) => any} */
const $ = (id) => document.getElementById(id);
const gate = viewGate();
let role = null;           // 'player' | 'spectator' | null (not in the room)
let seat = null;
let current = null;
// The game's phone.js, run by the page kit once the game runs.
const screen = game ? gamePage({ root: $('game'), game, side: 'phone', base: page.static }) : null;

// ---- screens --------------------------------------------------------------------------------

const SCREENS = ['screen-join', 'screen-lobby', 'game', 'screen-message'];

function show(screen) {
  for (const id of SCREENS) {
    const el = $(id);
    if (el) el.hidden = id !== screen;
  }
  document.body.dataset.screen = screen;
  $('me').hidden = !(screen === 'screen-lobby' || screen === 'game');
}

function showMessage(text, { rejoin = null } = {}) {
  role = null;
  seat = null;
  $('message-text').textContent = text;
  $('btn-rejoin').hidden = !rejoin;
  if (rejoin) $('btn-rejoin').textContent = rejoin;
  $('phone-status').hidden = true;
  show('screen-message');
  keepAwake(false);
}

function showJoinForm(error = '') {
  role = null;
  seat = null;
  const errorEl = $('join-error');
  errorEl.textContent = error;
  errorEl.hidden = !error;
  const nameInput = $('name');
  if (!nameInput.value) nameInput.value = localStorage.getItem(nameKey) || '';
  $('phone-status').hidden = true;
  show('screen-join');
  keepAwake(false);
  drawJoinAvatar();
}

// ---- avatars --------------------------------------------------------------------------------

let joinAvatar = null;     // what this phone will join as: {shape, colour}
let joinTaken = [];        // the avatars of the seats already in the room
let joinPicker = null;
let lobbyPicker = null;

function rememberedAvatar() {
  try {
    const a = JSON.parse(localStorage.getItem(avatarKey) || 'null');
    return a && AVATAR_SHAPES.includes(a.shape) && AVATAR_COLOURS.includes(a.colour) ? a : null;
  } catch {
    return null;
  }
}

const sameAvatar = (a, b) => a.shape === b.shape && a.colour === b.colour;

/** The server's default for the next seat (companion/rooms/avatars.py: default_avatar). */
function nextFreeAvatar(taken) {
  for (let k = 0; k < AVATAR_SHAPES.length; k++) {
    if (!taken.some((a) => a.shape === AVATAR_SHAPES[k] || a.colour === AVATAR_COLOURS[k])) {
      return { shape: AVATAR_SHAPES[k], colour: AVATAR_COLOURS[k] };
    }
  }
  for (const colour of AVATAR_COLOURS) {
    for (const shape of AVATAR_SHAPES) if (!taken.some((a) => sameAvatar(a, { shape, colour }))) return { shape, colour };
  }
  return { shape: 'circle', colour: 'orange' };
}

/** Who is in the room already (GET /api/rooms/<code>): their avatars are not offered. */
async function loadTaken() {
  const res = await fetch(`/api/rooms/${encodeURIComponent(code)}`).catch(() => null);
  const summary = res?.ok ? await res.json().catch(() => null) : null;
  joinTaken = (summary?.players || []).map((p) => p.avatar).filter(Boolean);
  const mine = rememberedAvatar();
  if (!joinAvatar || joinTaken.some((a) => sameAvatar(a, joinAvatar))) {
    joinAvatar = mine && !joinTaken.some((a) => sameAvatar(a, mine)) ? mine : nextFreeAvatar(joinTaken);
  }
  drawJoinAvatar();
}

function drawJoinAvatar() {
  if (!joinAvatar) return;
  const name = $('name').value.trim();
  $('join-avatar').replaceChildren(avatarBadge({ name, avatar: joinAvatar }));
  joinPicker?.update({ current: joinAvatar, taken: joinTaken, name });
}

/** The two avatar buttons' words, by whether their picker is open (again after a switch). */
function nameAvatarButtons() {
  const join = !$('join-picker').hidden;
  const lobby = !$('lobby-picker').hidden;
  $('btn-avatar').setAttribute('aria-expanded', String(join));
  $('btn-avatar').textContent = join ? t('Done') : t('Choose your avatar');
  $('btn-lobby-avatar').setAttribute('aria-expanded', String(lobby));
  $('btn-lobby-avatar').textContent = lobby ? t('Done') : t('Change your avatar');
}

function toggleJoinPicker() {
  const box = $('join-picker');
  box.hidden = !box.hidden;
  nameAvatarButtons();
  if (box.hidden) return;
  if (!joinPicker) {
    joinPicker = avatarPicker({
      current: joinAvatar, taken: joinTaken, name: $('name').value.trim(),
      onPick: (avatar) => {
        joinAvatar = avatar;
        localStorage.setItem(avatarKey, JSON.stringify(avatar));
        drawJoinAvatar();
      },
    });
    box.replaceChildren(joinPicker);
  }
  loadTaken();
}

/** The lobby's picker: a pick is sent at once; a refusal (taken meanwhile) snaps back. */
function renderLobbyAvatar(view) {
  const me = view.room.players.find((p) => p.seat === seat);
  $('btn-lobby-avatar').hidden = role !== 'player' || !me;
  if (!me) return;
  const taken = view.room.players.filter((p) => p.seat !== seat && !p.gone).map((p) => p.avatar);
  if (!lobbyPicker) {
    lobbyPicker = avatarPicker({
      current: me.avatar, taken, name: me.name,
      onPick: async (avatar) => {
        const ack = await call('room', { type: 'avatar', avatar });
        if (ack.ok) localStorage.setItem(avatarKey, JSON.stringify(avatar));
        else if (current) renderLobbyAvatar(current);
      },
    });
    $('lobby-picker').replaceChildren(lobbyPicker);
  }
  lobbyPicker.update({ current: me.avatar, taken, name: me.name });
}

function toggleLobbyPicker() {
  const box = $('lobby-picker');
  box.hidden = !box.hidden;
  nameAvatarButtons();
}

// ---- joining --------------------------------------------------------------------------------

function setBusy(busy) {
  for (const id of ['btn-join', 'btn-watch']) $(id).disabled = busy;
}

function entered(ack, asRole) {
  role = asRole;
  seat = asRole === 'player' ? ack.seat : null;
  if (asRole === 'player') localStorage.setItem(seatKey, ack.token);
  gate.reset(ack.view);
  render(ack.view);
}

// Names are counted as people see them (an emoji family is one), as the server counts them.
const NAME_MAX = 24;
const graphemes = (text) => (typeof Intl.Segmenter === 'function'
  ? [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text)].length
  : [...text].length);

function showNameCount() {
  const used = graphemes($('name').value.trim().replace(/\s+/g, ' '));
  const hint = $('name-count');
  hint.textContent = used ? t('{used} / {max} characters', { used, max: NAME_MAX })
    : t('Up to 24 characters, emoji welcome.');
  hint.classList.toggle('over', used > NAME_MAX);
}

let takingSeat = false;   // a spectator's name form: it asks for a free seat with `sit`

/** A spectator takes a seat: the name and avatar form, sent as `sit` on this connection. */
function takeSeat() {
  takingSeat = true;
  showJoinForm();
  $('btn-join').textContent = t('Take a seat');
}

async function joinByName(event) {
  event.preventDefault();
  unlockAudio();
  const name = $('name').value.trim();
  if (!name) {
    showJoinForm(t('Type the name everyone will see.'));
    $('name').focus();
    return;
  }
  if (graphemes(name.replace(/\s+/g, ' ')) > NAME_MAX) {
    showJoinForm(t('Names are at most {max} characters: make it a little shorter.', { max: NAME_MAX }));
    $('name').focus();
    return;
  }
  setBusy(true);
  const payload = joinAvatar ? { code, name, avatar: joinAvatar } : { code, name };
  // A spectator's connection is in the room already: it sits down on it (protocol.md, `sit`).
  const ack = takingSeat ? await request('sit', { name, ...(joinAvatar ? { avatar: joinAvatar } : {}) })
    : await request('join', withHostKey(payload));
  setBusy(false);
  if (!ack.ok) {
    // The server's "you can watch instead" already points at the Just watch button.
    showJoinForm(errorText(ack.error, 'Could not join.'));
    return;
  }
  localStorage.setItem(nameKey, name);
  cue('join');
  takingSeat = false;
  $('btn-join').textContent = t('Join the game');
  entered(ack, 'player');
}

/** A seat handed over from the TV ("Continue on another phone"): the code comes once in the
 * fragment, is used once, and leaves the address bar at once. */
function takeHandoff() {
  const match = /(?:^|[#&])handoff=([^&]+)/.exec(window.location.hash);
  if (!match) return null;
  history.replaceState(null, '', window.location.pathname + window.location.search);
  return decodeURIComponent(match[1]);
}

async function joinByHandoff(handoff) {
  const ack = await request('join', { code, handoff });
  if (ack.ok) {
    toast(() => t('This phone now plays your seat.'), 'info');
    entered(ack, 'player');
  } else {
    showJoinForm(errorText(ack.error, 'That code did not work: ask the host for a new one.'));
  }
}

async function joinByToken(token) {
  const ack = await request('join', withHostKey({ code, token }));
  if (ack.ok) {
    entered(ack, 'player');
    return;
  }
  const why = ack.error?.code;
  if (why === 'timeout' || why === 'rate_limited' || why === 'unavailable') {
    // The seat may well still be ours (unavailable: the room is moving to another server
    // process): keep the token; the next reconnect tries again.
    toast(() => errorText(ack.error));
    return;
  }
  localStorage.removeItem(seatKey);
  if (why === 'unknown_room') showMessage(errorText(ack.error));
  else showJoinForm(errorText(ack.error, 'Could not rejoin.'));
}

async function watch() {
  unlockAudio();
  takingSeat = false;
  $('btn-join').textContent = t('Join the game');
  setBusy(true);
  const ack = await request('watch', { code });
  setBusy(false);
  if (!ack.ok) {
    showJoinForm(errorText(ack.error, 'Could not watch.'));
    return;
  }
  entered(ack, 'spectator');
}

let handoff = null;  // a code to claim a seat with, at the first connect
let solo = false;    // created on this phone to play alone: take the seat without the form

/** `#solo` in the address: the home page created this room for a solo game on this phone. */
function takeSolo() {
  if (window.location.hash !== '#solo') return false;
  history.replaceState(null, '', window.location.pathname + window.location.search);
  return Boolean(hostToken());
}

async function joinSolo() {
  // The player's own name, as every game asks it: the form (it joins with the host key too).
  const name = localStorage.getItem(nameKey);
  if (!name) {
    showJoinForm();
    return;
  }
  const avatar = rememberedAvatar();
  const ack = await request('join', withHostKey(avatar ? { code, name, avatar } : { code, name }));
  if (ack.ok) entered(ack, 'player');
  else showJoinForm(errorText(ack.error, 'Could not join.'));
}

/** What to do on every (re)connect: return to the seat or the stands without any typing. */
function resume() {
  if (takingSeat) {
    // a new connection is nobody yet: the form joins it as any phone would
    takingSeat = false;
    $('btn-join').textContent = t('Join the game');
  }
  if (handoff) {
    const claim = handoff;
    handoff = null;
    joinByHandoff(claim);
    return;
  }
  const token = localStorage.getItem(seatKey);
  if (solo && !token) {
    solo = false;
    joinSolo();
    return;
  }
  if (document.body.dataset.screen === 'screen-message') return;  // kicked, left, replaced: the player decides
  if (token && role !== 'spectator') joinByToken(token);
  else if (role === 'spectator') watch();
  else showJoinForm($('join-error').textContent);
}

async function leave() {
  if (role === 'spectator') {
    // A spectator holds no seat: a fresh page is a clean exit.
    window.location.reload();
    return;
  }
  const ack = await call('room', { type: 'leave' });
  if (!ack.ok) return;
  localStorage.removeItem(seatKey);
  showMessage(t('You left the room.'), { rejoin: t('Join again') });
}

// ---- rendering ------------------------------------------------------------------------------

function renderMe(view) {
  const me = view.room.players.find((p) => p.seat === seat);
  // a seat that sits this game out watches it, and its phone says so all through the game
  const name = me?.sitting_out ? [me.name, t('Watching')].join(' · ') : (me?.name ?? '');
  $('me-name').textContent = role === 'spectator' ? t('Watching') : name;
  $('me-avatar').replaceChildren(...(role === 'player' && me ? [avatarBadge(me, { label: false })] : []));
}

let gameSpecs = null;  // the game's options (GET /api/games), for a phone that hosts

async function optionSpecs() {
  const id = game.id;
  if (gameSpecs?.id !== id) {
    const res = await fetch('/api/games').catch(() => null);
    const list = res?.ok ? await res.json() : [];
    gameSpecs = { id, options: (list.find((g) => g.id === id)?.options) || [] };
  }
  return gameSpecs.options;
}

/** The room switched to another game: the titles, the help and the game's module follow. */
function followGame(room) {
  if (!room.game || room.game === game.id) return;
  const before = game.title;
  game = { ...game, id: room.game, title: room.title };
  for (const el of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('[data-i18n]'))) {
    if (el.dataset.i18n === before) {
      el.dataset.i18n = game.title;
      el.textContent = t(game.title);
    }
  }
  $('lobby-options').dataset.built = '';
  screen.follow(game);
  refreshHelp();   // the server renders the help of the room's game now
}

/** What the game module is given: a seat that sits this game out watches it like a spectator
 * (the table's view; its `you` says only `sitting_out`, which no module reads as a seat's). */
function asSeen(view, me) {
  if (!me?.sitting_out) return view;
  const game = view.game ? { ...view.game } : null;
  if (game) delete game.you;
  return { ...view, game, room: { ...view.room, seat: null, role: 'spectator' } };
}

/** The lobby of a phone that hosts (a solo game): the options, the language, Start. */
async function renderHostLobby(view) {
  const box = $('lobby-host');
  box.hidden = !view.room.host;
  $('btn-start').hidden = !view.room.host;
  $('lobby-wait-line').hidden = Boolean(view.room.host);
  const me = view.room.players.find((p) => p.seat === seat);
  $('lobby-sit-out').hidden = !(role === 'player' && me?.sitting_out);
  if (!view.room.host) return;
  const specs = await optionSpecs();
  const form = $('lobby-options');
  renderOptions(form, specs, view.room.options, async (id, value) => {
    const ack = await call('room', { type: 'options', options: { [id]: value } });
    if (!ack.ok && current) renderOptions(form, specs, current.room.options, () => {}, true);
  });
  $('btn-start').textContent = t('Start the game');
}

/** This seat's night so far, between games (protocol.md, "One party, many games"): "2 wins
 * tonight · 2nd overall"; '' before its first finished game, for a spectator and on a phone
 * that hosts its own game. Equal points and wins share a place, as on the night's table. */
function nightLine(view) {
  const night = view.room.night || [];
  const mine = night.find((row) => row.seat === seat);
  if (role !== 'player' || !mine || view.room.host) return '';
  const ahead = night.filter((row) => row.points > mine.points
    || (row.points === mine.points && row.wins > mine.wins)).length;
  const wins = tn('{n} win tonight', '{n} wins tonight', mine.wins);
  return [wins, t('{place} overall', { place: ordinal(ahead + 1) })].join(' · ');
}

function renderLobby(view) {
  renderHostLobby(view);
  renderLobbyAvatar(view);
  // a spectator may take a seat that is free, in the lobby of an open room
  const playing = view.room.players.filter((p) => !p.gone && !p.sitting_out).length;
  $('btn-sit').hidden = !(role === 'spectator' && !view.room.locked && playing < view.room.seats);
  const line = nightLine(view);
  $('night-line').textContent = line;
  $('night-line').hidden = !line;
  // The count is of those who play this game (a seat that sits it out watches: the TV counts
  // alike); the seats sitting out stay listed, last, marked.
  const players = view.room.players.filter((p) => !p.gone);
  $('lobby-count').textContent = tn('{n} player', '{n} players', playing);
  const inOrder = [...players.filter((p) => !p.sitting_out), ...players.filter((p) => p.sitting_out)];
  $('lobby-players').replaceChildren(...inOrder.map((p) => {
    const mine = p.seat === seat;
    return h('li', { class: mine ? 'me' : (p.connected ? null : 'away'), dataset: { seat: p.seat } },
      avatarBadge(p),
      h('span', { class: 'name', text: p.name }),
      mine ? h('span', { class: 'tag', text: t('you') }) : null,
      // (this seat's own sitting out is said in words above the list: "You sit this game out")
      p.sitting_out && !mine ? h('span', { class: 'tag sits-out', text: t('sits out') }) : null,
      !mine && !p.connected ? h('span', { class: 'tag', text: t('away') }) : null);
  }));
}

const STATUS_TEXT = {
  paused: '❚❚ Paused by the host',
  over: '■ Game over · the host may start a rematch',
};
// The same texts, translated (t() needs the literal text to find it in the catalogue).
const statusText = (status) => ({
  paused: t('❚❚ Paused by the host'),
  over: t('■ Game over · the host may start a rematch'),
}[status] || '');

/** @type {ReturnType<typeof yourBox> | null} */
let box = null;

/** "Your box" on a phone that hosts its own game (a solo game without a TV): the same entry and
 * screen as the TV's (docs/pages.md, "Your box"), in the lobby, for the game this page loaded. */
function renderBox(view) {
  const mine = Boolean(view.room.host) && view.room.game === page.game?.id;
  if (!mine || !page.game?.box?.length) {
    box?.hide();
    return;
  }
  box ??= yourBox({
    entry: $('box-entry'), game: page.game, code,
    sendBox: (given, { quiet = false } = {}) => call('room', { type: 'options', options: { box: given } }, { quiet }),
  });
  box.show(view);
}

function render(view) {
  if (!role) return;
  current = view;
  // The host may reorder the seats in the lobby: the server's word on our seat is the truth.
  if (role === 'player' && typeof view.room.seat === 'number') seat = view.room.seat;
  hintServerTime(view.now);
  followRoomLanguage(view.room.lang);
  followGame(view.room);
  const { status } = view.room;
  const me = role === 'player' ? view.room.players.find((p) => p.seat === seat) : null;
  document.body.dataset.status = status;
  renderMe(view);
  renderBox(view);
  // The screen stays on while this seat is in a game; in the lobby and after the end it may sleep.
  keepAwake(role === 'player' && !me?.sitting_out && (status === 'playing' || status === 'paused'));

  const statusEl = $('phone-status');
  statusEl.textContent = statusText(status);
  const line = status === 'over' ? nightLine(view) : '';
  if (line) statusEl.append(h('span', { class: 'night-line', text: line }));
  // A phone that hosts its own game offers the next one itself.
  statusEl.hidden = !STATUS_TEXT[status] || (status === 'over' && view.room.host);

  if (status === 'lobby') {
    renderLobby(view);
    show('screen-lobby');
    return;
  }
  show('game');
  screen.show(asSeen(view, me));
}

// ---- start ----------------------------------------------------------------------------------

function wireCodeForm() {
  const input = $('other-code');
  input.addEventListener('input', () => {
    input.value = input.value.toUpperCase().replace(/[^A-Z]/g, '');
  });
  $('code-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const other = input.value.trim().toUpperCase();
    if (/^([A-Z]{4}|[A-Z]{6})$/.test(other)) window.location.href = `/j/${other}`;
    else input.focus();
  });
}

function start() {
  wireCodeForm();
  if (!game) return;  // unknown room: the template already says so

  // Tapping anything counts as the gesture that lets us beep later.
  document.addEventListener('pointerup', unlockAudio, { once: true });

  $('join-form').addEventListener('submit', joinByName);
  $('name').addEventListener('input', showNameCount);
  $('name').addEventListener('input', drawJoinAvatar);
  $('btn-avatar').addEventListener('click', toggleJoinPicker);
  $('btn-lobby-avatar').addEventListener('click', toggleLobbyPicker);
  loadTaken();
  handoff = takeHandoff();
  solo = takeSolo();
  $('btn-start').addEventListener('click', (event) => call('room', { type: 'start' }, { button: event.currentTarget }));
  let helpLang = document.documentElement.lang;
  const retranslate = () => {
    translatePage();
    nameAvatarButtons();
    showNameCount();
    joinPicker?.update();
    if (document.documentElement.lang !== helpLang) {
      helpLang = document.documentElement.lang;
      refreshHelp();
    }
    languageSlots();
    if (takingSeat) $('btn-join').textContent = t('Take a seat');
    if (current && role) render(current);
  };
  languageSlots();
  loadLanguage().then(retranslate);
  onLanguage(retranslate);
  $('btn-watch').addEventListener('click', watch);
  $('btn-sit').addEventListener('click', takeSeat);
  $('btn-rejoin').addEventListener('click', () => {
    const token = localStorage.getItem(seatKey);
    if (token) joinByToken(token);
    else showJoinForm();
  });
  pressTwice($('btn-leave'), leave);
  $('me').insertBefore(muteToggle({ cls: 'btn btn-small', compact: true }), $('btn-leave'));
  // Before joining too: a phone that joins in a quiet room can be silenced before its first cue.
  const joinLang = document.querySelector('.join-lang');
  if (joinLang) {
    const bar = h('div', { class: 'join-bar' });
    joinLang.replaceWith(bar);
    bar.append(joinLang, muteToggle({ cls: 'btn btn-small', compact: true, id: 'btn-mute-join' }));
  }
  $('other-code').value = code;

  const socket = connect();
  trackConnection(socket);

  const showView = afterTaps(render);   // a view mid-tap is drawn after the tap (ui.js)
  socket.on('view', (view) => {
    if (role && gate.accept(view)) showView(view);
  });
  socket.on('note', (note) => {
    if (note?.kind === 'kicked') {
      localStorage.removeItem(seatKey);
      showMessage(t('You were removed from the room.'));
      return;
    }
    if (note?.kind === 'expired') {
      localStorage.removeItem(seatKey);
      showMessage(t('This room has closed. Thanks for playing!'));
      return;
    }
    if (note?.kind === 'replaced') {
      // The seat moved to a newer tab or device. Rejoining on our own would steal it back and
      // the two would fight forever, so wait for the player to choose this screen.
      showMessage(t('Your seat is now open on another screen.'), { rejoin: t('Play on this screen') });
      return;
    }
    if (note?.kind === 'undo' || note?.kind === 'redo') toast(() => say(note), 'info');
    if (!role || !current || current.room.status === 'lobby') return;
    screen.note(note);
  });
  socket.on('connect', resume);

  // Until the socket answers, show the form only if there is no seat to return to.
  if (!localStorage.getItem(seatKey) && !handoff && !solo) showJoinForm();
}

start();
