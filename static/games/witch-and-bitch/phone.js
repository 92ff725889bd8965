// Witch & Bitch, phone: my Witch. Reading at the top (what the table is doing, my health, XP and
// Spells, my secret card in scenarios 2 and 4, hidden until I look), thumb-sized controls at the
// bottom: what the step asks of me (pick a Witch, roll, draft, learn, end my turn), the attack
// helper, corpses and damage, free dice. The Bitch reveals herself with a press-twice button.

import { h, replay } from '../../js/ui.js';
import {
  put, endedAnyStep, endingFacts,
  stepOf, spellInfo, spellChip, healthBar, dieFace, rollLine, witchName, nowLine,
  twiceButton, placeholderTag, schoolName,
} from './common.js';
import { cueOnChange, t } from '../../js/kit.js';

/** @typedef {import('../../js/kit.js').Ctx} Ctx */

export { styles } from './common.js';

export function local() {
  return {
    peek: false,          // my secret card shown
    tool: '',             // the open tool: attack | corpses | dice ('' = none)
    target: 'enemy', bonus: 10, damage: 2, defense: 15, victim: null, spell: '',
    health: 3, enemy: null,   // a tracked Enemy: the health to track, the one attacked
    real: '',             // a value read from real dice ('' = the app rolls)
    lastRoll: -1,
  };
}

/** @param {Ctx} ctx */
export function mount(ctx) {
  const els = {
    root: h('div', { class: 'wab-phone', id: 'wab-phone' }),
    now: h('p', { class: 'wab-ph-now', id: 'wab-ph-now', 'aria-live': 'polite' }),
    me: h('section', { class: 'wab-me', id: 'wab-me' }),
    secret: h('section', { class: 'wab-secret', id: 'wab-secret' }),
    spells: h('section', { class: 'wab-my-spells', id: 'wab-my-spells' }),
    last: h('p', { class: 'wab-ph-last', id: 'wab-ph-last' }),
    tools: h('section', { class: 'wab-tools', id: 'wab-tools' }),
    task: h('section', { class: 'wab-task', id: 'wab-task' }),
  };
  if (ctx.seat === null) {
    els.root.append(els.now, els.last);
    return els;
  }
  els.root.append(els.now, els.me, els.secret, els.spells, els.last, els.tools, els.task);
  return els;
}

/** @param {Ctx} ctx */
export function render(ctx) {
  endedAnyStep(ctx.game);
  endingFacts(ctx);
  const { game: g, els } = ctx;
  els.root.dataset.step = g.step;
  const s = stepOf(g);
  // Over: the kit's ending above says it (a "Game over" strip would say it a second time).
  els.now.hidden = g.step === 'over';
  put(els.now,
    h('span', { class: 'wab-ph-phase', text: (g.round ? t('Round {round}', { round: g.round }) + ' · ' : '') + s.phase + (s.n ? ` ${s.n}` : '') }),
    h('span', { class: 'wab-ph-line', text: nowLine(ctx) }));
  drawLast(ctx);
  if (ctx.seat === null) return;
  // Your turn (or your pick in the draft) has come: a double blip and a buzz.
  cueOnChange(ctx, 'mine', g.you?.my_turn ? `${g.step}-${g.round}` : null, 'claim');
  drawMe(ctx);
  drawSecret(ctx);
  drawSpells(ctx);
  // A value being typed from a real die: do not rebuild the field under the thumb (the next
  // view or press draws it again).
  if (typing(ctx)) return;
  drawTools(ctx);
  drawTask(ctx);
}

/** @param {Ctx} ctx */
function typing(ctx) {
  const el = document.activeElement;
  return Boolean(el && el.classList.contains('wab-real') && ctx.els.root.contains(el));
}

/** @param {Ctx} ctx */
function me(ctx) {
  return ctx.game.witches[ctx.seat];
}

/** @param {Ctx} ctx */
function drawLast(ctx) {
  const { game: g, els, local } = ctx;
  const last = g.rolls[g.rolls.length - 1];
  if (!last) {
    put(els.last, h('span', { class: 'wab-sub', text: t('No dice rolled yet.') }));
    return;
  }
  const line = rollLine(ctx, last);
  put(els.last, dieFace(last.die, last.value, { cls: 'wab-die-small' }),
    h('span', { class: 'wab-ph-last-text', text: `${line.who} · ${line.purpose}${typeof last.against === 'number' ? ` · ${line.what}` : ''}` }));
  if (last.n !== local.lastRoll) {
    local.lastRoll = last.n;
    replay(els.last, 'wab-rolling');
  }
}

/** @param {Ctx} ctx */
function drawMe(ctx) {
  const w = me(ctx);
  const status = w.out ? t('Dead for good') : w.dead ? t("Dead: back at the next Witches' Phase") : '';
  put(ctx.els.me, 
    h('div', { class: 'wab-me-head' },
      h('span', { class: 'wab-me-name', text: witchName(w) }),
      w.witch_card.placeholder ? placeholderTag(t('Defense, Movement and preferred Schools are placeholders until the host enters them under Your box; Health 10 is from the rulebook')) : null,
      ctx.game.round && ctx.game.first === ctx.seat ? h('span', { class: 'wab-token-dot', title: t('first player') }) : null),
    healthBar(w),
    h('p', { class: 'wab-stats' },
      h('span', { text: t('Def {defense}', { defense: w.defense }) }), h('span', { text: t('Move {movement}', { movement: w.movement }) }),
      h('span', { id: 'wab-my-xp', text: t('XP {xp}', { xp: w.xp }) + (w.corpses.length ? ` (${w.corpses.join('+')})` : '') }),
      h('span', { text: t('next Spell {x}', { x: w.cost ?? '—' }) }),
      w.rewards ? h('span', { text: t('Rewards {rewards}', { rewards: w.rewards }) }) : null),
    status ? h('p', { class: 'wab-witch-status', text: status }) : null);
}

/** @param {Ctx} ctx */
function drawSecret(ctx) {
  const { game: g, els, local } = ctx;
  const card = ctx.game.you?.card;
  els.secret.hidden = !card;
  if (!card) return;
  const revealed = g.bitch === ctx.seat;
  const shown = local.peek || revealed;
  const face = h('button', { type: 'button', class: `wab-secret-card${shown ? ` wab-secret-${card}` : ''}`, id: 'wab-card', dataset: { shown: shown ? 'yes' : 'no' } },
    h('span', { class: 'wab-secret-title', text: shown ? (card === 'bitch' ? t('BITCH') : t('WITCH')) : t('Your secret card') }),
    h('span', { class: 'wab-sub', text: cardNote(card, shown, revealed) }));
  face.addEventListener('click', () => { local.peek = !local.peek; ctx.redraw(); });
  const parts = [face];
  if (ctx.game.you.may_reveal && g.step !== 'over') {
    parts.push(twiceButton('wab-reveal', t('Reveal: I am the Bitch'), (button) => ctx.send('reveal', {}, { button }), { cls: 'btn wab-reveal', sure: t('Sure? Everyone will know') }));
  }
  put(els.secret, ...parts);
}

function cardNote(card, shown, revealed) {
  if (!shown) return t('Tap to look (hide it from the others)');
  if (revealed) return t('Revealed: Enemies no longer attack you.');
  const side = card === 'bitch' ? t('You play for evil. Reveal when it suits you.') : t('You play for good. Never show it.');
  return t('{side} Tap to hide.', { side });
}

/** @param {Ctx} ctx */
function drawSpells(ctx) {
  const w = me(ctx);
  const playing = ctx.game.round > 0 && ctx.game.step !== 'over';
  const chips = w.spells.map((s) => {
    const chip = /** @type {HTMLButtonElement} */ (spellChip(ctx, s, { exhausted: s.exhausted, tag: 'button', attrs: { type: 'button', dataset: { spell: s.id }, title: t('Tap to mark exhausted / active') } }));
    chip.disabled = !playing || w.dead;
    chip.addEventListener('click', () => ctx.send('exhaust', { spell: s.id }, { button: chip, quiet: false }));
    return chip;
  });
  put(ctx.els.spells, h('h3', { class: 'wab-small-title', text: t('My Spells (tap: exhausted)') }),
    h('div', { class: 'wab-chips' }, chips.length ? chips : h('span', { class: 'wab-sub', text: t('None yet') })),
    losing(ctx, w), resurrection(ctx, w, playing));
}

/** On death, the player chooses the Spells she loses among her highest level (the rulebook).
 * @param {Ctx} ctx @param {any} w */
function losing(ctx, w) {
  if (!w.losing) return null;
  const top = Math.max(...w.spells.map((/** @type {any} */ s) => s.level));
  return h('div', { class: 'wab-choices', id: 'wab-lose' },
    h('p', { class: 'wab-witch-status', text: t('Choose the Spell you lose ({n} left)', { n: w.losing }) }),
    h('div', { class: 'wab-chips' }, w.spells.filter((/** @type {any} */ s) => s.level === top).map((/** @type {any} */ s) => {
      const b = /** @type {HTMLButtonElement} */ (spellChip(ctx, s, { tag: 'button', attrs: { type: 'button', dataset: { lose: s.id } } }));
      b.addEventListener('click', () => ctx.send('lose', { spell: s.id }, { button: b }));
      return b;
    })));
}

/** Resurrection (face up, her Witch alive) brings back a Witch dead for good.
 * @param {Ctx} ctx @param {any} w @param {boolean} playing */
function resurrection(ctx, w, playing) {
  const art = w.spells.find((/** @type {any} */ s) => s.resurrects && !s.exhausted);
  const gone = ctx.game.witches.filter((/** @type {any} */ x) => x.out && x.seat !== ctx.seat);
  if (!art || !playing || w.dead || !gone.length) return null;
  return h('div', { class: 'wab-chips', id: 'wab-resurrect' }, gone.map((/** @type {any} */ x) => {
    const b = h('button', { type: 'button', class: 'btn', dataset: { resurrect: String(x.seat) }, text: t('Resurrect {name}', { name: x.player }) });
    b.addEventListener('click', () => ctx.send('resurrect', { seat: x.seat }, { button: b }));
    return b;
  }));
}

/** @param {Ctx} ctx */
function valueOrNull(ctx, high) {
  const v = Number.parseInt(ctx.local.real, 10);
  return Number.isFinite(v) && v >= 1 && v <= high ? v : null;
}

/** @param {Ctx} ctx */
function withValue(ctx, payload, high) {
  const v = valueOrNull(ctx, high);
  if (v !== null) {
    ctx.local.real = '';
    return { ...payload, value: v };
  }
  return payload;
}

/** @param {Ctx} ctx */
function realDiceField(ctx) {
  const input = h('input', { type: 'number', id: 'wab-real', class: 'wab-real', min: 1, max: 20, inputmode: 'numeric', placeholder: t('app rolls'), value: ctx.local.real });
  input.addEventListener('input', () => { ctx.local.real = input.value; });
  return h('label', { class: 'wab-real-label', for: 'wab-real' }, h('span', { text: t('Real dice? value') }), input);
}

/** @param {Ctx} ctx */
function stepper(ctx, key, label, low, high) {
  const minus = h('button', { type: 'button', class: 'btn wab-step-btn', text: '−' });
  const plus = h('button', { type: 'button', class: 'btn wab-step-btn', text: '+' });
  minus.addEventListener('click', () => { ctx.local[key] = Math.max(low, ctx.local[key] - 1); ctx.redraw(); });
  plus.addEventListener('click', () => { ctx.local[key] = Math.min(high, ctx.local[key] + 1); ctx.redraw(); });
  return h('div', { class: 'wab-stepper-field', dataset: { field: key } }, h('span', { class: 'wab-field-label', text: label }), minus,
    h('span', { class: 'wab-field-value', id: `wab-${key}`, text: String(ctx.local[key]) }), plus);
}

/** @param {Ctx} ctx */
function drawTools(ctx) {
  const { game: g, els, local } = ctx;
  const playing = g.round > 0 && g.step !== 'over';
  els.tools.hidden = !playing;
  if (!playing) return;
  const w = me(ctx);
  const tabs = h('div', { class: 'wab-tabs', role: 'group', 'aria-label': t('Tools') }, ['attack', 'corpses', 'dice'].map((tab) => {
    const b = h('button', { type: 'button', class: `btn wab-tab${local.tool === tab ? ' on' : ''}`, id: `wab-tab-${tab}`, 'aria-pressed': String(local.tool === tab), text: { attack: t('Attack'), corpses: t('Corpses & damage'), dice: t('Dice') }[tab] });
    b.addEventListener('click', () => { local.tool = local.tool === tab ? '' : tab; ctx.redraw(); });
    return b;
  }));
  const body = [];
  if (local.tool === 'attack') {
    const targets = [['enemy', t('Enemy')], ...(g.tracked.length ? [['tracked', t('Tracked')]] : []), ...(g.antagonist?.on_map ? [['antagonist', g.antagonist.name.split(' ')[0]]] : []), ...(g.rom && g.rom.killed < g.rom.total ? [['rom', t('Rom')]] : []), ['player', t('A Witch')]];
    if (!targets.some(([tab]) => tab === local.target)) local.target = 'enemy';
    body.push(h('div', { class: 'wab-seg' }, targets.map(([tab, label]) => {
      const b = h('button', { type: 'button', class: `btn wab-seg-btn${local.target === tab ? ' on' : ''}`, dataset: { target: tab }, text: label });
      b.addEventListener('click', () => { local.target = tab; ctx.redraw(); });
      return b;
    })));
    if (local.target === 'player') {
      const others = g.witches.filter((x) => x.seat !== ctx.seat && !x.dead);
      if (!others.some((x) => x.seat === local.victim)) local.victim = others[0]?.seat ?? null;
      body.push(h('div', { class: 'wab-seg' }, others.map((x) => {
        const b = h('button', { type: 'button', class: `btn wab-seg-btn${local.victim === x.seat ? ' on' : ''}`, dataset: { victim: x.seat }, text: x.player });
        b.addEventListener('click', () => { local.victim = x.seat; ctx.redraw(); });
        return b;
      })));
    }
    const spellSelect = h('select', { id: 'wab-attack-spell', class: 'wab-select' },
      h('option', { value: '', text: t('Spell (optional)') }),
      w.spells.filter((s) => !s.exhausted).map((s) => h('option', { value: s.id, text: `${t(s.name)} (${schoolName(ctx, s.school)} ${s.level})`, selected: local.spell === s.id })));
    spellSelect.addEventListener('change', () => { local.spell = spellSelect.value; });
    body.push(spellSelect, stepper(ctx, 'bonus', t('Bonus +'), -5, 30), stepper(ctx, 'damage', t('Damage'), 0, 10));
    if (local.target === 'tracked') {
      if (!g.tracked.some((e) => e.number === local.enemy)) local.enemy = g.tracked[0]?.number ?? null;
      body.push(h('div', { class: 'wab-seg' }, g.tracked.map((e) => {
        const b = h('button', { type: 'button', class: `btn wab-seg-btn${local.enemy === e.number ? ' on' : ''}`, dataset: { enemy: e.number }, text: t('#{number} {left}/{health} Def {defense}', { number: e.number, left: e.left, health: e.health, defense: e.defense }) });
        b.addEventListener('click', () => { local.enemy = e.number; ctx.redraw(); });
        return b;
      })));
    }
    if (local.target === 'enemy') {
      body.push(stepper(ctx, 'defense', t('Enemy Def'), 1, 40), stepper(ctx, 'health', t('Its Health'), 1, 30));
      const track = h('button', { type: 'button', class: 'btn', id: 'wab-track', text: t('Track its health on the TV (optional)') });
      track.addEventListener('click', () => ctx.send('track', { health: local.health, defense: local.defense }, { button: track }));
      body.push(track);
    }
    body.push(realDiceField(ctx));
    const go = h('button', { type: 'button', class: 'btn btn-primary wab-big', id: 'wab-attack', text: t('Roll the attack (d20)') });
    go.disabled = w.dead;
    go.addEventListener('click', () => {
      const payload = { target: local.target, bonus: local.bonus, damage: local.damage };
      if (local.target === 'enemy') payload.defense = local.defense;
      if (local.target === 'player') payload.seat = local.victim;
      if (local.target === 'tracked') payload.enemy = local.enemy;
      if (local.spell) payload.spell = local.spell;
      ctx.send('attack', withValue(ctx, payload, 20), { button: go });
    });
    body.push(go);
  } else if (local.tool === 'corpses') {
    body.push(h('p', { class: 'wab-sub', text: t('Killed an Enemy? Take its corpse (XP on the token):') }),
      h('div', { class: 'wab-seg' }, [1, 2, 3, 4, 5].map((xp) => {
        const b = h('button', { type: 'button', class: 'btn wab-seg-btn', dataset: { xp }, text: t('+{xp} XP', { xp }) });
        b.disabled = w.dead;
        b.addEventListener('click', () => ctx.send('corpse', { xp }, { button: b }));
        return b;
      })),
      h('p', { class: 'wab-sub', text: t('Damage on my Witch (an Enemy hit, a heal):') }),
      h('div', { class: 'wab-seg' }, [[1, t('+1 damage')], [2, t('+2 damage')], [-1, t('Heal 1')]].map(([amount, label]) => {
        const b = h('button', { type: 'button', class: 'btn wab-seg-btn', dataset: { amount }, text: label });
        b.disabled = w.dead;
        b.addEventListener('click', () => ctx.send('damage', { seat: ctx.seat, amount }, { button: b }));
        return b;
      })));
    const others = g.witches.filter((x) => x.seat !== ctx.seat && !x.dead);
    if (w.corpses.length && others.length) {
      const xp = w.corpses[w.corpses.length - 1];
      body.push(h('p', { class: 'wab-sub', text: t('Pass your {xp}-XP corpse to a Witch in your space:', { xp }) }),
        h('div', { class: 'wab-seg' }, others.map((x) => {
          const b = h('button', { type: 'button', class: 'btn wab-seg-btn', dataset: { give: x.seat }, text: x.player });
          b.addEventListener('click', () => ctx.send('give', { to: x.seat, xp }, { button: b }));
          return b;
        })));
    }
    if (g.rom && g.rom.killed < g.rom.total) {
      const rom = h('button', { type: 'button', class: 'btn', id: 'wab-rom', text: t('I killed a Rom (+{xp} XP)', { xp: ctx.reference.rom_xp }) });
      rom.addEventListener('click', () => ctx.send('rom', {}, { button: rom }));
      body.push(rom);
    }
  } else {
    body.push(realDiceField(ctx), h('div', { class: 'wab-seg' }, ['d20', 'd4'].map((die) => {
      const b = h('button', { type: 'button', class: 'btn wab-seg-btn', id: `wab-my-${die}`, text: t('Roll {die}', { die }) });
      b.addEventListener('click', () => ctx.send('roll', withValue(ctx, { die, for: 'free roll' }, die === 'd4' ? 4 : 20), { button: b }));
      return b;
    })));
  }
  put(els.tools, tabs, local.tool ? h('div', { class: 'wab-tool-body', id: `wab-tool-${local.tool}` }, body) : null);
}

/** @param {Ctx} ctx */
function drawTask(ctx) {
  const { game: g, els } = ctx;
  const you = g.you || {};
  const w = me(ctx);
  const parts = [];
  const mine = g.current === ctx.seat;
  switch (g.step) {
    case 'setup': case 'first-roll': {
      const taken = new Map(g.witches.map((x) => [x.witch_card.id, x.seat]));
      parts.push(h('p', { class: 'wab-task-title', text: t('Your Witch card') }),
        h('div', { class: 'wab-seg wab-witch-pick' }, (ctx.game?.book?.witches || ctx.reference.witches || []).map((card) => {
          const holder = taken.get(card.id);
          const b = h('button', { type: 'button', class: `btn wab-seg-btn${holder === ctx.seat ? ' on' : ''}`, dataset: { witch: card.id }, text: card.name_placeholder ? `${t(card.name)} *` : t(card.name) });
          b.disabled = holder !== undefined && holder !== ctx.seat;
          b.addEventListener('click', () => ctx.send('witch', { witch: card.id }, { button: b }));
          return b;
        })));
      if (g.step === 'first-roll' && g.first_roll.rollers.includes(ctx.seat)) {
        const done = g.first_roll.rolled.some((r) => r.seat === ctx.seat);
        const roll = h('button', { type: 'button', class: 'btn btn-primary wab-big', id: 'wab-first-roll', text: done ? t('Rolled — waiting for the others') : t('Roll the d20 for first player') });
        roll.disabled = done;
        roll.addEventListener('click', () => ctx.send('first_roll', withValue(ctx, {}, 20), { button: roll }));
        parts.push(realDiceField(ctx), roll);
      } else if (g.step === 'setup') {
        parts.push(h('p', { class: 'wab-sub', text: t('Follow the set-up on the TV.') }));
      }
      break;
    }
    case 'draft': {
      if (mine) {
        parts.push(h('div', { class: 'wab-chips wab-choices', id: 'wab-draft' }, you.draftable.map((id) => {
            const b = /** @type {HTMLButtonElement} */ (spellChip(ctx, id, { tag: 'button', attrs: { type: 'button', dataset: { pick: id } } }));
            b.addEventListener('click', () => ctx.send('pick', { spell: id }, { button: b }));
            return b;
          })));
      }
      break;
    }
    case 'positions': {
      if (mine) {
        parts.push(h('div', { class: 'wab-seg' }, g.free_positions.map((spot) => {
            const b = h('button', { type: 'button', class: 'btn btn-primary wab-seg-btn', dataset: { spot }, text: spot });
            b.addEventListener('click', () => ctx.send('position', { spot }, { button: b }));
            return b;
          })));
      }
      break;
    }
    case 'turns': {
      if (mine) {
        const pip = h('button', { type: 'button', class: 'btn', id: 'wab-action', text: t('Use an action ({x} left)', { x: 3 - w.actions }) });
        pip.disabled = w.actions >= 3;
        pip.addEventListener('click', () => ctx.send('action', {}, { button: pip }));
        const obj = h('button', { type: 'button', class: 'btn', id: 'wab-object', text: t('I collected an Object') });
        obj.disabled = g.objects.taken >= g.objects.total;
        obj.addEventListener('click', () => ctx.send('object', withValue(ctx, {}, 4), { button: obj }));
        const end = h('button', { type: 'button', class: 'btn btn-primary wab-big', id: 'wab-end-turn', text: t('End my turn') });
        end.addEventListener('click', () => ctx.send('next', {}, { button: end }));
        parts.push(h('div', { class: 'wab-seg' }, pip, obj), end);
      }
      break;
    }
    case 'learning': {
      if (mine && you.can_learn) {
        parts.push(h('p', { class: 'wab-sub', text: t('Learn a Spell for {cost} XP (you have {xp})', { cost: w.cost, xp: w.xp }) }),
          h('div', { class: 'wab-chips wab-choices', id: 'wab-learn' }, you.learnable.map((id) => {
            const b = /** @type {HTMLButtonElement} */ (spellChip(ctx, id, { tag: 'button', attrs: { type: 'button', dataset: { learn: id } } }));
            b.addEventListener('click', () => ctx.send('learn', { spell: id }, { button: b }));
            return b;
          })));
        const pass = h('button', { type: 'button', class: 'btn', id: 'wab-pass', text: t('Not now') });
        pass.addEventListener('click', () => ctx.send('next', {}, { button: pass }));
        parts.push(pass);
      } else {
        parts.push(h('p', { class: 'wab-sub', text: w.cost ? t('You: {xp} XP of {cost} needed', { xp: w.xp, cost: w.cost }) : t('Spells you know: {n}, the most', { n: ctx.reference.most_spells }) }));
      }
      break;
    }
    case 'over': break;   // the kit's ending above: "You win!" or the place, the headline, the facts
    default:
      parts.push(h('p', { class: 'wab-sub', text: t('The TV leads this step; your tools are above (attack, corpses, dice).') }));
  }
  put(els.task, ...parts);
}
