// Witch's Brew: what the TV and phone modules share. Role names and reminders (from the game's
// reference data, ctx.reference), the wording of the "I am the …!" / "So be it!" chain, inline
// SVG icons (raven, amulet, the ability kinds) and small formatting helpers. Player names only
// ever go through textContent (ui.js h()).

import { h, svg } from '../../js/ui.js';
import { pressTwice, t, tn, N_ } from '../../js/kit.js';

/** @typedef {import('../../js/kit.js').Ctx} Ctx */

export const styles = ['./wb.css'];

/** The role cards' ids in the rulebook's order, as the reference lists them.
 * @param {Ctx} ctx @returns {string[]} */
export function roleIds(ctx) {
  return Object.keys(ctx.reference.roles || {});
}

/** Role families, for the colour band of a role card (the name is always written too). */
const FAMILY = {
  witch: 'brew', wizard: 'brew', druid: 'brew',
  alchemist: 'gold', fortune_teller: 'gold', assistant: 'gold',
  wolf_keeper: 'red', snake_hunter: 'white', herb_collector: 'green',
  cutpurse: 'thief', begging_monk: 'thief', warlock: 'spell',
};

export const SEE_RULEBOOK = N_('see the rulebook');

export function roleFamily(role) {
  return FAMILY[role] || 'other';
}

/** The role's name from the reference data ("Fortune Teller"), in the page's language (the data
 * files' texts are in the catalogues); its id spelled out without it.
 * @param {Ctx} ctx */
export function roleName(ctx, role) {
  if (!role) return '';
  const name = ctx.reference.roles?.[role]?.name;
  if (name) return t(name);
  const words = String(role).replace(/_/g, ' ');
  return words[0].toUpperCase() + words.slice(1);
}

/** {action, favor} texts from the reference data, "see the rulebook" where it has null.
 * @param {Ctx} ctx */
export function roleTexts(ctx, role) {
  const r = ctx.reference.roles?.[role] || {};
  const action = typeof r.action === 'string' && r.action ? r.action : SEE_RULEBOOK;
  const favor = typeof r.favor === 'string' && r.favor ? r.favor : SEE_RULEBOOK;
  return {
    action: t(action),
    favor: t(favor),
    actionKnown: typeof r.action === 'string' && Boolean(r.action),
    favorKnown: typeof r.favor === 'string' && Boolean(r.favor),
  };
}

/** @param {Ctx} ctx */
export function claimText(ctx, role) {
  return t('I am the {who}!', { who: roleName(ctx, role) });
}

// ---- the chain -----------------------------------------------------------------------------------

/** "3.2 s" */
export function formatSeconds(ms) {
  if (typeof ms !== 'number' || !Number.isFinite(ms)) return '';
  return `${(Math.max(0, ms) / 1000).toFixed(1)} s`;
}

/** What one chain entry says: {text, kind, time} (time relative to the play, null for the lead).
 * @param {Ctx} ctx */
export function chainEntry(ctx, trick, entry) {
  const role = trick?.role;
  const start = trick?.chain?.[0]?.at;
  let text;
  switch (entry.answer) {
    case 'lead': text = claimText(ctx, role); break;
    case 'claim': text = claimText(ctx, role); break;
    case 'so_be_it': text = entry.auto ? t('So be it! (auto)') : t('So be it!'); break;
    case 'pass': text = t('no card'); break;
    case 'amulet': text = t('Amulet! {x}', { x: claimText(ctx, role) }); break;
    default: text = String(entry.answer || '');
  }
  const time = entry.answer !== 'lead' && entry.answer !== 'pass'
    && typeof entry.at === 'number' && typeof start === 'number' ? formatSeconds(entry.at - start) : null;
  return { text, kind: entry.answer, time };
}

/**
 * The chain as DOM: "Anna: I am the Alchemist! → Ben: So be it! (3.2 s) → …".
 * `showPasses`: include "no card" entries (muted).
 * @param {Ctx} ctx
 */
export function chainList(ctx, trick, { showPasses = true, id = null, cls = '' } = {}) {
  const entries = (trick?.chain || []).filter((e) => showPasses || e.answer !== 'pass');
  return h('ol', { class: `wb-chain ${cls}`.trim(), id, 'aria-label': t('Answers in seat order') },
    entries.map((e, i) => {
      const c = chainEntry(ctx, trick, e);
      return h('li', { class: `wb-chain-entry wb-${c.kind}`, dataset: { seat: e.seat, answer: e.answer } },
        i > 0 ? h('span', { class: 'wb-arrow', 'aria-hidden': 'true', text: '→' }) : null,
        ctx.avatar(e.seat),
        h('span', { class: 'wb-chain-name', text: `${ctx.nameOf(e.seat)}:` }),
        h('span', { class: 'wb-chain-say', text: c.text }),
        c.time ? h('span', { class: 'wb-chain-time', text: `(${c.time})` }) : null);
    }));
}

/**
 * Whether `last_trick` was played in the current set (the engine keeps the last trick of the
 * previous set until a new one is decided): its lead is then among this set's `played` cards.
 */
export function lastTrickThisSet(game) {
  const last = game?.last_trick;
  const lead = last?.chain?.[0];
  if (!last || !lead) return false;
  return (game.played || []).some((p) => p.seat === lead.seat && p.role === last.role);
}

/**
 * "Cleo takes the Alchemist's full action and leads" (for the last trick). When the winner has no
 * card left, the next player clockwise with one leads: "…full action · Dmitri leads".
 * @param {Ctx} ctx
 */
export function winnerLine(ctx) {
  const game = ctx.game;
  const last = game?.last_trick;
  if (!last || last.winner === null || last.winner === undefined) return '';
  const who = ctx.nameOf(last.winner);
  const role = roleName(ctx, last.role);
  const text = t("{who} takes the {role}'s full action", { who, role });
  const next = game.phase === 'trick' && game.trick && !game.trick.role && lastTrickThisSet(game) ? game.leader : null;
  if (next === null || next === undefined) return text;
  return next === last.winner ? t('{text} and leads', { text }) : t('{text} · {who} leads', { text, who: ctx.nameOf(next) });
}

// ---- icons ------------------------------------------------------------------------------------------

/** A raven in profile (black, light outline); `taken` draws only a dashed outline. */
export function ravenIcon({ taken = false, cls = 'wb-raven' } = {}) {
  const paint = taken
    ? { fill: 'none', stroke: 'currentColor', 'stroke-width': 2.5, 'stroke-linejoin': 'round', 'stroke-dasharray': '5 4' }
    : { fill: '#16131d', stroke: '#dcd8ee', 'stroke-width': 2.5, 'stroke-linejoin': 'round' };
  return svg('svg', {
    viewBox: '0 0 100 80', class: `${cls}${taken ? ' wb-raven-taken' : ''}`, 'aria-hidden': 'true', focusable: 'false',
  },
  svg('path', {
    ...paint,
    d: 'M4 72 L22 52 C24 36 42 22 62 22 C70 17 78 19 82 25 L98 31 L81 36 C76 45 68 53 56 58 '
      + 'C46 64 34 64 26 60 Z',
  }),
  svg('path', {
    d: 'M47 62 L45 75 M55 60 L56 75', fill: 'none', stroke: taken ? 'currentColor' : '#dcd8ee',
    'stroke-width': 2.5, 'stroke-linecap': 'round', 'stroke-dasharray': taken ? '4 3' : null,
  }),
  taken ? null : svg('circle', { cx: 72, cy: 27, r: 2.6, fill: '#ffd23f' }),
  taken ? null : svg('path', { d: 'M36 40 C46 40 56 44 64 50', fill: 'none', stroke: '#6d6788', 'stroke-width': 2.5, 'stroke-linecap': 'round' }));
}

/** An amulet: purple with a star (unused) or grey and crossed (used this set). */
export function amuletIcon(used = false) {
  return svg('svg', {
    viewBox: '0 0 40 40', class: `wb-amulet${used ? ' wb-amulet-grey' : ''}`, role: 'img',
    'aria-label': used ? t('used amulet (grey)') : t('unused amulet'), focusable: 'false',
  },
  svg('circle', { cx: 20, cy: 20, r: 17, fill: used ? '#6b6f7a' : '#9b4dff', stroke: used ? '#3c3f47' : '#e2c8ff', 'stroke-width': 3 }),
  used
    ? svg('path', { d: 'M11 11 L29 29 M29 11 L11 29', stroke: '#2a2c33', 'stroke-width': 4, 'stroke-linecap': 'round' })
    : svg('polygon', { points: '20,8 23.5,16 32,16.5 25.5,22 27.5,31 20,26 12.5,31 14.5,22 8,16.5 16.5,16', fill: '#f5e9ff' }));
}

/** The orange quill of a start-of-round ability. */
function quillIcon() {
  return svg('svg', { viewBox: '0 0 40 40', class: 'wb-quill', 'aria-hidden': 'true', focusable: 'false' },
    svg('path', { d: 'M34 4 C20 6 10 16 8 30 L12 30 C14 20 22 12 34 4 Z', fill: '#ff9a2e' }),
    svg('path', { d: 'M34 4 C30 14 22 22 12 28', fill: 'none', stroke: '#7a3d00', 'stroke-width': 2 }),
    svg('path', { d: 'M8 30 L4 37', stroke: '#ff9a2e', 'stroke-width': 3, 'stroke-linecap': 'round' }));
}

export const KIND_LABEL = {
  start: N_('start of round'), once: N_('once this set (1x)'), multi: N_('any number of times'),
};

/** The kind badge: quill / "1x" / ↻, with the kind in words for screen readers and titles. */
export function kindBadge(kind) {
  const label = t(KIND_LABEL[kind] || String(kind || ''));
  let glyph;
  if (kind === 'start') glyph = quillIcon();
  else if (kind === 'once') glyph = h('span', { class: 'wb-kind-text', text: '1x' });
  else glyph = h('span', { class: 'wb-kind-text', text: '↻' });
  return h('span', { class: `wb-kind wb-kind-${kind}`, role: 'img', 'aria-label': label, title: label }, glyph);
}

/** What a card is called when the app knows only its kind (the table's own cards with the
 * placeholder data file): the kind itself, never a made-up name. */
export const KIND_CARD = {
  start: N_('Start-of-round card'), once: N_('Once-per-set card (1x)'), multi: N_('Any-number-of-times card'),
};

/** True when the table drafts its own ability cards (the app deals nothing). */
export function physicalCards(game) {
  return Boolean(game?.options?.physical_abilities);
}

/** An ability's name on screen. With the table's own cards and placeholder data the app knows
 * only the kind: it says "Start-of-round card", and the players read the real card. */
export function abilityName(ability, physical = false) {
  if (!ability) return '';
  if (physical && ability.placeholder) return KIND_CARD[ability.kind] ? t(KIND_CARD[ability.kind]) : t('Ability card');
  return ability.name ? t(ability.name) : String(ability.id ?? '');
}

/** An ability as a small line or card: kind icon, name, "placeholder", "used". */
export function abilityChip(ability, { cls = '', text = false, id = null, physical = false } = {}) {
  if (!ability) return null;
  const kindOnly = physical && ability.placeholder;
  let tag = null;
  if (kindOnly) tag = h('span', { class: 'wb-tag wb-tag-placeholder', text: t('read the card') });
  else if (ability.placeholder && !/placeholder/i.test(ability.name || '')) {
    tag = h('span', { class: 'wb-tag wb-tag-placeholder', text: t('placeholder') });
  }
  return h('span', { class: `wb-ability ${cls}`.trim(), id, dataset: { ability: ability.id ?? '', kind: ability.kind ?? '' } },
    kindBadge(ability.kind),
    h('span', { class: 'wb-ability-body' },
      h('span', { class: 'wb-ability-name', text: abilityName(ability, physical) }),
      tag,
      // A start-of-round ability is "used" from the reveal on: nothing worth a tag.
      ability.used && ability.kind !== 'start' ? h('span', { class: 'wb-tag wb-tag-used', text: t('used') }) : null,
      text && ability.text && !kindOnly ? h('span', { class: 'wb-ability-text', text: t(ability.text) }) : null));
}

/** Amulet icons for a player: unused first (purple), then grey; with the count in words. */
export function amuletRow(amulets, { words = true } = {}) {
  const unused = Number(amulets?.unused) || 0;
  const grey = Number(amulets?.grey) || 0;
  if (!unused && !grey) return null;
  const icons = [];
  for (let i = 0; i < unused; i += 1) icons.push(amuletIcon(false));
  for (let i = 0; i < grey; i += 1) icons.push(amuletIcon(true));
  const label = grey ? t('{unused} unused, {grey} grey', { unused, grey }) : t('{unused} unused', { unused });
  return h('span', { class: 'wb-amulets', role: 'img', 'aria-label': t('Amulets: {label}', { label }) },
    h('span', { class: 'wb-amulet-icons', 'aria-hidden': 'true' }, icons),
    words ? h('span', { class: 'wb-amulet-words', text: label }) : null);
}

/** A role as a coloured card face (name always written).
 * @param {any} ctx
 * @param {string} role
 * @param {{tag?: string, cls?: string, attrs?: Record<string, any>, sub?: string | null}} [options]
 * @param {Ctx} ctx */
export function roleCard(ctx, role, { tag = 'span', cls = '', attrs = {}, sub = null } = {}) {
  return h(tag, { ...attrs, class: `wb-role wb-fam-${roleFamily(role)} ${cls}`.trim(), dataset: { ...(attrs.dataset || {}), role } },
    h('span', { class: 'wb-role-name', text: roleName(ctx, role) }),
    sub ? h('span', { class: 'wb-role-sub', text: sub }) : null);
}

// Counted words, in the page's language (kit.js tn: Czech has three plural forms).
export const setsText = (n) => tn('{n} set', '{n} sets', n);
/** The end's first line: every raven is gone (plural by their number, 4 or 6) after so many sets. */
export const ravensGoneText = (total, sets) => tn('The {n} raven is gone · {x} played', 'All {n} ravens are gone · {x} played', total, { x: setsText(sets) });
export const cardsText = (n) => tn('{n} card', '{n} cards', n);
export const amuletsText = (n) => tn('{n} unused amulet', '{n} unused amulets', n);
export const morePlayersText = (n) => tn('{n} more player', '{n} more players', n);

/** A press-twice button (kit.js) with an icon: a raven taken, a player skipped, an ability used. */
export function twiceButton(id, label, action, { cls = 'btn', icon = null, title = null, sure = null } = {}) {
  const button = h('button', { type: 'button', id, class: cls, title }, icon, h('span', { class: 'btn-text', text: label }));
  return pressTwice(button, action, { sure });
}

/** What the kit's ending does not say, in its panel under the podium (`ctx.endingEl`): how a tie
 * on victory points was broken by unused amulets (Amulets expansion). Emptied while the game
 * runs (the kit never clears the place).
 * @param {Ctx} ctx */
export function endingFacts(ctx) {
  const g = ctx.game;
  const ranking = g.outcome?.ranking || [];
  const amulets = new Map((g.players || []).map((p) => [p.seat, Number(p.amulets?.unused) || 0]));
  const lines = [];
  const scores = [...new Set(ranking.map((r) => r.score))];
  for (const score of scores) {
    const tied = ranking.filter((r) => r.score === score);
    // only a tie the amulets decided: tied seats with different places
    if (tied.length < 2 || new Set(tied.map((r) => r.place)).size < 2) continue;
    const who = tied.map((r) => `${ctx.nameOf(r.seat)} ${amulets.get(r.seat) ?? 0}`).join(', ');
    lines.push(h('p', {
      class: 'wb-ending-fact', dataset: { points: String(score) },
      text: tn('Tied on {n} point: unused amulets decide ({who}).', 'Tied on {n} points: unused amulets decide ({who}).', score, { who }),
    }));
  }
  ctx.endingEl.replaceChildren(...lines);
}
