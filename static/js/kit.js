// The page kit: the one piece that runs a game's page module, on the TV and on the phone alike.
// It loads the module and the game's reference data once, mounts the module (again for every new
// game: a clean slate), renders every view, drives countdowns and the module's tick from one
// animation loop, and gives the module one `ctx` (docs/pages.md). Also the plumbing the page
// shells share: acked requests with an error toast, press-twice buttons, player names.

import { request, serverNow } from './client.js';
import { h, svg, toast, redrawToast, ensureStylesheet, replay, formatMargin, formatGap, afterTaps } from './ui.js';
import { cue, muted, setMuted, onMute, reducedMotion } from './sound.js';
import { makeEnding } from './ending.js';

// ---- translations -------------------------------------------------------------------------------

// The server's message catalogues (companion/web/i18n.py), the same ones its templates use,
// fetched as JSON in bundles: the shell's strings on every page, and on a game's pages that
// game's (docs/architecture.md, "Languages"). Message ids are the English texts: t('Round {n}',
// {n: 2}) → "Kolo 2"; a bundle keys each translation by messageKey(English text).
const i18n = {
  lang: document.documentElement.lang || 'en',   // the server picked it (cookie, browser)
  languages: ['en'],
  messages: {},      // messageKey(English) → translation, of every bundle the page needs
  plurals: {},       // messageKey(English singular) → the plural forms, in gettext order
  bundles: new Set(['shell']),   // the bundles the page needs: the shell, and its game's
  fetched: new Map(),            // `${lang}/${bundle}` → the bundle, once asked for
  target: null,      // the language asked for last (the page speaks `lang` until it is ready)
  applied: '',       // `${lang}|${bundles}` of the catalogue `t()` reads now ('' before any)
  loading: null,
  listeners: new Set(),
  choosers: new Set(),
};

/** The key of an English text in a served bundle: FNV-1a (32 bits) over its code points, in
 * base 36 — what companion/i18n_bundles.py message_key() computes (a browser test compares). */
export function messageKey(text) {
  let hash = 0x811c9dc5;
  for (const char of text) hash = Math.imul(hash ^ char.codePointAt(0), 0x01000193);
  return (hash >>> 0).toString(36);
}

/** `text` in the page's language, with `{name}` placeholders filled from `params`. A text the
 * catalogue lacks stays English.
 * @param {string} text
 * @param {Record<string, unknown> | null} [params]
 * @returns {string} */
export function t(text, params = null) {
  const out = (typeof text === 'string' && i18n.messages[messageKey(text)]) || text;
  if (!params) return out;
  return out.replace(/\{(\w+)\}/g, (whole, key) => (key in params ? String(params[key]) : whole));
}

/** A photo finish in words, "+3.0 ms ± 5.0 ms — photo finish": the gap between two presses'
 * fair times and its bound, the two presses' `uncertainty_ms` added (docs/fairness.md, "Photo
 * finish"). The caller puts the name in front.
 * @param {number} gapMs
 * @param {number} boundMs
 * @returns {string} */
export function photoFinish(gapMs, boundMs) {
  return t('{gap} ± {bound} — photo finish', { gap: formatMargin(gapMs), bound: formatGap(boundMs) });
}

/** `one` or `other` by the count `n`, in the page's language (whose catalogue may have more
 * forms: Czech has three), with `{n}` and `params` filled: tn('{n} point', '{n} points', 3). */
export function tn(one, other, n, params = null) {
  const forms = i18n.plurals[messageKey(one)];
  let text = n === 1 ? one : other;
  if (Array.isArray(forms) && forms.length) {
    let category = 'other';
    try {
      category = new Intl.PluralRules(i18n.lang).select(n);
    } catch {
      // an unknown locale: the last form
    }
    text = forms[{ one: 0, few: 1 }[category] ?? forms.length - 1] || forms[forms.length - 1];
  }
  return t(text, { n, ...(params || {}) });
}

/** A module-level table of texts (marked with N_) read in the page's language: every string
 * read from it, at any depth, comes through t() at the moment it is read, so a table built
 * before the catalogue arrived, or before a language switch, still speaks the current language.
 * `const LABEL = translated({ open: N_('Open') }); LABEL.open` → "Aperto" in Italian. */
export function translated(table) {
  return new Proxy(table, {
    get(target, key) {
      const value = Reflect.get(target, key);
      if (typeof value === 'string') return t(value);
      return value && typeof value === 'object' ? translated(value) : value;
    },
  });
}

/** Marks an English text for scripts/i18n where it cannot be translated yet (a module-level
 * table, read before the catalogue arrives): `t()` translates it where it is shown. */
export const N_ = (text) => text;

/** The page's language ("en", "cs") and every language the server has a catalogue for. */
export function language() {
  return i18n.lang;
}

export function languages() {
  return i18n.languages;
}

/** GET /api/i18n/<lang>/<bundle>.json, once per page (the browser's cache and the service
 * worker keep it longer); a failure is asked for again next time. English needs no game's
 * bundle (the message ids are the English texts); its shell names the languages. */
function fetchBundle(lang, bundle) {
  if (lang === 'en' && bundle !== 'shell') return Promise.resolve({ messages: {}, plurals: {} });
  const id = `${lang}/${bundle}`;
  if (!i18n.fetched.has(id)) {
    const load = fetch(`/api/i18n/${encodeURIComponent(lang)}/${encodeURIComponent(bundle)}.json`)
      .then((res) => (res.ok ? res.json() : Promise.reject(new Error(`HTTP ${res.status}`))))
      .catch((err) => {
        i18n.fetched.delete(id);
        throw err;
      });
    i18n.fetched.set(id, load);
  }
  return i18n.fetched.get(id);
}

/** Every bundle the page needs in `lang`; resolves when `t()` speaks it. The page switches
 * language only once all of them have arrived, so a text is never shown untranslated because
 * its bundle is still on its way. A newer call (another language, one more bundle) supersedes
 * this one: it then resolves with that one. */
export function loadLanguage(lang = i18n.target || i18n.lang) {
  const bundles = [...i18n.bundles];
  const id = `${lang}|${bundles.join()}`;
  if (i18n.loading && i18n.loading.id === id) return i18n.loading;
  i18n.target = lang;
  /** @type {Promise<any> & {id?: string}} which language and bundles it loads */
  const loading = Promise.all(bundles.map((bundle) => fetchBundle(lang, bundle)))
    .then((parts) => {
      if (i18n.loading !== loading) return i18n.loading;
      i18n.lang = lang;
      i18n.languages = parts[0].languages;
      i18n.messages = Object.assign({}, ...parts.map((part) => part.messages || {}));
      i18n.plurals = Object.assign({}, ...parts.map((part) => part.plurals || {}));
      document.documentElement.lang = lang;
      // Whatever was drawn before these strings arrived (a page's first view, a lobby's
      // options built before the game's bundle, the whole screen before a switch) is drawn
      // again: every `onLanguage` listener runs once per new catalogue, and only then.
      if (i18n.applied !== id) {
        i18n.applied = id;
        for (const listener of i18n.listeners) listener(i18n.lang);
      }
    })
    .catch((err) => {
      console.warn('no translations', err);
      if (i18n.loading === loading) i18n.loading = null;
    });
  loading.id = id;
  i18n.loading = loading;
  return loading;
}

/** The page shows this game (its id): its strings are loaded with the shell's from now on, in
 * every language the page switches to. Resolves when `t()` speaks them. */
export function loadBundle(bundle) {
  i18n.bundles.add(bundle);
  return loadLanguage();
}

/** Resolves when the page's language is ready with every bundle it needs: at once for English
 * (the message ids are the English texts), else when they have arrived. */
function languageReady() {
  const loading = loadLanguage();
  return i18n.target === 'en' ? Promise.resolve() : loading;
}

/** Switch the page's language: remembered in a cookie (the server's pages follow it too), then
 * every `onLanguage` listener runs (the game page mounts again in the new language). A page may
 * `onChoose(fn)` to hear of the player's own choice (the TV makes it the room's language). */
export async function setLanguage(lang) {
  document.cookie = `lang=${encodeURIComponent(lang)}; path=/; max-age=31536000; SameSite=Lax`;
  for (const chosen of i18n.choosers) chosen(lang);
  await loadLanguage(lang);   // its arrival runs the `onLanguage` listeners
}

export function onChoose(listener) {
  i18n.choosers.add(listener);
}

/** True when this device's player picked a language (the `lang` cookie): then the room's
 * language does not override it. */
export function languageChosen() {
  return document.cookie.split(';').some((part) => part.trim().startsWith('lang='));
}

/** The room's language (`view.room.lang`, chosen by the host on the TV): a device whose player
 * did not pick one follows it, without remembering it. */
export async function followRoomLanguage(lang) {
  if (!lang || lang === i18n.lang || languageChosen() || !i18n.languages.includes(lang)) return;
  await loadLanguage(lang);   // its arrival runs the `onLanguage` listeners
}

/** Which catalogue `t()` reads now (its language and bundles): a text built once, like the
 * lobby's options form, is built again when this changes. */
export function catalogueStamp() {
  return i18n.applied;
}

/** A text a view carries, in the page's language: an English text, or a template with its
 * parts `{template, params}` (companion/engine/text.py); a part that is itself such an object (a
 * spell's or a role's name) is translated before it is filled in. Other parts (players' names,
 * numbers) go in as they are. say({template: '{who} casts {spell}.', params: {who: 'Ann',
 * spell: {template: 'Tailwind'}}}) → "Ann sesílá Zadní vítr." in Czech; a list of parts is joined
 * with commas.
 * @param {ViewText | object | null | undefined} text
 * @returns {string} */
export function say(text) {
  if (text === null || text === undefined) return '';
  if (typeof text !== 'object') return t(String(text));
  /** @type {Record<string, unknown>} */
  const params = {};
  for (const [key, value] of Object.entries(text.params || {})) {
    if (Array.isArray(value)) params[key] = value.map(say).join(', ');
    else params[key] = value !== null && typeof value === 'object' ? say(value) : value;
  }
  return t(text.template, params);
}

/** An error ack's sentence in the page's language: the server sends English, with the variable
 * parts apart (`template` + `params`) when there are any (docs/protocol.md, "Errors"). */
export function errorText(error, fallback = 'That did not work.') {
  if (!error) return t(fallback);
  if (error.template) return say(error);
  return t(error.message || fallback);
}

/** Runs `listener(lang)` every time a new catalogue arrives: after a switch of the page's
 * language (its own, or the room's it follows) and after a bundle the page needed arrived
 * (the shell's at the start, a game's), so that every text drawn before is drawn again. */
export function onLanguage(listener) {
  i18n.listeners.add(listener);
}

/** A row of buttons, one per language ("EN", "CS"), the current one pressed. */
export function languageSwitch({ cls = '' } = {}) {
  const row = h('div', { class: `lang-switch ${cls}`.trim(), role: 'group', 'aria-label': t('Language') });
  for (const lang of i18n.languages) {
    const on = lang === i18n.lang;
    const button = h('button', {
      type: 'button', class: `btn btn-small${on ? ' on' : ''}`, 'aria-pressed': on ? 'true' : 'false',
      lang, dataset: { lang }, text: lang.toUpperCase(),
    });
    button.addEventListener('click', () => { if (!on) setLanguage(lang); });
    row.append(button);
  }
  return row;
}

/** The server-rendered text of a page shell in the page's language again: an element with
 * `data-i18n` gets its text, `data-i18n-label` its aria-label, `data-i18n-placeholder` its
 * placeholder, `data-i18n-alt` its alt text (each the English text, also wrapped in `_()` in the
 * template so that scripts/i18n finds it). Shells run it on every language change. */
export function translatePage(root = document) {
  for (const el of /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll('[data-i18n]'))) el.textContent = t(el.dataset.i18n);
  for (const [data, attr] of [['i18nLabel', 'aria-label'], ['i18nPlaceholder', 'placeholder'],
    ['i18nAlt', 'alt'], ['i18nTitle', 'title']]) {
    const selector = `[data-${data.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}]`;
    for (const el of /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll(selector))) el.setAttribute(attr, t(el.dataset[data], el.dataset));
  }
}

/** One small button that names the page's language and switches to the next one (where a row
 * of buttons does not fit: the phone's top bar). */
export function languageCycle() {
  const all = i18n.languages;
  const next = all[(all.indexOf(i18n.lang) + 1) % all.length];
  const button = h('button', {
    type: 'button', class: 'btn btn-small lang-cycle', lang: i18n.lang,
    'aria-label': t('Language: {lang} (tap for the next one)', { lang: i18n.lang.toUpperCase() }),
    dataset: { lang: i18n.lang, next }, text: i18n.lang.toUpperCase(),
  });
  button.addEventListener('click', () => { if (next !== i18n.lang) setLanguage(next); });
  return button;
}

/** The game's help (`.help`, rendered by the server from help.md or its translation
 * help.<lang>.md) again in the page's language: the page is fetched anew (the switch set the
 * cookie the server reads) and each `.help` takes the new one's content. */
export async function refreshHelp() {
  const boxes = document.querySelectorAll('.help');
  if (!boxes.length) return;
  // In the page's language, named in the address: a phone that follows the room's language has
  // no cookie saying so, and an address's own ?lang= must not win either.
  const address = new URL(window.location.href);
  address.searchParams.set('lang', i18n.lang);
  address.hash = '';
  const lang = i18n.lang;
  try {
    const res = await fetch(address.href, { credentials: 'same-origin' });
    if (lang !== i18n.lang) return;   // switched again meanwhile: that switch fetches its own
    if (!res.ok) return;
    const fresh = new DOMParser().parseFromString(await res.text(), 'text/html').querySelectorAll('.help');
    boxes.forEach((box, i) => {
      if (fresh[i]) box.replaceChildren(...[...fresh[i].childNodes].map((node) => document.importNode(node, true)));
    });
  } catch (err) {
    console.warn('help not refreshed', err);
  }
}

/** Fills every `.lang-slot` of the page with a language switch (again after a change); a slot
 * with the class `compact` gets the one-button kind. */
export function languageSlots(root = document) {
  for (const slot of root.querySelectorAll('.lang-slot')) {
    slot.replaceChildren(slot.classList.contains('compact') ? languageCycle() : languageSwitch());
  }
}

// ---- names ----------------------------------------------------------------------------------

/** A seat's name: the room's name for it; "Seat 4" for seat 3 if the room has none; "The table"
 * for no seat (the TV). The one wording every page uses. */
export function nameOf(view, seat) {
  if (seat === null || seat === undefined) return t('The table');
  const player = (view?.room?.players ?? []).find((p) => p.seat === Number(seat));
  return player?.name ?? t('Seat {n}', { n: Number(seat) + 1 });
}

// ---- requests ---------------------------------------------------------------------------------

/**
 * `event` with an ack; a refusal ({ok: false, error: {code, message}}) is shown as a toast unless
 * `quiet`. `button` is disabled while the answer is awaited. Resolves to the ack (a timeout is an
 * ordinary {ok: false} ack).
 */
export async function call(event, payload = {}, { button = null, quiet = false } = {}) {
  if (button) button.disabled = true;
  const ack = await request(event, payload);
  if (button?.isConnected) button.disabled = false;
  if (!ack.ok && !quiet) toast(() => errorText(ack.error));
  return ack;
}

// ---- game time and countdowns -----------------------------------------------------------------

// The room's game clock, from the latest view (`view.room.clock`, docs/protocol.md "Game time"):
// every time in a game's view is game time, which stands still while the game is paused and goes
// back with an undo.
const gameClock = { offset: 0, stopped: null };

/** Follow the game clock of a view's room (`view.room.clock`); the kit does it for every view
 * it shows. */
export function followGameClock(clock) {
  if (!clock || typeof clock.offset !== 'number') return;
  gameClock.offset = clock.offset;
  gameClock.stopped = typeof clock.stopped === 'number' ? clock.stopped : null;
}

/** The game time now, on this page's estimate of the server clock: where a paused game's clock
 * stands, else the server time less the room's offset. Compare a game's times to this. */
export function gameNow() {
  return gameClock.stopped ?? serverNow() - gameClock.offset;
}

/** Seconds left until the game time `until` (never negative); null when there is no deadline.
 * It stands still while the game is paused. */
export function secondsLeft(until) {
  if (typeof until !== 'number' || !Number.isFinite(until)) return null;
  return Math.max(0, (until - gameNow()) / 1000);
}

const FORMATS = {
  // "7 s", "1:05"
  s(left) {
    const c = Math.ceil(left);
    return c >= 60 ? `${Math.floor(c / 60)}:${String(c % 60).padStart(2, '0')}` : `${c} s`;
  },
  // "2.3 s"
  tenths: (left) => `${left.toFixed(1)} s`,
  // "3": a big 3, 2, 1 (never 0: the next screen says GO)
  n: (left) => String(Math.max(1, Math.ceil(left))),
};

/**
 * A countdown to the game time `until`. Any element with `data-until` inside a mounted page is
 * one: the kit writes the time left into its `.countdown-text` descendant (or itself) on every
 * frame, in `data-format` (s | tenths | n), adds the class `urgent` from 5 s, and with
 * `data-total` (ms) sets the CSS variable --left (1 → 0) for a bar.
 * @param {number | null | undefined} until a server time (ms); no countdown (null) without one
 * @param {{format?: 's' | 'tenths' | 'n', total?: number | null, cls?: string, id?: string | null}} [options]
 * @returns {HTMLElement | null}
 */
export function countdown(until, { format = 's', total = null, cls = '', id = null } = {}) {
  if (typeof until !== 'number') return null;
  const dataset = total === null ? { until, format } : { until, format, total };
  return h('span', { class: `countdown ${cls}`.trim(), id, dataset });
}

function drawCountdowns(root) {
  for (const el of root.querySelectorAll('[data-until]')) {
    const left = secondsLeft(Number(el.dataset.until));
    if (left === null) continue;
    const text = (FORMATS[el.dataset.format] || FORMATS.s)(left);
    const target = el.querySelector('.countdown-text') || el;
    if (target.textContent !== text) target.textContent = text;
    if (el.dataset.total) el.style.setProperty('--left', String(Math.min(1, (left * 1000) / Number(el.dataset.total))));
    el.classList.toggle('urgent', left <= 5);
  }
}

// ---- press twice ------------------------------------------------------------------------------

const ARM_MS = 3000;
/** @type {Map<unknown, {until: number, button: HTMLElement}>} key → until when (performance.now())
 * the next press confirms, and the button pressed */
const armed = new Map();
const armedUntil = (key) => armed.get(key)?.until ?? 0;

/**
 * A destructive button asks once more: the first press arms it for 3 s (class `confirming`, text
 * `sure`, default "Sure? <label>"), the second runs `action(button)`. The armed state is kept by
 * `key` (default: the button's id), so a button that a redraw re-creates stays armed. The text
 * goes into the button's `.btn-text` child when it has one (a button with an icon).
 * Safer than confirm(), which would freeze the page's socket handling.
 */
export function pressTwice(button, action, { key = button.id || button, sure = null } = {}) {
  const target = button.querySelector('.btn-text') || button;
  const label = target.textContent;
  const paint = () => {
    const on = performance.now() < armedUntil(key);
    button.classList.toggle('confirming', on);
    target.textContent = on ? (sure || t('Sure? {label}', { label })) : label;
  };
  const unpaintLater = () => {
    const left = armedUntil(key) - performance.now();
    if (left > 0) setTimeout(() => { if (button.isConnected) paint(); }, left + 50);
  };
  paint();
  unpaintLater();
  button.addEventListener('click', () => {
    if (performance.now() < armedUntil(key)) {
      armed.delete(key);
      paint();
      action(button);
      return;
    }
    armed.set(key, { until: performance.now() + ARM_MS, button });
    paint();
    unpaintLater();
  });
  return button;
}

// ---- the game page ----------------------------------------------------------------------------

// The types of the page contract (docs/pages.md): what a view holds and what a module's ctx
// offers. A module names them with `@param {import('../../js/kit.js').Ctx} ctx`; `tsc -p .`
// checks every use (docs/pages.md, "Types").

/**
 * A seat of the room, as `view.room.players` lists it (docs/protocol.md, "The view").
 * @typedef {object} Player
 * @property {number} seat
 * @property {string} name
 * @property {boolean} connected a live connection holds the seat
 * @property {boolean} gone the seat left or was removed during a game
 * @property {{shape: string, colour: string}} avatar
 * @property {boolean} [sitting_out] the seat sits the current game out (more seats than the
 *   game takes) and watches it
 */

/**
 * One seat's night so far (`view.room.night`): finished games played, wins, points (3/2/1 by
 * place in every game).
 * @typedef {{seat: number, games: number, wins: number, points: number}} NightRow
 */

/**
 * The room part of every view, the same for every game.
 * @typedef {object} Room
 * @property {string} code
 * @property {string} game the game's id ("wicked-witches-way")
 * @property {string} title
 * @property {'lobby' | 'playing' | 'paused' | 'over'} status
 * @property {number} game_number 0 in the lobby, then one more for every start and rematch
 * @property {number | null} seat this connection's seat; null for the table and spectators
 * @property {'host' | 'player' | 'spectator'} role
 * @property {boolean} host this connection may send the host's commands
 * @property {Player[]} players
 * @property {boolean} host_connected
 * @property {boolean} locked
 * @property {number} seats how many may join with the current options
 * @property {number | null} first the seat chosen to start, null: the game draws it
 * @property {number} spectators a count
 * @property {Record<string, unknown>} options the room's game options
 * @property {string | null} lang the room's language, chosen by the host
 * @property {string} join_url
 * @property {NightRow[]} [night] the night's scoreboard, sorted (docs/protocol.md, "The night")
 * @property {Race | null} [race] the game's last settled race (docs/protocol.md, "The view")
 */

/**
 * One press of a settled race, in fair order (docs/protocol.md, "The view"; docs/fairness.md).
 * Times are server time; `close`: a photo finish with the press before it.
 * @typedef {object} RacePress
 * @property {number | null} seat null: the table
 * @property {number} t
 * @property {number | null} offset
 * @property {number | null} rtt
 * @property {number} arrival
 * @property {number} fair
 * @property {number} uncertainty_ms
 * @property {boolean} ok
 * @property {number | null} margin_ms
 * @property {string | null} error
 * @property {boolean} close
 */

/**
 * The game's last settled race (`view.room.race`): the action raced for, when it settled
 * (server time), `at` the game time of its first accepted press (null: none was accepted) — the
 * moment of the game it decided, which tells it from an earlier race — and every press.
 * @typedef {{type: string, settled_at: number, at: number | null, presses: RacePress[]}} Race
 */

/**
 * What the server sends as `view`: the room, and the game's own view for this connection's seat
 * (each game's shape is in docs/games/<id>.md), null in the lobby.
 * @typedef {object} View
 * @property {number} v grows with every broadcast of the room
 * @property {number} now the server's time when it was sent (ms)
 * @property {Room} room
 * @property {Record<string, any> | null} game
 */

/**
 * An answer to a request: `{ok: true, …}` or `{ok: false, error}` (docs/protocol.md, "Errors").
 * @typedef {{ok: boolean, error?: ErrorAck, [key: string]: any}} Ack
 * @typedef {{code: string, message: string, template?: string, params?: Record<string, unknown>,
 *   [key: string]: any}} ErrorAck
 */

/**
 * A text a view carries: English, or a template and its parts (companion/engine/text.py).
 * @typedef {string | {template: string, params?: Record<string, unknown>}} ViewText
 */

/**
 * The phone's status card: the player's standing, what to do next, the table's moment.
 * @typedef {{you?: string, next?: string, table?: string}} StatusCard
 */

/**
 * What a game's page module is given (docs/pages.md, "ctx"). `game`, `reference`, `els` and
 * `local` are the game's own: a module may describe them with a narrower type of its own.
 * @typedef {object} Ctx
 * @property {HTMLElement} root the element the module draws into
 * @property {View} view
 * @property {Room} room
 * @property {Record<string, any>} game
 * @property {number | null} seat
 * @property {'host' | 'player' | 'spectator'} role
 * @property {boolean} playing
 * @property {number} gameNumber
 * @property {Race | null} race the game's last settled race, who pressed when in fair order
 *   (`view.room.race`; null before the first and after an undo took it back): it comes with
 *   every view, so a reloaded screen still has it
 * @property {Record<string, any>} reference the game's reference data ({} when it has none)
 * @property {Record<string, any>} els what mount() returned
 * @property {Record<string, any>} local what local() returned
 * @property {(seat: number | null | undefined) => string} nameOf
 * @property {(seat: number | null, options?: {size?: string | null, cls?: string, label?: boolean}) => HTMLElement} avatar
 * @property {typeof t} t
 * @property {string} lang
 * @property {() => number} gameNow the game clock (ms): server time less the offset, standing
 *   still while the game is paused (docs/pages.md, "Game time")
 * @property {() => number} serverNow the same as gameNow (kept for older modules)
 * @property {(until: number | null | undefined) => number | null} secondsLeft
 * @property {(message: (() => string) | string, kind?: 'error' | 'info') => void} toast a transient
 *   message; a function writes it again after a language switch: `ctx.toast(() => t('Saved.'))`;
 *   on the TV an 'info' one is dropped once the game is over (the ending must not be covered)
 * @property {() => void} redraw
 * @property {(name: string) => void} cue
 * @property {(card: StatusCard | null) => void} status
 * @property {() => boolean} reducedMotion
 * @property {<E extends Element | null>(el: E, key: string, cls?: string) => E} fresh
 * @property {HTMLElement | null} statusEl
 * @property {HTMLElement} endingEl a place under the ending's podium that a module may fill
 * @property {(seconds: number) => void} holdEnding the module's own reveal of the end (cards
 *   turning) lasts this many seconds more: the kit's ending appears after it (at once under
 *   reduced motion); call it in the render that shows the end
 * @property {(type: string, payload?: Record<string, unknown>, options?: {button?: HTMLButtonElement | null, quiet?: boolean}) => Promise<Ack | null>} send
 */

const references = new Map();   // game id → Promise of its reference data

/** GET /api/games/<id>/reference, once per page ({} when there is none; a failure is retried). */
function reference(gameId) {
  if (!references.has(gameId)) {
    const load = fetch(`/api/games/${encodeURIComponent(gameId)}/reference`)
      .then((res) => (res.ok ? res.json() : Promise.reject(new Error(`HTTP ${res.status}`))))
      .then((data) => (data && typeof data === 'object' ? data : {}))
      .catch((err) => {
        console.warn('no reference data', err);
        references.delete(gameId);
        return {};
      });
    references.set(gameId, load);
  }
  return references.get(gameId);
}

/**
 * Runs `static/games/<game.id>/<side>.js` in `root`. The page shell calls `show(view)` for every
 * view with a game to draw and `note(note)` for every note; see docs/pages.md for the module's side.
 * The room may switch to another game between games (`view.room.game`): the page follows it with
 * `follow(game)` (the shell calls it, `show` too), loading that game's module, reference and strings.
 */
export function gamePage({ root, game, side, base }) {
  let url = '';
  let module = null;
  let loading = null;
  /** Another game from now on ({id, title}): its module is loaded at the next view that has it. */
  function follow(next) {
    if (url && next.id === game.id) return;
    game = next;
    url = new URL(`${base}games/${game.id}/${side}.js`, document.baseURI).href;
    // The game's strings, asked for now: the lobby already shows its options and its set-up
    // refusals, and the module mounts only once they are here (load() waits for languageReady).
    loadBundle(game.id);
    module = null;
    loading = null;
    if (mounted) unmount();
  }
  let mounted = null;      // what the mount was for: `${game_number}|${seat}|${role}`
  let frame = null;
  let latest = null;       // the last view handed to show()
  const pending = new Set();  // actions awaiting their ack, by type and payload
  /** @type {{el: HTMLElement | null, set(card: StatusCard | null): void, begin(): void, end(): void}} */
  const noCard = { el: null, set() {}, begin() {}, end() {} };
  let statusCard = noCard;   // made afresh at each mount, in the page's language
  let prompt = makePrompt();  // the phone's "what to do now", made afresh at each mount
  let ending = makeEnding(side);
  const motion = phaseMotion();
  const fresh = { seen: new Set(), first: true };   // ctx.fresh's memory, per mount

  /** @type {Ctx} */
  const ctx = {
    root,
    view: null,
    room: null,
    game: null,
    seat: null,
    role: null,
    playing: false,
    gameNumber: 0,
    race: null,
    reference: {},
    els: null,
    local: {},
    nameOf: (seat) => nameOf(ctx.view, seat),
    /** The seat's avatar badge (an element; see avatarOf). */
    avatar: (seat, options) => avatarOf(ctx.view, seat, options),
    t,
    lang: i18n.lang,
    gameNow,
    // the name modules had before game time: it counts in game time as well
    serverNow: gameNow,
    secondsLeft,
    // The TV's note of a move (kind 'info') comes with the move's ack, after the view: once
    // that view has ended the game the ending, which covers the TV's game, says it all (a
    // refusal still shows; a phone's ending leaves room for its notes, as acrobatics saved).
    toast: (message, kind) => {
      if (side === 'tv' && kind === 'info' && latest?.room?.status === 'over') return;
      toast(message, kind);
    },
    redraw,
    /** Play a key moment's sound (and its buzz on a phone): join, go, lid, claim, reveal, win. */
    cue: (name) => cue(name, { haptic: side === 'phone' }),
    /** The phone's status card for this render: `{you, next, table}` (each optional). */
    status: (card) => statusCard.set(card),
    reducedMotion,
    /** Animate `el` (class `cls`) if `key` is new on this screen: what changed moves, what was
     * there stays still. Everything on the first drawing of a game counts as already there. */
    fresh(el, key, cls = 'kit-pop') {
      if (!el || fresh.seen.has(key)) return el;
      fresh.seen.add(key);
      if (!fresh.first) el.classList.add(cls);
      return el;
    },
    /** The status card's element (phone only, else null), for a module that places it itself. */
    get statusEl() { return statusCard.el; },
    /** A place in the kit's ending panel (under the podium) that a module may fill. */
    get endingEl() { return ending.extra; },
    /** The module's own reveal of the end lasts `seconds` more: the ending waits for it. */
    holdEnding: (seconds) => ending.hold(seconds),
    /** `act {type, …payload}`; a second identical one while the first is unanswered is dropped
     * (null). The page is redrawn after the answer: the view decides what stays enabled. */
    async send(type, payload = {}, options = {}) {
      const key = `${type} ${JSON.stringify(payload)}`;
      if (pending.has(key)) return null;
      pending.add(key);
      let ack;
      try {
        ack = await call('act', { ...payload, type }, options);
      } finally {
        pending.delete(key);
      }
      redraw();
      return ack;
    },
  };

  function load() {
    const wanted = url;
    loading ??= Promise.all([import(url), reference(game.id), languageReady()]).then(([mod, ref]) => {
      if (wanted !== url) return;   // the room switched games meanwhile: that one loads its own
      module = mod;
      ctx.reference = ref;
      for (const href of mod.styles || []) ensureStylesheet(new URL(href, url).href);
    }).catch((err) => {
      console.error(err);
      loading = null;
      toast(() => t('Could not load {title} on this screen.', { title: game.title }));
    });
    return loading;
  }

  function unmount() {
    mounted = null;
    ctx.els = null;
    root.replaceChildren();
  }

  /** A clean slate: fresh per-game memory and a fresh skeleton. */
  function mount(key) {
    // the game's own armed buttons go with the old game; the shell's (the host's End, pressed
    // once before the game's screen loaded) stay armed: a mount must not swallow a press
    for (const [key, { button }] of armed) {
      if (root.contains(button) || !button.isConnected) armed.delete(key);
    }
    ctx.local = module.local ? module.local() : {};
    statusCard = side === 'phone' ? makeStatusCard() : noCard;
    prompt = makePrompt();
    ending = makeEnding(side);
    ctx.els = module.mount(ctx) ?? {};
    // The status card goes on top unless the module placed `ctx.statusEl` in its own layout;
    // the prompt above everything (the same place in every game), the ending above the game.
    const card = statusCard.el && !ctx.els.root?.contains(statusCard.el) ? statusCard.el : null;
    const top = side === 'phone' ? prompt.el : null;
    if (ctx.els.root) root.replaceChildren(...[top, ending.el, card, ctx.els.root].filter(Boolean));
    mounted = key;
    motion.reset();
    fresh.seen = new Set();
    fresh.first = true;
  }

  // a view that arrives mid-tap is drawn after the tap's click (ui.js, "taps and redraws")
  const draw = afterTaps(() => {
    if (!module || !mounted || !root.firstChild) return;
    statusCard.begin();
    module.render(ctx);
    statusCard.end();
    const over = ctx.room.status === 'over';
    prompt.set(over ? null : ctx.game.you?.prompt);
    // celebrated when the game ends on this screen, not when an ended game is opened again
    ending.draw(ctx, over && !fresh.first && !ending.el.dataset.seen);
    ending.el.dataset.seen = over ? '1' : '';
    fresh.first = false;
    motion.after(ctx, () => ending.heldMs());
    drawCountdowns(root);
  });

  /** Draw the current view again (after a change of the page's own memory). */
  function redraw() {
    if (latest) draw();
  }

  function loop() {
    frame = null;
    if (!mounted || !root.isConnected) return;
    module.tick?.(ctx);
    drawCountdowns(root);
    frame = requestAnimationFrame(loop);
  }

  // A new language: mount afresh, so the skeleton's texts are in it too.
  onLanguage(() => { if (latest) screen.show(latest); });

  const screen = {
    ctx,
    /** Render `view` (its game may be null: then the module is unmounted). */
    async show(view) {
      latest = view;
      followGameClock(view.room?.clock);
      if (view.room?.game) follow({ id: view.room.game, title: view.room.title });
      if (!view.game) {
        if (mounted) unmount();
        return;
      }
      await load();
      if (!module || latest !== view) return;   // a newer view arrived while loading
      const { room } = view;
      Object.assign(ctx, {
        view,
        room,
        game: view.game,
        seat: room.seat ?? null,
        role: room.role,
        playing: room.status === 'playing',
        gameNumber: room.game_number ?? 0,
        race: room.race ?? null,
      });
      ctx.lang = i18n.lang;
      const key = `${ctx.gameNumber}|${ctx.seat}|${ctx.role}|${ctx.lang}`;
      if (mounted !== key || !root.firstChild) mount(key);
      draw();
      if (frame === null) frame = requestAnimationFrame(loop);
    },
    note(n) {
      if (mounted && module?.note) module.note(ctx, n);
    },
    follow,
  };
  follow(game);
  return screen;
}

// ---- avatars ----------------------------------------------------------------------------------

// A seat's avatar: a shape in a colour with the name's initial on it, so players are never told
// apart by colour alone (docs/protocol.md, "Avatars"; the server holds the same two lists).
// Colours are the Okabe–Ito colour-blind-safe set, as CSS custom properties in css/theme.css.
export const AVATAR_SHAPES = ['circle', 'square', 'triangle', 'diamond', 'hexagon', 'star', 'heart', 'moon'];
export const AVATAR_COLOURS = ['orange', 'sky', 'green', 'yellow', 'blue', 'vermilion', 'purple', 'white'];

// Each shape on a 40×40 grid (css/theme.css places the initial on its widest part).
const SHAPE_PATHS = {
  circle: 'M20 2a18 18 0 1 1 0 36a18 18 0 1 1 0-36Z',
  square: 'M8 3h24a5 5 0 0 1 5 5v24a5 5 0 0 1-5 5H8a5 5 0 0 1-5-5V8a5 5 0 0 1 5-5Z',
  triangle: 'M20 2.5L38.5 36.5H1.5Z',
  diamond: 'M20 1L39 20L20 39L1 20Z',
  hexagon: 'M11 3H29L38.5 20L29 37H11L1.5 20Z',
  star: 'M20 2.5L26.5 13.1L38.5 16L30.5 25.4L31.5 37.8L20 33L8.5 37.8L9.5 25.4L1.5 16L13.5 13.1Z',
  heart: 'M20 37C8 28 1.5 21 1.5 12.5C1.5 6.5 6 2.5 11.5 2.5C15 2.5 18 4.5 20 7.5C22 4.5 25 2.5 28.5 2.5C34 2.5 38.5 6.5 38.5 12.5C38.5 21 32 28 20 37Z',
  moon: 'M24 2.4A18 18 0 1 0 37.6 26A14 14 0 0 1 24 2.4Z',
};

// The words for them, written out so the translation catalogues find each one.
const AVATAR_WORDS = () => ({
  circle: t('circle'), square: t('square'), triangle: t('triangle'), diamond: t('diamond'),
  hexagon: t('hexagon'), star: t('star'), heart: t('heart'), moon: t('moon'),
  orange: t('orange'), sky: t('sky blue'), green: t('green'), yellow: t('yellow'), blue: t('blue'),
  vermilion: t('vermilion'), purple: t('purple'), white: t('white'),
});

/** "purple star": an avatar in words, for labels. */
export function avatarWords(avatar) {
  const words = AVATAR_WORDS();
  return `${words[avatar?.colour] ?? ''} ${words[avatar?.shape] ?? ''}`.trim();
}

/** The first letter or digit of a name, upper-cased ("?" for a name of only emoji). */
export function initialOf(name) {
  const first = [...String(name ?? '')].find((ch) => /[\p{L}\p{N}]/u.test(ch));
  return first ? first.toLocaleUpperCase() : '?';
}

/**
 * An avatar badge: `<span class="avatar av-<colour>">` holding the SVG shape and the initial.
 * `player` is a view's player ({name, avatar: {shape, colour}}); `size` is a CSS length (default
 * 1.4em: next to a name at the name's size). The badge is labelled for screen readers ("Anna:
 * purple star") unless `label` is false (the name is written next to it anyway).
 */
export function avatarBadge(player, { size = null, cls = '', label = false } = {}) {
  const avatar = player?.avatar || {};
  const shape = SHAPE_PATHS[avatar.shape] ? avatar.shape : 'circle';
  const colour = AVATAR_COLOURS.includes(avatar.colour) ? avatar.colour : 'white';
  const drawing = svg('svg', { viewBox: '0 0 40 40', 'aria-hidden': 'true', focusable: 'false' },
    svg('path', { d: SHAPE_PATHS[shape], class: 'av-shape' }));
  // The initial is drawn by CSS from data-initial, so it never joins the text of the name next
  // to it (a list item still reads "Anna", not "AAnna").
  const badge = h('span', {
    class: `avatar av-${colour} av-${shape} ${cls}`.trim(),
    role: label ? 'img' : null,
    'aria-label': label ? `${player?.name ?? ''}: ${avatarWords({ shape, colour })}` : null,
    'aria-hidden': label ? null : 'true',
    dataset: { shape, colour, initial: player?.initial ?? initialOf(player?.name) },
  }, drawing);
  if (size) badge.style.setProperty('--av-size', size);
  return badge;
}

/** The avatar of `seat` in `view` (a plain "?" circle for a seat the room does not list). */
export function avatarOf(view, seat, options = {}) {
  const player = (view?.room?.players ?? []).find((p) => p.seat === Number(seat));
  return avatarBadge(player ?? { name: nameOf(view, seat), initial: seat == null ? '?' : String(Number(seat) + 1) }, options);
}

/** A seat's name with its avatar in front: `<span class="who">` for lists and headlines. */
export function whoOf(view, seat, options = {}) {
  return h('span', { class: 'who' }, avatarOf(view, seat, options), h('span', { class: 'who-name', text: nameOf(view, seat) }));
}

/**
 * The avatar picker: a preview, a row of shapes (in the chosen colour) and a row of colours (in
 * the chosen shape), big enough for a thumb. `taken` lists the avatars other seats have: those
 * pairs are disabled. `onPick(avatar)` runs for every choice; `name` gives the preview's initial.
 */
export function avatarPicker({ current, taken = [], name = '', onPick }) {
  let chosen = { shape: current?.shape || 'circle', colour: current?.colour || 'orange' };
  const isTaken = (a) => taken.some((o) => o.shape === a.shape && o.colour === a.colour);
  /** @type {HTMLElement & {update?: (changes?: {current?: object, taken?: object[], name?: string}) => void}} */
  const root = h('div', { class: 'avatar-picker', role: 'group', 'aria-label': t('Your avatar') });
  const draw = () => {
    const preview = avatarBadge({ name, avatar: chosen }, { cls: 'av-preview', label: false });
    const caption = h('span', { class: 'av-caption', text: avatarWords(chosen) });
    const row = (kind, values) => h('div', { class: `av-row av-${kind}s`, role: 'group', 'aria-label': kind === 'shape' ? t('Shape') : t('Colour') },
      values.map((value) => {
        const avatar = { ...chosen, [kind]: value };
        const on = chosen[kind] === value;
        return h('button', {
          type: 'button', class: `av-option${on ? ' on' : ''}`, 'aria-pressed': on ? 'true' : 'false',
          'aria-label': AVATAR_WORDS()[value], disabled: !on && isTaken(avatar), dataset: { [kind]: value },
          onclick: () => { chosen = avatar; draw(); onPick?.(chosen); },
        }, avatarBadge({ name, avatar }));
      }));
    root.replaceChildren(h('div', { class: 'av-head' }, preview, caption), row('shape', AVATAR_SHAPES), row('colour', AVATAR_COLOURS));
  };
  draw();
  root.update = ({ current: next = chosen, taken: nextTaken = taken, name: nextName = name } = {}) => {
    chosen = { ...next };
    taken = nextTaken;
    name = nextName;
    draw();
  };
  return root;
}

/** One of the witch theme's drawings (static/img/motifs.svg: hat, cauldron, broom, moon, star,
 * book), as a decorative inline SVG of 1em in the current text colour. */
export function motif(name, cls = '') {
  const base = JSON.parse(document.getElementById('page-data')?.textContent || '{}').static || '/static/';
  return svg('svg', { class: `motif ${cls}`.trim(), 'aria-hidden': 'true', focusable: 'false' },
    svg('use', { href: `${base}img/motifs.svg#${name}` }));
}

// ---- sound, motion and the phone's status card ------------------------------------------------

/** The sound switch for this device (remembered): a button for the TV's bar or the phone's
 * (`id` tells two switches on one page apart: the phone's join screen has its own). */
export function muteToggle({ cls = 'btn', compact = false, id = 'btn-mute' } = {}) {
  const button = h('button', { type: 'button', id, class: `${cls} mute-toggle` });
  const paint = (off) => {
    const label = off ? t('♪ Sound off') : t('♪ Sound on');
    // On a phone's narrow bar: the note alone (struck through when off), the words for readers.
    if (compact) button.replaceChildren(h('span', { class: 'mute-icon', 'aria-hidden': 'true', text: '♪' }), h('span', { class: 'visually-hidden', text: label }));
    else button.textContent = label;
    button.setAttribute('aria-pressed', off ? 'false' : 'true');
    button.classList.toggle('off', off);
  };
  button.addEventListener('click', () => {
    setMuted(!muted());
    if (!muted()) cue('tap', { haptic: false });
  });
  onMute(paint);
  onLanguage(() => paint(muted()));
  paint(muted());
  return button;
}

/** A key moment seen as a change: plays `ctx.cue(name)` when `value` differs from what this
 * screen saw under `key` at its last render (never on the first view of a game, nor on a redraw
 * that changed nothing; a change to null or false marks nothing). `cueOnChange(ctx, 'roll',
 * g.rolls.length, 'reveal')`; `cueOnChange(ctx, 'mine', myTurn || null, 'claim')`. */
export function cueOnChange(ctx, key, value, name) {
  const seen = (ctx.local.cuesSeen ??= {});
  if (key in seen && seen[key] !== value && value !== null && value !== false) ctx.cue(name);
  seen[key] = value;
}

/** The phone's status card above a game's screen: who you are in this phase, what to do next,
 * what happens at the table. A game fills it with `ctx.status({you, next, table})` in its render;
 * a render that does not call it hides the card. */
function makeStatusCard() {
  const rows = {};
  const row = (key, label) => {
    rows[key] = h('span', { class: 'kit-status-text' });
    return h('p', { class: `kit-status-row kit-status-${key}` },
      h('span', { class: 'kit-status-label', text: label }), rows[key]);
  };
  const el = h('section', { class: 'kit-status', role: 'status', 'aria-label': t('Your status') },
    row('you', t('You')), row('next', t('Next')), row('table', t('Table')));
  el.hidden = true;
  let filled = false;
  return {
    el,
    begin() { filled = false; },
    set(card) {
      filled = Boolean(card);
      if (!card) return;
      for (const key of ['you', 'next', 'table']) {
        const text = card[key] || '';
        if (rows[key].textContent !== text) rows[key].textContent = text;
        rows[key].parentElement.hidden = !text;
      }
    },
    end() { el.hidden = !filled; },
  };
}

/** The phone's prompt above every game: what this seat can do now (`act`, a call to action),
 * or whom or what the game waits for (`wait`, calm): `you.prompt` of the view, translated. */
function makePrompt() {
  const text = h('span', { class: 'kit-prompt-text' });
  const el = h('p', { class: 'kit-prompt', role: 'status', 'aria-live': 'polite' }, text);
  el.hidden = true;
  return {
    el,
    /** @param {{kind: string, text: ViewText} | null | undefined} given */
    set(given) {
      el.hidden = !given;
      if (!given) return;
      const words = say(given.text);
      if (text.textContent !== words) text.textContent = words;
      el.dataset.kind = given.kind === 'act' ? 'act' : 'wait';
    },
  };
}

/** What phase a view is in: a change of it is animated (the class `kit-phase-in` on the game's
 * root, see motion.css, cut to nothing under prefers-reduced-motion). */
function phaseOf(view) {
  const g = view.game || {};
  return [view.room?.status, g.phase ?? g.status ?? g.stage ?? '', g.step ?? ''].join('|');
}

function phaseMotion() {
  let shown = null;
  return {
    reset() { shown = null; },
    /** `held()`: how long (ms) the game's own reveal still holds the ending back; the win
     * cue waits for it, asked again when its timer fires (the reveal may have moved on). */
    after(ctx, held = () => 0) {
      const now = phaseOf(ctx.view);
      const root = ctx.els?.root;
      if (shown !== null && now !== shown && root) {
        replay(root, 'kit-phase-in');
        if (ctx.room.status === 'over' && !shown.startsWith('over|')) {
          const win = () => {
            const left = held();
            if (left > 0) setTimeout(win, left);
            else ctx.cue('win');
          };
          win();
        }
      }
      if (root) root.dataset.kitPhase = now;
      shown = now;
    },
  };
}

// A toast on screen follows a language switch like every other text.
onLanguage(redrawToast);

// Ask for the shell's strings at once, in parallel with everything else the page loads.
loadLanguage();
