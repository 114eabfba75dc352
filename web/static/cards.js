// Cards, piles and moves in the notation of docs/RULES.md, and their names for
// people and screen readers.
import { t } from './i18n.js';

export const RANKS = 'A23456789TJQK';
export const SUITS = 'CDHS';
export const SUIT_SYMBOL = { C: '♣', D: '♦', H: '♥', S: '♠' };
const RANK_NAME = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'].map((r) => t('rank.' + r));
/** SUIT_NAME names each suit in words. */
export const SUIT_NAME = { C: t('suit.C'), D: t('suit.D'), H: t('suit.H'), S: t('suit.S') };

/** parse "TD" into {rank: 10, suit: "D", red: true, code: "TD"}. */
export function parseCard(code) {
  const rank = RANKS.indexOf(code[0]) + 1;
  const suit = code[1];
  return { code, rank, suit, red: suit === 'D' || suit === 'H' };
}

export function cardName(code) {
  const c = parseCard(code);
  return t('card.name', { rank: RANK_NAME[c.rank - 1], suit: SUIT_NAME[c.suit] });
}

export function rankLabel(code) {
  return code[0] === 'T' ? '10' : code[0];
}

export function cardOf(rank, suit) {
  return RANKS[rank - 1] + suit;
}

/** parseMove reads D, R, W-3, W-F, 3-F, 3-5x2, FH-3 into parts. */
export function parseMove(m) {
  if (m === 'D' || m === 'R') return { kind: m };
  let r = /^W-([1-7F])$/.exec(m);
  if (r) return r[1] === 'F' ? { kind: 'WF' } : { kind: 'WC', to: +r[1] - 1 };
  r = /^([1-7])-F$/.exec(m);
  if (r) return { kind: 'CF', from: +r[1] - 1 };
  r = /^([1-7])-([1-7])(?:x(\d+))?$/.exec(m);
  if (r) return { kind: 'CC', from: +r[1] - 1, to: +r[2] - 1, n: r[3] ? +r[3] : 1 };
  r = /^F([CDHS])-([1-7])$/.exec(m);
  if (r) return { kind: 'FC', suit: r[1], to: +r[2] - 1 };
  return null;
}

/** moveText says move m of view v (the view before it) in words. */
export function moveText(m, v) {
  const p = parseMove(m);
  if (!p) return m;
  const wasteTop = v && v.waste.length ? cardName(v.waste[v.waste.length - 1]) : t('move.wastecard');
  const colTop = (i, n = 1) => {
    const up = v ? v.columns[i].up : [];
    return up.length >= n ? cardName(up[up.length - n]) : t('board.column', { n: i + 1 });
  };
  switch (p.kind) {
    case 'D': return t('move.D');
    case 'R': return t('move.R');
    case 'WF': return t('move.WF', { card: wasteTop });
    case 'WC': return t('move.WC', { card: wasteTop, to: p.to + 1 });
    case 'CF': return t('move.CF', { card: colTop(p.from), from: p.from + 1 });
    case 'CC': return p.n === 1
      ? t('move.CC', { card: colTop(p.from), from: p.from + 1, to: p.to + 1 })
      : t('move.CCn', { n: p.n, card: colTop(p.from, p.n), from: p.from + 1, to: p.to + 1 });
    case 'FC': return t('move.FC', { card: cardName(cardOf(v ? v.foundations[SUITS.indexOf(p.suit)] : 1, p.suit)), to: p.to + 1 });
  }

  return m;
}

/** movedCard returns the card (the deepest one) that move m of view v moves, or ''. */
export function movedCard(m, v) {
  const p = parseMove(m);
  if (!p || !v) return '';
  const top = (i, n = 1) => v.columns[i].up[v.columns[i].up.length - n] || '';
  switch (p.kind) {
    case 'WF': case 'WC': return v.waste[v.waste.length - 1] || '';
    case 'CF': return top(p.from);
    case 'CC': return top(p.from, p.n);
    case 'FC': return cardOf(v.foundations[SUITS.indexOf(p.suit)], p.suit);
  }
  return '';
}

/** turnedUp names the cards that move m turned face up, comparing views. */
export function turnedUp(before, after) {
  const out = [];
  if (!before || !after) return out;
  after.columns.forEach((c, i) => {
    if (c.down < before.columns[i].down && c.up.length) out.push(c.up[0]);
  });
  return out;
}

const RANK_SHORT = { A: t('rank.short.A'), T: '10', J: t('rank.short.J'), Q: t('rank.short.Q'), K: t('rank.short.K') };

/** cardShort is a card's short name in a line of moves: "7♥", "K♠". */
export function cardShort(code) {
  return (RANK_SHORT[code[0]] || code[0]) + SUIT_SYMBOL[code[1]];
}

/**
 * ontoText says where a card goes in column i of view v, for a line of
 * moves: "onto 8♠ in column 5", or "to empty column 5".
 */
export function ontoText(v, i) {
  const up = v && v.columns[i] ? v.columns[i].up : [];
  return up.length ? t('an.do.onto', { card: cardShort(up[up.length - 1]), n: i + 1 }) : t('an.do.toempty', { n: i + 1 });
}

/**
 * runText says the cards a move takes from the top of column i of view v:
 * "7♥", or "3 cards (9♠ to 7♠)" for n of them.
 */
export function runText(v, i, n = 1) {
  const up = v && v.columns[i] ? v.columns[i].up : [];
  if (up.length < n) return t('board.column', { n: i + 1 });
  if (n === 1) return cardShort(up[up.length - 1]);
  return t('an.do.run', { count: n, first: cardShort(up[up.length - n]), last: cardShort(up[up.length - 1]) });
}
