// The page kit: the one piece that runs a game's page module, on the TV and on the phone alike.
// It loads the module and the game's reference data once, mounts the module (again for every new
// game: a clean slate), renders every view, drives countdowns and the module's tick from one
// animation loop, and gives the module one `ctx` (docs/pages.md). Also the plumbing the page
// shells share: acked requests with an error toast, press-twice buttons, player names.

import { request, serverNow } from './client.js';
import { h, toast, ensureStylesheet, replay } from './ui.js';
import { cue, muted, setMuted, onMute, reducedMotion } from './sound.js';

// ---- translations -------------------------------------------------------------------------------

// The server's message catalogues (companion/web/i18n.py), the same ones its templates use,
// fetched as JSON. Message ids are the English texts: t('Round {n}', {n: 2}) → "Kolo 2".
const i18n = {
  lang: document.documentElement.lang || 'en',   // the server picked it (cookie, browser)
  languages: ['en'],
  messages: {},
  loading: null,
  listeners: new Set(),
};

/** `text` in the page's language, with `{name}` placeholders filled from `params`. A text the
 * catalogue lacks stays English. */
export function t(text, params = null) {
  const out = i18n.messages[text] || text;
  if (!params) return out;
  return out.replace(/\{(\w+)\}/g, (whole, key) => (key in params ? String(params[key]) : whole));
}

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
 * every `onLanguage` listener runs (the game page mounts again in the new language). */
export async function setLanguage(lang) {
  document.cookie = `lang=${encodeURIComponent(lang)}; path=/; max-age=31536000; SameSite=Lax`;
  await loadLanguage(lang);
  for (const listener of i18n.listeners) listener(i18n.lang);
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

// ---- names ----------------------------------------------------------------------------------

/** A seat's name: the room's name for it; "Seat 4" for seat 3 if the room has none; "The table"
 * for no seat (the TV). The one wording every page uses. */
export function nameOf(view, seat) {
  if (seat === null || seat === undefined) return 'The table';
  const player = (view?.room?.players ?? []).find((p) => p.seat === Number(seat));
  return player?.name ?? `Seat ${Number(seat) + 1}`;
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
  if (!ack.ok && !quiet) toast(ack.error?.message || 'That did not work.');
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
    target.textContent = on ? (sure || `Sure? ${label}`) : label;
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
  const noCard = { el: null, set() {}, begin() {}, end() {} };
  let statusCard = noCard;   // made afresh at each mount, in the page's language
  const motion = phaseMotion();
  const fresh = { seen: new Set(), first: true };   // ctx.fresh's memory, per mount

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
      toast(`Could not load ${game.title} on this screen.`);
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
    statusCard = side === 'phone' ? makeStatusCard() : noCard;
    ctx.els = module.mount(ctx) ?? {};
    // The status card goes on top unless the module placed `ctx.statusEl` in its own layout.
    const card = statusCard.el && !ctx.els.root?.contains(statusCard.el) ? statusCard.el : null;
    if (ctx.els.root) root.replaceChildren(...[card, ctx.els.root].filter(Boolean));
    mounted = key;
    motion.reset();
    fresh.seen = new Set();
    fresh.first = true;
  }

  function draw() {
    if (!module || !mounted || !root.firstChild) return;
    statusCard.begin();
    module.render(ctx);
    statusCard.end();
    fresh.first = false;
    motion.after(ctx);
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

// ---- sound, motion and the phone's status card ------------------------------------------------

/** The sound switch for this device (remembered): a button for the TV's bar or the phone's. */
export function muteToggle({ cls = 'btn', compact = false } = {}) {
  const button = h('button', { type: 'button', id: 'btn-mute', class: `${cls} mute-toggle` });
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
  paint(muted());
  return button;
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
    after(ctx) {
      const now = phaseOf(ctx.view);
      const root = ctx.els?.root;
      if (shown !== null && now !== shown && root) {
        replay(root, 'kit-phase-in');
        if (ctx.room.status === 'over' && !shown.startsWith('over|')) ctx.cue('win');
      }
      if (root) root.dataset.kitPhase = now;
      shown = now;
    },
  };
}

// Ask for the page's catalogue at once, in parallel with everything else the page loads.
loadLanguage();
