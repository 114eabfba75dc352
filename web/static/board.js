// The board base class: what every game's board does alike. A board
// renders one player's view into its root and turns pointer, tap, click
// and key input into moves in its game's notation. It never waits for an
// answer before taking the next input; animations run on their own. A
// game's board (klondike.js, spider.js) extends Board with what differs:
// its layout, its piles and the notation of its moves.
import { parseCard, cardName } from './cards.js';
import { faceHTML } from './faces.js';
import { celebrate } from './celebrate.js';
import { sound } from './sound.js';
import { esc, announce } from './util.js';
import { t } from './i18n.js';

const DRAG_START = 6; // pixels before a press becomes a drag
const DOUBLE_TAP = 300; // ms: a second tap on a pile within it ends a double click
const SHAKE = [{ transform: 'translateX(0)' }, { transform: 'translateX(-5px)' }, { transform: 'translateX(5px)' }, { transform: 'translateX(0)' }];

/** reducedMotion reports whether the player asked for less motion: no animations then. */
export function reducedMotion() {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** cardHTML is a face-up card; extra adds classes, style sets its offsets. */
export function cardHTML(code, extra = '', style = '') {
  const c = parseCard(code);
  return `<div class="card up ${c.red ? 'red' : 'black'} ${extra}" data-card="${code}" style="${style}">` +
    faceHTML() + '</div>';
}

/** downHTML is a face-down card. */
export function downHTML(style) {
  return `<div class="card down" style="${style}"></div>`;
}

/**
 * fly animates el through frames. A card in flight lets pointer input
 * through to where things are now: an animation never takes a click.
 */
export function fly(el, frames, ms, delay = 0) {
  el.style.pointerEvents = 'none';
  el.animate(frames, { duration: ms, delay, fill: 'backwards', easing: 'cubic-bezier(.2, .7, .2, 1)' }).onfinish = () => { el.style.pointerEvents = ''; };
}

/**
 * flyFrom is the FLIP step of a card drawn at its new place: it starts at
 * rect r0 (measured before the render) and glides home, faster for a
 * short way than for a long one, after delay ms (waiting at r0).
 */
export function flyFrom(el, r0, delay = 0) {
  if (!r0) return;
  const r = el.getBoundingClientRect();
  const dx = r0.left - r.left;
  const dy = r0.top - r.top;
  if (Math.abs(dx) < 1 && Math.abs(dy) < 1) return;
  const ms = Math.round(Math.min(240, 110 + Math.hypot(dx, dy) / 6));
  fly(el, [{ transform: `translate(${dx}px, ${dy}px)`, zIndex: 80 }, { transform: 'none', zIndex: 80 }], ms, delay);
}

/** turnUp shows card el turning face up. */
export function turnUp(el) {
  fly(el, [{ transform: 'perspective(600px) rotateY(-90deg)', filter: 'brightness(.6)' }, { transform: 'none', filter: 'none' }], 220);
}

/** downCount is how many face-down cards view v's columns hold. */
const downCount = (v) => (v && v.columns ? v.columns.reduce((a, c) => a + (c.down || 0), 0) : 0);

/**
 * Board renders a view into root and reports the player's moves.
 * opts.onMove(move) is called with a move in notation; opts.onMessage(text,
 * kind) shows a short message; opts.keys shows key badges (default true);
 * opts.label names the board's region.
 *
 * The base class owns the view, the legal moves, the selection and the
 * drag; the pointer, tap and key input; messages, refusals and hints; and
 * the focus, which stays on its pile across renders and walks the piles
 * with ← and →. Piles are elements with data-pile: "stock", and the
 * column indexes "0", "1", …; a game names its other piles.
 *
 * A game's board implements:
 *   legalMoves(v, rules)  the legal moves of view v
 *   whyIllegal(m)         why move m is not legal in this.view
 *   parseMove(m)          move m in parts, or null
 *   pileOf(m)             the pile a refused move m shakes, or null
 *   useStock()            a click on the stock, or D or Space
 *   onPile(pile, n)       a click on, or Enter on, any other pile (n: the face-up cards from the one clicked)
 *   best(src, n)          sends a source to its best place, or selects it
 *   key(k)                the game's own keys; true when it used k
 *   dragSource(h)         {src, els} that a press on hit h drags, or null
 *   drop(d, h)            drag d released over hit h
 *   tap(h)                a click or tap on hit h
 *   html(v)               the board's HTML, with this.badge and this.columnHTML
 *   markHint(m)           marks move m's cards after a render
 * and may override selectionValid(), measure(moved) (what to animate from,
 * taken before the board changes) and animate(prior, moved).
 */
export class Board {
  /**
   * game says what a board of the game adds to the root: className (a
   * class beside "board"), label (the region's default name) and pileKeys
   * (the keys that activate a focused pile; Enter by default).
   */
  constructor(root, opts = {}, { className = '', label = t('board.yours'), pileKeys = ['Enter'] } = {}) {
    this.root = root;
    this.opts = opts;
    this.className = className;
    this.view = null;
    this.rules = null;
    this.legal = [];
    this.last = '';
    this.lastCard = '';
    this.hint = '';
    this.sel = null; // the selected source: {src, n}, with n null for the game's own choice
    this.interactive = true;
    this.keys = false; // key badges and key names in labels
    // The player's own board celebrates its win and makes the sounds;
    // a spectator's or a replay's (keys off) stays quiet.
    this.own = opts.own ?? opts.keys !== false;
    this.drag = null;
    root.classList.add('board');
    if (className) root.classList.add(className);
    root.setAttribute('role', 'region');
    root.setAttribute('aria-label', opts.label || label);
    root.addEventListener('pointerdown', (e) => this.pointerDown(e));
    root.addEventListener('pointermove', (e) => this.pointerMove(e));
    root.addEventListener('pointerup', (e) => this.pointerUp(e));
    root.addEventListener('pointercancel', () => this.cancelDrag());
    root.addEventListener('keydown', (e) => {
      const pile = e.target.dataset && e.target.dataset.pile;
      if (pile === undefined || !pileKeys.includes(e.key) || e.ctrlKey || e.metaKey || e.altKey) return;
      e.preventDefault();
      e.stopPropagation();
      this.activatePile(pile, null);
    });
  }

  /** relayoutOnResize renders again after a resize or a turn, for a layout that depends on the size. */
  relayoutOnResize() {
    let resized = 0;
    window.addEventListener('resize', () => {
      clearTimeout(resized);
      resized = setTimeout(() => { if (this.root.isConnected && !this.drag) this.render(); }, 100);
    });
  }

  /**
   * update shows view v. legal defaults to the moves computed from v; last
   * is the last move, to mark its cards; moved is the move that led to v,
   * to animate it (none after undo or redo); lastCard is the card the last
   * move played, when the page knows it.
   */
  update(v, { rules, legal, last, moved, lastCard, interactive = true } = {}) {
    const prev = this.view;
    this.hint = '';
    this.view = v;
    this.lastCard = lastCard || '';
    if (rules) this.rules = rules;
    this.legal = legal || this.legalMoves(v, this.rules);
    this.last = last || '';
    this.interactive = interactive && !v.won;
    if (this.sel && !this.selectionValid()) this.sel = null;
    this.render(moved && prev ? moved : '');
    if (!this.own || !prev) return;
    if (v.won && !prev.won) {
      sound('win');
      celebrate(this.root);
    } else if (moved) {
      sound(downCount(v) < downCount(prev) ? 'turn' : 'move');
    }
  }

  /** selectionValid reports whether this.sel can still move in the view shown. */
  selectionValid() {
    return true;
  }

  message(text, kind = 'info') {
    if (this.opts.onMessage) this.opts.onMessage(text, kind);
    // Selection and destination prompts reach screen readers too (the
    // pages announce errors themselves).
    if (text && kind !== 'error') announce(text);
  }

  /** selectedPile is the data-pile of the selected source, or null. */
  selectedPile() {
    return this.sel ? String(this.sel.src) : null;
  }

  /** play sends move m, or explains why it is not legal. */
  play(m) {
    this.sel = null;
    if (!this.legal.includes(m)) {
      this.message(t('board.illegal', { move: m, why: this.whyIllegal(m) }), 'error');
      if (this.own) sound('error');
      this.render();
      this.flash(m);
      return;
    }
    this.render();
    this.playedAt = Date.now();
    if (this.opts.onMove) this.opts.onMove(m);
  }

  /** flash shakes the pile of a move refused. */
  flash(m) {
    const pile = this.parseMove(m) ? this.pileOf(m) : null;
    if (pile === null || reducedMotion()) return;
    const el = this.pileEl(pile);
    if (el) el.animate(SHAKE, { duration: 180 });
  }

  /** showHint marks the cards (or the stock) that move m plays, until the next update. */
  showHint(m) {
    if (!this.parseMove(m)) return;
    this.hint = m;
    this.render();
  }

  pileEl(pile) {
    return this.root.querySelector(`[data-pile="${pile}"]`);
  }

  /** activatePile is a click, a tap or a key on a pile. */
  activatePile(pile, n) {
    if (!this.interactive) return;
    if (pile === 'stock') { this.sel = null; this.useStock(); return; }
    this.onPile(pile, n);
  }

  /** unselect drops the selection and says so. */
  unselect() {
    this.sel = null;
    this.message('');
    this.render();
  }

  // ---- keys ----

  /** handleKey plays the board's keys; it returns true when it used the key. */
  handleKey(e) {
    if (!this.view || !this.interactive || e.ctrlKey || e.metaKey || e.altKey) return false;
    const k = e.key.length === 1 ? e.key.toUpperCase() : e.key;
    if (this.key(k)) return true;
    if (k === 'Escape') {
      if (!this.sel) return false;
      this.unselect();
      return true;
    }
    if (k === 'D' || k === ' ') { this.sel = null; this.useStock(); return true; }
    if (k === 'ArrowLeft' || k === 'ArrowRight') return this.walkFocus(k === 'ArrowRight' ? 1 : -1);
    if (k === 'Enter' && this.sel) { const s = this.sel; this.sel = null; this.best(s.src, s.n); return true; }
    return false;
  }

  /** walkFocus moves the focus from pile to pile (Enter there: the selection goes to it). */
  walkFocus(step) {
    const piles = [...this.root.querySelectorAll('[data-pile][tabindex]')];
    const i = piles.indexOf(document.activeElement);
    if (i < 0) return false;
    piles[(i + step + piles.length) % piles.length].focus();
    return true;
  }

  // ---- pointer input ----

  /** hit finds the pile under target, the card and the face-up cards from it to the pile's top (n). */
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
    const s = this.dragSource(h);
    this.drag = { x: e.clientX, y: e.clientY, h, src: s ? s.src : null, n: h.n, els: s ? s.els : [], ghost: null, id: e.pointerId };
    if (s) {
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
      g.className = this.className ? `ghost ${this.className}` : 'ghost';
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
      this.dropGhost(d);
      const under = document.elementFromPoint(e.clientX, e.clientY);
      const h = under && this.hit(under);
      if (h) this.drop(d, h);
      return;
    }
    // A click or a tap. The second click of a double click on a pile is
    // not a new click: the first one already sent the card to its place.
    const h = d.h;
    if (h.pile !== 'stock' && Date.now() - (this.lastTap || 0) < DOUBLE_TAP && this.lastTapKey === h.pile) return;
    this.lastTap = Date.now();
    this.lastTapKey = h.pile;
    this.tap(h);
  }

  cancelDrag() {
    const d = this.drag;
    this.drag = null;
    if (d && d.ghost) this.dropGhost(d);
  }

  dropGhost(d) {
    d.ghost.remove();
    d.els.forEach((el) => el.classList.remove('dragging'));
  }

  // ---- rendering ----

  /** badge is a key's badge on a pile, when keys are shown. */
  badge(k, cls = '') {
    return this.keys ? `<kbd class="key${cls ? ' ' + cls : ''}" aria-hidden="true">${k}</kbd>` : '';
  }

  /** columnLabel names column c and its cards for screen readers. */
  columnLabel(c, col) {
    const nUp = col.up.length;
    return t('board.column', { n: c + 1 }) + ': ' + (col.down ? t('board.facedown', { n: col.down }) : '') + (col.down && nUp ? t('board.then') : '') +
      (nUp ? col.up.map(cardName).join(', ') : '') + (!col.down && !nUp ? t('board.empty') : '');

  }

  /**
   * columnHTML is column c: its face-down cards offDown apart, then its
   * face-up ones offUp apart (in card widths), cls added to the pile,
   * upClass(i) to its i-th face-up card, key on its badge.
   */
  columnHTML(c, col, { offDown, offUp, label, cls, key, upClass }) {
    const height = col.down * offDown + Math.max(0, col.up.length - 1) * offUp + 1.4;
    let h = `<div class="pile column${cls}" data-pile="${c}" role="button" tabindex="0" aria-label="${esc(label)}" style="--h:${height.toFixed(3)}">` + this.badge(key);
    let y = 0;
    for (let i = 0; i < col.down; i++) { h += downHTML(`--y:${y.toFixed(3)}`); y += offDown; }
    col.up.forEach((code, i) => {
      h += cardHTML(code, upClass(i), `--y:${y.toFixed(3)}`);
      y += offUp;
    });
    return h + '</div>';
  }

  /** measure is what render animates from, taken before the board changes; null for nothing. */
  measure() {
    return null;
  }

  /** animate flies the cards from where measure saw them. */
  animate() {}

  /** render draws the view; moved is the move that led to it, to animate it. */
  render(moved = '') {
    const v = this.view;
    if (!v) return;
    const focused = this.root.contains(document.activeElement) ? document.activeElement.dataset.pile : undefined;
    const prior = this.measure(moved);
    this.keys = this.opts.keys !== false && this.interactive;
    this.root.innerHTML = this.html(v);
    this.root.classList.toggle('passive', !this.interactive);
    // Which pile is selected, for screen readers: every pile but the
    // stock (an action, not a choice) is a toggle. A pile's label names
    // its cards; the cards' own glyphs ("10♥", counts, key badges) are
    // hidden from screen readers, which would read them after it.
    const sp = this.selectedPile();
    for (const el of this.root.querySelectorAll('[data-pile][role="button"]')) {
      if (el.dataset.pile !== 'stock') el.setAttribute('aria-pressed', String(el.dataset.pile === sp));
      for (const c of el.children) c.setAttribute('aria-hidden', 'true');
    }
    this.root.classList.toggle('keyed', this.keys);
    if (focused !== undefined) {
      const el = this.pileEl(focused);
      if (el) el.focus({ preventScroll: true });
    }
    if (this.hint) this.markHint(this.hint);
    if (prior) this.animate(prior, moved);
  }
}
