// Čarodějnice!, TV: the table of a solo game, read from across the room. The jurors with their
// conviction tracks and face-down faith cards, the laid-out missions, the counters with their
// limits, the round and phase in big type, and at the end the trial, one juror at a time.

import { h } from '../../js/ui.js';
import { t } from '../../js/kit.js';
import {
  PHASE_TITLE, PHASE_TODO, afterReveal, counters, jurorCard, jurorExplained, lastResult, missionCard,
  outcomeDetail,
  outcomeHeadline, placeholderTag, revealClock, roundLine, moments, popChanges,
} from './common.js';

/** @typedef {import('../../js/kit.js').Ctx} Ctx */

export { styles } from './common.js';

export function local() {
  return { revealedAt: null };
}

/** @param {Ctx} ctx */
export function mount(ctx) {
  const els = {
    root: h('div', { class: 'cj-tv', id: 'cj-tv' }),
    head: h('header', { class: 'cj-tv-head' }),
    jurors: h('section', { class: 'cj-tv-jurors', id: 'cj-tv-jurors' }),
    side: h('section', { class: 'cj-tv-side' }),
  };
  els.root.append(els.head, els.jurors, els.side);
  return els;
}

/** @param {Ctx} ctx */
export function render(ctx) {
  const { game, els } = ctx;
  const reveal = revealClock(ctx);
  moments(ctx);
  els.head.replaceChildren(
    h('div', {},
      h('p', { class: 'cj-tv-round', id: 'cj-tv-round', text: roundLine(game) }),
      h('h1', { class: 'cj-tv-phase', id: 'cj-tv-phase', text: PHASE_TITLE[game.phase]?.() ?? game.phase })),
    // the language: the page's own switch in its top bar (one switch per screen)
    h('p', { class: 'cj-tv-player', text: game.player }));
  if (game.mode === 'tale') {
    els.jurors.replaceChildren(
      h('h2', { class: 'cj-tale-title' }, h('span', { text: t('Tale {n}: {title}', { n: game.tale.number, title: t(game.tale.title) }) }), placeholderTag(game.tale.placeholder)),
      ...game.tale.tracks.map((tr) => h('div', { class: 'cj-tv-track' },
        h('span', { text: t(tr.name) }), h('strong', { text: `${tr.value} / ${tr.max}` }))));
  } else {
    els.jurors.replaceChildren(
      ...game.jurors.map((j, i) => jurorCard(game, j, { index: i, big: true, reveal })),
      // What the player is doing now, under the jurors: the room can follow along.
      PHASE_TODO[game.phase] ? h('p', { class: 'cj-tv-todo', id: 'cj-tv-todo', text: PHASE_TODO[game.phase]() }) : '');
  }
  els.side.replaceChildren(...side(ctx, reveal));
  popChanges(ctx, els.root);
}

/** @param {Ctx} ctx */
function side(ctx, reveal) {
  const { game } = ctx;
  if (game.result || game.outcome) {
    const o = game.result ?? {};
    const good = (o.kind === 'trial' && o.innocent) || (o.kind === 'tale' && o.won);
    // The kit's ending says the outcome; this keeps the verdict and the detail under it.
    const headline = outcomeHeadline(game);
    const detail = outcomeDetail(ctx);
    const out = [
      headline ? h('p', { class: `cj-outcome ${good ? 'good' : 'bad'}`, id: 'cj-tv-outcome', text: headline }) : null,
      detail ? h('p', { class: 'cj-outcome-detail', text: detail }) : null,
    ].filter((el) => el !== null);
    if (o.kind === 'trial') {
      out.push(h('ul', { class: 'cj-explain' }, ...game.jurors.map((j) => h('li', { class: j.convinced ? 'yes' : 'no', text: jurorExplained(j) }))));
    }
    return out.map((el) => afterReveal(el, o.kind === 'trial' ? reveal : null, game.jurors.length));
  }
  if (game.mode === 'tale') return [];
  const { missions } = game;
  const accepted = ['rest', 'resolve'].includes(game.phase) && missions.accepted;
  return [
    h('div', { class: 'cj-counters big' }, ...counters(game)),
    game.last ? lastResult(game) : null,
    h('h2', { class: 'cj-tv-sub', text: accepted ? t('Accepted mission') : t('Laid-out missions') }),
    ...(accepted ? [missions.accepted] : missions.laid_out).map((m) => missionCard(game, m)),
    h('p', { class: 'cj-tv-deck', text: t('Mission deck: {n} left', { n: missions.deck }) }),
  ].filter(Boolean);
}
