// The page kit: the one piece that runs a game's page module, on the TV and on the phone alike.
// It loads the module and the game's reference data once, mounts the module (again for every new
// game: a clean slate), renders every view, drives countdowns and the module's tick from one
// animation loop, and gives the module one `ctx` (docs/pages.md). Also the plumbing the page
// shells share: acked requests with an error toast, press-twice buttons, player names.

import { request, serverNow } from './client.js';
import { h, toast, ensureStylesheet } from './ui.js';

// ---- translations -------------------------------------------------------------------------------

// The server's message catalogues (companion/web/i18n.py), the same ones its templates use,
// fetched as JSON. Message ids are the English texts: t('Round {n}', {n: 2}) → "Kolo 2".
const i18n = {
  lang: document.documentElement.lang || 'en',   // the server picked it (cookie, browser)
  languages: ['en'],
  messages: {},
  plurals: {},       // English singular → the language's plural forms, in gettext order
  loading: null,
  listeners: new Set(),
  choosers: new Set(),
};

/** `text` in the page's language, with `{name}` placeholders filled from `params`. A text the
 * catalogue lacks stays English. */
export function t(text, params = null) {
  const out = (typeof text === 'string' && i18n.messages[text]) || text;
  if (!params) return out;
  return out.replace(/\{(\w+)\}/g, (whole, key) => (key in params ? String(params[key]) : whole));
}

/** `one` or `other` by the count `n`, in the page's language (whose catalogue may have more
 * forms: Czech has three), with `{n}` and `params` filled: tn('{n} point', '{n} points', 3). */
export function tn(one, other, n, params = null) {
  const forms = i18n.plurals[one];
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

/** GET /api/i18n/<lang>.json, once per language; resolves when `t()` speaks it. */
export function loadLanguage(lang = i18n.lang) {
  if (i18n.loading && i18n.loading.lang === lang) return i18n.loading;
  const loading = fetch(`/api/i18n/${encodeURIComponent(lang)}.json`)
    .then((res) => (res.ok ? res.json() : Promise.reject(new Error(`HTTP ${res.status}`))))
    .then((data) => {
      const more = data.languages.join() !== i18n.languages.join();
      i18n.lang = data.lang;
      i18n.languages = data.languages;
      i18n.messages = data.messages || {};
      i18n.plurals = data.plurals || {};
      document.documentElement.lang = data.lang;
      // An English page drew before it knew the other languages: draw its switch again.
      if (more && lang === 'en') for (const listener of i18n.listeners) listener(i18n.lang);
    })
    .catch((err) => {
      console.warn('no translations', err);
      if (i18n.loading === loading) i18n.loading = null;
    });
  loading.lang = lang;
  i18n.loading = loading;
  return loading;
}

/** Resolves when the page's language is ready: at once for English (the message ids are the
 * English texts), else when its catalogue has arrived. The catalogue is asked for as soon as
 * the kit loads, so a game page does not wait for it. */
function languageReady() {
  const loading = loadLanguage();
  return i18n.lang === 'en' ? Promise.resolve() : loading;
}

/** Switch the page's language: remembered in a cookie (the server's pages follow it too), then
 * every `onLanguage` listener runs (the game page mounts again in the new language). A page may
 * `onChoose(fn)` to hear of the player's own choice (the TV makes it the room's language). */
export async function setLanguage(lang) {
  document.cookie = `lang=${encodeURIComponent(lang)}; path=/; max-age=31536000; SameSite=Lax`;
  for (const chosen of i18n.choosers) chosen(lang);
  await loadLanguage(lang);
  for (const listener of i18n.listeners) listener(i18n.lang);
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
  await loadLanguage(lang);
  if (i18n.lang === lang) for (const listener of i18n.listeners) listener(i18n.lang);
}

/** An error ack's sentence in the page's language: the server sends English, with the variable
 * parts apart (`template` + `params`) when there are any (docs/protocol.md, "Errors"). */
export function errorText(error, fallback = 'That did not work.') {
  if (!error) return t(fallback);
  if (error.template) return t(error.template, error.params);
  return t(error.message || fallback);
}

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
  for (const el of root.querySelectorAll('[data-i18n]')) el.textContent = t(el.dataset.i18n);
  for (const [data, attr] of [['i18nLabel', 'aria-label'], ['i18nPlaceholder', 'placeholder'],
    ['i18nAlt', 'alt'], ['i18nTitle', 'title']]) {
    const selector = `[data-${data.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}]`;
    for (const el of root.querySelectorAll(selector)) el.setAttribute(attr, t(el.dataset[data], el.dataset));
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
  try {
    const res = await fetch(window.location.pathname + window.location.search, { credentials: 'same-origin' });
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
  if (!ack.ok && !quiet) toast(errorText(ack.error));
  return ack;
}

// ---- countdowns -------------------------------------------------------------------------------

/** Seconds left until the server time `until` on this page's clock estimate (never negative);
 * null when there is no deadline. */
export function secondsLeft(until) {
  if (typeof until !== 'number' || !Number.isFinite(until)) return null;
  return Math.max(0, (until - serverNow()) / 1000);
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
 * A countdown to the server time `until`. Any element with `data-until` inside a mounted page is
 * one: the kit writes the time left into its `.countdown-text` descendant (or itself) on every
 * frame, in `data-format` (s | tenths | n), adds the class `urgent` from 5 s, and with
 * `data-total` (ms) sets the CSS variable --left (1 → 0) for a bar.
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
const armed = new Map();   // key → performance.now() until which the next press confirms

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
    const on = performance.now() < (armed.get(key) || 0);
    button.classList.toggle('confirming', on);
    target.textContent = on ? (sure || t('Sure? {label}', { label })) : label;
  };
  const unpaintLater = () => {
    const left = (armed.get(key) || 0) - performance.now();
    if (left > 0) setTimeout(() => { if (button.isConnected) paint(); }, left + 50);
  };
  paint();
  unpaintLater();
  button.addEventListener('click', () => {
    if (performance.now() < (armed.get(key) || 0)) {
      armed.delete(key);
      paint();
      action(button);
      return;
    }
    armed.set(key, performance.now() + ARM_MS);
    paint();
    unpaintLater();
  });
  return button;
}

// ---- the game page ----------------------------------------------------------------------------

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
 */
export function gamePage({ root, game, side, base }) {
  const url = new URL(`${base}games/${game.id}/${side}.js`, document.baseURI).href;
  let module = null;
  let loading = null;
  let mounted = null;      // what the mount was for: `${game_number}|${seat}|${role}`
  let frame = null;
  let latest = null;       // the last view handed to show()
  const pending = new Set();  // actions awaiting their ack, by type and payload

  const ctx = {
    root,
    view: null,
    room: null,
    game: null,
    seat: null,
    role: null,
    playing: false,
    gameNumber: 0,
    reference: {},
    els: null,
    local: {},
    nameOf: (seat) => nameOf(ctx.view, seat),
    t,
    lang: i18n.lang,
    serverNow,
    secondsLeft,
    toast,
    redraw,
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
    loading ??= Promise.all([import(url), reference(game.id), languageReady()]).then(([mod, ref]) => {
      module = mod;
      ctx.reference = ref;
      for (const href of mod.styles || []) ensureStylesheet(new URL(href, url).href);
    }).catch((err) => {
      console.error(err);
      loading = null;
      toast(t('Could not load {title} on this screen.', { title: game.title }));
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
    armed.clear();
    ctx.local = module.local ? module.local() : {};
    ctx.els = module.mount(ctx) ?? {};
    if (ctx.els.root) root.replaceChildren(ctx.els.root);
    mounted = key;
  }

  function draw() {
    if (!module || !mounted || !root.firstChild) return;
    module.render(ctx);
    drawCountdowns(root);
  }

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
  };
  return screen;
}

// Ask for the page's catalogue at once, in parallel with everything else the page loads.
loadLanguage();
