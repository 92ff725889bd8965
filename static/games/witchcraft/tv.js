// Witchcraft, table screen. Read from 3 m: the board big (the last move's line of fire marked),
// whose decision it is, both guilds with their clocks, captured counts, tiles still to place,
// the set-aside tiles and whether the power tile is still hidden; the move list. The table view
// holds no secret (the power tiles and the next tiles only travel to their owners).

import { h } from '../../js/ui.js';
import {
  boardSvg, tick, guildMark, legend, pendingLine, phaseLabel, placeholderNote,
} from './common.js';
import { cueOnChange, say, t, tn } from '../../js/kit.js';

/** @typedef {import('../../js/kit.js').Ctx} Ctx */

export { styles } from './common.js';
export { tick };

export function mount() {
  const els = {
    root: h('div', { class: 'wc-tv', id: 'wc-tv' }),
    head: h('div', { class: 'wc-head', id: 'wc-head' }),
    board: h('div', { class: 'wc-board-wrap', id: 'wc-board' }),
    side: h('div', { class: 'wc-side' }),
    players: h('div', { class: 'wc-players', id: 'wc-players' }),
    moves: h('ol', { class: 'wc-moves', id: 'wc-moves', 'aria-label': t('Moves') }),
    foot: h('div', { class: 'wc-foot' }),
    entry: h('section', { class: 'wc-entry', id: 'wc-entry', hidden: true }),
    clocks: [],
  };
  els.side.append(els.entry, h('h2', { class: 'wc-moves-title', text: t('Moves (latest first)') }), els.moves, els.foot);
  els.root.append(els.head, els.players, h('div', { class: 'wc-main' }, els.board, els.side));
  return els;
}

/** @param {Ctx} ctx */
export function render(ctx) {
  const { game: g, els } = ctx;
  if (!g || !g.board) return;
  const physical = g.options?.physical;
  els.root.dataset.ply = String(g.ply);
  els.root.dataset.phase = g.phase;
  // The table hears each move, and a capture (stacks change sides) as a thud.
  cueOnChange(ctx, 'moves', g.log_total, 'tap');
  cueOnChange(ctx, 'captured', g.players.reduce((sum, p) => sum + p.captured, 0), 'lid');
  const pending = h('span', { class: `wc-pending${g.phase === 'over' ? ' wc-result' : ''}`, id: 'wc-pending' },
    g.pending && g.pending.seat != null ? guildMark(g.players[g.pending.seat].guild) : null, pendingLine(ctx));
  // Whose decision it is pops in when it changes; the result turns over.
  ctx.fresh(pending, g.phase === 'over' ? 'over' : `pending-${g.ply}-${g.pending?.seat}-${g.pending?.task}`, g.phase === 'over' ? 'kit-reveal' : 'kit-pop');
  els.head.replaceChildren(...[
    h('span', { class: 'wc-phase', id: 'wc-phase', text: phaseLabel(g) }),
    pending,
    physical ? h('span', { class: 'wc-physical', text: t('Real board: enter each move on your phone') }) : null,
  ].filter(Boolean));

  const entries = g.table_options || [];
  const asked = entries.find((o) => o.at);
  const marks = asked ? { asked: asked.at.join(',') } : {};   // the space whose altar is asked
  els.board.replaceChildren(boardSvg(g, { marks, last: g.last, cls: 'wc-board-tv' }));
  els.entry.replaceChildren(...(entries.length ? entryPanel(ctx, entries) : []));
  els.entry.hidden = !entries.length;

  els.clocks = [];
  els.players.replaceChildren(...g.players.map((p) => {
    const turn = g.pending && g.pending.seat === p.seat;
    const clock = g.clock ? h('span', { class: 'wc-clock', id: `wc-clock-${p.seat}` }) : null;
    if (clock) els.clocks.push([clock, p.seat]);
    const winner = g.phase === 'over' && g.winner === p.seat;
    const facts = [
      h('span', { text: tn('{n} stack', '{n} stacks', p.stacks) }),
      h('span', { text: t('captured {captured}', { captured: p.captured }) }),
      p.to_place ? h('span', { text: t('{to_place} to place', { to_place: p.to_place }) }) : null,
      h('span', { text: powerLine(p) }),
    ];
    const reserve = p.reserve.length
      ? t('set aside: {who}', { who: p.reserve.map((tile) => t(tile.name)).join(', ') })
      : (p.reserve_count ? t('{reserve_count} set aside (secret)', { reserve_count: p.reserve_count }) : t('nothing set aside'));
    return h('section', { class: `wc-player wc-player-${p.guild}${turn ? ' wc-turn' : ''}${winner ? ' wc-winner' : ''}`, id: `wc-player-${p.seat}` },
      h('div', { class: 'wc-player-top' }, guildMark(p.guild, 'wc-mark-big'),
        ctx.avatar(p.seat),
        h('span', { class: 'wc-player-name', text: ctx.nameOf(p.seat) }),
        h('span', { class: 'wc-guild', text: t(p.guild).toUpperCase() }),
        turn ? h('span', { class: 'wc-now', text: t('▶ to move') }) : null,
        winner ? h('span', { class: 'wc-now', text: t('★ wins') }) : null,
        clock),
      h('div', { class: 'wc-facts' }, facts),
      h('div', { class: 'wc-reserve', text: reserve }));
  }));
  tick(ctx);

  // The game's last line is its result: the kit's ending headline says it, once on the screen.
  const log = g.result ? (g.log || []).slice(0, -1) : g.log || [];
  const shown = log.slice(-10).reverse();
  const items = shown.map((e, i) => h('li', {
    class: `wc-move wc-move-${g.players[e.seat]?.guild}${i === 0 ? ' wc-move-last' : ''}`,
  }, e.seat == null ? null : guildMark(g.players[e.seat]?.guild), h('span', { text: `${ctx.nameOf(e.seat)}: ${say(e.text)}` })));
  if (items[0]) ctx.fresh(items[0], `last-${g.ply}-${g.log_total}`);   // the new move pops in once
  els.moves.replaceChildren(...items);
  if (!log.length && !g.result) els.moves.append(h('li', { class: 'wc-move wc-empty', text: g.phase === 'master' ? t('Each player secretly sets three tiles aside.') : t('No moves yet: the first player places a wizard.') }));
  // the app's own draw after rounds without a capture is an option (off by default)
  const quiet = g.phase === 'encounter' && g.quiet_limit > 0 && g.quiet_turns >= 10
    ? h('p', { class: 'wc-quiet', text: t('Rounds without a capture: {x} (draw at {quiet_limit})', { x: Math.floor(g.quiet_turns / 2), quiet_limit: g.quiet_limit }) }) : null;
  els.foot.replaceChildren(...[quiet, legend(), placeholderNote(g)].filter(Boolean));
}

/** The real board's set-up, entered on the TV by the host: which altar stands on the space marked
 * on the board, which special tile each guild drew. Public: the whole table sees them laid out.
 * @param {Ctx} ctx */
function entryPanel(ctx, entries) {
  const title = entries[0].kind === 'altar'
    ? t('Which altar did the players put on the marked space?')
    : t('Which special tile did this guild draw?');
  return [
    h('h2', { class: 'wc-entry-title', text: title }),
    h('div', { class: 'wc-entry-list' }, entries.map((o) => {
      const button = h('button', { type: 'button', class: 'btn wc-entry-opt', 'data-kind': o.kind, 'data-i': o.i }, say(o.label));
      button.addEventListener('click', () => ctx.send('choose', { option: o.i, ply: ctx.game.ply }, { button }));
      return button;
    })),
    h('p', { class: 'wc-hint', text: t('Undo corrects a wrong entry.') }),
  ];
}


/** "power tile: hidden", "power tile used: Altar of Energy" (revealed when used or at the end). */
function powerLine(p) {
  if (p.power === 'hidden') return t('power tile: hidden');
  if (p.power === 'none') return t('no power tile');
  const name = p.power_name ? t(p.power_name) : '';
  return p.power.startsWith('used') ? t('power tile used: {x}', { x: name }) : t('power tile unused: {x}', { x: name });
}
