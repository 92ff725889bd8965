// The TV page: this socket is the room's table. It shows how to join, the players,
// the host controls, and hands the main area to the game's tv.js module.

import { connect, request, hintServerTime, serverNow, viewGate, pageData } from './client.js';
import { afterTaps, h, toast, trackConnection } from './ui.js';
import {
  call, gamePage, pressTwice, t, tn, say, errorText, translatePage, languageSlots, onLanguage, onChoose,
  loadLanguage, followRoomLanguage, refreshHelp, avatarBadge, motif, muteToggle,
} from './kit.js';
import { cue, unlockAudio } from './sound.js';
import { renderOptions } from './options.js';
import { yourBox } from './box.js';
import { keepAwake } from './awake.js';
import { savedWifi, saveWifi, wifiText, qrSvg } from './wifi.js';
import { gameChooser, nightBoard } from './between.js';
import { setEndingNext } from './ending.js';

const page = pageData();
const code = String(page.code || '').toUpperCase();
// The room's game now ({id, title, min_players, max_players, first_player, options}): the party
// may switch to another between games, and this page follows it without a reload.
let game = page.game;
/** @type {import('./between.js').GameInfo[] | null} every game the server offers, for the chooser */
let games = null;
const storageKey = `companion.host.${code}`;

/** The shell's element with this id, of whatever kind its template made it.
 * @type {(id: string) => any} */
const $ = (id) => document.getElementById(id);
const gameRoot = $('game');
const gate = viewGate();
let current = null;        // the last rendered view
let received = null;       // the last view received (drawn once a tap under way is done)
// The game's tv.js, run by the page kit in the main area.
const screen = game ? gamePage({ root: gameRoot, game, side: 'tv', base: page.static }) : null;
// "Your box": the values printed on the group's own components (docs/pages.md, "Your box").
const box = game?.box?.length ? yourBox({
  entry: $('box-entry'), game, code,
  sendBox: (given, { quiet = false } = {}) => call('room', { type: 'options', options: { box: given } }, { quiet }),
}) : null;

function fatal(message) {
  $('fatal-message').textContent = message;
  $('fatal').hidden = false;
  document.body.dataset.status = 'fatal';
  keepAwake(false);
}

/** The token comes in the fragment once (from the home page), then lives in localStorage. */
function takeHostToken() {
  const fromHash = decodeURIComponent(window.location.hash.slice(1));
  if (fromHash) {
    localStorage.setItem(storageKey, fromHash);
    // Strip it so it is not left in the address bar, history or a shared screenshot.
    history.replaceState(null, '', window.location.pathname + window.location.search);
    return fromHash;
  }
  return localStorage.getItem(storageKey);
}

function roomCommand(type, extra = {}) {
  return call('room', { ...extra, type });
}

// ---- controls -------------------------------------------------------------------------------

$('btn-start').addEventListener('click', () => roomCommand('start'));
$('btn-lock').addEventListener('click', () => roomCommand(current?.room?.locked ? 'unlock' : 'lock'));
$('btn-pause').addEventListener('click', () => {
  roomCommand(current?.room?.status === 'paused' ? 'resume' : 'pause');
});
pressTwice($('btn-end'), () => roomCommand('end'));
// Undo is two presses like End: a stray tap must not take back someone's move.
// What was undone is told by the note every screen gets (below), in each screen's language.
pressTwice($('btn-undo'), () => roomCommand('undo'), { sure: t('Sure? Undo') });
$('btn-redo').addEventListener('click', () => roomCommand('redo'));

// ---- a seat moved to another phone ------------------------------------------------------------

let handoffTimer = null;

function closeHandoff() {
  $('handoff').hidden = true;
  $('handoff-qr').removeAttribute('src');
  clearInterval(handoffTimer);
}

async function openHandoff(player) {
  const ack = await roomCommand('handoff', { seat: player.seat });
  if (!ack.ok) return;
  $('handoff-name').textContent = player.name;
  $('handoff-qr').src = `/api/rooms/${code}/handoff/${encodeURIComponent(ack.handoff)}.svg`;
  $('handoff').hidden = false;
  $('btn-handoff-close').focus();   // a keyboard lands in the dialog; Escape closes it
  const tick = () => {
    const left = Math.max(0, Math.round((ack.expires_at - serverNow()) / 1000));
    $('handoff-left').textContent = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}`;
    if (left <= 0) closeHandoff();
  };
  tick();
  clearInterval(handoffTimer);
  handoffTimer = setInterval(tick, 500);
}

$('btn-handoff-close').addEventListener('click', closeHandoff);
document.addEventListener('keydown', (event) => {
  if (event.key === 'Escape' && !$('handoff').hidden) closeHandoff();
  if (event.key === 'Escape' && !$('wifi').hidden) closeWifi();
});

// ---- the party's Wi-Fi ----------------------------------------------------------------------

/** The Wi-Fi's QR code beside the room's, when this browser keeps a network (static/js/wifi.js). */
async function drawWifi() {
  const wifi = savedWifi();
  document.body.classList.toggle('has-wifi', Boolean(wifi));
  $('wifi-figure').hidden = !wifi;
  $('room-caption').hidden = !wifi;
  if (!wifi) {
    $('wifi-qr').replaceChildren();
    return;
  }
  $('wifi-name').textContent = wifi.ssid;
  labelWifi();
  $('wifi-qr').replaceChildren(await qrSvg(wifiText(wifi)));
}

function labelWifi() {
  const wifi = savedWifi();
  if (wifi) $('wifi-qr').setAttribute('aria-label', t('QR code: scan it with a phone camera to join the Wi-Fi network {ssid}', { ssid: wifi.ssid }));
}

function openWifi() {
  const wifi = savedWifi();
  $('wifi-ssid').value = wifi?.ssid ?? '';
  $('wifi-password').value = wifi?.password ?? '';
  $('btn-wifi-forget').hidden = !wifi;
  $('wifi').hidden = false;
  $('wifi-ssid').focus();
}

function closeWifi() {
  $('wifi').hidden = true;
  $('btn-wifi').focus();
}

$('btn-wifi').addEventListener('click', openWifi);
$('btn-wifi-close').addEventListener('click', closeWifi);
$('btn-wifi-forget').addEventListener('click', () => {
  saveWifi(null);
  drawWifi();
  closeWifi();
});
$('wifi-form').addEventListener('submit', (event) => {
  event.preventDefault();
  const ssid = $('wifi-ssid').value.trim();
  const password = $('wifi-password').value;
  if (!ssid) {
    $('wifi-ssid').focus();
    return;
  }
  // WPA's passphrase rule: a shorter one would give a code no phone can join with.
  if (password && (password.length < 8 || password.length > 63)) {
    toast(() => t('A Wi-Fi password has 8 to 63 characters.'));
    $('wifi-password').focus();
    return;
  }
  saveWifi({ ssid, password });
  drawWifi();
  closeWifi();
});

// ---- streamer mode ----------------------------------------------------------------------------

// A TV whose screen is streamed hides what lets a stranger in: the room's code, its address and
// both QR codes. The choice is a cookie, so that the server draws the page hidden from its first
// paint (templates/host.html); a tap shows them again for a while, for a guest in the room.
const REVEAL_MS = 10000;
let revealTimer = null;
let pageTitle = document.title.startsWith(`${code} · `) ? document.title.slice(code.length + 3) : document.title;

function streamerMode() {
  return document.body.classList.contains('streamer');
}

function setStreamer(on) {
  document.cookie = `streamer=${on ? 1 : 0}; path=/host; max-age=31536000; SameSite=Lax`;
  document.body.classList.toggle('streamer', on);
  hideAgain();
  paintStreamer();
}

function paintStreamer() {
  const on = streamerMode();
  $('btn-streamer').setAttribute('aria-pressed', String(on));
  document.title = on ? pageTitle : `${code} · ${pageTitle}`;
}

function hideAgain() {
  clearTimeout(revealTimer);
  document.body.classList.remove('revealed');
}

$('btn-streamer').addEventListener('click', () => setStreamer(!streamerMode()));
$('btn-reveal').addEventListener('click', () => {
  document.body.classList.add('revealed');
  clearTimeout(revealTimer);
  revealTimer = setTimeout(hideAgain, REVEAL_MS);
});
paintStreamer();
drawWifi();

// ---- rendering ------------------------------------------------------------------------------

const statusLabel = (status) => ({
  lobby: t('Lobby'), playing: t('Playing'), paused: t('Paused'), over: t('Game over'),
}[status] || status);

function renderControls(room) {
  const { status } = room;
  // the seats that play this game (those that sit it out watch)
  const count = room.players.filter((p) => !p.gone && !p.sitting_out).length;
  const start = $('btn-start');
  start.hidden = status !== 'lobby';
  const short = game && count < game.min_players;
  start.disabled = Boolean(short);
  start.textContent = short ? t('▶ Start (needs {n}+)', { n: game.min_players }) : t('▶ Start game');

  const pause = $('btn-pause');
  pause.hidden = !(status === 'playing' || status === 'paused');
  pause.textContent = status === 'paused' ? t('▶ Resume') : t('❚❚ Pause');

  $('btn-end').hidden = !(status === 'playing' || status === 'paused');
  $('btn-undo').hidden = !(status === 'playing' || status === 'over');
  $('btn-redo').hidden = !(status === 'playing' || status === 'over');

  const lock = $('btn-lock');
  // Locking keeps newcomers out of the lobby; once the game runs nobody can join anyway.
  lock.hidden = status !== 'lobby';
  // Say what the button does, and show the current state in the chip, so neither is colour-only.
  lock.textContent = room.locked ? t('Unlock room') : t('Lock room');
  lock.setAttribute('aria-pressed', String(Boolean(room.locked)));

  const chip = $('status-chip');
  chip.textContent = statusLabel(status) + (room.locked ? t(' · locked') : '');
  chip.dataset.status = status;
}

/** The lobby's seats in a new clockwise order: ``seat`` moves one place up. */
function moveUp(seat) {
  // the newest order: a phone may have joined while the finger was down
  const order = (received ?? current).room.players.map((p) => p.seat);
  const at = order.indexOf(seat);
  if (at > 0) [order[at - 1], order[at]] = [order[at], order[at - 1]];
  return roomCommand('order', { seats: order });
}

function playerItem(player, room) {
  // Presence is spelled out in text as well as the dot's colour: "away", "left".
  const state = player.gone ? 'gone' : (player.connected ? 'connected' : 'away');
  const dot = h('span', { class: `dot ${state}`, 'aria-hidden': 'true' },
    { connected: '●', away: '○', gone: '–' }[state]);
  const lobby = room.status === 'lobby';
  return h('li', { dataset: { seat: player.seat }, class: state },
    dot,
    lobby ? h('span', { class: 'seat-no', text: String(player.seat + 1) }) : null,
    avatarBadge(player),
    h('span', { class: 'name', text: player.name }),
    player.sitting_out ? h('span', { class: 'presence sits-out', text: t('sits out') }) : null,
    state === 'connected' ? null : h('span', { class: 'presence', text: state === 'gone' ? t('has left') : t('away') }),
    // The seat's buttons in one group beside the name: when the row is short of room (longer
    // words in Czech or Italian, the narrow panel in play) they take two lines of their own.
    h('span', { class: 'seat-actions' },
    // only a seat that plays this game can start it
    lobby && game?.first_player && !player.sitting_out ? h('button', {
      type: 'button', class: `first-btn${room.first === player.seat ? ' chosen' : ''}`,
      dataset: { first: player.seat }, 'aria-pressed': String(room.first === player.seat),
      'aria-label': room.first === player.seat
        ? t('{name} starts (tap: draw at random)', { name: player.name })
        : t('{name} starts', { name: player.name }),
      onclick: () => roomCommand('first', { seat: room.first === player.seat ? null : player.seat }),
    }, room.first === player.seat ? t('★ First') : t('First')) : null,
    lobby && player.seat > 0 ? h('button', {
      type: 'button', class: 'seat-up', dataset: { up: player.seat },
      'aria-label': t('Move {name} one seat earlier', { name: player.name }), onclick: () => moveUp(player.seat),
    }, '▲') : null,
    player.gone ? null : h('button', {
      type: 'button', class: 'handoff-btn', dataset: { handoff: player.seat },
      'aria-label': t("Continue {name}'s seat on another phone", { name: player.name }),
      onclick: () => openHandoff(player),
    }, t('Move')),
    // Two presses, like End: a stray click must not throw a friend out.
    player.gone ? null : pressTwice(h('button', {
      type: 'button', class: 'kick', dataset: { kick: player.seat },
      'aria-label': t('Remove {name}', { name: player.name }),
    }, t('Kick')), () => roomCommand('kick', { seat: player.seat }), { key: `kick-${player.seat}`, sure: t('Sure?') })));
}

let seen = null;           // the seats already at the table: a new one is greeted with a sound

function renderPlayers(room) {
  const seats = room.players.filter((p) => !p.gone).map((p) => p.seat);
  if (seen && seats.some((s) => !seen.has(s))) cue('join', { haptic: false });
  seen = new Set(seats);
  const list = $('players');
  // A seat that left or was kicked cannot come back: no need to keep it on the screen.
  const items = room.players.filter((p) => !p.gone).map((p) => playerItem(p, room));
  if (items.length === 0) {
    items.push(h('li', { class: 'empty' }, motif('hat'), t('Nobody yet: scan the code to join!')));
  }
  list.replaceChildren(...items);
  const seated = room.players.filter((p) => !p.gone && !p.sitting_out).length;
  $('player-count').textContent = game ? `${seated} / ${room.seats ?? game.max_players}` : String(seated);

  const spectators = $('spectators');
  spectators.hidden = !room.spectators;
  spectators.textContent = tn('{n} watching', '{n} watching', room.spectators);
}

function renderJoinCard(room) {
  if (room.join_url) $('join-url').textContent = room.join_url.replace(/^https?:\/\//, '');
}

/** In the lobby the TV shows every language as a button; in play one button cycles through
 * them, so the game's title and the host's buttons keep the bar. */
function compactLanguageInPlay(status) {
  const slot = document.querySelector('.tv-bar .lang-slot');
  const compact = status !== 'lobby';
  if (!slot || slot.classList.contains('compact') === compact) return;
  slot.classList.toggle('compact', compact);
  languageSlots();
}

/** The room switched to another game: the page's title, help, options and game module follow. */
function followGame(room) {
  if (room.game === game.id && games) return;
  const known = games?.find((g) => g.id === room.game);
  if (room.game === game.id && !known) return;
  const changed = room.game !== game.id;
  game = known ?? { ...game, id: room.game, title: room.title };
  if (!changed) return;
  for (const el of document.querySelectorAll('.game-name, h1.visually-hidden')) {
    /** @type {HTMLElement} */ (el).dataset.i18n = game.title;
    el.textContent = t(game.title);
  }
  pageTitle = `${t(game.title)} — ${t('table')}`;
  paintStreamer();
  $('options').dataset.built = '';   // the new game's options: a new form
  screen.follow(game);
  refreshHelp();   // the server renders the help of the room's game now
}

/** Between games (the lobby, and under the ending's podium): the other games and the night. */
function betweenGames(view) {
  const nodes = [nightBoard(view)];
  if (games) {
    nodes.push(h('section', { class: 'next-games-box' },
      h('h2', { class: 'side-title', text: t('Another game') }), gameChooser(view, games)));
  }
  return nodes.filter(Boolean);
}

function renderBetween(view) {
  const box = $('between');
  box.hidden = view.room.status !== 'lobby';
  // in play it holds nothing (the ending has its own, under the podium)
  box.replaceChildren(...(box.hidden ? [] : betweenGames(view)));
}

// Under the podium: Rematch, the other games and the night (docs/pages.md, "Between games").
// The TV's only Rematch: the ending covers the screen and the room looks at its podium, so the
// next game is offered there (the bar keeps the controls of a game in play: Undo, End).
setEndingNext((view) => [
  h('div', { class: 'kit-ending-next' }, h('button', {
    type: 'button', id: 'btn-rematch', class: 'btn btn-primary', text: t('↻ Rematch'),
    onclick: (/** @type {Event} */ e) => call('room', { type: 'rematch' }, { button: /** @type {HTMLButtonElement} */ (e.currentTarget) }),
  })),
  h('div', { class: 'between-ending' }, ...betweenGames(view)),
]);

function render(view) {
  current = view;
  followGame(view.room);
  hintServerTime(view.now);
  keepAwake(true);  // the TV shows the room: its screen stays on, in the lobby as in play
  const { room } = view;
  followRoomLanguage(room.lang);
  document.body.dataset.status = room.status;
  compactLanguageInPlay(room.status);
  renderControls(room);
  renderPlayers(room);
  renderJoinCard(room);
  renderBetween(view);
  $('paused').hidden = room.status !== 'paused';

  const options = $('options');
  options.hidden = room.status !== 'lobby' || !game?.options?.length;
  if (!options.hidden) renderOptions(options, game.options, room.options || {}, sendOption);
  box?.show(view);

  screen.show(view);
}

async function sendOption(id, value) {
  const ack = await roomCommand('options', { options: { [id]: value } });
  // A refused value snaps back to the room's current one.
  if (!ack.ok && current) renderOptions($('options'), game.options, current.room.options || {}, sendOption, true);
}

// ---- connection -----------------------------------------------------------------------------

function start() {
  if (!game) {
    fatal(t('There is no room {code}. It may have expired.', { code }));
    return;
  }
  fetch('/api/games').then((res) => (res.ok ? res.json() : Promise.reject(new Error(`HTTP ${res.status}`))))
    .then((list) => {
      games = list;
      if (current) render(current);
    })
    .catch((err) => console.warn('no list of games', err));
  const token = takeHostToken();
  if (!token) {
    fatal(t('This screen does not hold the host key for room {code}. Open the room from the screen that created it, or start a new one.', { code }));
    return;
  }

  // The sound switch, and the first key or click as the gesture that lets the TV play sound.
  document.querySelector('.tv-controls').append(muteToggle({ compact: true }));
  for (const kind of ['pointerup', 'keydown']) document.addEventListener(kind, unlockAudio, { once: true });

  const socket = connect();
  trackConnection(socket);

  const showView = afterTaps(render);   // a view mid-tap is drawn after the tap (ui.js)
  socket.on('view', (view) => {
    if (!gate.accept(view)) return;
    received = view;
    showView(view);
  });
  socket.on('note', (note) => {
    if (note?.kind === 'undo' || note?.kind === 'redo') toast(() => say(note), 'info');
    if (note?.kind === 'handoff') {
      closeHandoff();
      const who = current?.room?.players.find((p) => p.seat === note.seat)?.name || t('The player');
      toast(() => t('{who} now plays on another phone.', { who }), 'info');
    }
    if (note?.kind === 'expired') {
      localStorage.removeItem(storageKey);
      fatal(t('Room {code} has closed after being idle for a long time.', { code }));
      return;
    }
    screen.note(note);
  });

  // The server forgets which socket is the table when it drops: claim it again every time.
  socket.on('connect', async () => {
    const ack = await request('host', { code, host_token: token });
    if (!ack.ok) {
      if (['bad_token', 'forbidden', 'unknown_room'].includes(ack.error?.code)) {
        if (ack.error.code !== 'unknown_room') localStorage.removeItem(storageKey);
        fatal(errorText(ack.error));
      } else {
        toast(() => errorText(ack.error, 'Could not reach the room.'));
      }
      return;
    }
    gate.reset(ack.view);
    render(ack.view);
  });
}

// ---- languages ------------------------------------------------------------------------------

// The TV's language is the room's: the host's choice here is sent to every phone that has no
// language of its own (docs/protocol.md, "Languages").
onChoose((lang) => { if (current) roomCommand('language', { lang }); });
let helpLang = document.documentElement.lang;
onLanguage(() => {
  translatePage();
  labelWifi();
  if (document.documentElement.lang !== helpLang) {
    helpLang = document.documentElement.lang;
    refreshHelp();
  }
  languageSlots();
  if (current) render(current);
});
languageSlots();
loadLanguage().then(() => { translatePage(); languageSlots(); });

start();
