// Klondike in the page: its board (the stock, the waste, four foundations
// and seven columns, moves in the notation of docs/RULES.md: D, R, W-3, W-F,
// 3-F, 3-5x2, FH-3) and what the pages say about a Klondike game.
import { SUITS, SUIT_NAME, cardName, cardOf, cardShort, parseCard, parseMove, moveText, movedCard, ontoText, runText } from './cards.js';
import { legalMoves, whyIllegal, bestMove } from './rules.js';
import { Board, cardHTML, downHTML, flyFrom, turnUp, reducedMotion } from './board.js';
import { suitSVG } from './faces.js';
import { esc, touchScreen } from './util.js';
import * as pic from './picture.js';
import { t, num } from './i18n.js';

const OFF_DOWN = 0.14; // vertical offset of a face-down card, in card widths
const OFF_UP = 0.32; // of a face-up card
const MAX_COL = 5.4; // tallest column, in card widths, before offsets shrink
const FAST = 200; // ms: a render this soon after the last one does not animate


/** boardText describes view v as lines of text, for screen readers. */
export function boardText(v) {
  const lines = [];
  lines.push(t('k.text.stock', { n: v.stock }));
  lines.push(v.waste.length
    ? t('k.text.waste', { n: v.wasteSize, cards: v.waste.slice().reverse().map(cardName).join(t('board.then')) })
    : t('k.text.waste.empty'));
  lines.push(t('k.text.foundations', { list: SUITS.split('').map((s, i) =>
    v.foundations[i] ? cardName(cardOf(v.foundations[i], s)) : t('k.text.nofoundation', { suit: SUIT_NAME[s] })).join(', ') }));
  v.columns.forEach((c, i) => {
    const parts = [];
    if (c.down) parts.push(t('board.facedown', { n: c.down }));
    if (c.up.length) parts.push(c.up.map(cardName).join(', '));
    lines.push(t('board.text.column', { n: i + 1, cards: parts.length ? parts.join(t('board.then')) : t('board.empty') }));
  });
  return lines;
}

/**
 * lineText says move m of view v (the view before it) as an instruction,
 * for a line of moves: "Move 7♥ from column 3 onto 8♠ in column 5",
 * "Draw"; n > 1 says a draw n times in a row.
 */
export function lineText(m, v, n = 1) {
  const p = parseMove(m);
  if (!p) return m;
  const waste = v && v.waste.length ? cardShort(v.waste[v.waste.length - 1]) : t('move.wastecard');
  switch (p.kind) {
    case 'D': return t('an.do.draw', { n, count: num(n) });
    case 'R': return t('an.do.recycle');
    case 'WF': return t('an.do.home', { card: waste });
    case 'WC': return t('an.do.fromwaste', { card: waste, dest: ontoText(v, p.to) });
    case 'CF': return t('an.do.home', { card: runText(v, p.from) });
    case 'CC': return t('an.do.move', { cards: runText(v, p.from, p.n), from: p.from + 1, dest: ontoText(v, p.to) });
    case 'FC': return t('an.do.fromhome', { card: cardShort(cardOf(v ? v.foundations[SUITS.indexOf(p.suit)] : 1, p.suit)), dest: ontoText(v, p.to) });
  }
  return m;
}

/** homeCard is the card move m of view v puts on its foundation, or ''. */
export function homeCard(m, v) {
  const p = parseMove(m);
  return p && (p.kind === 'WF' || p.kind === 'CF') ? movedCard(m, v) : '';
}

/**
 * KlondikeBoard is the Klondike board (see Board for its options). Its
 * piles are "stock", "W" (the waste), "FC" … "FS" (the foundations) and
 * the columns "0" … "6"; a selection's src is 'W', a column index, 'F'
 * (a foundation, its suit to come) or 'F' and a suit.
 */
export class KlondikeBoard extends Board {
  constructor(root, opts = {}) {
    super(root, opts);
    root.addEventListener('dblclick', (e) => this.dblClick(e));
  }

  legalMoves(v, rules) {
    return legalMoves(v, rules);
  }

  whyIllegal(m) {
    return whyIllegal(m, this.view, this.rules);
  }

  parseMove(m) {
    return parseMove(m);
  }

  pileOf(m) {
    const p = parseMove(m);
    return p.kind === 'CC' || p.kind === 'CF' ? String(p.from) : p.kind[0] === 'W' ? 'W' : p.kind === 'D' || p.kind === 'R' ? 'stock' : 'F';
  }

  selectionValid() {
    const s = this.sel.src;
    const v = this.view;
    if (s === 'W') return v.waste.length > 0;
    if (typeof s === 'number') return v.columns[s].up.length > 0;
    return true;
  }

  // ---- moves from a source to a destination ----

  /** moveTo builds the move of the current selection to dest ('F' or a column index). */
  moveTo(src, dest, n) {
    const v = this.view;
    if (src === 'W') return dest === 'F' ? 'W-F' : `W-${dest + 1}`;
    if (typeof src === 'number') {
      if (dest === 'F') return `${src + 1}-F`;
      if (n) return n === 1 ? `${src + 1}-${dest + 1}` : `${src + 1}-${dest + 1}x${n}`;
      // The one n that works, if any; else the one to explain.
      const found = this.legal.find((m) => { const p = parseMove(m); return p.kind === 'CC' && p.from === src && p.to === dest; });
      if (found) return found;
      const up = v.columns[src].up;
      const dst = v.columns[dest];
      let k = up.length;
      if (dst.up.length) {
        const t = parseCard(dst.up[dst.up.length - 1]);
        const i = up.findIndex((c) => parseCard(c).rank === t.rank - 1);
        if (i >= 0) k = up.length - i;
      }
      k = Math.max(k, 1);
      return k === 1 ? `${src + 1}-${dest + 1}` : `${src + 1}-${dest + 1}x${k}`;
    }
    if (typeof src === 'string' && src[0] === 'F' && src.length === 2 && dest !== 'F') return `${src}-${dest + 1}`;
    return null;
  }

  /** best sends a source to its best destination, or selects it when it has none. */
  best(src, n) {
    const v = this.view;
    let m = null;
    if (typeof src === 'number' && !n) {
      const up = v.columns[src].up.length;
      m = bestMove(src, 1, this.legal, v);
      if (!m || parseMove(m).kind !== 'CF') {
        for (let k = up; k >= 1 && !m; k--) m = bestMove(src, k, this.legal, v);
      }
    } else {
      m = bestMove(src, n || 1, this.legal, v);
    }
    if (m) { this.play(m); return; }
    this.sel = { src, n };
    const what = src === 'W' ? cardName(v.waste[v.waste.length - 1])
      : typeof src === 'number' ? (n ? cardName(v.columns[src].up[v.columns[src].up.length - n]) : t('board.column', { n: src + 1 })) : t('k.thatcard');
    this.message(t(touchScreen() ? 'k.nomove.touch' : 'k.nomove', { what }), 'info');
    this.render();
  }

  /** useStock draws, or turns the waste over. */
  useStock() {
    if (this.legal.includes('D')) return this.play('D');
    if (this.legal.includes('R')) return this.play('R');
    this.play(this.view.stock > 0 ? 'D' : 'R');
  }

  /** pickFoundation selects the top card of suit's foundation, to move it to a column. */
  pickFoundation(suit) {
    const v = this.view;
    this.sel = { src: 'F' + suit };
    this.message(t('k.picked.foundation', { card: cardName(cardOf(v.foundations[SUITS.indexOf(suit)], suit)) }));
    this.render();
  }

  onPile(pile, n) {
    const v = this.view;
    const dest = pile === 'F' || pile.startsWith('F') ? 'F' : pile === 'W' ? 'W' : +pile;
    if (this.sel) {
      const src = this.sel.src;
      if (src === dest || (dest === 'F' && typeof src === 'string' && src[0] === 'F')) { const n0 = this.sel.n; this.sel = null; return this.best(src, n0); }
      if (dest === 'W') { this.sel = null; this.render(); return; }
      const m = this.moveTo(src, dest, this.sel.n);
      if (m) return this.play(m);
      this.sel = null;
      this.render();
      return;
    }
    if (dest === 'W') { if (v.waste.length) this.best('W', 1); return; }
    if (dest === 'F') {
      const suit = pile.length === 2 ? pile[1] : null;
      if (suit && this.rules && this.rules.foundationToColumn && v.foundations[SUITS.indexOf(suit)]) this.pickFoundation(suit);
      return;
    }
    if (v.columns[dest].up.length) this.best(dest, n);
  }

  key(k) {
    const v = this.view;
    if (this.sel && this.sel.src === 'F' && SUITS.includes(k)) {
      if (!v.foundations[SUITS.indexOf(k)]) { this.sel = null; this.message(t('k.foundation.empty'), 'error'); this.render(); return true; }
      this.pickFoundation(k);
      return true;
    }
    if (k === 'W') {
      if (this.sel && this.sel.src === 'W') { this.sel = null; this.best('W', 1); return true; }
      if (!v.waste.length) { this.message(t('k.waste.empty'), 'error'); return true; }
      this.sel = { src: 'W' };
      this.message(t('k.picked.waste', { card: cardName(v.waste[v.waste.length - 1]) }));
      this.render();
      return true;
    }
    if (k >= '1' && k <= '7') {
      const c = +k - 1;
      if (this.sel) {
        if (this.sel.src === c) { this.sel = null; this.best(c); return true; }
        const m = this.moveTo(this.sel.src, c, this.sel.n);
        if (m) this.play(m);
        return true;
      }
      if (!v.columns[c].up.length) { this.message(t('board.column.empty', { n: c + 1 }), 'error'); return true; }
      this.sel = { src: c };
      const up = v.columns[c].up;
      this.message(t('k.picked.column', { n: c + 1, key: k, card: cardName(up[up.length - 1]) }));
      this.render();
      return true;
    }
    if (k === 'F') {
      if (this.sel) {
        const m = this.moveTo(this.sel.src, 'F');
        if (m) this.play(m); else { this.sel = null; this.render(); }
        return true;
      }
      if (this.rules && this.rules.foundationToColumn) {
        this.sel = { src: 'F' };
        this.message(t('k.picked.F'));
        this.render();
        return true;
      }
    }
    return false;
  }

  // ---- pointer input ----

  dragSource(h) {
    if (!h.cardEl || !h.cardEl.classList.contains('up')) return null;
    if (/^\d$/.test(h.pile)) return { src: +h.pile, els: [...h.pileEl.querySelectorAll('.card.up')].slice(-h.n) };
    if (h.pile === 'W' && h.cardEl === h.pileEl.querySelector('.card.up:last-of-type')) return { src: 'W', els: [h.cardEl] };
    if (h.pile.startsWith('F') && this.rules && this.rules.foundationToColumn) return { src: h.pile, els: [h.cardEl] };
    return null;
  }

  drop(d, h) {
    if (h.pile === 'stock' || h.pile === 'W') return;
    const dest = h.pile.startsWith('F') ? 'F' : +h.pile;
    if (dest === d.src || (dest === 'F' && typeof d.src === 'string' && d.src[0] === 'F')) return;
    const m = this.moveTo(d.src, dest, typeof d.src === 'number' ? d.n : null);
    if (m) this.play(m);
  }

  tap(h) {
    if (this.sel && h.pile !== 'stock') return this.activatePile(h.pile, null);
    if (h.pile === 'W') {
      if (h.cardEl && h.cardEl === h.pileEl.querySelector('.card.up:last-of-type')) this.best('W', 1);
      return;
    }
    if (/^\d$/.test(h.pile) && !h.n) return; // a face-down card or an empty column
    this.activatePile(h.pile, h.n);
  }

  /** dblClick sends the card clicked to its foundation, unless a move was just played. */
  dblClick(e) {
    if (!this.interactive || Date.now() - (this.playedAt || 0) < 600) return;
    const h = this.hit(e.target);
    if (!h || !h.cardEl) return;
    const m = h.pile === 'W' ? 'W-F' : /^\d$/.test(h.pile) && h.n === 1 ? `${+h.pile + 1}-F` : null;
    if (m && this.legal.includes(m)) this.play(m);
  }

  // ---- rendering ----

  /** lastCards says which cards the last move put down, to mark them: {pile, n}. */
  lastCards() {
    const p = this.last && parseMove(this.last);
    const v = this.view;
    if (!p) return { pile: null, n: 0 };
    switch (p.kind) {
      case 'D': return { pile: 'W', n: Math.min(v.waste.length, this.rules && this.rules.draw || 1) };
      case 'WC': case 'FC': return { pile: String(p.to), n: 1 };
      case 'CC': return { pile: String(p.to), n: p.n };
      case 'WF': case 'CF': return { pile: 'F', n: 1 };
      default: return { pile: 'stock', n: 0 };
    }
  }

  /** lastFoundationSuit is the suit of the foundation the last move played to, or null. */
  lastFoundationSuit() {
    const p = parseMove(this.last);
    const v = this.view;
    if (!p) return null;
    // The foundation that grew: the card moved is now its top.
    for (let i = 0; i < 4; i++) {
      const s = SUITS[i];
      if (!v.foundations[i]) continue;
      const code = cardOf(v.foundations[i], s);
      if ((p.kind === 'WF' || p.kind === 'CF') && this.lastCard === code) return s;
    }
    return null;
  }

  /**
   * measure notes where every card is, to fly each from there. Fast play
   * (a render within FAST ms of the last) shows positions at once:
   * animations never lag behind input.
   */
  measure() {
    const now = performance.now();
    const animate = this.root.isConnected && !reducedMotion() && now - (this.renderedAt || -1e9) > FAST;
    this.renderedAt = now;
    if (!animate) return null;
    const before = new Map();
    for (const el of this.root.querySelectorAll('[data-card]')) before.set(el.dataset.card, el.getBoundingClientRect());
    const stock = this.pileEl('stock');
    return { before, stockRect: stock ? stock.getBoundingClientRect() : null };
  }

  animate({ before, stockRect }) {
    let drawn = 0; // cards drawn from the stock, dealt one after the other
    for (const el of this.root.querySelectorAll('[data-card]')) {
      if (el.classList.contains('under')) continue;
      const b = before.get(el.dataset.card);
      if (b) flyFrom(el, b);
      else if (el.closest('[data-pile="W"]')) flyFrom(el, stockRect, 40 * drawn++);
      else if (el.closest('.column')) turnUp(el);
    }
  }

  html(v) {
    const keys = this.keys;
    const last = this.lastCards();
    const sel = this.sel;
    const selCls = (src) => sel && sel.src === src ? ' selected' : '';
    let h = '<div class="top">';
    const stockLabel = t('k.label.stock', { n: v.stock }) + (v.stock ? '' : v.wasteSize && v.passesLeft !== 0 ? t('k.label.recycle') : t('k.label.empty')) + (keys ? t('k.label.stockkey') : '');
    h += `<div class="pile stock${v.stock ? '' : ' empty'}${last.pile === 'stock' ? ' lastpile' : ''}" data-pile="stock" role="button" tabindex="0" aria-label="${esc(stockLabel)}">` +
      (v.stock ? downHTML('') + `<span class="count" data-n="${v.stock}"></span>` : `<span class="recycle">${v.wasteSize && v.passesLeft !== 0 ? '↻' : '∅'}</span>`) + this.badge('D') + '</div>';
    const wl = v.waste.length;
    h += `<div class="pile waste${selCls('W')}" data-pile="W" role="button" tabindex="0" aria-label="${esc(wl ? t('k.label.waste', { n: v.wasteSize, card: cardName(v.waste[wl - 1]) }) : t('k.label.waste.empty'))}${keys ? esc(t('board.key', { key: 'W' })) : ''}">`;
    v.waste.forEach((c, i) => {
      const cls = (last.pile === 'W' && i >= wl - last.n ? 'last ' : '') + (sel && sel.src === 'W' && i === wl - 1 ? 'sel' : '');
      h += cardHTML(c, cls, `--x:${i}`);
    });
    h += (v.wasteSize > wl ? `<span class="count" data-n="${v.wasteSize}"></span>` : '') + this.badge('W') + '</div><div class="gap"></div>';
    SUITS.split('').forEach((s, i) => {
      const f = v.foundations[i];
      const label = f ? t('k.label.foundation', { suit: SUIT_NAME[s], card: cardName(cardOf(f, s)) }) : t('k.label.foundation.empty', { suit: SUIT_NAME[s] });
      h += `<div class="pile foundation${selCls('F' + s)}" data-pile="F${s}" role="button" tabindex="0" aria-label="${esc(label)}${keys ? esc(t('board.key', { key: 'F' })) : ''}">` +
        suitSVG(s) +
        (f > 1 ? cardHTML(cardOf(f - 1, s), 'under') : '') +
        (f ? cardHTML(cardOf(f, s), last.pile === 'F' && this.lastFoundationSuit() === s ? 'last' : '') : '') +
        (i === 0 ? this.badge('F', 'span4') : '') + '</div>';
    });
    h += '</div><div class="tableau">';
    v.columns.forEach((col, c) => {
      const nUp = col.up.length;
      let offUp = OFF_UP;
      if (nUp > 1) offUp = Math.max(0.12, Math.min(OFF_UP, (MAX_COL - 1.4 - col.down * OFF_DOWN) / (nUp - 1)));
      h += this.columnHTML(c, col, {
        offDown: OFF_DOWN,
        offUp,
        label: this.columnLabel(c, col) + (keys ? t('board.key', { key: c + 1 }) : ''),
        cls: `${selCls(c)}${last.pile === String(c) ? ' lastpile' : ''}`,
        key: c + 1,
        upClass: (i) => (last.pile === String(c) && i >= nUp - last.n ? 'last ' : '') + (sel && sel.src === c && (!sel.n || i >= nUp - sel.n) ? 'sel' : ''),
      });
    });
    return h + '</div>';
  }

  markHint(m) {
    const hc = movedCard(m, this.view);
    const el = hc ? this.root.querySelector(`[data-card="${hc}"]`) : this.pileEl('stock');
    if (el) el.classList.add('hint');
    const p = parseMove(m);
    if (p.kind === 'CC' && hc) {
      const ups = [...this.root.querySelectorAll(`[data-pile="${p.from}"] .card.up`)];
      ups.slice(ups.length - p.n).forEach((e) => e.classList.add('hint'));
    }
  }
}

/** klondikePicture draws a Klondike table at the deal: stock, waste, four foundations, seven columns. */
function klondikePicture() {
  const w = 15;
  const gap = (pic.W - 10 - 7 * w) / 6;
  const x = (i) => 5 + i * (w + gap);
  let out = pic.back(x(0), 5, w) + pic.face(x(1), 5, w, 2);
  for (let i = 3; i < 7; i++) out += pic.slot(x(i), 5, w);
  for (let i = 0; i < 7; i++) {
    for (let j = 0; j < i; j++) out += pic.back(x(i), 31 + j * 3.5, w);
    out += pic.face(x(i), 31 + i * 3.5, w, (i * 3) % 4);
  }
  return pic.svg(out);
}

/** klondike is Klondike for the pages: its entry in the registry of games.js. */
export const klondike = {
  name: 'klondike',
  title: t('k.title'),
  rankingRule: t('k.ranking'),
  picture: klondikePicture,
  Board: KlondikeBoard,
  /** rules reads what the board needs from a RaceInfo's rules text. */
  rules(info) {
    const text = info.rules || '';
    const d = /draw (\d)/.exec(text);
    const sc = /scoring (\w+)/.exec(text);
    return { name: info.profile, draw: d ? +d[1] : 3, foundationToColumn: /foundation to column allowed/.test(text),
      scoring: sc ? sc[1] : 'none', text };
  },
  /** view turns the hub's view (snake_case) into the board's. */
  view(w) {
    return {
      columns: w.columns, stock: w.stock, waste: w.waste || [], wasteSize: w.waste_size,
      foundations: w.foundations, passesUsed: w.passes_used, passesLeft: w.passes_left,
      actions: w.actions, won: w.won, score: w.score ?? 0,
    };
  },
  boardText,
  moveText,
  movedCard,
  newsText: () => '',
  stockText: (tok, before, after) => tok === 'D' && after.waste.length ? t('k.ontop', { card: cardName(after.waste[after.waste.length - 1]) }) : '',
  hintText: (m, v) => (m === 'D' ? t('k.hint.D') : m === 'R' ? t('k.hint.R') : moveText(m, v)),
  /** scoreText is the race's score line of a profile that keeps a score, or ''. */
  scoreText: (v, r) => (r.scoring && r.scoring !== 'none' ? t('k.score', { score: v.score, scoring: t('practice.score.' + r.scoring) }) : ''),
  winText: t('k.win'),
  counted: 'cards',
  lineText,
  homeCard,
  repeats: ['D'],
  progress(v) {
    return {
      foundations: v.foundations, foundation: v.foundations.reduce((x, y) => x + y, 0),
      turned_up: 21 - v.columns.reduce((x, c) => x + c.down, 0), passes: v.passesUsed,
    };
  },
  standingText: (s) => `${s.foundation}/52`,
  barsClass: '',
  bars: (p) => p.foundations.map((n, i) => `<span title="${SUIT_NAME[SUITS[i]]}: ${n}"><i style="width:${(n / 13 * 100).toFixed(1)}%"></i></span>`).join(''),
  countsShort: (p) => t('k.counts.short', { found: `<b class="found">${p.foundation}</b>` }),
  counts: (p) => t('k.counts', { found: `<b class="found">${p.foundation}</b>`, up: p.turned_up, actions: t('common.actions', { n: p.actions, count: num(p.actions) }), pass: p.passes }),
  news: (name, r, said) => Math.floor(r.foundation / 5) > Math.floor(said / 5) ? [t('k.news', { name, n: r.foundation }), r.foundation] : null,
  raceKeys: t('k.keys.race'),
  practiceKeys: t('k.keys.practice'),
  scoring: true,
  ruleHints: false,
  statsHTML(state, deal, time) {
    const v = state.view;
    const r = state.rules;
    const passes = v.passesLeft < 0 ? t('k.pass', { n: v.passesUsed }) : t('k.pass.of', { n: v.passesUsed, of: v.passesUsed + v.passesLeft });
    const score = r.scoring === 'none' ? '' : ` · <span>${t('practice.score')} <b id="p-score">${v.score}</b> (${t('practice.score.' + r.scoring)})</span>`;
    return `${deal} · <span>${t('k.stats.rules', { name: r.name, draw: r.draw })}</span> · ` +
      `<span>${t('practice.actions')} <b id="p-actions">${v.actions}</b></span>${score} · <span>${passes}</span> · ${time}` +
      `<span class="sr-only">${t('k.stats.found', { n: v.foundations.reduce((a, b) => a + b, 0) })}</span>`;
  },
  wonText: (state) => state.rules.scoring !== 'none' ? t('k.won.score', { score: state.view.score }) : '',

};
