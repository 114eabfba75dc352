// FreeCell in the page: its board (free cells and four foundations above
// eight columns, every card face up; moves in FreeCell notation: 3-5,
// 3-5x4, 3-a, a-5, 3-F, a-F) and what the pages say about a FreeCell game.
import { SUITS, SUIT_NAME, cardName, cardOf } from './cards.js';
import { Board, cardHTML, flyFrom, reducedMotion } from './board.js';
import { suitSVG } from './faces.js';
import {
  CELLS, freecellRules, parseFreecellMove, fcMove, fits, runLength, supermove, freecellLegal, whyFreecellIllegal,
  freecellBest, freecellMoveText, freecellMovedCard, freecellBoardText, freecellLineText, freecellHomeCard, home,
} from './freecell-rules.js';
import { esc, touchScreen } from './util.js';
import * as pic from './picture.js';
import { t, num } from './i18n.js';

const OFF_UP = 0.3; // vertical offset of a card in a column, in card widths
const FAST = 200; // ms: a render this soon after the last one does not animate

/**
 * STYLE is the FreeCell board's own look, beside style.css's for every
 * board: eight columns, and the free cells.
 */
const STYLE = `
.board.freecell {
  --gap: clamp(2px, 1cqw, 11px);
  --cw: calc((100cqw - 7 * var(--gap)) / 8);
  max-width: min(100%, 900px, calc((100dvh - 4.5rem) * 1.1));
}
.board.freecell .top, .board.freecell .tableau { grid-template-columns: repeat(8, var(--cw)); }
.board.freecell .cell { box-shadow: inset 0 0 0 2px var(--felt-line); cursor: pointer; }
.board.freecell .cell .card { top: 0; left: 0; }
.board.freecell .cellname {
  position: absolute; inset: 0; display: grid; place-items: center;
  color: var(--felt-line); font: 650 calc(var(--cw) * .32)/1 var(--font);
}
.board.freecell .key.span4 { left: calc(var(--cw) * 2 + var(--gap) * 1.5); }
.board.freecell .column .card.up:not(.run) { cursor: default; }
.board.freecell .pile.hintdest::before, .board.freecell .cell.hintdest { box-shadow: inset 0 0 0 3px var(--hint); }
.board.freecell .column.selected::before { box-shadow: inset 0 0 0 3px var(--sel); }
.board.freecell .cell.selected { outline: none; }
`;

let sheet = null;

/** ensureStyle adds STYLE to the page once, with the CSSOM (as faces.js adds the faces). */
function ensureStyle() {
  if (sheet) return;
  sheet = new CSSStyleSheet();
  sheet.replaceSync(STYLE);
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
}

/** placeOf reads a pile's name: a column's index, a cell's letter, or 'F' for a foundation. */
const placeOf = (pile) => (/^\d$/.test(pile) ? +pile : pile[0] === 'F' ? 'F' : pile);

/** pileName is the data-pile of a column's index or a cell's letter. */
const pileName = (p) => String(p);

/**
 * FreeCellBoard is the FreeCell board (see Board for its options). Its
 * piles are the free cells "a" … "d", the foundations "FC" … "FS" and
 * the columns "0" … "7"; a selection is {src: a column's index or a
 * cell's letter, n: cards, or null for the board's choice}. Enter or
 * Space on a focused pile activates it.
 */
export class FreeCellBoard extends Board {
  constructor(root, opts = {}) {
    super(root, opts, { className: 'freecell', label: t('fc.board.yours'), pileKeys: ['Enter', ' '] });
    ensureStyle();
    root.addEventListener('dblclick', (e) => this.dblClick(e));
    // Offsets depend on the size: lay out again after a resize or a turn.
    this.relayoutOnResize();
  }

  legalMoves(v) {
    return freecellLegal(v);
  }

  whyIllegal(m) {
    return whyFreecellIllegal(m, this.view);
  }

  parseMove(m) {
    return parseFreecellMove(m);
  }

  pileOf(m) {
    const p = parseFreecellMove(m);
    return pileName(p.from);
  }

  selectionValid() {
    const s = this.sel.src;
    if (typeof s === 'string') return !!this.view.cells[CELLS.indexOf(s)];
    const up = this.view.columns[s].up;
    return up.length > 0 && !(this.sel.n && this.sel.n > runLength(up));
  }

  // ---- moves ----

  /** moveTo builds the move of n cards (null: the most that fit) from src to dest. */
  moveTo(src, dest, n) {
    const v = this.view;
    if (dest === 'F' || typeof src === 'string') return fcMove(src, dest);
    if (typeof dest === 'string') return fcMove(src, dest);
    if (n) return fcMove(src, dest, n);
    let best = null;
    let bestN = 0;
    for (const m of this.legal) {
      const p = parseFreecellMove(m);
      if (p.from === src && p.to === dest && p.n > bestN) { best = m; bestN = p.n; }
    }
    if (best) return best;
    // Nothing fits: the move to explain, of the cards that would fit.
    const up = v.columns[src].up;
    const dst = v.columns[dest].up;
    let k = runLength(up);
    if (dst.length) {
      const i = up.findIndex((c) => fits(c, dst[dst.length - 1]));
      if (i >= 0) k = Math.min(13, up.length - i);
    }
    return fcMove(src, dest, Math.max(1, k));
  }

  /** best sends n cards of src (null: the board's choice) to their best place, or selects them. */
  best(src, n) {
    const m = freecellBest(src, n, this.legal, this.view);
    if (m) { this.play(m); return; }
    this.sel = { src, n: n || null };
    const up = typeof src === 'number' ? this.view.columns[src].up : [];
    const what = typeof src === 'string' ? cardName(this.view.cells[CELLS.indexOf(src)])
      : n > 1 ? t('s.cardsdown', { n, card: cardName(up[up.length - n]) }) : cardName(up[up.length - 1]);
    this.message(t(touchScreen() ? 'fc.nomove.touch' : 'fc.nomove', { what }), 'info');
    this.render();
  }

  /** useStock: FreeCell has no stock. */
  useStock() {}

  onPile(pile, n) {
    const v = this.view;
    const dest = placeOf(pile);
    if (this.sel) {
      const s = this.sel;
      if (s.src === dest) { this.sel = null; return this.best(dest, n || s.n); }
      return this.play(this.moveTo(s.src, dest, typeof s.src === 'number' ? s.n : null));
    }
    if (dest === 'F') return;
    if (typeof dest === 'string') { if (v.cells[CELLS.indexOf(dest)]) this.best(dest, 1); return; }
    const up = v.columns[dest].up;
    if (!up.length) return;
    if (n && n > runLength(up)) {
      this.message(t('fc.notrun', { card: cardName(up[up.length - n]) }), 'error');
      this.flash(fcMove(dest, (dest + 1) % 8, n));
      return;
    }
    this.best(dest, n);
  }

  key(k) {
    const v = this.view;
    if (k >= '1' && k <= '8') {
      const c = +k - 1;
      if (this.sel) {
        const s = this.sel;
        this.sel = null;
        if (s.src === c) this.best(c, s.n);
        else this.play(this.moveTo(s.src, c, typeof s.src === 'number' ? s.n : null));
        return true;
      }
      if (!v.columns[c].up.length) { this.message(t('board.column.empty', { n: c + 1 }), 'error'); return true; }
      this.sel = { src: c, n: null };
      this.message(t('fc.picked.column', { n: c + 1, run: runLength(v.columns[c].up), key: k }));
      this.render();
      return true;
    }
    if (k === 'F' && this.sel) {
      const s = this.sel;
      this.sel = null;
      this.play(fcMove(s.src, 'F'));
      return true;
    }
    if (k === 'C') {
      const free = v.cells.indexOf('');
      if (this.sel && typeof this.sel.src === 'number') {
        const s = this.sel;
        this.sel = null;
        this.play(fcMove(s.src, CELLS[free < 0 ? 0 : free]));
        return true;
      }
      // Pick a free cell's card, the next one at each press.
      const from = this.sel ? CELLS.indexOf(this.sel.src) + 1 : 0;
      for (let i = 0; i < v.cells.length; i++) {
        const j = (from + i) % v.cells.length;
        if (!v.cells[j]) continue;
        this.sel = { src: CELLS[j], n: 1 };
        this.message(t('fc.picked.cell', { cell: CELLS[j], card: cardName(v.cells[j]) }));
        this.render();
        return true;
      }
      this.message(t('fc.cells.empty'), 'error');
      return true;
    }
    if ((k === 'ArrowUp' || k === 'ArrowDown') && this.sel && typeof this.sel.src === 'number') {
      const up = v.columns[this.sel.src].up;
      const run = runLength(up);
      const n = this.sel.n || 1;
      this.sel.n = Math.max(1, Math.min(run, n + (k === 'ArrowUp' ? 1 : -1)));
      this.message(t('s.picked.n', { n: this.sel.n, card: cardName(up[up.length - this.sel.n]) }));
      this.render();
      return true;
    }
    return false;
  }

  // ---- pointer input ----

  dragSource(h) {
    if (/^\d$/.test(h.pile)) {
      if (!h.n || h.n > runLength(this.view.columns[+h.pile].up)) return null;
      return { src: +h.pile, els: [...h.pileEl.querySelectorAll('.card.up')].slice(-h.n) };
    }
    if (CELLS.includes(h.pile) && h.cardEl) return { src: h.pile, els: [h.cardEl] };
    return null;
  }

  drop(d, h) {
    const dest = placeOf(h.pile);
    if (dest === d.src) return;
    this.sel = null;
    this.play(this.moveTo(d.src, dest, typeof d.src === 'number' ? d.n : null));
  }

  tap(h) {
    if (this.sel) return this.activatePile(h.pile, h.n);
    if (/^\d$/.test(h.pile) ? h.n : h.cardEl && CELLS.includes(h.pile)) this.activatePile(h.pile, h.n);
  }

  /** dblClick sends the card clicked to its foundation, unless a move was just played. */
  dblClick(e) {
    if (!this.interactive || Date.now() - (this.playedAt || 0) < 600) return;
    const h = this.hit(e.target);
    if (!h || !h.cardEl) return;
    const m = CELLS.includes(h.pile) ? fcMove(h.pile, 'F') : /^\d$/.test(h.pile) && h.n === 1 ? fcMove(+h.pile, 'F') : null;
    if (m && this.legal.includes(m)) this.play(m);
  }

  // ---- rendering ----

  /** lastCards says where the last move put its cards: {pile, n}. */
  lastCards() {
    const p = parseFreecellMove(this.last);
    if (!p) return { pile: null, n: 0 };
    if (p.to === 'F') return { pile: this.lastCard ? 'F' + this.lastCard[1] : null, n: 1 };
    return { pile: p.to, n: p.n };
  }

  /** layout is the offset of a card in a column: smaller as the tallest column grows. */
  layout(v) {
    const cw = (this.root.clientWidth || 600) / 8.9;
    const maxCol = Math.max(5.5, Math.min(14, (window.innerHeight - 140) / cw - 2.4));
    const tallest = Math.max(...v.columns.map((c) => c.up.length));
    const offUp = cw < 48 ? 0.42 : OFF_UP;
    return tallest > 1 ? Math.max(0.16, Math.min(offUp, (maxCol - 1.4) / (tallest - 1))) : offUp;
  }

  /** measure notes where every card is, to fly each from there (not in fast play). */
  measure() {
    const now = performance.now();
    const animate = this.root.isConnected && !reducedMotion() && now - (this.renderedAt || -1e9) > FAST;
    this.renderedAt = now;
    if (!animate) return null;
    const before = new Map();
    for (const el of this.root.querySelectorAll('[data-card]')) before.set(el.dataset.card, el.getBoundingClientRect());
    return before;
  }

  animate(before) {
    for (const el of this.root.querySelectorAll('[data-card]')) {
      if (el.classList.contains('under')) continue;
      const b = before.get(el.dataset.card);
      if (b) flyFrom(el, b);
    }
  }

  html(v) {
    const keys = this.keys;
    const last = this.lastCards();
    const sel = this.sel;
    let h = '<div class="top">';
    v.cells.forEach((card, i) => {
      const x = CELLS[i];
      const label = (card ? t('fc.label.cell', { cell: x, card: cardName(card) }) : t('fc.label.cell.empty', { cell: x })) + (keys ? t('board.key', { key: 'C' }) : '');
      const cls = (sel && sel.src === x ? ' selected' : '') + (last.pile === x ? ' lastpile' : '');
      h += `<div class="pile cell${cls}" data-pile="${x}" role="button" tabindex="0" aria-label="${esc(label)}">` +
        (card ? cardHTML(card, (last.pile === x ? 'last ' : '') + (sel && sel.src === x ? 'sel' : '')) : `<span class="cellname" aria-hidden="true">${x}</span>`) +
        (i === 0 ? this.badge('C') : '') + '</div>';
    });
    for (let i = v.cells.length; i < 4; i++) h += '<div class="gap"></div>';
    SUITS.split('').forEach((s, i) => {
      const f = v.foundations[i];
      const label = f ? t('k.label.foundation', { suit: SUIT_NAME[s], card: cardName(cardOf(f, s)) }) : t('k.label.foundation.empty', { suit: SUIT_NAME[s] });
      h += `<div class="pile foundation${last.pile === 'F' + s ? ' lastpile' : ''}" data-pile="F${s}" role="button" tabindex="0" aria-label="${esc(label)}${keys ? esc(t('board.key', { key: 'F' })) : ''}">` +
        suitSVG(s) +
        (f > 1 ? cardHTML(cardOf(f - 1, s), 'under') : '') +
        (f ? cardHTML(cardOf(f, s), last.pile === 'F' + s ? 'last' : '') : '') +
        (i === 0 ? this.badge('F', 'span4') : '') + '</div>';
    });
    h += '</div><div class="tableau">';
    const offUp = this.layout(v);
    v.columns.forEach((col, c) => {
      const nUp = col.up.length;
      const run = runLength(col.up);
      const selN = sel && sel.src === c ? (sel.n || 1) : 0;
      const lastN = last.pile === c ? last.n : 0;
      h += this.columnHTML(c, col, {
        offDown: 0,
        offUp,
        label: this.columnLabel(c, col) + (nUp > 1 ? t('s.label.run', { n: run }) : '') + (keys ? t('board.key', { key: c + 1 }) : ''),
        cls: `${selN ? ' selected' : ''}${lastN ? ' lastpile' : ''}`,
        key: c + 1,
        upClass: (i) => (i >= nUp - lastN ? 'last ' : '') + (i >= nUp - selN ? 'sel ' : '') + (i >= nUp - run ? 'run' : ''),
      });
    });
    return h + '</div>';
  }

  markHint(m) {
    const p = parseFreecellMove(m);
    if (!p) return;
    if (typeof p.from === 'number') {
      [...this.root.querySelectorAll(`[data-pile="${p.from}"] .card.up`)].slice(-p.n).forEach((e) => e.classList.add('hint'));
    } else {
      const el = this.root.querySelector(`[data-pile="${pileName(p.from)}"] .card`);
      if (el) el.classList.add('hint');
    }
    const dst = p.to === 'F' ? null : this.pileEl(pileName(p.to));
    if (dst) dst.classList.add('hintdest');
  }
}

/** freecellPicture draws a FreeCell table at the deal: four free cells, four foundations, eight columns of face-up cards. */
function freecellPicture() {
  const w = 13;
  const gap = (pic.W - 10 - 8 * w) / 7;
  const x = (i) => 5 + i * (w + gap);
  let out = '';
  for (let i = 0; i < 8; i++) out += pic.slot(x(i), 5, w);
  for (let i = 0; i < 8; i++) {
    const n = i < 4 ? 5 : 4;
    for (let j = 0; j < n; j++) out += pic.face(x(i), 30 + j * 6, w, (i + j * 3) % 4);
  }
  return pic.svg(out);
}

/** freecell is FreeCell for the pages: its entry in the registry of games.js. */
export const freecell = {
  name: 'freecell',
  title: t('fc.title'),
  rankingRule: t('fc.ranking'),
  picture: freecellPicture,
  Board: FreeCellBoard,
  rules: (info) => freecellRules(info.profile, info.rules),
  /** view turns the hub's view (cascades of cards) into the board's (columns, as every board has). */
  view: (w) => ({
    columns: (w.cascades || []).map((up) => ({ down: 0, up: up || [] })), cells: w.cells || [],
    foundations: w.foundations || [0, 0, 0, 0], actions: w.actions, won: w.won,
  }),
  boardText: freecellBoardText,
  moveText: freecellMoveText,
  movedCard: freecellMovedCard,
  newsText: () => '',
  stockText: () => '',
  hintText: freecellMoveText,
  lineText: freecellLineText,
  homeCard: freecellHomeCard,
  repeats: [],
  scoreText: () => '',
  winText: t('fc.win'),
  counted: 'cards',
  faceUp: true,
  progress: (v) => ({ foundations: v.foundations, foundation: home(v), turned_up: 0 }),
  standingText: (s) => `${s.foundation}/52`,
  barsClass: '',
  bars: (p) => p.foundations.map((n, i) => `<span title="${SUIT_NAME[SUITS[i]]}: ${n}"><i style="width:${(n / 13 * 100).toFixed(1)}%"></i></span>`).join(''),
  countsShort: (p) => t('fc.counts.short', { found: `<b class="found">${p.foundation}</b>` }),
  counts: (p) => t('fc.counts', { found: `<b class="found">${p.foundation}</b>`, actions: t('common.actions', { n: p.actions, count: num(p.actions) }) }),
  news: (name, r, said) => Math.floor(r.foundation / 5) > Math.floor(said / 5) ? [t('k.news', { name, n: r.foundation }), r.foundation] : null,
  raceKeys: t('fc.keys.race'),
  practiceKeys: t('fc.keys.practice'),
  scoring: false,
  ruleHints: true,
  statsHTML(state, deal, time) {
    const v = state.view;
    return `${deal} · <span>${t('fc.stats.rules', { name: state.rules.name, n: v.cells.length })}</span> · ` +
      `<span>${t('practice.actions')} <b id="p-actions">${v.actions}</b></span> · <span>${t('fc.stats.home')} <b id="p-home">${home(v)}</b>/52</span> · ` +
      `<span>${t('fc.stats.free')} <b>${v.cells.filter((c) => !c).length}</b> · ${t('fc.stats.most', { n: Math.min(13, supermove(v, false)) })}</span> · ${time}`;
  },
  wonText: () => '',
};
