// Spider in the page: its board (10 columns, the stock with its deals
// left, the 8 completed runs; moves in Spider notation: 3-5x4, 10-1, D)
// and what the pages say about a Spider game.
import { SUITS, SUIT_NAME, cardName } from './cards.js';
import { Board, cardHTML, flyFrom, turnUp, reducedMotion } from './board.js';
import {
  NUM_RUNS, parseSpiderMove, columnMove, runLength, spiderLegal, whySpiderIllegal, spiderBest,
  spiderRules, spiderBoardText, spiderMoveText, spiderLineText, completedText, turnedUpCount,
} from './spider-rules.js';
import { esc, touchScreen } from './util.js';
import * as pic from './picture.js';
import { t, num } from './i18n.js';

const OFF_DOWN = 0.12; // vertical offset of a face-down card, in card widths
const OFF_UP = 0.36; // of a face-up card

const keyOf = (c) => String((c + 1) % 10); // columns 1 … 9, then 0 for the tenth

/**
 * SpiderBoard is the Spider board (see Board for its options). Its piles
 * are "stock", "runs" (the completed runs, not a button) and the columns
 * "0" … "9"; a selection is {src: column index, n: cards, or null for the
 * whole run}. Enter or Space on a focused pile activates it.
 */
export class SpiderBoard extends Board {
  constructor(root, opts = {}) {
    super(root, opts, { className: 'spider', label: t('s.board.yours'), pileKeys: ['Enter', ' '] });
    // Offsets depend on the size: lay out again after a resize or a turn.
    this.relayoutOnResize();
  }

  legalMoves(v, rules) {
    return spiderLegal(v, rules);
  }

  whyIllegal(m) {
    return whySpiderIllegal(m, this.view, this.rules);
  }

  parseMove(m) {
    return parseSpiderMove(m);
  }

  pileOf(m) {
    const p = parseSpiderMove(m);
    return p.kind === 'D' ? 'stock' : p.from;
  }

  groups() {
    return this.rules && this.rules.groups;
  }

  selectionValid() {
    const up = this.view.columns[this.sel.src].up;
    return up.length > 0 && !(this.sel.n && this.sel.n > runLength(up, this.groups()));
  }

  // ---- moves ----

  /** moveTo builds the move of n cards (null: the longest that fits) from column src to column dest. */
  moveTo(src, dest, n) {
    if (n) {
      const m = columnMove(src, dest, n);
      if (this.legal.includes(m)) return m;
    }
    let best = null;
    let bestN = 0;
    for (const m of this.legal) {
      const p = parseSpiderMove(m);
      if (p.kind === 'CC' && p.from === src && p.to === dest && p.n > bestN) { best = m; bestN = p.n; }
    }
    if (best) return best;
    // Nothing fits: the move to explain.
    return columnMove(src, dest, n || runLength(this.view.columns[src].up, this.groups()) || 1);
  }

  /** best sends n cards of column src (null: the longest run that has a place) to their best column, or selects them. */
  best(src, n) {
    const v = this.view;
    const up = v.columns[src].up;
    const run = runLength(up, this.groups());
    let m = null;
    if (n) m = spiderBest(src, n, this.legal, v);
    else for (let k = run; k >= 1 && !m; k--) m = spiderBest(src, k, this.legal, v);
    if (m) { this.play(m); return; }
    this.sel = { src, n: n || null };
    const what = n ? (n === 1 ? cardName(up[up.length - 1]) : t('s.cardsdown', { n, card: cardName(up[up.length - n]) })) : t('board.column', { n: src + 1 });
    this.message(t(touchScreen() ? 's.nomove.touch' : 's.nomove', { what }), 'info');
    this.render();
  }

  /** useStock deals a card onto each column. */
  useStock() {
    this.play('D');
  }

  onPile(pile, n) {
    if (pile === 'runs') return;
    const c = +pile;
    const v = this.view;
    if (this.sel) {
      const s = this.sel;
      if (s.src === c) { this.sel = null; return this.best(c, n || s.n); }
      return this.play(this.moveTo(s.src, c, s.n));
    }
    if (!v.columns[c].up.length) return;
    if (n && n > runLength(v.columns[c].up, this.groups())) {
      this.message(t('s.notrun', { card: cardName(v.columns[c].up[v.columns[c].up.length - n]) }), 'error');
      this.flash(columnMove(c, (c + 1) % 10, n));
      return;
    }
    this.best(c, n);
  }

  key(k) {
    const v = this.view;
    if (k >= '0' && k <= '9') {
      const c = (+k + 9) % 10;
      if (this.sel) {
        if (this.sel.src === c) { const n = this.sel.n; this.sel = null; this.best(c, n); return true; }
        this.play(this.moveTo(this.sel.src, c, this.sel.n));
        return true;
      }
      if (!v.columns[c].up.length) { this.message(t('board.column.empty', { n: c + 1 }), 'error'); return true; }
      this.sel = { src: c, n: null };
      const run = runLength(v.columns[c].up, this.groups());
      this.message(t('s.picked.column', { n: c + 1, run, key: k }));
      this.render();
      return true;
    }
    if ((k === 'ArrowUp' || k === 'ArrowDown') && this.sel) {
      const up = v.columns[this.sel.src].up;
      const run = runLength(up, this.groups());
      const n = this.sel.n || run;
      this.sel.n = Math.max(1, Math.min(run, n + (k === 'ArrowUp' ? 1 : -1)));
      this.message(t('s.picked.n', { n: this.sel.n, card: cardName(up[up.length - this.sel.n]) }));
      this.render();
      return true;
    }
    return false;
  }

  // ---- pointer input ----

  dragSource(h) {
    if (!h.n || h.n > runLength(this.view.columns[+h.pile].up, this.groups())) return null;
    return { src: +h.pile, els: [...h.pileEl.querySelectorAll('.card.up')].slice(-h.n) };
  }

  drop(d, h) {
    if (!/^\d$/.test(h.pile) || +h.pile === d.src) return;
    this.sel = null;
    this.play(this.moveTo(d.src, +h.pile, d.n));
  }

  tap(h) {
    if (h.pile === 'stock' || this.sel) return this.activatePile(h.pile, h.n);
    if (/^\d$/.test(h.pile) && h.n) this.activatePile(h.pile, h.n);
  }

  // ---- rendering ----

  /** lastCards says which cards the last move put down: {cols: [column…], n}. */
  lastCards() {
    const p = parseSpiderMove(this.last);
    if (!p) return { cols: [], n: 0 };
    if (p.kind === 'D') return { cols: this.view.columns.map((_, i) => i), n: 1 };
    return { cols: [p.to], n: p.n };
  }

  /**
   * layout says how tall a column may be, in card widths, before its
   * offsets shrink, and the offset of a face-up card: larger on small
   * cards, so that a finger can pick a card inside a run.
   */
  layout() {
    const cw = (this.root.clientWidth || 600) / 10.9;
    return {
      maxCol: Math.max(6.5, Math.min(15, (window.innerHeight - 110) / cw - 2.2)),
      offUp: cw < 48 ? 0.5 : OFF_UP,
    };
  }

  /**
   * measure notes where the cards that moved were (or the stock, for a
   * deal), to fly them from there, and how many face-down cards the
   * source column held, to turn up the one a move uncovers.
   */
  measure(moved) {
    const mp = moved && parseSpiderMove(moved);
    if (!mp || !this.root.isConnected || reducedMotion()) return null;
    let from = [];
    let downs = 0;
    if (mp.kind === 'CC') {
      const src = this.pileEl(mp.from);
      from = [...src.querySelectorAll('.card.up')].slice(-mp.n).map((el) => el.getBoundingClientRect());
      downs = src.querySelectorAll('.card.down').length;
    } else {
      const s = this.pileEl('stock');
      if (s) from = [s.getBoundingClientRect()];
    }
    return from.length ? { mp, from, downs } : null;
  }

  animate({ mp, from, downs }) {
    if (mp.kind === 'CC') {
      const ups = [...this.root.querySelectorAll(`[data-pile="${mp.to}"] .card.up`)];
      if (ups.length >= mp.n) ups.slice(-mp.n).forEach((el, i) => flyFrom(el, from[i]));
      const src = this.pileEl(mp.from);
      if (src && src.querySelectorAll('.card.down').length < downs) {
        const up = src.querySelector('.card.up');
        if (up) turnUp(up);
      }
    } else {
      // A deal: one card to each column in turn, as a dealer's hand does.
      [...this.root.querySelectorAll('.column')].forEach((colEl, i) => {
        const top = colEl.querySelector('.card.up:last-of-type');
        if (top) flyFrom(top, from[0], i * 30);
      });
    }
  }

  html(v) {
    const keys = this.keys;
    const last = this.lastCards();
    const sel = this.sel;
    const deals = Math.floor(v.stock / 10);
    let h = '<div class="top">';
    const stockLabel = t('s.label.stock', { n: deals }) + (v.stock ? t('s.label.cards', { n: v.stock }) : '') + (keys && v.stock ? t('s.label.stockkey') : '');
    h += `<div class="pile stock${v.stock ? '' : ' empty'}${this.hint === 'D' ? ' hint' : ''}" data-pile="stock" role="button" tabindex="0" aria-label="${esc(stockLabel)}">`;
    for (let i = 0; i < Math.min(deals, 5); i++) h += `<div class="card down" style="--x:${i}"></div>`;
    h += (v.stock ? `<span class="count" data-n="${deals}"></span>` : '<span class="recycle">∅</span>') + this.badge('D') + '</div>' +
      `<div class="gap" aria-hidden="true"><span class="runcount">${v.completed}/${NUM_RUNS}</span></div>`;
    const suits = v.completed_suits || [];
    const runsLabel = t('s.text.runs', { n: v.completed, of: NUM_RUNS }) + (suits.length ? ` (${suits.map((s) => SUIT_NAME[s]).join(', ')})` : '');
    h += `<div class="runs" data-pile="runs" role="img" aria-label="${esc(runsLabel)}">`;
    for (let i = 0; i < NUM_RUNS; i++) {
      h += `<div class="pile done${i < v.completed ? ' full' : ''}">` + (i < v.completed ? cardHTML('K' + suits[i], 'run') : '') + '</div>';
    }
    h += '</div></div><div class="tableau">';
    const { maxCol, offUp: offUpMax } = this.layout();
    v.columns.forEach((col, c) => {
      const nUp = col.up.length;
      const offDown = col.down > 1 ? Math.min(OFF_DOWN, (maxCol - 1.4) / 3 / col.down) : OFF_DOWN;
      let offUp = offUpMax;
      if (nUp > 1) offUp = Math.max(0.14, Math.min(offUpMax, (maxCol - 1.4 - col.down * offDown) / (nUp - 1)));
      const run = runLength(col.up, this.groups());
      const selN = sel && sel.src === c ? (sel.n || run) : 0;
      h += this.columnHTML(c, col, {
        offDown,
        offUp,
        label: this.columnLabel(c, col) + (nUp > 1 ? t('s.label.run', { n: run }) : '') + (keys ? t('board.key', { key: keyOf(c) }) : ''),
        cls: `${selN ? ' selected' : ''}${last.cols.includes(c) ? ' lastpile' : ''}`,
        key: keyOf(c),
        upClass: (i) => (last.cols.includes(c) && i >= nUp - last.n ? 'last ' : '') + (selN && i >= nUp - selN ? 'sel ' : '') + (i >= nUp - run ? 'run' : ''),
      });
    });
    return h + '</div>';
  }

  markHint(m) {
    const p = parseSpiderMove(m);
    if (p.kind !== 'CC') return;
    [...this.root.querySelectorAll(`[data-pile="${p.from}"] .card.up`)].slice(-p.n).forEach((e) => e.classList.add('hint'));
    const dst = this.pileEl(p.to);
    if (dst) dst.classList.add('hintdest');
  }
}

/**
 * spiderPicture draws a Spider table in play: the stock, ten columns
 * with runs going down, in as many suits as profile p has (1 without one).
 */
function spiderPicture(p) {
  const suits = [[0], [0, 1], [0, 1, 2, 3]][Math.max(0, [1, 2, 4].indexOf((p && p.suits) || 1))];
  const w = 11.2;
  const gap = (pic.W - 10 - 10 * w) / 9;
  const x = (i) => 5 + i * (w + gap);
  let out = '';
  for (let j = 0; j < 4; j++) out += pic.back(x(0) + j * 2, 5, w);
  for (let i = 2; i < 10; i++) out += pic.slot(x(i), 5, w);
  const runs = [1, 3, 1, 2, 1, 4, 1, 2, 1, 3];
  for (let i = 0; i < 10; i++) {
    const down = i < 4 ? 4 : 3;
    for (let j = 0; j < down; j++) out += pic.back(x(i), 25 + j * 3, w);
    for (let j = 0; j < runs[i]; j++) out += pic.face(x(i), 25 + down * 3 + j * 6, w, suits[(i + j) % suits.length]);
  }
  return pic.svg(out);
}

/** spider is Spider for the pages: its entry in the registry of games.js. */
export const spider = {
  name: 'spider',
  title: t('s.title'),
  rankingRule: t('s.ranking'),
  picture: spiderPicture,
  Board: SpiderBoard,
  rules: (info) => spiderRules(info.profile, info.rules),
  view: (w) => ({ ...w, completed_suits: w.completed_suits || [] }),
  boardText: spiderBoardText,
  moveText: spiderMoveText,
  movedCard: () => '', // the board marks the last move by its columns
  newsText: completedText,
  stockText: (tok, before, after) => tok === 'D' || (tok !== 'undo' && tok !== 'redo' && before && before.stock !== after.stock)
    ? t('s.dealsleft', { n: Math.floor(after.stock / 10) }) : '',
  hintText: (m, v) => m === 'D' ? t('s.hint.D') : spiderMoveText(m, v),
  scoreText: () => '',
  winText: t('s.win'),
  counted: 'runs',
  lineText: spiderLineText,
  homeCard: () => '', // a run goes home by itself
  repeats: ['D'],
  progress(v) {
    const foundations = [0, 0, 0, 0];
    for (const s of v.completed_suits || []) foundations[SUITS.indexOf(s)] += 13;
    return { foundations, foundation: 13 * v.completed, completed: v.completed, turned_up: turnedUpCount(v), passes: 0 };
  },
  standingText: (s) => t('s.standing', { n: s.completed || 0, of: NUM_RUNS }),
  barsClass: ' runs8',
  bars: (p) => Array.from({ length: NUM_RUNS }, (_, i) => `<span><i style="width:${i < (p.completed || 0) ? 100 : 0}%"></i></span>`).join(''),
  countsShort: (p) => t('s.counts.short', { found: `<b class="found">${p.completed || 0}</b>`, of: NUM_RUNS }),
  counts: (p) => t('s.counts', { found: `<b class="found">${p.completed || 0}</b>`, of: NUM_RUNS, up: p.turned_up, actions: t('common.actions', { n: p.actions, count: num(p.actions) }) }),
  news: (name, r, said) => (r.completed || 0) > said ? [t('s.news', { name, n: r.completed }), r.completed] : null,
  raceKeys: t('s.keys.race'),
  practiceKeys: t('s.keys.practice'),
  scoring: false,
  ruleHints: true,
  statsHTML(state, deal, time) {
    const v = state.view;
    const r = state.rules;
    return `${deal} · <span>${t('s.stats.rules', { name: r.name, n: r.suits })}</span> · ` +
      `<span>${t('practice.actions')} <b id="p-actions">${v.actions}</b></span> · <span>${t('s.stats.runs')} <b id="p-runs">${v.completed}</b>/${NUM_RUNS}</span> · ` +
      `<span>${t('s.stats.deals')} <b id="p-deals">${Math.floor(v.stock / 10)}</b></span> · <span>${t('s.stats.up')} <b>${turnedUpCount(v)}</b></span> · ${time}`;

  },
  wonText: () => '',
};
