// Small DOM helpers shared by the pages and the game modules.
// Everything is built with createElement/textContent: player names never touch innerHTML.

/** One child for h(): a node, or a text (a number is written as text); null, undefined and
 * false are skipped.
 * @typedef {Node | string | number | boolean | null | undefined} Leaf */

/** What h() takes as each child: a Leaf, or a list of them (flattened one level).
 * @typedef {Leaf | Leaf[]} Child */

/** The elements h() gives with their own type (their value, their disabled state); any other
 * tag is an HTMLElement, so that a list of a page's parts holds any of them.
 * @typedef {{input: HTMLInputElement, select: HTMLSelectElement, textarea: HTMLTextAreaElement,
 *   button: HTMLButtonElement, option: HTMLOptionElement}} Controls */

/** h()'s attributes: `class`, `text` (the textContent), `dataset` (an object), `on<event>`
 * (a listener), any other attribute (true: present, null/undefined/false: absent).
 * @typedef {Record<string, any>} Attrs */

/**
 * h('li', {class: 'x', dataset: {seat: 2}}, 'text', childNode) → element.
 * Strings become text nodes; null/false children are skipped.
 * @template {string} K
 * @param {K} tag
 * @param {Attrs | null} [attrs]
 * @param {...Child} children
 * @returns {K extends keyof Controls ? Controls[K] : HTMLElement}
 */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs ?? {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === 'class') el.className = value;
    else if (key === 'dataset') Object.assign(el.dataset, value);
    else if (key === 'text') el.textContent = value;
    else if (key.startsWith('on') && typeof value === 'function') el.addEventListener(key.slice(2), value);
    else if (value === true) el.setAttribute(key, '');
    else el.setAttribute(key, String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return /** @type {any} */ (el);
}

const SVG_NS = 'http://www.w3.org/2000/svg';

/**
 * svg('path', {d: 'M0 0 L9 9', fill: 'none'}, child…) → SVG element (the SVG namespace).
 * Null/undefined attributes and falsy children are skipped; values are set as attributes.
 * @param {string} tag
 * @param {Record<string, string | number | null | undefined>} [attrs]
 * @param {...(Node | null | undefined | false | Array<Node | null | undefined | false>)} children
 * @returns {SVGElement}
 */
export function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attrs ?? {})) {
    if (value !== null && value !== undefined) el.setAttribute(key, String(value));
  }
  for (const child of children.flat()) if (child) el.append(child);
  return el;
}

let toastTimer = null;
/** @type {(() => string) | null} what writes the toast shown now (in the page's language) */
let toastWords = null;

/** A transient message in #toast (errors from acks, notes). `message` is a function that
 * writes it (`() => t('Saved.')`): a language switch while it shows writes it again
 * (`redrawToast`, which the kit runs on every new catalogue), like every text on the page.
 * @param {(() => string) | string} message
 * @param {'error' | 'info'} [kind] */
export function toast(message, kind = 'error') {
  const el = document.getElementById('toast');
  const words = typeof message === 'function' ? message : () => message;
  if (!el || !words()) return;
  toastWords = words;
  el.dataset.kind = kind;
  redrawToast();
  el.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { el.hidden = true; }, 5000);
}

/** Take the toast off the screen now (the ending shows: a note of the game's last move must
 * not cover its podium). */
export function hideToast() {
  const el = document.getElementById('toast');
  clearTimeout(toastTimer);
  toastWords = null;
  if (el) el.hidden = true;
}

/** The toast shown now, written again (in the language the page speaks now). */
export function redrawToast() {
  const el = document.getElementById('toast');
  if (!el || !toastWords) return;
  el.textContent = (el.dataset.kind === 'error' ? '⚠ ' : '') + toastWords();
}

/** Shows #reconnecting while the socket is down. */
export function trackConnection(socket) {
  const banner = document.getElementById('reconnecting');
  if (!banner) return;
  const update = () => {
    banner.hidden = socket.connected;
    // Dims the page: what it shows may be stale and presses cannot reach the server.
    document.body.classList.toggle('offline', !socket.connected);
  };
  socket.on('connect', update);
  socket.on('disconnect', update);
  socket.io.on('reconnect_attempt', update);
  // Before the first connect there is nothing to "re"-connect; show it only after a short wait.
  setTimeout(update, 1500);
}

/** 1 → "1st", 2 → "2nd", 11 → "11th"; in the page's language: "1º" (it), "1." (cs). */
export function ordinal(n) {
  const lang = document.documentElement.lang || 'en';
  if (lang === 'it') return `${n}º`;
  if (lang !== 'en') return `${n}.`;
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return n + ({ 1: 'st', 2: 'nd', 3: 'rd' }[n % 10] ?? 'th');
}

/** A race margin: "+4.2 ms", "+42 ms", "+1.25 s" ('' when not a number). */
export function formatMargin(ms) {
  if (typeof ms !== 'number' || !Number.isFinite(ms)) return '';
  if (ms >= 1000) return `+${(ms / 1000).toFixed(2)} s`;
  if (ms < 10) return `+${ms.toFixed(1)} ms`;
  return `+${Math.round(ms)} ms`;
}

/** The same without the sign, for sentences ("42 ms ahead"). */
export function formatGap(ms) {
  return formatMargin(ms).slice(1);
}

/** When a press happened, on the performance.now() clock: the event's own timestamp when it is on
 * that clock (old browsers used epoch ms), else now. */
export function pressTime(event) {
  const now = performance.now();
  const t = event.timeStamp;
  return typeof t === 'number' && t > 0 && t <= now + 1 && t > now - 5000 ? t : now;
}

/**
 * A race button (the buzzer, the lid): `handler(event)` runs on pointerdown, not click (click
 * fires on release, tens of milliseconds later), and on Space/Enter, timed at the key event, for
 * keyboard users (and tests). No long-press menu on a button that is hammered.
 */
export function onPress(button, handler) {
  button.dataset.press = '';   // acts on pointerdown: a redraw mid-tap loses nothing (taps, below)
  button.addEventListener('pointerdown', handler);
  button.addEventListener('contextmenu', (event) => event.preventDefault());
  button.addEventListener('keydown', (event) => {
    if ((event.key === ' ' || event.key === 'Enter') && !event.repeat) {
      event.preventDefault();
      handler(event);
    }
  });
}

// ---- taps and redraws -------------------------------------------------------------------------

// A click is a press and a release on the same element. A screen that draws itself afresh for
// every message may replace the button between the two (a view arriving mid-tap: a phone joins
// just as the host taps "First"), and then the click goes to neither button: the tap is lost.
// So while a pointer is down on a control the screens wait and draw once the tap's click is done
// (`afterTaps`), or HOLD_MS after the press at the latest: a finger resting on a button does not
// freeze the screen. Race buttons act on pointerdown (`onPress`) and are not held.
const HOLD_MS = 700;
const tap = { down: false, timer: 0, queued: new Set() };

function tapOver() {
  if (!tap.down) return;
  tap.down = false;
  clearTimeout(tap.timer);
  setTimeout(drawHeld, 0);   // a mouse's click follows its pointerup in the same task
}

function drawHeld() {
  if (tap.down) return;
  const queued = [...tap.queued];
  tap.queued.clear();
  for (const fn of queued) fn();
}

if (typeof document !== 'undefined') {
  document.addEventListener('pointerdown', (event) => {
    const control = event.target instanceof Element
      ? event.target.closest('button, a, input, select, label, [role="button"]') : null;
    if (!control || control.closest('[data-press]')) return;
    tap.down = true;
    clearTimeout(tap.timer);
    tap.timer = setTimeout(() => { tap.down = false; drawHeld(); }, HOLD_MS);
  }, true);
  for (const kind of ['pointerup', 'pointercancel']) document.addEventListener(kind, tapOver, true);
}

/**
 * `draw` made to wait for a tap under way: the returned function calls `draw(value)` at once, or,
 * while a pointer is down on a control, once the tap's click is done, with the latest value given
 * meanwhile (views that arrived during a tap are drawn once, the newest).
 */
export function afterTaps(draw) {
  let latest;
  const later = () => draw(latest);
  return (value) => {
    latest = value;
    if (tap.down) tap.queued.add(later);
    else draw(value);
  };
}

/** Plays a CSS animation class again from the start (a wobble, a flash). */
export function replay(el, cls = 'nope') {
  el.classList.remove(cls);
  void el.offsetWidth;  // restart the animation
  el.classList.add(cls);
}

/** Loads a game module's own stylesheet once (games stay self-contained). */
export function ensureStylesheet(href) {
  const url = new URL(href, document.baseURI).href;
  const links = /** @type {NodeListOf<HTMLLinkElement>} */ (document.querySelectorAll('link[rel=stylesheet]'));
  if ([...links].some((l) => l.href === url)) return;
  document.head.append(h('link', { rel: 'stylesheet', href: url }));
}
