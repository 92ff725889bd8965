// Witch & Bitch, table screen. Read from across the room: the round and its phase in big type
// with the round stepper, the step's instructions on the stage, the dice (big, animated, with who
// rolled and a history), the Enemy spawns, the antagonist, and one panel per Witch (health, XP,
// Spells). The TV is also the table's controller: Next, Generate Enemies, table dice, the
// questions the app cannot see ("Is Sarah dead?"). It never shows a secret card: the table view
// holds none until the Bitch reveals herself.

import { h, replay } from '../../js/ui.js';
import {
  put, endedAnyStep, endingFacts,
  STEPS, ROUND_STEPS, stepOf, spellChip, healthBar, dieFace, rollLine, witchName,
  colourWord, twiceButton, nowLine, placeholderTag, schoolName, modeName,
} from './common.js';
import { cueOnChange, say, t } from '../../js/kit.js';

/** @typedef {import('../../js/kit.js').Ctx} Ctx */

export { styles } from './common.js';

export function local() {
  return { lastRoll: -1, bonus: 5, damage: 1, realD4: '' };
}

export function mount() {
  const els = {
    root: h('div', { class: 'wab-tv', id: 'wab-tv' }),
    head: h('header', { class: 'wab-head', id: 'wab-head' }),
    stepper: h('ol', { class: 'wab-stepper', id: 'wab-stepper', 'aria-label': t('Round steps') }),
    stage: h('section', { class: 'wab-stage', id: 'wab-stage', 'aria-live': 'polite' }),
    controls: h('div', { class: 'wab-controls', id: 'wab-controls' }),
    dice: h('section', { class: 'wab-dice', id: 'wab-dice', 'aria-label': t('Dice') }),
    big: h('div', { class: 'wab-big-die', id: 'wab-big-die' }),
    rolled: h('p', { class: 'wab-rolled', id: 'wab-rolled' }),
    history: h('ol', { class: 'wab-history', id: 'wab-history' }),
    side: h('section', { class: 'wab-side', id: 'wab-side' }),
    witches: h('ol', { class: 'wab-witches', id: 'wab-witches', 'aria-label': t('Witches') }),
  };
  const tableDice = h('div', { class: 'wab-table-dice' },
    h('button', { type: 'button', class: 'btn', id: 'wab-roll-d20', dataset: { die: 'd20' }, text: t('Roll d20') }),
    h('button', { type: 'button', class: 'btn', id: 'wab-roll-d4', dataset: { die: 'd4' }, text: t('Roll d4') }));
  els.tableDice = tableDice;
  els.dice.append(h('h2', { class: 'wab-panel-title', text: t('Dice') }), els.big, els.rolled, tableDice,
    h('h3', { class: 'wab-small-title', text: t('Earlier rolls') }), els.history);
  els.root.append(
    els.head,
    els.stepper,
    h('div', { class: 'wab-main' },
      h('div', { class: 'wab-left' }, els.stage, els.controls),
      h('div', { class: 'wab-right' }, els.dice, els.side)),
    els.witches);
  return els;
}

/** @param {Ctx} ctx */
export function render(ctx) {
  endedAnyStep(ctx.game);
  endingFacts(ctx);
  const { game: g, els } = ctx;
  els.root.dataset.step = g.step;
  els.root.dataset.phase = g.phase;
  els.root.dataset.round = String(g.round);
  // Changes with every press of Next (tests wait on it; nothing else reads it).
  els.root.dataset.key = [g.step, g.round, g.setup_page, g.current, g.spawned, g.rolls.length].join('|');
  // The table's key moments: a die lands, a Destiny card turns, Enemies come, the Bitch shows.
  cueOnChange(ctx, 'roll', g.rolls.length ? g.rolls[g.rolls.length - 1].n : null, 'reveal');
  cueOnChange(ctx, 'destiny', g.destiny.drawn.length, 'reveal');
  cueOnChange(ctx, 'spawned', g.spawned ? `${g.round}` : null, 'go');
  cueOnChange(ctx, 'bitch', g.revealed || null, 'lid');
  drawHead(ctx);
  drawStepper(ctx);
  drawStage(ctx);
  const el = document.activeElement;
  if (!(el && el.id === 'wab-real-d4' && els.controls.contains(el))) drawControls(ctx);
  drawDice(ctx);
  drawSide(ctx);
  drawWitches(ctx);
}

/** @param {Ctx} ctx */
function drawHead(ctx) {
  const { game: g, els } = ctx;
  const s = stepOf(g);
  const sc = g.scenario;
  const left = g.destiny.left_by_colour;
  put(els.head,
    h('div', { class: 'wab-title' },
      h('span', { class: 'wab-scn', text: t('Scenario {number} · {title}', { number: sc.number, title: t(sc.title) }) }),
      g.bitch !== undefined && g.step !== 'over'
        ? ctx.fresh(h('span', { class: 'wab-bitch-banner', id: 'wab-bitch', text: t('{who} is the Bitch!', { who: ctx.nameOf(g.bitch) }) }), 'bitch', 'kit-reveal')
        : h('span', { class: 'wab-mode', text: modeName(sc.mode) + (g.preferred ? t(' · preferred Schools') : '') })),
    h('div', { class: `wab-phase wab-phase-${g.phase}`, id: 'wab-phase' },
      g.round
        ? h('span', { class: 'wab-round', id: 'wab-round', text: (g.last_round ? t('Round {round} · the last', { round: g.round }) : t('Round {round}', { round: g.round })) })
        : h('span', { class: 'wab-phase-name', text: s.phase })),
    h('div', { class: 'wab-deck', id: 'wab-deck', title: t('Destiny cards left') },
      h('span', { class: 'wab-deck-label', text: t('Destiny') }),
      ...['green', 'orange', 'red'].map((c) => h('span', { class: `wab-deck-n wab-c-${c}`, text: `${left[c]}` }))),
    g.round ? h('div', { class: 'wab-token', id: 'wab-token' },
      h('span', { class: 'wab-token-dot', 'aria-hidden': 'true' }),
      h('span', { text: t('First: {who}', { who: ctx.nameOf(g.first) }) })) : null);
}

/** @param {Ctx} ctx */
function drawStepper(ctx) {
  const { game: g, els } = ctx;
  els.stepper.hidden = !ROUND_STEPS.includes(g.step);
  const dark = g.phase === 'dark';
  put(els.stepper,
    h('li', { class: `wab-group wab-group-witches${dark ? '' : ' wab-group-now'}`, text: t("Witches' Phase") }),
    h('li', { class: `wab-group wab-group-dark${dark ? ' wab-group-now' : ''}`, text: t("Dark Forces' Phase") }),
    ...ROUND_STEPS.map((id) => {
      const st = STEPS[id];
      const isDark = st.phase.startsWith('Dark');
      return h('li', { class: `wab-st${isDark ? ' wab-st-dark' : ''}${id === g.step ? ' wab-st-now' : ''}`, dataset: { step: id } },
        h('span', { class: 'wab-st-n', text: st.n }),
        h('span', { class: 'wab-st-name', text: t(st.name) }));
    }));
}

function big(text, id = 'wab-now') {
  return h('p', { class: 'wab-now', id, text });
}

/** @param {Ctx} ctx */
function drawStage(ctx) {
  const { game: g, els } = ctx;
  const s = stepOf(g);
  const label = s.n ? t('{phase} · step {n} — {name}', { phase: s.phase, n: s.n, name: s.name }) : s.name;
  const parts = [h('p', { class: 'wab-step-label', text: label })];
  switch (g.step) {
    case 'setup': {
      const pages = g.scenario.setup;
      parts.push(h('p', { class: 'wab-page-n', text: t('Set-up {n} / {n2}', { n: g.setup_page + 1, n2: pages.length }) }),
        big(pages[g.setup_page] ? say(pages[g.setup_page]) : ''),
        h('p', { class: 'wab-sub', text: t(g.scenario.objective) }));
      break;
    }
    case 'first-roll': {
      const rolled = new Map(g.first_roll.rolled.map((r) => [r.seat, r.value]));
      parts.push(big(nowLine(ctx)),
        h('ol', { class: 'wab-rollers', id: 'wab-rollers' }, g.first_roll.rollers.map((seat) => h('li', { class: 'wab-roller' },
          dieFace('d20', rolled.get(seat) ?? null, { cls: rolled.has(seat) ? '' : 'wab-die-wait' }),
          ctx.avatar(seat),
          h('span', { class: 'wab-roller-name', text: ctx.nameOf(seat) })))));
      break;
    }
    case 'draft': case 'positions': {
      parts.push(big(nowLine(ctx)));
      parts.push(h('ol', { class: 'wab-order', id: 'wab-order', 'aria-label': t('Order') }, g.order.map((seat, i) => h('li', {
        class: i < g.index ? 'done' : i === g.index ? 'now' : null,
      }, ctx.avatar(seat), ctx.nameOf(seat)))));
      if (g.step === 'draft') parts.push(h('p', { class: 'wab-sub', text: t('First-level Spells left (two copies each; a School closes when both are taken):') }), supplyGrid(ctx));
      else parts.push(h('p', { class: 'wab-sub', text: t('Free: {x}', { x: g.free_positions.join(', ') }) }));
      break;
    }
    case 'enemies': case 'destiny': {
      if (g.step === 'destiny' && g.destiny.colour) {
        parts.push(ctx.fresh(h('div', { class: `wab-card wab-c-${g.destiny.colour}`, id: 'wab-destiny' },
          h('span', { class: 'wab-card-colour', text: t('{x} Destiny card', { x: colourWord(g.destiny.colour) }) }),
          h('span', { class: 'wab-card-text', text: g.destiny.text ? t(g.destiny.text) : '' }),
          g.destiny.placeholder ? placeholderTag(t('The card texts are not in the rulebook: read the real card')) : null), `destiny-${g.destiny.drawn.length}`, 'kit-reveal'));
        if (g.evolve_now) parts.push(h('p', { class: 'wab-evolve', id: 'wab-evolve', text: t('First orange card: every Enemy on the map EVOLVES now — turn them to the black frame!') }));
        if (g.last_round) parts.push(h('p', { class: 'wab-warn', text: t('That was the last card: next round is the last one.') }));
      } else {
        parts.push(big(nowLine(ctx)));
      }
      if (g.spawned && g.spawn) parts.push(ctx.fresh(spawnBoard(g.spawn, true), `spawn-${g.round}-${g.step}`, 'kit-reveal'));
      break;
    }
    case 'turns': {
      parts.push(big(nowLine(ctx)));
      if (g.current !== null) {
        const w = g.witches[g.current];
        const pips = [0, 1, 2].map((i) => h('span', { class: `wab-action${i < w.actions ? ' used' : ''}` }));
        parts.push(h('p', { class: 'wab-actions', id: 'wab-actions' }, h('span', { text: t('Actions') }), ...pips,
          h('span', { class: 'wab-sub', text: t('{x} left', { x: 3 - w.actions }) })));
        parts.push(h('p', { class: 'wab-sub', text: t('Move · Collect an Object · Pass something · Use a Spell') }));
      }
      break;
    }
    case 'learning': {
      parts.push(big(nowLine(ctx)));
      if (g.current !== null) {
        const w = g.witches[g.current];
        parts.push(h('p', { class: 'wab-sub', text: t('{xp} XP in corpses; the next Spell costs {cost} XP (excess is lost)', { xp: w.xp, cost: w.cost }) }));
      }
      break;
    }
    case 'activation': {
      parts.push(big(nowLine(ctx)), h('ul', { class: 'wab-reminders', id: 'wab-reminders' },
        g.reminders.map((line) => h('li', { text: say(line) }))), enemyAttack(ctx));
      break;
    }
    case 'pass-token': case 'restore': {
      parts.push(big(nowLine(ctx)));
      const back = g.witches.filter((w) => !w.dead && w.deaths && g.step === 'pass-token');
      if (back.length && g.round > 1) parts.push(h('p', { class: 'wab-sub', text: t('Dead Witches stand up healed (unless dead for good).') }));
      break;
    }
    case 'over': break;   // the kit's ending: its headline, and endingFacts under it
    default: parts.push(big(nowLine(ctx)));
  }
  put(els.stage, ...parts);
}

/** @param {Ctx} ctx */
function tvStepper(ctx, key, label, low, high) {
  const minus = h('button', { type: 'button', class: 'btn wab-tv-step', text: '−' });
  const plus = h('button', { type: 'button', class: 'btn wab-tv-step', text: '+' });
  minus.addEventListener('click', () => { ctx.local[key] = Math.max(low, ctx.local[key] - 1); ctx.redraw(); });
  plus.addEventListener('click', () => { ctx.local[key] = Math.min(high, ctx.local[key] + 1); ctx.redraw(); });
  return h('span', { class: 'wab-tv-field' }, h('span', { text: label }), minus,
    h('span', { class: 'wab-tv-value', id: `wab-tv-${key}`, text: String(ctx.local[key]) }), plus);
}

/** The Enemy attack helper (the first player rolls): d20 + the Enemy's bonus against the
 * Witch's Defense; the antagonist attacks with its own row.
 * @param {Ctx} ctx */
function enemyAttack(ctx) {
  const { game: g, local } = ctx;
  const targets = g.witches.filter((w) => !w.dead && !(g.bitch === w.seat));
  const villain = g.antagonist?.on_map ? g.antagonist : null;
  const row = (w) => {
    const enemy = h('button', { type: 'button', class: 'btn', dataset: { attack: w.seat }, text: t('Enemy attacks {player}', { player: w.player }) });
    enemy.addEventListener('click', () => ctx.send('enemy_attack', { seat: w.seat, bonus: local.bonus, damage: local.damage }, { button: enemy }));
    const big = villain ? h('button', { type: 'button', class: 'btn wab-villain-btn', dataset: { villain: w.seat }, text: t('{who} attacks {player}', { who: villain.name.split(' ')[0], player: w.player }) }) : null;
    big?.addEventListener('click', () => ctx.send('enemy_attack', { seat: w.seat, antagonist: true }, { button: big }));
    return [enemy, big];
  };
  return h('div', { class: 'wab-enemy-attack', id: 'wab-enemy-attack' },
    h('p', { class: 'wab-attack-title' }, h('span', { text: t('Enemy attack: d20 +') }), tvStepper(ctx, 'bonus', '', -5, 30),
      h('span', { text: t('Damage') }), tvStepper(ctx, 'damage', '', 0, 10)),
    h('div', { class: 'wab-attack-row' }, targets.flatMap(row).filter(Boolean)));
}

/** @param {Ctx} ctx */
function supplyGrid(ctx) {
  const supply = ctx.game.supply;
  return h('div', { class: 'wab-supply', id: 'wab-supply' }, (ctx.reference.schools || []).map((school) => {
    const n = supply[`${school.id}-1`];
    return h('div', { class: `wab-supply-school wab-school-${school.id}${n ? '' : ' wab-closed'}` },
      h('span', { class: 'wab-supply-name', text: schoolName(ctx, school.id) }),
      h('span', { class: 'wab-supply-n', text: n ? `×${n}` : t('closed') }));
  }));
}

function spawnBoard(spawn, large) {
  return h('div', { class: `wab-spawn${large ? ' wab-spawn-large' : ''}`, id: large ? 'wab-spawn-board' : null },
    h('p', { class: 'wab-spawn-title', text: (spawn.side === 'evolved' ? t('Enemies: EVOLVED side (black frame)') : t('Enemies: base side (white frame)')) }),
    h('div', { class: 'wab-portals' }, [1, 2, 3, 4].map((p) => h('div', { class: `wab-portal${spawn.count[p] ? ' on' : ''}`, dataset: { portal: p } },
      h('span', { class: 'wab-portal-n', text: t('Portal {p}', { p }) }),
      h('span', { class: 'wab-portal-count', text: spawn.count[p] ? `+${spawn.count[p]}` : '—' })))),
    large ? null : h('p', { class: 'wab-sub', text: `d4: ${spawn.portals.join(', ')}` }));
}

function nextLabel(g) {
  switch (g.step) {
    case 'setup': return g.setup_page + 1 < g.scenario.setup.length ? t('Next set-up step') : t('Done: roll for first player');
    case 'first-roll': return t('Roll for everyone left');
    case 'enemies': return g.spawned ? t('Start round 1') : t('Generate Enemies');
    case 'turns': return g.current === null ? t('Next') : t("End {x}'s turn", { x: g.witches[g.current].player });
    case 'learning': return g.current === null ? t('Next') : t('{x} passes', { x: g.witches[g.current].player });
    case 'activation': return t('Start round {n}', { n: g.round + 1 });
    default: return t('Next step');
  }
}

/** @param {Ctx} ctx */
function drawControls(ctx) {
  const { game: g, els } = ctx;
  const buttons = [];
  if (g.step !== 'over' && g.step !== 'draft' && g.step !== 'positions') {
    const next = h('button', { type: 'button', class: 'btn btn-primary wab-next', id: 'wab-next', text: nextLabel(g) });
    const spawning = g.step === 'enemies' && !g.spawned;
    next.addEventListener('click', () => (spawning
      ? ctx.send('spawn', realD4(ctx), { button: next })
      : ctx.send('next', {}, { button: next })));
    next.disabled = !ctx.playing;
    buttons.push(next);
  }
  if (g.step === 'destiny' && g.destiny.colour) {
    const spawn = h('button', { type: 'button', class: 'btn wab-spawn-btn', id: 'wab-spawn-btn', text: g.spawned ? t('Generate again') : t('Generate Enemies') });
    spawn.addEventListener('click', () => ctx.send('spawn', realD4(ctx), { button: spawn }));
    buttons.push(spawn);
  }
  if ((g.step === 'destiny' && g.destiny.colour) || (g.step === 'enemies' && !g.spawned)) {
    const input = h('input', { type: 'text', id: 'wab-real-d4', class: 'wab-real', inputmode: 'numeric', value: ctx.local.realD4,
      placeholder: t('real d4s: {n}', { n: g.witches.map((_, i) => (i % 4) + 1).join(' ') }), 'aria-label': t('Real d4 results, one per player') });
    input.addEventListener('input', () => { ctx.local.realD4 = input.value; });
    buttons.push(input);
  }
  const villain = g.antagonist;
  if (villain?.on_map && g.step !== 'over') {
    buttons.push(twiceButton('wab-verdict', t('Is {who} dead? Yes', { who: villain.name.split(' ')[0] }), (button) => ctx.send('verdict', { event: 'antagonist-dead' }, { button }), { cls: 'btn wab-quiet' }));
  }
  if (g.scenario.number === 5 && g.round && g.step !== 'over') {
    buttons.push(twiceButton('wab-bilderberg', t('A conspirator entered the Bilderberg'), (button) => ctx.send('verdict', { event: 'conspirator-in' }, { button }), { cls: 'btn wab-quiet' }));
  }
  put(els.controls, ...buttons);
}

/** The d4s typed from the table's own dice (one per player), else {} and the app rolls.
 * @param {Ctx} ctx */
function realD4(ctx) {
  const values = (ctx.local.realD4.match(/\d/g) || []).map(Number);
  ctx.local.realD4 = '';
  return values.length ? { values } : {};   // a wrong count or face is refused with a word
}

/** @param {Ctx} ctx */
function drawDice(ctx) {
  const { game: g, els, local } = ctx;
  const rolls = g.rolls;
  const last = rolls[rolls.length - 1];
  if (!last) {
    put(els.big, dieFace('d20', null, { cls: 'wab-die-idle' }));
    els.rolled.textContent = t('No roll yet');
  } else {
    const line = rollLine(ctx, last);
    const purpose = line.entered ? t('{x} (real dice)', { x: line.purpose }) : line.purpose;
    if (last.n !== local.lastRoll) {
      put(els.big, dieFace(last.die, last.value));
      els.big.dataset.n = String(last.n);
      replay(els.big, 'wab-rolling');
      local.lastRoll = last.n;
    }
    put(els.rolled, 
      h('span', { class: 'wab-rolled-who', text: line.who }),
      h('span', { class: 'wab-rolled-for', text: ` · ${purpose}` }),
      typeof last.against === 'number' ? h('span', { class: `wab-rolled-hit ${last.hit ? 'hit' : 'miss'}`, text: line.what }) : null);
  }
  put(els.history, ...rolls.slice(-4, -1).reverse().map((r) => {
    const line = rollLine(ctx, r);
    return h('li', { class: 'wab-hist' },
      h('span', { class: `wab-hist-die wab-${r.die}`, text: `${r.die} ${r.value}` }),
      h('span', { class: 'wab-hist-who', text: `${line.who} · ${line.purpose}` }));
  }));
  for (const b of els.tableDice.querySelectorAll('button')) {
    if (!b.dataset.wired) {
      b.dataset.wired = 'yes';
      b.addEventListener('click', () => ctx.send('roll', { die: b.dataset.die, for: 'table roll' }, { button: b }));
    }
    b.disabled = !ctx.playing || g.step === 'over';
  }
}

/** @param {Ctx} ctx */
function drawSide(ctx) {
  const { game: g, els } = ctx;
  const parts = [
    h('p', { class: 'wab-objects', id: 'wab-objects' }, t('Objects {taken}/{total}', { taken: g.objects.taken, total: g.objects.total }),
      g.objects.placeholder ? h('span', { class: 'wab-ph-dot', title: t('* placeholder (not in the rulebook; the host can enter it under Your box)'), text: '*' }) : null),
    g.rom ? h('p', { class: 'wab-objects', id: 'wab-rom', text: t('Rom killed {killed}/{total}', { killed: g.rom.killed, total: g.rom.total }) }) : null,
    h('p', { class: `wab-death-rule${g.permanent ? ' wab-perm' : ''}`, id: 'wab-death', text: g.permanent ? t('Death is PERMANENT') : t('Dead Witches return next round') }),
    g.evolved ? h('p', { class: 'wab-evolved', text: t('Enemies are evolved') }) : null,
  ];
  if (g.spawn && !(g.spawned && (g.step === 'enemies' || g.step === 'destiny'))) {
    const where = [1, 2, 3, 4].filter((p) => g.spawn.count[p]).map((p) => `P${p} +${g.spawn.count[p]}`).join(', ');
    parts.push(h('p', { class: 'wab-last-spawn', id: 'wab-last-spawn', text: t('Last spawn ({side}): {where}', { side: t(g.spawn.side), where }) }));
  }
  if (g.tracked.length) {
    parts.push(h('div', { class: 'wab-tracked', id: 'wab-tracked' },
      h('span', { class: 'wab-tracked-title', text: t('Tracked') }),
      g.tracked.map((e) => {
        const gone = h('button', { type: 'button', class: 'btn wab-tracked-x', dataset: { untrack: e.number }, title: t('Dead or gone: remove'), text: '×' });
        gone.addEventListener('click', () => ctx.send('hurt_enemy', { enemy: e.number, amount: e.left }, { button: gone }));
        return h('span', { class: 'wab-tracked-enemy', dataset: { enemy: e.number } },
          h('span', { text: t('#{number} {left}/{health} · Def {defense}', { number: e.number, left: e.left, health: e.health, defense: e.defense }) }), gone);
      })));
  }
  const villain = g.antagonist;
  if (villain) {
    const where = villain.dead ? t('dead') : villain.portal ? t('on Portal {portal}', { portal: villain.portal }) : t('not on the map yet');
    parts.push(h('div', { class: 'wab-villain', id: 'wab-villain' },
      h('p', { class: 'wab-villain-name' }, h('span', { text: villain.name }), h('span', { class: 'wab-villain-where', text: ` · ${where}` })),
      h('p', { class: 'wab-stats' },
        h('span', { text: t('Health {x}/{health}', { x: Math.max(0, villain.health - villain.wounds), health: villain.health }) }),
        h('span', { text: t('Def {defense}', { defense: villain.defense }) }),
        h('span', { text: t('Move {movement}', { movement: villain.movement }) }),
        h('span', { text: t('Atk +{attack} · {damage} dmg to all · ×{activations}/round', { attack: villain.attack, damage: villain.damage, activations: villain.activations }) }))));
  }
  parts.push(h('p', { class: 'wab-legend', text: t('* placeholder (not in the rulebook; the host can enter it under Your box)') }));
  put(els.side, ...parts);
}

/** @param {Ctx} ctx */
function drawWitches(ctx) {
  const { game: g, els } = ctx;
  put(els.witches, ...g.witches.map((w) => {
    const status = w.out ? t('dead for good') : w.dead ? t('dead · back next round') : w.gone ? t('left · app plays') : '';
    const spells = w.spells.map((s) => spellChip(ctx, s, { exhausted: s.exhausted, word: false }));
    return h('li', { class: `wab-witch${w.dead ? ' wab-dead' : ''}${g.current === w.seat ? ' wab-current' : ''}`, dataset: { seat: w.seat } },
      h('div', { class: 'wab-witch-head' },
        g.round && g.first === w.seat ? h('span', { class: 'wab-token-dot', title: t('first player') }) : null,
        ctx.avatar(w.seat),
        h('span', { class: 'wab-witch-player', text: w.player }),
        h('span', { class: 'wab-witch-card', text: witchName(w) }),
        w.witch_card.placeholder ? h('span', { class: 'wab-ph-dot', title: t('Defense, Movement and preferred Schools are placeholders until the host enters them under Your box; Health 10 is from the rulebook'), text: '*' }) : null),
      healthBar(w),
      h('p', { class: 'wab-stats' },
        h('span', { text: t('Def {defense}', { defense: w.defense }) }),
        h('span', { text: t('Move {movement}', { movement: w.movement }) }),
        h('span', { text: t('XP {xp}', { xp: w.xp }) }),
        h('span', { text: t('next {x}', { x: w.cost ?? '—' }) }),
        w.rewards ? h('span', { text: t('Rewards {rewards}', { rewards: w.rewards }) }) : null,
        w.position ? h('span', { text: t('Pos {position}', { position: w.position }) }) : null),
      status ? h('p', { class: 'wab-witch-status', text: status }) : null,
      h('div', { class: 'wab-witch-spells' }, spells.length ? spells : h('span', { class: 'wab-sub', text: t('no Spells yet') })));
  }));
}
