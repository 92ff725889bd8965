// "Your box" on the TV (issue 22): the values printed on the group's own components that no
// rulebook gives, entered by someone holding them. The screen is generated from the game's box
// declarations (`game.box`, GET /api/games: companion/engine/box.py describe_box), with one
// editor per kind and no code of any game's own; it sends the box as the room's option `box`,
// keeps the last one per game in this browser, and exports and imports it as a JSON file.

import { h, svg, toast, replay } from './ui.js';
import { t, tn, errorText, onLanguage, catalogueStamp } from './kit.js';

/**
 * A box field as GET /api/games lists it (companion/engine/box.py, describe_box).
 * @typedef {object} BoxField
 * @property {string} id
 * @property {'int' | 'text' | 'choice' | 'multi' | 'cell' | 'cells' | 'sides' | 'record' | 'list'} kind
 * @property {string} label English: shown through t()
 * @property {any} default
 * @property {boolean} placeholder false for a value the rulebook states
 * @property {number} [min] INT: the lowest; TEXT: the shortest; MULTI, LIST: the fewest
 * @property {number} [max] INT: the highest; TEXT: the longest; MULTI, LIST: the most
 * @property {string[]} [choices]
 * @property {BoxField[]} [item] RECORD: its fields; LIST: its one item field
 * @property {number} [count] CELLS, LIST: exactly this many
 * @property {string[]} [board] CELL, CELLS: the ids of the sibling width and height fields
 * @property {string} [help]
 */

/** A place in the box: field ids, and a list's indexes. @typedef {Array<string | number>} Path */

/** The file Export writes and Import reads, also what localStorage keeps per game. */
const FILE_VERSION = 1;
const storageKey = (gameId) => `companion.box.${gameId}`;
const declinedKey = (code) => `companion.box.declined.${code}`;

/** A square tile's sides and corners clockwise from its facing (SIDES: 0 ahead … 7
 * ahead-left), where each sits on the picture (% of the tile) and its word. */
const TILE_SPOTS = [[50, 0], [100, 0], [100, 50], [100, 100], [50, 100], [0, 100], [0, 50], [0, 0]];
const SIDE_WORDS = () => [t('ahead'), t('ahead-right'), t('right'), t('behind-right'), t('behind'),
  t('behind-left'), t('left'), t('ahead-left')];

const copy = (value) => (value === undefined ? undefined : structuredClone(value));
const isObject = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);

/** The value of `field` the game reads when the host gave `given` (undefined: nothing): a
 * RECORD's missing keys from `fallback` (its default), a list of records item by item, as
 * Box.value in companion/engine/box.py. */
function filled(field, given, fallback = field.default) {
  if (field.kind === 'record') {
    const base = isObject(fallback) ? fallback : {};
    const out = {};
    for (const child of field.item) {
      out[child.id] = filled(child, isObject(given) ? given[child.id] : undefined, base[child.id] ?? child.default);
    }
    return out;
  }
  if (given === undefined) return copy(fallback);
  if (field.kind === 'list' && field.item[0].kind === 'record' && Array.isArray(given)) {
    const base = Array.isArray(fallback) ? fallback : [];
    return given.map((value, i) => filled(field.item[0], value, base[i] ?? field.item[0].default));
  }
  return copy(given);
}

/** The field a list holds, or a record's field `key`. */
function child(field, key) {
  return field.kind === 'list' ? field.item[0] : field.item.find((f) => f.id === key);
}

/** The value a place holds in the box as the game would read it. */
function valueAt(specs, draft, path) {
  const top = specs.find((f) => f.id === path[0]);
  let value = filled(top, draft[path[0]]);
  for (const key of path.slice(1)) value = value?.[key];
  return value;
}

/** Whether the host gave the value at `path` (a record's keys one by one, a list whole). */
function enteredAt(specs, draft, path) {
  let fields = specs;
  let holder = draft;
  for (const key of path) {
    if (!isObject(holder) || !(key in holder)) return false;
    const field = fields.find((f) => f.id === key);
    if (field?.kind !== 'record') return true;
    holder = holder[key];
    fields = field.item;
  }
  return true;
}

/** Writes `value` at `path` into `draft`: a record's keys stay sparse; a list is written whole,
 * from the values it holds now, when one of its items changes. */
function writeAt(specs, draft, path, value) {
  let holder = draft;
  /** @type {Pick<BoxField, 'kind' | 'item'>} what `holder` holds */
  let field = { kind: 'record', item: specs };
  for (let i = 0; i < path.length - 1; i++) {
    const key = path[i];
    const inner = child(field, key);
    if (inner.kind === 'list' && !Array.isArray(holder[key])) holder[key] = valueAt(specs, draft, path.slice(0, i + 1));
    else if (inner.kind === 'record' && !isObject(holder[key])) holder[key] = {};
    holder = holder[key];
    field = inner;
  }
  holder[path.at(-1)] = value;
}

/** A text the server sent (a Text as JSON: `{template, params}`) in English, as
 * companion/engine/text.py english() reads it: to find the field a refusal names. */
function english(sent) {
  if (Array.isArray(sent)) return sent.map(english).join(', ');
  if (!isObject(sent)) return String(sent);
  const params = sent.params || {};
  return String(sent.template).replace(/\{(\w+)\}/g, (whole, key) => (key in params ? english(params[key]) : whole));
}

/** The words that name a place in the box, in English, as companion/engine/box.py writes them
 * in a refusal ("Jurors · Juror 3 · Name"). */
function pathWords(outer, inner) {
  return outer === null ? inner : `${outer} · ${inner}`;
}

const pathKey = (path) => path.join('.');

/** A box file's text read: `{box}` when it is a box for `gameId` whose fields it declares,
 * else `{error}` in the page's language. */
export function readBoxFile(text, gameId, specs) {
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    data = null;
  }
  if (!isObject(data) || data.version !== FILE_VERSION || typeof data.game !== 'string' || !isObject(data.box)) {
    return { error: t('This file is not a box file: nothing changed.') };
  }
  if (data.game !== gameId) {
    return { error: t('This box is for another game ({game}): nothing changed.', { game: data.game }) };
  }
  const known = new Set(specs.map((f) => f.id));
  if (Object.keys(data.box).some((key) => !known.has(key))) {
    return { error: t('This file is not a box file: nothing changed.') };
  }
  return { box: data.box };
}

/** The box this browser kept for `gameId` (the last one saved), or null. */
function keptBox(gameId, specs) {
  const kept = readBoxFile(localStorage.getItem(storageKey(gameId)) ?? '', gameId, specs);
  return kept.box && Object.keys(kept.box).length ? kept.box : null;
}

const boxFile = (gameId, box) => JSON.stringify({ game: gameId, version: FILE_VERSION, box }, null, 2);

/**
 * The lobby's part of the box on the TV: the "Your box" button (with what is still a
 * placeholder) and, on a room of this game whose box is still empty, the offer of the box this
 * browser kept from last time. `entry` is the element in the side panel; `show(view)` is called
 * with every view; `sendBox(box)` sends the room command and resolves to its ack.
 * @param {{entry: HTMLElement, game: {id: string, title: string, box?: BoxField[]}, code: string,
 *   sendBox: (box: Record<string, unknown>, options?: {quiet?: boolean}) => Promise<{ok: boolean, error?: any}>}} args
 */
export function yourBox({ entry, game, code, sendBox }) {
  const specs = game.box ?? [];
  const screen = boxScreen({ game, specs, sendBox });
  let room = null;
  let declined = sessionStorage.getItem(declinedKey(code)) === 'yes';

  let drawn = '';   // what the entry shows: drawn again only when that changes (a focused
  // button stays the same element while views come and go)

  function draw() {
    const box = isObject(room?.options?.box) ? room.options.box : {};
    const kept = keptBox(game.id, specs);
    const offer = kept && !declined && Object.keys(box).length === 0;
    const key = JSON.stringify([catalogueStamp(), box, offer]);
    if (key === drawn) return;
    drawn = key;
    const open = h('button', { type: 'button', id: 'btn-box', class: 'btn box-open', onclick: () => screen.open(box) },
      t('Your box'));
    const left = placeholdersLeft(specs, box);
    entry.replaceChildren(...[
      h('div', { class: 'box-entry-row' }, open,
        left ? h('span', { class: 'box-left', text: tn('{n} value is still a placeholder', '{n} values are still placeholders', left) }) : null),
      offer ? h('div', { class: 'box-offer', role: 'group', 'aria-label': t('Use your box from last time?') },
        h('p', { class: 'box-offer-text', text: t('Use your box from last time?') }),
        h('button', { type: 'button', id: 'btn-box-reuse', class: 'btn btn-primary', onclick: async (event) => {
          const ack = await sendBox(kept);
          if (ack.ok) toast(() => t('Your box is saved: the game uses it.'), 'info');
          else replay(/** @type {HTMLElement} */ (event.target));
        } }, t('Use it')),
        h('button', { type: 'button', class: 'btn', onclick: () => {
          declined = true;
          sessionStorage.setItem(declinedKey(code), 'yes');
          draw();
        } }, t('Not now'))) : null].filter(Boolean));
  }

  onLanguage(() => { if (room) draw(); });
  return {
    /** Neither the entry nor the screen (a phone that no longer hosts this game). */
    hide() {
      entry.hidden = true;
      screen.close();
    },
    /** The room's latest view: the entry shows in the lobby only. */
    show(view) {
      room = view.room;
      entry.hidden = !specs.length || room.status !== 'lobby';
      if (entry.hidden) {
        screen.close();
        return;
      }
      draw();
    },
  };
}

/** How many values of the box are still placeholders (each list counts once). */
function placeholdersLeft(specs, box) {
  let left = 0;
  const walk = (fields, path) => {
    for (const field of fields) {
      const here = [...path, field.id];
      if (field.placeholder === false) continue;
      if (field.kind === 'record') walk(field.item, here);
      else if (!enteredAt(specs, box, here)) left += 1;
    }
  };
  walk(specs, []);
  return left;
}

/** The mark a value still at the app's stand-in wears (the games' own "placeholder" tag). */
function placeholderMark() {
  return h('span', { class: 'box-ph', text: t('placeholder') });
}

/** The "Your box" screen: a dialog over the TV with every field of the box. */
function boxScreen({ game, specs, sendBox }) {
  let draft = {};            // the box being edited: sparse, as the room option holds it
  let dirty = false;         // changed since the room's box was last taken
  let errors = new Map();    // path key → a refusal, shown at its field
  /** @type {{text: string, kind: string} | null} */
  let status = null;
  /** @type {Array<{words: string, key: string}>} what each place is called, to find a refusal's */
  let places = [];
  const statusEl = h('p', { class: 'box-status', role: 'status', 'aria-live': 'polite' });
  const nav = h('nav', { class: 'box-nav' });
  const main = h('div', { class: 'box-main', tabindex: '-1' });
  const title = h('h2', { id: 'box-title', class: 'box-title' });
  const intro = h('p', { class: 'box-intro' });
  const fileInput = h('input', { type: 'file', accept: '.json,application/json', class: 'visually-hidden', tabindex: '-1', 'aria-hidden': 'true' });
  const buttons = {
    import: h('button', { type: 'button', id: 'btn-box-import', class: 'btn', onclick: () => fileInput.click() }),
    export: h('button', { type: 'button', id: 'btn-box-export', class: 'btn', onclick: exportFile }),
    close: h('button', { type: 'button', id: 'btn-box-close', class: 'btn', onclick: () => close() }),
    save: h('button', { type: 'button', id: 'btn-box-save', class: 'btn btn-primary', onclick: save }),
  };
  const el = h('div', { id: 'box-screen', class: 'box-overlay', role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': 'box-title', hidden: true },
    h('div', { class: 'box-card' },
      h('header', { class: 'box-head' },
        h('div', { class: 'box-head-text' }, title, intro),
        h('div', { class: 'box-actions' }, buttons.import, buttons.export, buttons.close, buttons.save)),
      statusEl,
      h('div', { class: 'box-body' }, nav, main)),
    fileInput);
  document.body.append(el);

  fileInput.addEventListener('change', async () => {
    const file = fileInput.files?.[0];
    fileInput.value = '';
    if (!file) return;
    const read = readBoxFile(await file.text().catch(() => ''), game.id, specs);
    if (read.error) {
      tell(read.error, 'error');
      return;
    }
    draft = copy(read.box);
    dirty = true;
    errors = new Map();
    tell(t('Read from {file}: press Save to use it.', { file: file.name }), 'info');
    draw();
  });
  el.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') close();
    if (event.key !== 'Tab') return;
    // Tab goes round the dialog: what lies behind it is not for now
    const stops = [...el.querySelectorAll('button:not([disabled]), input:not([type=file]), select')]
      .filter((node) => /** @type {HTMLElement} */ (node).offsetParent !== null);
    const [first, last] = [stops[0], stops.at(-1)];
    if (event.shiftKey ? document.activeElement === first : document.activeElement === last) {
      event.preventDefault();
      /** @type {HTMLElement} */ ((event.shiftKey ? last : first))?.focus();
    }
  });
  onLanguage(() => { if (!el.hidden) draw(); });

  function tell(text, kind) {
    status = text ? { text, kind } : null;
    statusEl.textContent = text || '';
    statusEl.dataset.kind = kind || '';
    statusEl.hidden = !text;
  }

  function open(roomBox) {
    if (!dirty) draft = copy(roomBox) ?? {};
    el.hidden = false;
    draw();
    main.scrollTop = 0;
    buttons.close.focus();
  }

  function close() {
    if (el.hidden) return;
    el.hidden = true;
    document.getElementById('btn-box')?.focus();
  }

  function exportFile() {
    const url = URL.createObjectURL(new Blob([boxFile(game.id, draft)], { type: 'application/json' }));
    const link = h('a', { href: url, download: `${game.id}-box.json`, hidden: true });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    tell(t('Saved as {file}: give it to a friend who has the same box.', { file: `${game.id}-box.json` }), 'info');
  }

  async function save() {
    const ack = await sendBox(draft, { quiet: true });
    if (ack.ok) {
      localStorage.setItem(storageKey(game.id), boxFile(game.id, draft));
      dirty = false;
      errors = new Map();
      tell('', '');
      close();
      toast(() => t('Your box is saved: the game uses it.'), 'info');
      return;
    }
    const message = errorText(ack.error);
    const named = ack.error?.params?.field;
    const place = named === undefined ? null : places.find((p) => p.words === english(named));
    errors = new Map(place ? [[place.key, message]] : []);
    tell(message, 'error');
    draw();
    const at = place && main.querySelector(`[data-path="${CSS.escape(place.key)}"]`);
    if (at) {
      at.scrollIntoView({ block: 'center' });
      /** @type {HTMLElement | null} */ (at.querySelector('input, select, button'))?.focus({ preventScroll: true });
    }
  }

  /** A change from an editor: the box as the host now says, drawn again (a text being typed
   * is not: its field keeps the focus, and its mark goes at the next draw). */
  /** @param {Path} path @param {any} value @param {{redraw?: boolean | 'later'}} [options] */
  function set(path, value, { redraw = true } = {}) {
    writeAt(specs, draft, path, value);
    dirty = true;
    status = null;
    errors.delete(pathKey(path));
    if (redraw === 'later') setTimeout(() => { if (!el.hidden) draw(); });
    else if (redraw) draw();
    else tell(t('Not saved yet.'), 'info');
  }

  function draw() {
    const focused = /** @type {HTMLElement | null} */ (document.activeElement);
    const focusKey = el.contains(focused) ? focused?.dataset.focus : null;
    const scroll = main.scrollTop;
    title.textContent = t('Your box · {game}', { game: t(game.title) });
    intro.textContent = t('Enter what your components print. A value marked “placeholder” is still the app’s stand-in.');
    buttons.import.textContent = t('Import');
    buttons.export.textContent = t('Export');
    buttons.close.textContent = t('Close');
    buttons.save.textContent = t('Save');
    if (dirty && !status) tell(t('Not saved yet.'), 'info');
    else if (status) tell(status.text, status.kind);
    else tell('', '');
    places = [];
    const top = valuesOf(specs, draft);
    const goto = (path, label, sub) => h('button', {
      type: 'button', class: `box-nav-item${sub ? ' sub' : ''}`, dataset: { goto: pathKey(path) },
      onclick: () => main.querySelector(sub ? `[data-group="${CSS.escape(pathKey(path))}"]` : `#box-sec-${CSS.escape(String(path[0]))}`)
        ?.scrollIntoView({ block: 'start' }),
    }, h('span', { text: label }), anyMarked(sub ?? specs.find((f) => f.id === path[0]), path) ? placeholderMark() : null);
    // a record's groups (a tile kind) and a list's records (a card) listed under it: a long box
    // is found by its parts
    const parts = (field) => {
      if (field.kind === 'record') {
        const groups = field.item.filter((c) => c.kind === 'record' || c.kind === 'list');
        return groups.length ? groups.map((c) => goto([field.id, c.id], t(c.label), c)) : null;
      }
      if (field.kind !== 'list' || field.item[0].kind !== 'record') return null;
      const items = valueAt(specs, draft, [field.id]);
      const named = field.item[0].item.find((c) => c.kind === 'text');
      return (Array.isArray(items) ? items : []).map((value, i) => goto([field.id, i],
        t('{item} {number}', { item: t(field.item[0].label), number: i + 1 })
          + (named && value?.[named.id] ? `: ${t(value[named.id])}` : ''), field.item[0]));
    };
    nav.replaceChildren(h('ol', {}, specs.map((field) => {
      const under = parts(field);
      return h('li', {}, goto([field.id], t(field.label), null), under ? h('ol', {}, under.map((item) => h('li', {}, item))) : null);
    })));
    main.replaceChildren(...specs.map((field) => section(field, top)));
    // The field being typed in stays the same element (its text, its caret): a change left in
    // another field (which draws the screen again) must not take it away under the fingers.
    const typing = focused?.matches?.('.box-field input') && focusKey
      ? main.querySelector(`[data-focus="${CSS.escape(focusKey)}"]`) : null;
    if (typing && typing !== focused) typing.replaceWith(focused);
    main.scrollTop = scroll;
    if (focusKey) /** @type {HTMLElement | null} */ (main.querySelector(`[data-focus="${CSS.escape(focusKey)}"]`))?.focus({ preventScroll: true });
  }

  /** Every top-level value as the game reads it now (a board's size for its spaces). */
  function valuesOf(fields, box) {
    return Object.fromEntries(fields.map((f) => [f.id, filled(f, box[f.id])]));
  }

  /** Whether `path` still holds a placeholder: declared one (every part of the way) and not
   * entered. */
  function marked(chain, path) {
    return chain.every((f) => f.placeholder !== false) && !enteredAt(specs, draft, path);
  }

  function anyMarked(field, path, chain = [field]) {
    if (field.kind === 'record') return field.item.some((c) => anyMarked(c, [...path, c.id], [...chain, c]));
    return marked(chain, path);
  }

  /** One top-level field: a titled card. */
  function section(field, siblings) {
    const path = [field.id];
    const words = t(field.label);
    places.push({ words: field.label, key: pathKey(path) });
    const body = field.kind === 'record' || field.kind === 'list'
      ? group(field, path, field.label, null, [field], siblings)
      : leaf(field, path, field.label, [field], siblings, { labelled: false });
    const wide = !['int', 'text', 'choice'].includes(field.kind);
    return h('section', { id: `box-sec-${field.id}`, class: `box-section${wide ? ' box-section-wide' : ''}`, 'aria-labelledby': `box-h-${field.id}` },
      h('h3', { id: `box-h-${field.id}`, class: 'box-section-title' }, h('span', { id: `box-hl-${field.id}`, text: words }),
        anyMarked(field, path) ? placeholderMark() : null,
        confirmButton(field, path, [field])),
      field.help ? h('p', { class: 'box-help', text: t(field.help) }) : null,
      body);
  }

  /** "Matches my box": the stand-in is right, entered as it is (a record's or a list's values
   * all at once). */
  function confirmButton(field, path, chain, { compact = false } = {}) {
    if (!anyMarked(field, path, chain)) return null;
    if (path.some((key) => typeof key === 'number')) return null;   // inside a list: the list's
    const words = t('✓ Matches my box');
    return h('button', {
      type: 'button', class: `btn btn-small box-confirm${compact ? ' compact' : ''}`, dataset: { focus: `${pathKey(path)}:ok` },
      'aria-label': compact ? words : null, title: compact ? words : null,
      onclick: () => set(path, valueAt(specs, draft, path)),
    }, compact ? '✓' : words);
  }

  /** A RECORD (its fields side by side) or a LIST (numbered items, added and removed while the
   * length may vary). `words` name it in English, `outer` the group it is in (a list's items
   * are named after it, without the list's own label: "Juror 3 · Name"). */
  function group(field, path, words, outer, chain, siblings) {
    const value = valueAt(specs, draft, path);
    if (field.kind === 'record') {
      return h('div', { class: 'box-record', dataset: { path: pathKey(path) } },
        field.item.map((c) => {
          const here = [...path, c.id];
          const inner = pathWords(words, c.label);
          places.push({ words: inner, key: pathKey(here) });
          return c.kind === 'record' || c.kind === 'list'
            ? h('fieldset', { class: 'box-group', dataset: { group: pathKey(here) } },
              h('legend', {}, h('span', { text: t(c.label) }), anyMarked(c, here, [...chain, c]) ? placeholderMark() : null),
              c.help ? h('p', { class: 'box-help', text: t(c.help) }) : null,
              group(c, here, inner, words, [...chain, c], value))
            : leaf(c, here, inner, [...chain, c], value);
        }));
    }
    const item = field.item[0];
    const items = Array.isArray(value) ? value : [];
    const low = field.count ?? field.min ?? 0;
    const high = field.count ?? field.max ?? Infinity;
    const rows = items.map((_, i) => {
      const here = [...path, i];
      const name = t('{item} {number}', { item: t(item.label), number: i + 1 });
      const inner = pathWords(outer, `${item.label} ${i + 1}`);
      places.push({ words: inner, key: pathKey(here) });
      const remove = items.length > low ? h('button', {
        type: 'button', class: 'btn btn-small box-remove', dataset: { focus: `${pathKey(here)}:remove` },
        'aria-label': t('Remove {name}', { name }),
        onclick: () => set(path, items.filter((__, j) => j !== i)),
      }, t('Remove')) : null;
      if (item.kind === 'record' || item.kind === 'list') {
        return h('fieldset', { class: 'box-group box-item', dataset: { path: pathKey(here), group: pathKey(here) } },
          h('legend', {}, h('span', { class: 'box-item-no', text: name }), remove),
          group(item, here, inner, inner, [...chain, item], siblings));
      }
      return h('div', { class: 'box-item box-item-leaf' },
        leaf(item, here, inner, [...chain, item], siblings, { label: name }), remove);
    });
    const add = items.length < high ? h('button', {
      type: 'button', class: 'btn box-add', dataset: { focus: `${pathKey(path)}:add` },
      onclick: () => set(path, [...items, filled(item, undefined)]),
    }, t('+ Add {name}', { name: t(item.label) })) : null;
    return h('div', { class: `box-list box-list-${item.kind}`, dataset: { path: pathKey(path) } }, rows, add);
  }

  /** One value's editor with its label, its placeholder mark and a refusal of it. */
  function leaf(field, path, words, chain, siblings, { labelled = true, label = null } = {}) {
    const key = pathKey(path);
    const id = `box-f-${key.replace(/[^\w-]/g, '_')}`;
    const value = valueAt(specs, draft, path);
    const error = errors.get(key);
    // a field alone in its card is named by the card's title
    const labelId = labelled ? `${id}-label` : `box-hl-${path[0]}`;
    const editor = EDITORS[field.kind](field, { path, id, value, siblings, set, key, labelId });
    const name = label ?? t(field.label);
    const inList = path.some((p) => typeof p === 'number');
    return h('div', { class: `box-field box-${field.kind}${error ? ' refused' : ''}`, dataset: { path: key } },
      labelled ? h('div', { class: 'box-label-row' },
        h(editor.labelFor ? 'label' : 'span', { class: 'box-label', for: editor.labelFor ? id : null, id: `${id}-label`, text: name }),
        marked(chain, path) ? placeholderMark() : null,
        inList ? null : confirmButton(field, path, chain, { compact: true })) : null,
      labelled && field.help ? h('p', { class: 'box-help', text: t(field.help) }) : null,
      editor.el,
      error ? h('p', { class: 'box-error form-error', role: 'alert', text: error }) : null);
  }

  return { open, close };
}

// ---- the editors, one per kind ------------------------------------------------------------------

/** @typedef {{path: Path, id: string, labelId: string, value: any, siblings: Record<string, any>, key: string,
 *   set: (path: Path, value: any, options?: {redraw?: boolean | 'later'}) => void}} EditorArgs */

/** @type {Record<string, (field: BoxField, args: EditorArgs) => {el: HTMLElement, labelFor?: boolean}>} */
const EDITORS = {
  int(field, { path, id, value, set, key, labelId }) {
    const input = h('input', { type: 'number', id, 'aria-labelledby': labelId, inputmode: 'numeric', min: field.min, max: field.max, step: 1,
      value: value ?? '', dataset: { focus: `${key}:n` } });
    const clamp = (n) => Math.min(field.max ?? n, Math.max(field.min ?? n, n));
    input.addEventListener('change', () => {
      const n = Number.parseInt(input.value, 10);
      if (Number.isFinite(n)) set(path, clamp(n), { redraw: 'later' });
    });
    const step = (by, text, label) => h('button', {
      type: 'button', class: 'btn box-step', 'aria-label': label, dataset: { focus: `${key}:${by}` },
      disabled: by < 0 ? value <= field.min : value >= field.max,
      onclick: () => set(path, clamp((Number.isFinite(value) ? value : field.default) + by)),
    }, text);
    return { el: h('div', { class: 'box-stepper' }, step(-1, '−', t('One less')), input, step(1, '+', t('One more'))), labelFor: true };
  },

  text(field, { path, id, value, set, key, labelId }) {
    const input = h('input', { type: 'text', id, 'aria-labelledby': labelId, value: value ?? '', maxlength: field.max ?? 40, autocomplete: 'off',
      spellcheck: 'false', dataset: { focus: `${key}:t` } });
    input.addEventListener('input', () => set(path, input.value, { redraw: false }));
    input.addEventListener('change', () => set(path, input.value.trim(), { redraw: 'later' }));
    return { el: input, labelFor: true };
  },

  choice(field, { path, id, value, set, key, labelId }) {
    const select = h('select', { id, 'aria-labelledby': labelId, dataset: { focus: `${key}:c` } },
      field.choices.map((c) => h('option', { value: c, text: t(c), selected: c === value })));
    select.addEventListener('change', () => set(path, select.value));
    return { el: select, labelFor: true };
  },

  multi(field, { path, value, set, key, labelId }) {
    const chosen = Array.isArray(value) ? value : [];
    const most = field.max ?? field.choices.length;
    return {
      el: h('div', { class: 'box-chips', role: 'group', 'aria-labelledby': labelId },
        field.choices.map((c) => {
          const on = chosen.includes(c);
          return h('button', {
            type: 'button', class: `box-chip${on ? ' on' : ''}`, 'aria-pressed': String(on), dataset: { focus: `${key}:${c}`, choice: c },
            onclick: (event) => {
              if (!on && chosen.length >= most) {
                replay(/** @type {HTMLElement} */ (event.currentTarget));
                return;
              }
              // kept in the declared order, whatever the order of the taps
              set(path, field.choices.filter((x) => (x === c ? !on : chosen.includes(x))));
            },
          }, t(c));
        })),
    };
  },

  cell: (field, args) => boardEditor(field, args),
  cells: (field, args) => boardEditor(field, args),

  sides(field, { path, value, set, key, labelId }) {
    const chosen = Array.isArray(value) ? value : [];
    const words = SIDE_WORDS();
    const picture = svg('svg', { class: 'box-tile-art', viewBox: '0 0 100 100', 'aria-hidden': 'true' },
      svg('rect', { x: 12, y: 12, width: 76, height: 76, rx: 6, class: 'box-tile-face' }),
      svg('path', { d: 'M50 20 L58 32 L42 32 Z', class: 'box-tile-facing' }));
    return {
      el: h('div', { class: 'box-tile', role: 'group', 'aria-labelledby': labelId }, picture,
        h('span', { class: 'box-tile-ahead', text: t('ahead') }),
        TILE_SPOTS.map(([x, y], side) => {
          const on = chosen.includes(side);
          const button = h('button', {
            type: 'button', class: `box-side${on ? ' on' : ''}${side % 2 ? ' corner' : ''}`, 'aria-pressed': String(on),
            'aria-label': words[side], title: words[side], dataset: { side, focus: `${key}:${side}` },
            onclick: () => set(path, on ? chosen.filter((s) => s !== side) : [...chosen, side].sort((a, b) => a - b)),
          }, h('span', { class: 'box-side-arrow', 'aria-hidden': 'true', text: on ? '↑' : '·' }));
          button.style.left = `${x}%`;
          button.style.top = `${y}%`;
          button.style.setProperty('--turn', `${side * 45}deg`);
          return button;
        })),
    };
  },
};

/** The spaces of a board tapped on its picture (CELL: one, CELLS: `count` different ones); the
 * board is as wide and high as the box says now (its `board` fields beside this one). */
function boardEditor(field, { path, value, siblings, set, key, labelId }) {
  const [wide, high] = (field.board ?? []).map((f) => Number(siblings?.[f]));
  const width = Number.isInteger(wide) && wide > 0 ? Math.min(wide, 26) : 5;
  const height = Number.isInteger(high) && high > 0 ? Math.min(high, 99) : 5;
  const one = field.kind === 'cell';
  const chosen = one ? (typeof value === 'string' ? [value] : []) : (Array.isArray(value) ? value : []);
  const count = one ? 1 : field.count;
  const letter = (x) => String.fromCharCode(97 + x);
  const cells = [];
  for (let y = height - 1; y >= 0; y--) {
    cells.push(h('span', { class: 'box-board-rank', 'aria-hidden': 'true', text: String(y + 1) }));
    for (let x = 0; x < width; x++) {
      const name = `${letter(x)}${y + 1}`;
      const on = chosen.includes(name);
      cells.push(h('button', {
        type: 'button', class: `box-space${on ? ' on' : ''}`, 'aria-pressed': String(on), dataset: { cell: name, focus: `${key}:${name}` },
        onclick: (event) => {
          if (one) return set(path, name);
          if (on) return set(path, chosen.filter((c) => c !== name));
          if (chosen.length >= count) return replay(/** @type {HTMLElement} */ (event.currentTarget));
          return set(path, [...chosen, name]);
        },
      }, name));
    }
  }
  cells.push(h('span', { 'aria-hidden': 'true' }));
  for (let x = 0; x < width; x++) cells.push(h('span', { class: 'box-board-file', 'aria-hidden': 'true', text: letter(x) }));
  const off = chosen.filter((name) => {
    const x = name.charCodeAt(0) - 97;
    const y = Number(name.slice(1)) - 1;
    return !(x >= 0 && x < width && y >= 0 && y < height);
  });
  const board = h('div', { class: 'box-board', role: 'group', 'aria-labelledby': labelId }, cells);
  board.style.setProperty('--cols', String(width));
  return {
    el: h('div', { class: 'box-board-wrap' }, board,
      h('p', { class: 'box-count' }, one ? null : t('Chosen: {n} of {count}', { n: chosen.length, count }),
        off.length ? h('span', { class: 'box-off' }, ' ', t('Off the board: {spaces}', { spaces: off.join(', ') })) : null)),
  };
}
