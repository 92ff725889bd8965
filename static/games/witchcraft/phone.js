// Witchcraft, a player's phone (and a spectator's). The board with only the legal moves
// tappable: tap a wizard and its targets light up, pick one of its moves, confirm before it is
// sent. During placement the tile you must place now; always your secret power tile. Follow-up
// decisions (where each captured tile goes, what an altar does) come the same way.

import { h } from '../../js/ui.js';
import { cueOnChange, pressTwice, say, t, tn } from '../../js/kit.js';
import {
  ARROWS, DIR_ORDER, boardSvg, previewStack, tick, guildMark, key, pendingLine, phaseLabel,
} from './common.js';

/** @typedef {import('../../js/kit.js').Ctx} Ctx */

export { styles } from './common.js';
export { tick };

export function local() {
  return { ply: -1, cell: null, pick: null, tile: null, inspect: null };
}

export function mount() {
  const els = {
    root: h('div', { class: 'wc-phone', id: 'wc-phone' }),
    status: h('div', { class: 'wc-status', id: 'wc-status' }),
    board: h('div', { class: 'wc-board-wrap wc-board-phone', id: 'wc-pboard' }),
    panel: h('div', { class: 'wc-panel', id: 'wc-panel' }),
    clocks: [],
  };
  els.root.append(els.status, els.board, els.panel);
  return els;
}

function groups(options) {
  const byCell = new Map();
  const loose = [];
  for (const o of options) {
    if (!o.at) { loose.push(o); continue; }
    const k = key(o.at);
    if (!byCell.has(k)) byCell.set(k, []);
    byCell.get(k).push(o);
  }
  return { byCell, loose };
}

/** @param {Ctx} ctx */
export function render(ctx) {
  const { game: g, els, local: mem } = ctx;
  if (!g || !g.board) return;
  const you = g.you || null;
  if (mem.ply !== g.ply) Object.assign(mem, { ply: g.ply, cell: null, pick: null, tile: null });
  const options = you?.options || [];
  const { byCell, loose } = groups(options);
  if (byCell.size === 1 && !loose.length && mem.cell === null) mem.cell = [...byCell.keys()][0];
  const here = mem.cell ? byCell.get(mem.cell) || [] : [];
  if (here.length === 1 && mem.pick === null) mem.pick = here[0].i;
  const picked = options.find((o) => o.i === mem.pick) || null;
  els.root.dataset.ply = String(g.ply);
  els.root.dataset.deciding = you?.deciding ? 'yes' : 'no';
  // A decision that became yours: a double blip (and a buzz).
  if (you) cueOnChange(ctx, 'deciding', you.deciding || null, 'claim');

  // status: phase, whose decision, the clocks
  els.clocks = [];
  const clockFor = (seat) => {
    if (!g.clock) return null;
    const el = h('span', { class: 'wc-pclock', id: `wc-pclock-${seat}` });
    els.clocks.push([el, seat]);
    return h('span', { class: `wc-pclock-box wc-${g.players[seat].guild}` }, guildMark(g.players[seat].guild), el);
  };
  els.status.replaceChildren(
    h('div', { class: 'wc-status-top' },
      h('span', { class: 'wc-phase', text: phaseLabel(g) }),
      you ? h('span', { class: `wc-you wc-you-${you.guild}` }, guildMark(you.guild), t('You: {guild}', { guild: t(you.guild) })) : h('span', { class: 'wc-you', text: t('Watching') }),
      clockFor(0), clockFor(1)),
    // A seat's phone says what to do in the kit's prompt (you.prompt); a watcher gets the table's line.
    ...(you ? [] : [h('p', { class: 'wc-status-line', id: 'wc-status-line', text: pendingLine(ctx) })]),
    ...(you?.next ? [nextCard(you.next)] : []));
  tick(ctx);

  // board: what may be tapped and what is selected
  const marks = { selectable: new Set(byCell.keys()), ghosts: [], targets: new Set(), lines: new Set(), area: new Set() };
  for (const o of options) {
    for (const c of [o.at, ...(o.cells || []), ...(o.more || [])]) if (c) marks.ghosts.push(c);
  }
  const preview = picked ? [picked] : (mem.cell ? byCell.get(mem.cell) || [] : []);
  for (const o of preview) {
    for (const t of o.targets || []) marks.targets.add(key(t));
    if (o.to) marks.targets.add(key(o.to));
    for (const c of o.lines || []) marks.lines.add(key(c));
    for (const c of [...(o.cells || []), ...(o.more || [])]) marks.area.add(key(c));
  }
  if (mem.cell) { marks.selected = mem.cell; marks.aimFrom = mem.cell.split(',').map(Number); }
  if (picked && picked.kind === 'place' && you.next) marks.preview = previewStack(you.next, picked.at, picked.facing, you.guild);
  const onCell = (c) => {
    const k = key(c);
    mem.inspect = k;
    if (!byCell.has(k) || mem.cell === k) { ctx.redraw(); return; }
    mem.cell = k;
    mem.pick = null;
    ctx.redraw();
  };
  els.board.replaceChildren(boardSvg(g, { marks, onCell, last: g.last, cls: 'wc-board-small' }));

  // panel: the choices and confirm first (thumb reach), then the secrets
  const parts = [];
  const looked = mem.inspect && g.stacks.find((st) => key([st.x, st.y]) === mem.inspect);
  if (looked) parts.push(stackContents(looked));
  if (you?.deciding) {
    parts.push(choicesPanel(ctx, byCell, loose, picked));
  } else if (g.phase === 'over') {
    // The ending is the kit's (the place in the first person, the result, the podium) above.
  } else {
    const last = g.log?.[g.log.length - 1];
    if (last) parts.push(ctx.fresh(h('p', { class: 'wc-lastmove', text: t('Last: {who} {text}', { who: ctx.nameOf(last.seat), text: say(last.text) }) }), `last-${g.log_total}`));
  }
  if (you) parts.push(secrets(ctx, g, you));
  if (g.options?.physical && you?.deciding) parts.push(h('p', { class: 'wc-physical', text: t('Make the move on the real board, then enter it here.') }));
  if (you && g.phase !== 'over' && ctx.playing) {
    const resign = h('button', { type: 'button', class: 'btn wc-resign', id: 'wc-resign' }, h('span', { class: 'btn-text', text: t('Resign') }));
    pressTwice(resign, (button) => ctx.send('resign', {}, { button }));
    parts.push(resign);
  }
  els.panel.replaceChildren(...parts);
}

/** @param {Ctx} ctx */
function secrets(ctx, g, you) {
  const power = you.power
    ? h('div', { class: 'wc-secret', id: 'wc-power' }, h('span', { class: 'wc-secret-label', text: t('Your secret power tile') }), h('strong', { text: t(you.power.name) }))
    : h('div', { class: 'wc-secret wc-secret-none', id: 'wc-power' }, h('span', { class: 'wc-secret-label', text: powerGone(g, you) }));
  const aside = you.aside
    ? h('div', { class: 'wc-secret', id: 'wc-aside' }, h('span', { class: 'wc-secret-label', text: t('Set aside so far') }), h('strong', { text: you.aside.set_aside.map((kind) => t(ctx.reference.tiles?.[kind]?.name || kind)).join(', ') || t('nothing yet') }))
    : null;
  return h('div', { class: 'wc-secrets' }, power, aside);
}

/** Why the phone shows no power tile: tournament mode, not entered yet (the real board), used. */
function powerGone(g, you) {
  if (g.options?.tournament) return t('Tournament mode: no power tiles');
  if (g.players[you.seat]?.power === 'hidden') return t('Power tile: not entered yet');
  return t('Power tile used');
}

/** A stack's tiles, top first (anyone may look under a stack; nobody may change it). */
function stackContents(st) {
  const tiles = [...st.tiles].reverse().map((tile) => t('{name} ({gem} gem) facing {facing}', { name: t(tile.name), gem: t(tile.gem), facing: tile.facing.toUpperCase() }));
  const marks = [st.exhausted ? t('exhausted') : '', st.tokens.length ? t('shield tokens {x}', { x: st.tokens.join(' ').toUpperCase() }) : ''].filter(Boolean);
  const height = tn('{n} tile', '{n} tiles', st.height);
  return h('p', { class: 'wc-inspect', id: 'wc-inspect' },
    h('strong', { text: t('{cell} ({guild}, {tiles}{marks}): ', {
      cell: st.cell, guild: t(st.guild), tiles: height,
      marks: marks.length ? ', ' + marks.join(', ') : '',
    }) }),
    t('top: {x}', { x: tiles.join(' · ') }));
}

function nextCard(next) {
  return h('div', { class: 'wc-secret wc-next', id: 'wc-next' },
    h('span', { class: 'wc-secret-label', text: t('Your next tile, secret ({left} left)', { left: next.left }) }),
    h('strong', { text: `${t(next.name)} [${next.letter}]: ${tileSpec(next)}` }));
}

function tileSpec(tile) {
  const side = [t('ahead'), t('ahead-right'), t('right'), t('behind-right'), t('behind'), t('behind-left'), t('left'), t('ahead-left')];
  const spells = tile.spells.map(([s, k]) => `${t(k)} ${side[s]}`).join(', ');
  const shields = tile.shields.map((s) => side[s]).join(', ');
  const does = spells ? t('casts {spells}', { spells }) : t('special power');
  return shields ? t('{does}; shields {shields}', { does, shields }) : does;
}

/** @param {Ctx} ctx */
function choicesPanel(ctx, byCell, loose, picked) {
  const mem = ctx.local;
  const out = h('div', { class: 'wc-choices', id: 'wc-choices' });
  const here = mem.cell ? byCell.get(mem.cell) || [] : [];
  const select = (o) => { mem.pick = o.i; ctx.redraw(); };
  if (here.some((o) => o.tile)) {
    out.append(...layPanel(ctx, here, select));
  } else if (here.length > 1 && here.every((o) => o.facing) && new Set(here.map((o) => o.facing)).size === here.length) {
    out.append(compass(here, mem, select, here[0].kind === 'shield' ? t('shield side') : t('facing')));
  } else if (here.length > 1) {
    out.append(optionList(here, mem, select));
  } else if (!mem.cell && byCell.size) {
    out.append(h('p', { class: 'wc-hint', text: t('Tap one of the {size} highlighted spaces.', { size: byCell.size }) }));
  }
  if (loose.length) out.append(optionList(loose, mem, select));
  const confirm = h('button', {
    type: 'button', class: 'btn btn-primary wc-confirm', id: 'wc-confirm', disabled: !picked,
  }, picked ? t('Confirm: {label}', { label: say(picked.label) }) : t('Choose a move, then confirm'));
  confirm.addEventListener('click', () => {
    if (!picked) return;
    ctx.send('choose', { option: picked.i, ply: ctx.game.ply }, { button: confirm }).then((ack) => {
      if (ack && ack.ok) Object.assign(mem, { cell: null, pick: null });
    });
  });
  out.append(confirm);
  return out;
}

/** One button per choice, its label. */
function optionList(options, mem, select) {
  return h('div', { class: 'wc-list' }, options.map((o) => h('button', {
    type: 'button', class: `btn wc-opt${mem.pick === o.i ? ' wc-on' : ''}`, 'data-kind': o.kind, 'data-i': o.i, onclick: () => select(o),
  }, say(o.label))));
}

/** Choices that differ only in their facing: a compass, one arrow per facing offered. */
function compass(options, mem, select, middle) {
  const grid = h('div', { class: 'wc-compass', id: 'wc-compass' });
  for (const d of DIR_ORDER) {
    const o = d ? options.find((x) => x.facing === d) : null;
    if (!d) grid.append(h('span', { class: 'wc-compass-mid', text: middle }));
    else if (!o) grid.append(h('span', { class: 'wc-compass-off', text: ARROWS[d] }));
    else grid.append(h('button', { type: 'button', class: `btn wc-dir${mem.pick === o.i ? ' wc-on' : ''}`, 'data-facing': d, 'data-i': o.i, onclick: () => select(o) }, ARROWS[d]));
  }
  return grid;
}

/**
 * The Prophet lays its stack again from the bottom: one button per tile still to lay (its
 * name, what it casts, its facing now), then the compass of the chosen tile's facings; any
 * other choice here ("Keep the order and facings") as a button of its own.
 * @param {Ctx} ctx
 */
function layPanel(ctx, here, select) {
  const mem = ctx.local;
  const tiles = new Map();
  for (const o of here) if (o.tile && !tiles.has(o.tile.index)) tiles.set(o.tile.index, o.tile);
  if (!tiles.has(mem.tile)) mem.tile = tiles.size === 1 ? [...tiles.keys()][0] : null;
  const pickTile = (index) => { mem.tile = index; mem.pick = null; ctx.redraw(); };
  const row = h('div', { class: 'wc-list wc-lay', id: 'wc-lay' }, [...tiles.values()].map((tile) => h('button', {
    type: 'button', class: `btn wc-opt wc-lay-tile${mem.tile === tile.index ? ' wc-on' : ''}`, 'data-tile': tile.index, onclick: () => pickTile(tile.index),
  },
  h('span', { class: 'wc-lay-name' }, guildMark(tile.gem), `${t(tile.name)} [${tile.letter}] ${ARROWS[tile.facing]}`),
  h('span', { class: 'wc-lay-spec', text: tileSpec(tile) }))));
  const parts = [row];
  const facings = here.filter((o) => o.tile && o.tile.index === mem.tile);
  if (facings.length) parts.push(compass(facings, mem, select, t('facing')));
  const other = here.filter((o) => !o.tile);
  if (other.length) parts.push(optionList(other, mem, select));
  return parts;
}
