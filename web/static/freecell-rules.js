// FreeCell's rules as seen from a player's view (the board's view of the
// hub's FreeCell view: columns of face-up cards, free cells, foundations):
// move notation, the legal moves as the engine lists them
// (freecell.State.Moves), why a move is illegal, where a tap sends a
// card, and words for people and screen readers.
import { SUITS, SUIT_NAME, parseCard, cardName, cardOf, cardShort, ontoText, runText } from './cards.js';
import { t } from './i18n.js';

/** CELLS names the free cells, from the left. */
export const CELLS = 'abcd';

/** freecellRules reads what the board needs from a profile name ("freecell-3"). */
export function freecellRules(name, text = '') {
  const m = /^freecell-(\d)$/.exec(name || '');
  return { name, game: 'freecell', cells: m ? +m[1] : 4, text };
}

/**
 * A place is a column's index (0 … 7), a free cell's letter ('a' … 'd')
 * or 'F', the foundations. placeText writes it in notation.
 */
export const placeText = (p) => (typeof p === 'number' ? String(p + 1) : p);

const readPlace = (c) => (c >= '1' && c <= '8' ? +c - 1 : c);

/**
 * parseFreecellMove reads 3-5, 3-5x4, 3-a, a-5, 3-F, a-F into {from, to,
 * n}, or null for what is not a move.
 */
export function parseFreecellMove(m) {
  const r = /^([1-8a-d])-([1-8a-dF])(?:x(\d+))?$/.exec(m || '');
  if (!r || r[1] === r[2]) return null;
  const from = readPlace(r[1]);
  const to = readPlace(r[2]);
  const n = r[3] ? +r[3] : 1;
  if (typeof from === 'string' && typeof to === 'string' && to !== 'F') return null;
  if (r[3] && (typeof from !== 'number' || typeof to !== 'number' || n < 1 || n > 13 || r[3][0] === '0')) return null;
  return { from, to, n };
}

/** fcMove writes the move of n cards from one place to another. */
export const fcMove = (from, to, n = 1) => `${placeText(from)}-${placeText(to)}${n > 1 ? 'x' + n : ''}`;

/** fits reports whether card a goes on card b in a column. */
export const fits = (a, b) => { const x = parseCard(a); const y = parseCard(b); return y.rank === x.rank + 1 && y.red !== x.red; };

/** runLength is the number of cards on top of column cards up that form a run (down by one, colours alternating). */
export function runLength(up) {
  if (!up.length) return 0;
  let k = 1;
  while (k < up.length && fits(up[up.length - k], up[up.length - k - 1])) k++;
  return k;
}

/** supermove is the most cards a move between columns may take now, to an empty column or onto a card. */
export function supermove(v, toEmpty) {
  const free = v.cells.filter((c) => !c).length;
  const empty = v.columns.filter((c) => !c.up.length).length - (toEmpty ? 1 : 0);
  return (1 + free) * 2 ** Math.max(0, empty);
}

/** goesHome reports whether card is the next card of its suit's foundation in view v. */
const goesHome = (v, card) => { const c = parseCard(card); return v.foundations[SUITS.indexOf(c.suit)] === c.rank - 1; };

/** cardAt is the card a move from place takes (the deepest of n), or ''. */
function cardAt(v, from, n = 1) {
  if (typeof from === 'number') { const up = v.columns[from].up; return up[up.length - n] || ''; }
  return v.cells[CELLS.indexOf(from)] || '';
}

/** freecellLegal lists every legal move of view v, in the engine's kinds. */
export function freecellLegal(v) {
  const out = [];
  if (v.won) return out;
  const emptyCells = v.cells.map((c, i) => (c ? '' : CELLS[i])).filter(Boolean);
  v.columns.forEach((col, c) => {
    const up = col.up;
    if (!up.length) return;
    if (goesHome(v, up[up.length - 1])) out.push(fcMove(c, 'F'));
    const run = runLength(up);
    v.columns.forEach((dst, d) => {
      if (d === c) return;
      if (!dst.up.length) {
        for (let n = 1; n <= Math.min(run, supermove(v, true)); n++) out.push(fcMove(c, d, n));
        return;
      }
      const top = dst.up[dst.up.length - 1];
      for (let n = 1; n <= Math.min(run, supermove(v, false)); n++) {
        if (fits(up[up.length - n], top)) { out.push(fcMove(c, d, n)); break; }
      }
    });
    for (const x of emptyCells) out.push(fcMove(c, x));
  });
  v.cells.forEach((card, i) => {
    if (!card) return;
    if (goesHome(v, card)) out.push(fcMove(CELLS[i], 'F'));
    v.columns.forEach((dst, d) => {
      if (!dst.up.length || fits(card, dst.up[dst.up.length - 1])) out.push(fcMove(CELLS[i], d));
    });
  });
  return out;
}

/** whyFreecellIllegal explains briefly why move m is not legal in view v. */
export function whyFreecellIllegal(m, v) {
  const p = parseFreecellMove(m);
  if (!p) return t('why.notamove');
  if (v.won) return t('why.won');
  for (const x of [p.from, p.to]) {
    if (typeof x === 'string' && x !== 'F' && CELLS.indexOf(x) >= v.cells.length) return t('why.fc.nocell', { cell: x });
  }
  const card = cardAt(v, p.from, p.n);
  if (typeof p.from === 'number') {
    const up = v.columns[p.from].up;
    if (!up.length) return t('why.colempty', { n: p.from + 1 });
    if (up.length < p.n) return t('why.fc.fewer', { col: p.from + 1, n: up.length });
    if (runLength(up) < p.n) return t('why.fc.notrun', { n: p.n });
  } else if (!card) {
    return t('why.fc.cellempty', { cell: p.from });
  }
  if (p.to === 'F') return t('why.notnext', { card: cardName(card) });
  if (typeof p.to === 'string') return t('why.fc.cellfull', { cell: p.to });
  const dst = v.columns[p.to].up;
  const limit = supermove(v, !dst.length);
  if (p.n > limit) return t('why.fc.limit', { n: limit });
  if (dst.length) return t('why.notfit', { card: cardName(card), on: cardName(dst[dst.length - 1]) });
  return t('why.notlegal');
}

/**
 * freecellBest picks where a tap sends the top n cards of a place (n
 * null: any number the run allows): home first, then onto a card (the
 * longest run that fits), then a single card to a free cell, then to an
 * empty column (never a whole column to another). Returns null when
 * they have nowhere to go.
 */
export function freecellBest(src, n, legal, v) {
  let best = null;
  let bestScore = -1;
  for (const m of legal) {
    const p = parseFreecellMove(m);
    if (!p || p.from !== src || (n && p.n !== n)) continue;
    let s;
    if (p.to === 'F') s = 1000;
    else if (typeof p.to === 'string') s = CELLS.indexOf(p.to) === v.cells.indexOf('') ? 50 : -1;
    else if (v.columns[p.to].up.length) s = 500 + p.n;
    else if (typeof src === 'number' && p.n === v.columns[src].up.length) s = -1;
    else s = 100 + p.n;
    if (s > bestScore) { best = m; bestScore = s; }
  }
  return best;
}

/** freecellMoveText says move m of view v (the view before it) in words. */
export function freecellMoveText(m, v) {
  const p = parseFreecellMove(m);
  if (!p) return m;
  const card = v && cardAt(v, p.from, p.n) ? cardName(cardAt(v, p.from, p.n)) : placeText(p.from);
  if (typeof p.from === 'string') {
    return p.to === 'F' ? t('move.fc.cellF', { card, cell: p.from }) : t('move.fc.fromcell', { card, cell: p.from, to: p.to + 1 });
  }
  if (p.to === 'F') return t('move.CF', { card, from: p.from + 1 });
  if (typeof p.to === 'string') return t('move.fc.tocell', { card, from: p.from + 1, cell: p.to });
  return p.n === 1
    ? t('move.CC', { card, from: p.from + 1, to: p.to + 1 })
    : t('move.CCn', { n: p.n, card, from: p.from + 1, to: p.to + 1 });
}

/**
 * freecellLineText says move m of view v (the view before it) as an
 * instruction, for a line of moves: "Move 7♥ from column 3 onto 8♠ in
 * column 5", "Move 2♣ from column 1 to a free cell".
 */
export function freecellLineText(m, v) {
  const p = parseFreecellMove(m);
  if (!p) return m;
  const card = v && cardAt(v, p.from, p.n) ? cardShort(cardAt(v, p.from, p.n)) : placeText(p.from);
  if (p.to === 'F') return t('an.do.home', { card });
  if (typeof p.from === 'string') return t('an.do.fromcell', { card, cell: p.from, dest: ontoText(v, p.to) });
  if (typeof p.to === 'string') return t('an.do.tocell', { card, from: p.from + 1 });
  return t('an.do.move', { cards: runText(v, p.from, p.n), from: p.from + 1, dest: ontoText(v, p.to) });
}

/** freecellHomeCard is the card move m of view v puts on its foundation, or ''. */
export function freecellHomeCard(m, v) {
  const p = parseFreecellMove(m);
  return p && v && p.to === 'F' ? cardAt(v, p.from, p.n) : '';
}

/** freecellMovedCard returns the card (the deepest one) that move m of view v moves, or ''. */
export function freecellMovedCard(m, v) {
  const p = parseFreecellMove(m);
  return p && v ? cardAt(v, p.from, p.n) : '';
}

/** freecellBoardText describes view v as lines of text, for screen readers. */
export function freecellBoardText(v) {
  const lines = [];
  lines.push(t('fc.text.cells', { list: v.cells.map((c, i) => `${CELLS[i]}: ${c ? cardName(c) : t('board.empty')}`).join(', ') }));
  lines.push(t('fc.text.foundations', { list: SUITS.split('').map((s, i) =>
    v.foundations[i] ? cardName(cardOf(v.foundations[i], s)) : t('fc.text.nofoundation', { suit: SUIT_NAME[s] })).join(', ') }));
  v.columns.forEach((c, i) => {
    lines.push(t('board.text.column', { n: i + 1, cards: c.up.length ? c.up.map(cardName).join(', ') : t('board.empty') }));
  });
  return lines;
}

/** home is the number of cards on the foundations of view v. */
export const home = (v) => v.foundations.reduce((a, b) => a + b, 0);
