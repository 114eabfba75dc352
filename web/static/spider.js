// The Spider board: renders one player's Spider view (10 columns, the
// stock with its deals left, the 8 completed runs) and turns pointer,
// tap and key input into moves in Spider notation (3-5x4, 10-1, D). It has
// the interface of board.js's Board, so the pages drive either one.
import { parseCard, rankLabel, SUIT_SYMBOL, cardName } from './cards.js';
import { reducedMotion } from './klondike.js';
import {
  NUM_RUNS, parseSpiderMove, columnMove, runLength, spiderLegal, whySpiderIllegal, spiderBest,
} from './spider-rules.js';

const OFF_DOWN = 0.12; // vertical offset of a face-down card, in card widths
const OFF_UP = 0.36; // of a face-up card
const DRAG_START = 6; // pixels before a press becomes a drag
const SUIT_WORD = { C: 'clubs', D: 'diamonds', H: 'hearts', S: 'spades' };

const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
const keyOf = (c) => String((c + 1) % 10); // columns 1 … 9, then 0 for the tenth
const isEmpty = (col) => col.down === 0 && col.up.length === 0;

function cardHTML(code, extra = '', style = '') {
  const c = parseCard(code);
  return `<div class="card up ${c.red ? 'red' : 'black'} ${extra}" data-card="${code}" style="${style}">` +
    `<span class="ix">${rankLabel(code)}<i>${SUIT_SYMBOL[c.suit]}</i></span>` +
    `<span class="pip">${SUIT_SYMBOL[c.suit]}</span></div>`;
}

/**
 * SpiderBoard renders a Spider view into root and reports the player's
 * moves: opts.onMove(move), opts.onMessage(text, kind), opts.keys (show key
 * badges, default true), opts.label (the region's name).
 */
export class SpiderBoard {
  constructor(root, opts = {}) {
    this.root = root;
    this.opts = opts;
    this.view = null;
    this.rules = null;
    this.legal = [];
    this.last = '';
    this.hint = '';
    this.sel = null; // {src: column index, n: cards or null (the whole run)}
    this.interactive = true;
    this.drag = null;
    root.classList.add('board', 'spider');
    root.setAttribute('role', 'region');
    root.setAttribute('aria-label', opts.label || 'Your Spider board');
    root.addEventListener('pointerdown', (e) => this.pointerDown(e));
    root.addEventListener('pointermove', (e) => this.pointerMove(e));
    root.addEventListener('pointerup', (e) => this.pointerUp(e));
    root.addEventListener('pointercancel', () => this.cancelDrag());
    // Offsets depend on the size: lay out again after a resize or a turn.
    let resized = 0;
    window.addEventListener('resize', () => {
      clearTimeout(resized);
      resized = setTimeout(() => { if (this.root.isConnected && !this.drag) this.render(); }, 100);
    });
    root.addEventListener('keydown', (e) => {
      const pile = e.target.dataset && e.target.dataset.pile;
      if (pile === undefined || (e.key !== 'Enter' && e.key !== ' ') || e.ctrlKey || e.metaKey || e.altKey) return;
      e.preventDefault();
      e.stopPropagation();
      this.activatePile(pile, null);
    });
  }

  /**
   * update shows view v. legal defaults to the moves computed from v; moved
   * is the move that led to v, to animate it (none after undo or redo).
   */
  update(v, { rules, legal, last, moved, interactive = true } = {}) {
    const prev = this.view;
    this.hint = '';
    this.view = v;
    if (rules) this.rules = rules;
    this.legal = legal || spiderLegal(v, this.rules);
    this.last = last || '';
    this.interactive = interactive && !v.won;
    if (this.sel && !v.columns[this.sel.src].up.length) this.sel = null;
    if (this.sel && this.sel.n && this.sel.n > runLength(v.columns[this.sel.src].up, this.groups())) this.sel = null;
    this.render(moved && prev ? moved : '');
  }

  groups() {
    return this.rules && this.rules.groups;
  }

  message(text, kind = 'info') {
    if (this.opts.onMessage) this.opts.onMessage(text, kind);
  }

  play(m) {
    this.sel = null;
    if (!this.legal.includes(m)) {
      this.message(`${m}: ${whySpiderIllegal(m, this.view, this.rules)}.`, 'error');
      this.render();
      this.flash(m);
      return;
    }
    this.render();
    if (this.opts.onMove) this.opts.onMove(m);
  }

  flash(m) {
    const p = parseSpiderMove(m);
    if (!p || reducedMotion()) return;
    const el = this.root.querySelector(`[data-pile="${p.kind === 'D' ? 'stock' : p.from}"]`);
    if (el) el.animate([{ transform: 'translateX(0)' }, { transform: 'translateX(-5px)' }, { transform: 'translateX(5px)' }, { transform: 'translateX(0)' }], { duration: 180 });
  }

  /** showHint marks the cards (or the stock) that move m plays, until the next update. */
  showHint(m) {
    if (!parseSpiderMove(m)) return;
    this.hint = m;
    this.render();
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
    const what = n ? (n === 1 ? cardName(up[up.length - 1]) : `${n} cards from ${cardName(up[up.length - n])} down`) : `column ${src + 1}`;
    this.message(`No move for ${what}: pick its column (1–9, 0) or Esc.`, 'info');
    this.render();
  }

  deal() {
    this.sel = null;
    this.play('D');
  }

  /** activatePile is a tap, a click, or Enter or Space on a pile. */
  activatePile(pile, n) {
    if (!this.interactive) return;
    if (pile === 'stock') return this.deal();
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
      this.message(`${cardName(v.columns[c].up[v.columns[c].up.length - n])} does not lead a run that moves together.`, 'error');
      this.flash(columnMove(c, (c + 1) % 10, n));
      return;
    }
    this.best(c, n);
  }

  /** handleKey plays the board's keys; it returns true when it used the key. */
  handleKey(e) {
    if (!this.view || !this.interactive || e.ctrlKey || e.metaKey || e.altKey) return false;
    const k = e.key.length === 1 ? e.key.toUpperCase() : e.key;
    const v = this.view;
    if (k === 'Escape') {
      if (!this.sel) return false;
      this.sel = null;
      this.message('');
      this.render();
      return true;
    }
    if (k === 'D' || k === ' ') { this.deal(); return true; }
    if (k >= '0' && k <= '9') {
      const c = (+k + 9) % 10;
      if (this.sel) {
        if (this.sel.src === c) { const n = this.sel.n; this.sel = null; this.best(c, n); return true; }
        this.play(this.moveTo(this.sel.src, c, this.sel.n));
        return true;
      }
      if (!v.columns[c].up.length) { this.message(`Column ${c + 1} is empty.`, 'error'); return true; }
      this.sel = { src: c, n: null };
      const run = runLength(v.columns[c].up, this.groups());
      this.message(`Column ${c + 1} picked (${run} card${run === 1 ? '' : 's'}): its column 1–9 or 0, ↑ ↓ for fewer or more cards (${k} again: best move).`);
      this.render();
      return true;
    }
    if ((k === 'ArrowUp' || k === 'ArrowDown') && this.sel) {
      const up = v.columns[this.sel.src].up;
      const run = runLength(up, this.groups());
      const n = this.sel.n || run;
      this.sel.n = Math.max(1, Math.min(run, n + (k === 'ArrowUp' ? 1 : -1)));
      this.message(`${this.sel.n} card${this.sel.n === 1 ? '' : 's'} picked, from ${cardName(up[up.length - this.sel.n])} up.`);
      this.render();
      return true;
    }
    if (k === 'ArrowLeft' || k === 'ArrowRight') {
      // Focus walks the stock and the columns (Enter there: the picked cards go to it).
      const piles = [...this.root.querySelectorAll('[data-pile]:not([data-pile="runs"])')];
      const i = piles.indexOf(document.activeElement);
      if (i < 0) return false;
      piles[(i + (k === 'ArrowRight' ? 1 : piles.length - 1)) % piles.length].focus();
      return true;
    }
    if (k === 'Enter' && this.sel) { const s = this.sel; this.sel = null; this.best(s.src, s.n); return true; }
    return false;
  }

  // ---- pointer input ----

  hit(target) {
    const cardEl = target.closest('.card');
    const pileEl = target.closest('[data-pile]');
    if (!pileEl || !this.root.contains(pileEl)) return null;
    const pile = pileEl.dataset.pile;
    let n = null;
    if (cardEl && cardEl.classList.contains('up') && /^\d$/.test(pile)) {
      const ups = [...pileEl.querySelectorAll('.card.up')];
      n = ups.length - ups.indexOf(cardEl);
    }
    return { pile, pileEl, cardEl, n };
  }

  pointerDown(e) {
    if (!this.interactive || e.button > 0) return;
    const h = this.hit(e.target);
    if (!h) return;
    let src = null;
    let els = [];
    if (h.n && h.n <= runLength(this.view.columns[+h.pile].up, this.groups())) {
      src = +h.pile;
      els = [...h.pileEl.querySelectorAll('.card.up')].slice(-h.n);
    }
    this.drag = { x: e.clientX, y: e.clientY, h, src, n: h.n, els, ghost: null, id: e.pointerId };
    if (src !== null) {
      try { this.root.setPointerCapture(e.pointerId); } catch { /* the pointer is gone */ }
      e.preventDefault();
    }
  }

  pointerMove(e) {
    const d = this.drag;
    if (!d || d.id !== e.pointerId || d.src === null) return;
    const dx = e.clientX - d.x;
    const dy = e.clientY - d.y;
    if (!d.ghost) {
      if (Math.hypot(dx, dy) < DRAG_START) return;
      const first = d.els[0].getBoundingClientRect();
      const g = document.createElement('div');
      g.className = 'ghost spider';
      g.style.left = `${first.left}px`;
      g.style.top = `${first.top}px`;
      for (const el of d.els) {
        const r = el.getBoundingClientRect();
        const c = el.cloneNode(true);
        c.style.position = 'absolute';
        c.style.left = `${r.left - first.left}px`;
        c.style.top = `${r.top - first.top}px`;
        c.style.width = `${r.width}px`;
        c.style.height = `${r.height}px`;
        c.style.setProperty('--cw', `${r.width}px`);
        g.appendChild(c);
        el.classList.add('dragging');
      }
      document.body.appendChild(g);
      d.ghost = g;
    }
    d.ghost.style.transform = `translate(${dx}px, ${dy}px)`;
  }

  pointerUp(e) {
    const d = this.drag;
    if (!d || d.id !== e.pointerId) return;
    this.drag = null;
    if (d.ghost) {
      d.ghost.remove();
      d.els.forEach((el) => el.classList.remove('dragging'));
      const under = document.elementFromPoint(e.clientX, e.clientY);
      const h = under && this.hit(under);
      if (!h || !/^\d$/.test(h.pile) || +h.pile === d.src) return;
      this.sel = null;
      this.play(this.moveTo(d.src, +h.pile, d.n));
      return;
    }
    // A tap or a click. A second tap on the same pile within 300 ms is the
    // rest of a double click, not a new move.
    const h = d.h;
    if (h.pile !== 'stock' && Date.now() - (this.lastTap || 0) < 300 && this.lastTapKey === h.pile) return;
    this.lastTap = Date.now();
    this.lastTapKey = h.pile;
    if (h.pile === 'stock' || this.sel) return this.activatePile(h.pile, h.n);
    if (/^\d$/.test(h.pile) && h.n) this.activatePile(h.pile, h.n);
  }

  cancelDrag() {
    const d = this.drag;
    this.drag = null;
    if (d && d.ghost) {
      d.ghost.remove();
      d.els.forEach((el) => el.classList.remove('dragging'));
    }
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

  render(moved = '') {
    const v = this.view;
    if (!v) return;
    const focused = this.root.contains(document.activeElement) ? document.activeElement.dataset.pile : undefined;
    // Where the moved cards were, to fly them from there.
    let from = [];
    const mp = moved && parseSpiderMove(moved);
    const animate = mp && this.root.isConnected && !reducedMotion();
    if (animate && mp.kind === 'CC') {
      from = [...this.root.querySelectorAll(`[data-pile="${mp.from}"] .card.up`)].slice(-mp.n).map((el) => el.getBoundingClientRect());
    } else if (animate) {
      const s = this.root.querySelector('[data-pile="stock"]');
      if (s) from = [s.getBoundingClientRect()];
    }

    const keys = this.opts.keys !== false && this.interactive;
    const badge = (k) => keys ? `<kbd class="key" aria-hidden="true">${k}</kbd>` : '';
    const last = this.lastCards();
    const sel = this.sel;
    const deals = Math.floor(v.stock / 10);
    let h = '<div class="top">';
    const stockLabel = `Stock, ${deals} deal${deals === 1 ? '' : 's'} left` + (v.stock ? `, ${v.stock} cards` : '') + (keys && v.stock ? '. Enter, Space or key D deals' : '');
    h += `<div class="pile stock${v.stock ? '' : ' empty'}${this.hint === 'D' ? ' hint' : ''}" data-pile="stock" role="button" tabindex="0" aria-label="${esc(stockLabel)}">`;
    for (let i = 0; i < Math.min(deals, 5); i++) h += `<div class="card down" style="--x:${i}"></div>`;
    h += (v.stock ? `<span class="count">${deals}</span>` : '<span class="recycle">∅</span>') + badge('D') + '</div>' +
      `<div class="gap" aria-hidden="true"><span class="runcount">${v.completed}/${NUM_RUNS}</span></div>`;
    const suits = v.completed_suits || [];
    const runsLabel = `Completed runs: ${v.completed} of ${NUM_RUNS}` + (suits.length ? ` (${suits.map((s) => SUIT_WORD[s]).join(', ')})` : '');
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
      const label = `Column ${c + 1}: ` + (col.down ? `${col.down} face-down` : '') + (col.down && nUp ? ', then ' : '') +
        (nUp ? col.up.map(cardName).join(', ') : '') + (isEmpty(col) ? 'empty' : '') +
        (nUp > 1 ? `; ${run} on top move together` : '') + (keys ? `. Key ${keyOf(c)}` : '');
      const height = col.down * offDown + Math.max(0, nUp - 1) * offUp + 1.4;
      const selN = sel && sel.src === c ? (sel.n || run) : 0;
      h += `<div class="pile column${selN ? ' selected' : ''}${last.cols.includes(c) ? ' lastpile' : ''}" data-pile="${c}" role="button" tabindex="0" aria-label="${esc(label)}" style="--h:${height.toFixed(3)}">` + badge(keyOf(c));
      let y = 0;
      for (let i = 0; i < col.down; i++) { h += `<div class="card down" style="--y:${y.toFixed(3)}"></div>`; y += offDown; }
      col.up.forEach((code, i) => {
        const cls = (last.cols.includes(c) && i >= nUp - last.n ? 'last ' : '') + (selN && i >= nUp - selN ? 'sel ' : '') + (i >= nUp - run ? 'run' : '');
        h += cardHTML(code, cls, `--y:${y.toFixed(3)}`);
        y += offUp;
      });
      h += '</div>';
    });
    h += '</div>';
    this.root.innerHTML = h;
    this.root.classList.toggle('passive', !this.interactive);
    if (focused !== undefined) {
      const el = this.root.querySelector(`[data-pile="${focused}"]`);
      if (el) el.focus({ preventScroll: true });
    }
    const hp = this.hint && parseSpiderMove(this.hint);
    if (hp && hp.kind === 'CC') {
      [...this.root.querySelectorAll(`[data-pile="${hp.from}"] .card.up`)].slice(-hp.n).forEach((e) => e.classList.add('hint'));
      const dst = this.root.querySelector(`[data-pile="${hp.to}"]`);
      if (dst) dst.classList.add('hintdest');
    }
    if (!from.length) return;
    // Fly the moved cards (or the dealt ones) from where they were.
    const fly = (el, r0) => {
      if (!r0) return;
      const r = el.getBoundingClientRect();
      const dx = r0.left - r.left;
      const dy = r0.top - r.top;
      if (Math.abs(dx) < 1 && Math.abs(dy) < 1) return;
      el.style.pointerEvents = 'none';
      el.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: 'none' }], { duration: 150, easing: 'ease-out' }).onfinish = () => { el.style.pointerEvents = ''; };
    };
    if (mp.kind === 'CC') {
      const ups = [...this.root.querySelectorAll(`[data-pile="${mp.to}"] .card.up`)];
      if (ups.length >= mp.n) ups.slice(-mp.n).forEach((el, i) => fly(el, from[i]));
    } else {
      for (const colEl of this.root.querySelectorAll('.column')) {
        const top = colEl.querySelector('.card.up:last-of-type');
        if (top) fly(top, from[0]);
      }
    }
  }
}
