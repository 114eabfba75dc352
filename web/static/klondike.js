// The Klondike board: renders one player's Klondike view and turns
// pointer, click and key input into moves in the notation of RULES.md. It
// never waits for an answer before taking the next input; animations run
// on their own.
import { parseCard, rankLabel, SUIT_SYMBOL, SUITS, cardName, cardOf, parseMove, movedCard } from './cards.js';
import { legalMoves, whyIllegal, bestMove } from './rules.js';

const OFF_DOWN = 0.14; // vertical offset of a face-down card, in card widths
const OFF_UP = 0.32; // of a face-up card
const MAX_COL = 5.4; // tallest column, in card widths, before offsets shrink
const DRAG_START = 6; // pixels before a press becomes a drag

const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);

export function reducedMotion() {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** boardText describes view v as lines of text, for screen readers. */
export function boardText(v) {
  const lines = [];
  lines.push(`Stock: ${v.stock} card${v.stock === 1 ? '' : 's'}.`);
  lines.push(v.waste.length
    ? `Waste: ${v.wasteSize} cards, on top ${v.waste.slice().reverse().map(cardName).join(', then ')}.`
    : 'Waste: empty.');
  lines.push('Foundations: ' + SUITS.split('').map((s, i) =>
    v.foundations[i] ? cardName(cardOf(v.foundations[i], s)) : `no ${({ C: 'clubs', D: 'diamonds', H: 'hearts', S: 'spades' })[s]}`).join(', ') + '.');
  v.columns.forEach((c, i) => {
    const parts = [];
    if (c.down) parts.push(`${c.down} face-down`);
    if (c.up.length) parts.push(c.up.map(cardName).join(', '));
    lines.push(`Column ${i + 1}: ${parts.length ? parts.join(', then ') : 'empty'}.`);
  });
  return lines;
}

function cardHTML(code, extra = '', style = '') {
  const c = parseCard(code);
  return `<div class="card up ${c.red ? 'red' : 'black'} ${extra}" data-card="${code}" style="${style}">` +
    `<span class="ix">${rankLabel(code)}<i>${SUIT_SYMBOL[c.suit]}</i></span>` +
    `<span class="pip">${SUIT_SYMBOL[c.suit]}</span></div>`;
}

function downHTML(style) {
  return `<div class="card down" style="${style}"></div>`;
}

/**
 * KlondikeBoard renders a Klondike view into root and reports the player's moves.
 * opts.onMove(move) is called with a move in notation; opts.onMessage(text,
 * kind) shows a short message; opts.keys shows key badges (default true).
 */
export class KlondikeBoard {
  constructor(root, opts = {}) {
    this.root = root;
    this.opts = opts;
    this.view = null;
    this.rules = null;
    this.legal = [];
    this.last = '';
    this.sel = null; // {src: 'W' | column index | 'F' | 'F'+suit}
    this.interactive = true;
    this.drag = null;
    root.classList.add('board');
    root.setAttribute('role', 'region');
    root.setAttribute('aria-label', opts.label || 'Your board');
    root.addEventListener('pointerdown', (e) => this.pointerDown(e));
    root.addEventListener('pointermove', (e) => this.pointerMove(e));
    root.addEventListener('pointerup', (e) => this.pointerUp(e));
    root.addEventListener('pointercancel', () => this.cancelDrag());
    root.addEventListener('dblclick', (e) => this.dblClick(e));
    root.addEventListener('keydown', (e) => {
      if (e.key === 'Enter' && e.target.dataset && e.target.dataset.pile !== undefined) {
        e.preventDefault();
        this.activatePile(e.target.dataset.pile, null);
      }
    });
  }

  /** update shows view v; legal defaults to the moves computed from v. */
  update(v, { rules, legal, last, lastCard, interactive = true } = {}) {
    this.hint = '';
    this.view = v;
    this.lastCard = lastCard || '';
    if (rules) this.rules = rules;
    this.legal = legal || legalMoves(v, this.rules);
    this.last = last || '';
    this.interactive = interactive && !v.won;
    if (this.sel && !this.selectionValid()) this.sel = null;
    this.render();
  }

  selectionValid() {
    const s = this.sel.src;
    const v = this.view;
    if (s === 'W') return v.waste.length > 0;
    if (typeof s === 'number') return v.columns[s].up.length > 0;
    return true;
  }

  message(text, kind = 'info') {
    if (this.opts.onMessage) this.opts.onMessage(text, kind);
  }

  play(m) {
    this.sel = null;
    if (!this.legal.includes(m)) {
      this.message(`${m}: ${whyIllegal(m, this.view, this.rules)}.`, 'error');
      this.render();
      this.flash(m);
      return;
    }
    this.render();
    this.playedAt = Date.now();
    if (this.opts.onMove) this.opts.onMove(m);
  }

  flash(m) {
    const p = parseMove(m);
    if (!p) return;
    const pile = p.kind === 'CC' || p.kind === 'CF' ? String(p.from) : p.kind[0] === 'W' ? 'W' : p.kind === 'D' || p.kind === 'R' ? 'stock' : 'F';
    const el = this.root.querySelector(`[data-pile="${pile}"]`);
    if (!el || reducedMotion()) return;
    el.animate([{ transform: 'translateX(0)' }, { transform: 'translateX(-5px)' }, { transform: 'translateX(5px)' }, { transform: 'translateX(0)' }], { duration: 180 });
  }

  /** showHint marks the card (or the stock) that move m plays, until the next update. */
  showHint(m) {
    const p = parseMove(m);
    if (!p) return;
    this.hint = m;
    this.render();
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
      : typeof src === 'number' ? (n ? cardName(v.columns[src].up[v.columns[src].up.length - n]) : `column ${src + 1}`) : 'that card';
    this.message(`No move for ${what} — pick its destination (1–7, F) or Esc.`, 'info');
    this.render();
  }

  drawOrRecycle() {
    if (this.legal.includes('D')) return this.play('D');
    if (this.legal.includes('R')) return this.play('R');
    this.play(this.view.stock > 0 ? 'D' : 'R');
  }

  /** activatePile is a click or Enter on a pile with no card picked out. */
  activatePile(pile, n) {
    if (!this.interactive) return;
    const v = this.view;
    if (pile === 'stock') { this.sel = null; return this.drawOrRecycle(); }
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
      if (suit && this.rules && this.rules.foundationToColumn && v.foundations[SUITS.indexOf(suit)]) {
        this.sel = { src: 'F' + suit };
        this.message(`${cardName(cardOf(v.foundations[SUITS.indexOf(suit)], suit))} picked: its destination column (1–7)?`);
        this.render();
      }
      return;
    }
    if (v.columns[dest].up.length) this.best(dest, n);
  }

  /** handleKey plays the board's keys; it returns true when it used the key. */
  handleKey(e) {
    if (!this.view || !this.interactive || e.ctrlKey || e.metaKey || e.altKey) return false;
    const k = e.key.length === 1 ? e.key.toUpperCase() : e.key;
    const v = this.view;
    if (this.sel && this.sel.src === 'F' && SUITS.includes(k)) {
      if (!v.foundations[SUITS.indexOf(k)]) { this.sel = null; this.message('That foundation is empty.', 'error'); this.render(); return true; }
      this.sel = { src: 'F' + k };
      this.message(`${cardName(cardOf(v.foundations[SUITS.indexOf(k)], k))} picked: its destination column (1–7)?`);
      this.render();
      return true;
    }
    if (k === 'Escape') { if (this.sel) { this.sel = null; this.message(''); this.render(); return true; } return false; }
    if (k === 'D' || k === ' ') { this.sel = null; this.drawOrRecycle(); return true; }
    if (k === 'W') {
      if (this.sel && this.sel.src === 'W') { this.sel = null; this.best('W', 1); return true; }
      if (!v.waste.length) { this.message('The waste is empty.', 'error'); return true; }
      this.sel = { src: 'W' };
      this.message(`${cardName(v.waste[v.waste.length - 1])} picked: destination 1–7 or F?`);
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
      if (!v.columns[c].up.length) { this.message(`Column ${c + 1} is empty.`, 'error'); return true; }
      this.sel = { src: c };
      this.message(`Column ${c + 1} picked: destination 1–7 or F (${k} again: best move)?`);
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
        this.message('Foundation: which suit (C, D, H, S)?');
        this.render();
        return true;
      }
      return false;
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
    if (h.cardEl && h.cardEl.classList.contains('up')) {
      if (/^\d$/.test(h.pile)) { src = +h.pile; els = [...h.pileEl.querySelectorAll('.card.up')].slice(-h.n); }
      else if (h.pile === 'W' && h.cardEl === h.pileEl.querySelector('.card.up:last-of-type')) { src = 'W'; els = [h.cardEl]; }
      else if (h.pile.startsWith('F') && this.rules && this.rules.foundationToColumn) { src = h.pile; els = [h.cardEl]; }
    }
    this.drag = { x: e.clientX, y: e.clientY, h, src, n: h.n || 1, els, ghost: null, id: e.pointerId };
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
      g.className = 'ghost';
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
      if (!h || h.pile === 'stock' || h.pile === 'W') return;
      const dest = h.pile.startsWith('F') ? 'F' : +h.pile;
      if (dest === d.src || (dest === 'F' && typeof d.src === 'string' && d.src[0] === 'F')) return;
      const m = this.moveTo(d.src, dest, typeof d.src === 'number' ? d.n : null);
      if (m) this.play(m);
      return;
    }
    // A click or a tap.
    // The second click of a double click on a pile is not a new click: the
    // first one already sent the card to its best place.
    if (d.h.pile !== 'stock' && Date.now() - (this.lastTap || 0) < 300 && this.lastTapKey === d.h.pile) return;
    this.lastTap = Date.now();
    this.lastTapKey = d.h.pile;
    const h = d.h;
    if (this.sel && h.pile !== 'stock') return this.activatePile(h.pile, null);
    if (h.pile === 'W') {
      if (h.cardEl && h.cardEl === h.pileEl.querySelector('.card.up:last-of-type')) return this.best('W', 1);
      return;
    }
    if (/^\d$/.test(h.pile) && !h.n) return; // a face-down card or an empty column
    this.activatePile(h.pile, h.n);
  }

  cancelDrag() {
    const d = this.drag;
    this.drag = null;
    if (d && d.ghost) {
      d.ghost.remove();
      d.els.forEach((el) => el.classList.remove('dragging'));
    }
  }

  dblClick(e) {
    if (!this.interactive || Date.now() - (this.playedAt || 0) < 600) return;
    const h = this.hit(e.target);
    if (!h || !h.cardEl) return;
    const m = h.pile === 'W' ? 'W-F' : /^\d$/.test(h.pile) && h.n === 1 ? `${+h.pile + 1}-F` : null;
    if (m && this.legal.includes(m)) this.play(m);
  }

  // ---- rendering ----

  lastCards() {
    // The cards the last move put down, to highlight them.
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

  render() {
    const v = this.view;
    if (!v) return;
    const before = new Map();
    // Fast play (a render within 200 ms of the last) shows positions at
    // once: animations never lag behind input.
    const now = performance.now();
    const animate = this.root.isConnected && !reducedMotion() && now - (this.renderedAt || -1e9) > 200;
    this.renderedAt = now;
    if (animate) for (const el of this.root.querySelectorAll('[data-card]')) before.set(el.dataset.card, el.getBoundingClientRect());
    const stockRect = animate && this.root.querySelector('[data-pile="stock"]') ? this.root.querySelector('[data-pile="stock"]').getBoundingClientRect() : null;

    const keys = this.opts.keys !== false && this.interactive;
    const last = this.lastCards();
    const sel = this.sel;
    const badge = (k) => keys ? `<kbd class="key" aria-hidden="true">${k}</kbd>` : '';
    const selCls = (src) => sel && sel.src === src ? ' selected' : '';
    let h = '<div class="top">';
    const stockLabel = `Stock, ${v.stock} card${v.stock === 1 ? '' : 's'}` + (v.stock ? '' : v.wasteSize && v.passesLeft !== 0 ? ', turn the waste over' : ', empty') + (keys ? '. Key D or Space' : '');
    h += `<div class="pile stock${v.stock ? '' : ' empty'}${last.pile === 'stock' ? ' lastpile' : ''}" data-pile="stock" role="button" tabindex="0" aria-label="${esc(stockLabel)}">` +
      (v.stock ? downHTML('') + `<span class="count">${v.stock}</span>` : `<span class="recycle">${v.wasteSize && v.passesLeft !== 0 ? '↻' : '∅'}</span>`) + badge('D') + '</div>';
    const wl = v.waste.length;
    h += `<div class="pile waste${selCls('W')}" data-pile="W" role="button" tabindex="0" aria-label="${esc(wl ? `Waste, ${v.wasteSize} cards, top ${cardName(v.waste[wl - 1])}` : 'Waste, empty')}${keys ? '. Key W' : ''}">`;
    v.waste.forEach((c, i) => {
      const cls = (last.pile === 'W' && i >= wl - last.n ? 'last ' : '') + (sel && sel.src === 'W' && i === wl - 1 ? 'sel' : '');
      h += cardHTML(c, cls, `--x:${i}`);
    });
    h += (v.wasteSize > wl ? `<span class="count">${v.wasteSize}</span>` : '') + badge('W') + '</div><div class="gap"></div>';
    SUITS.split('').forEach((s, i) => {
      const f = v.foundations[i];
      const label = f ? `${({ C: 'Clubs', D: 'Diamonds', H: 'Hearts', S: 'Spades' })[s]} foundation, up to ${cardName(cardOf(f, s))}` : `${({ C: 'Clubs', D: 'Diamonds', H: 'Hearts', S: 'Spades' })[s]} foundation, empty`;
      h += `<div class="pile foundation${selCls('F' + s)}" data-pile="F${s}" role="button" tabindex="0" aria-label="${esc(label)}${keys ? '. Key F' : ''}">` +
        `<span class="suit ${s === 'D' || s === 'H' ? 'red' : 'black'}">${SUIT_SYMBOL[s]}</span>` +
        (f > 1 ? cardHTML(cardOf(f - 1, s), 'under') : '') +
        (f ? cardHTML(cardOf(f, s), last.pile === 'F' && this.lastFoundationSuit() === s ? 'last' : '') : '') +
        (i === 0 ? badge('F') : '') + '</div>';
    });
    h += '</div><div class="tableau">';
    v.columns.forEach((col, c) => {
      const nUp = col.up.length;
      let offUp = OFF_UP;
      if (nUp > 1) offUp = Math.max(0.12, Math.min(OFF_UP, (MAX_COL - 1.4 - col.down * OFF_DOWN) / (nUp - 1)));
      const label = `Column ${c + 1}: ` + (col.down ? `${col.down} face-down` : '') + (col.down && nUp ? ', then ' : '') + (nUp ? col.up.map(cardName).join(', ') : '') + (!col.down && !nUp ? 'empty' : '') + (keys ? `. Key ${c + 1}` : '');
      const height = col.down * OFF_DOWN + Math.max(0, nUp - 1) * offUp + 1.4;
      h += `<div class="pile column${selCls(c)}${last.pile === String(c) ? ' lastpile' : ''}" data-pile="${c}" role="button" tabindex="0" aria-label="${esc(label)}" style="--h:${height.toFixed(3)}">` + badge(c + 1);
      let y = 0;
      for (let i = 0; i < col.down; i++) { h += downHTML(`--y:${y.toFixed(3)}`); y += OFF_DOWN; }
      col.up.forEach((code, i) => {
        const cls = (last.pile === String(c) && i >= nUp - last.n ? 'last ' : '') + (sel && sel.src === c && (!sel.n || i >= nUp - sel.n) ? 'sel' : '');
        h += cardHTML(code, cls, `--y:${y.toFixed(3)}`);
        y += offUp;
      });
      h += '</div>';
    });
    h += '</div>';
    this.root.innerHTML = h;
    this.root.classList.toggle('passive', !this.interactive);
    if (this.hint) {
      const hc = movedCard(this.hint, v);
      const el = hc ? this.root.querySelector(`[data-card="${hc}"]`) : this.root.querySelector('[data-pile="stock"]');
      if (el) el.classList.add('hint');
      const p = parseMove(this.hint);
      if (p.kind === 'CC' && hc) {
        const ups = [...this.root.querySelectorAll(`[data-pile="${p.from}"] .card.up`)];
        ups.slice(ups.length - p.n).forEach((e) => e.classList.add('hint'));
      }
    }

    if (!animate) return;
    for (const el of this.root.querySelectorAll('[data-card]')) {
      if (el.classList.contains('under')) continue;
      const r = el.getBoundingClientRect();
      const b = before.get(el.dataset.card) || (el.closest('[data-pile="W"]') ? stockRect : null);
      // A card in flight lets pointer input through to where things are
      // now: an animation never takes a click.
      const fly = (frames, ms) => {
        el.style.pointerEvents = 'none';
        el.animate(frames, { duration: ms, easing: 'ease-out' }).onfinish = () => { el.style.pointerEvents = ''; };
      };
      if (!b) {
        if (el.closest('.column')) fly([{ transform: 'rotateY(80deg)' }, { transform: 'none' }], 160);
        continue;
      }
      const dx = b.left - r.left;
      const dy = b.top - r.top;
      if (Math.abs(dx) < 1 && Math.abs(dy) < 1) continue;
      fly([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: 'none' }], 140);
    }
  }

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
}
