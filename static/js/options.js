// The host's game-options form, generated from the game's option specs
// ({id, type: 'bool'|'int'|'choice', default, choices?, label, min?, max?}).

import { h } from './ui.js';
import { t, catalogueStamp } from './kit.js';

function choiceList(spec) {
  // Choices may be plain values or {value, label} pairs.
  return (spec.choices || []).map((c) => (c && typeof c === 'object'
    ? { value: c.value ?? c.id, label: t(c.label ?? String(c.value ?? c.id)) }
    : { value: c, label: String(c) }));
}

function buildField(spec, onChange) {
  const id = `opt-${spec.id}`;
  const label = t(spec.label || spec.id);
  if (spec.type === 'bool') {
    const input = h('input', { type: 'checkbox', id, name: spec.id });
    input.addEventListener('change', () => onChange(spec.id, input.checked));
    return h('label', { class: 'option option-bool', for: id }, input,
      h('span', { class: 'option-label', text: label }));
  }
  let input;
  if (spec.type === 'choice') {
    input = h('select', { id, name: spec.id },
      choiceList(spec).map((c) => h('option', { value: JSON.stringify(c.value), text: c.label })));
    input.addEventListener('change', () => onChange(spec.id, JSON.parse(input.value)));
  } else {
    input = h('input', { type: 'number', id, name: spec.id, step: 1, min: spec.min, max: spec.max,
      inputmode: 'numeric' });
    input.addEventListener('change', () => {
      const value = Number.parseInt(input.value, 10);
      if (Number.isFinite(value)) onChange(spec.id, value);
    });
  }
  return h('div', { class: `option option-${spec.type}` },
    h('label', { for: id, class: 'option-label', text: label }), input);
}

function setValue(form, spec, value) {
  const input = form.elements.namedItem(spec.id);
  if (!input) return;
  if (spec.type === 'bool') input.checked = Boolean(value);
  else if (spec.type === 'choice') input.value = JSON.stringify(value);
  else input.value = value ?? '';
}

/**
 * Builds the form once per catalogue (again after a language switch, and after the game's
 * strings arrived: its labels are in the game's bundle), then shows the room's current values.
 * A field being edited is left alone unless `force` (after the server refused a value).
 */
export function renderOptions(form, specs, values, onChange, force = false) {
  if (form.dataset.built !== catalogueStamp()) {
    const editing = form.contains(document.activeElement) ? document.activeElement?.id : null;
    form.replaceChildren(h('h2', { class: 'side-title', text: t('Options') }),
      ...specs.map((spec) => buildField(spec, onChange)));
    if (!form.dataset.wired) form.addEventListener('submit', (event) => event.preventDefault());
    form.dataset.wired = 'yes';
    form.dataset.built = catalogueStamp();
    if (editing) document.getElementById(editing)?.focus();
  }
  for (const spec of specs) {
    const input = form.elements.namedItem(spec.id);
    if (!force && input && input === document.activeElement && spec.type === 'int') continue;
    setValue(form, spec, spec.id in values ? values[spec.id] : spec.default);
  }
}
