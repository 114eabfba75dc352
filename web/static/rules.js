// Legal moves computed from a player's view, as the engine computes them
// from the position (klondike.State.Moves): used to pick a card's best
// destination and to explain an illegal attempt before asking the server.
import { parseCard, SUITS, cardName, parseMove, cardOf } from './cards.js';
import { t } from './i18n.js';

function fits(card, col) {
  if (col.up.length === 0) return col.down === 0 && card.rank === 13;
  const top = parseCard(col.up[col.up.length - 1]);
  return top.rank === card.rank + 1 && top.red !== card.red;
}

function fitsFoundation(card, v) {
  return v.foundations[SUITS.indexOf(card.suit)] === card.rank - 1;
}

/** legalMoves lists every legal move of view v under rules r. */
export function legalMoves(v, r) {
  const out = [];
  if (v.won) return out;
  if (v.stock > 0) out.push('D');
  if (v.stock === 0 && v.wasteSize > 0 && v.passesLeft !== 0) out.push('R');
  if (v.waste.length) {
    const w = parseCard(v.waste[v.waste.length - 1]);
    if (fitsFoundation(w, v)) out.push('W-F');
    v.columns.forEach((col, d) => { if (fits(w, col)) out.push(`W-${d + 1}`); });
  }
  v.columns.forEach((col, c) => {
    const up = col.up;
    if (!up.length) return;
    if (fitsFoundation(parseCard(up[up.length - 1]), v)) out.push(`${c + 1}-F`);
    for (let n = 1; n <= up.length; n++) {
      const card = parseCard(up[up.length - n]);
      v.columns.forEach((dst, d) => {
        if (d !== c && fits(card, dst)) out.push(n === 1 ? `${c + 1}-${d + 1}` : `${c + 1}-${d + 1}x${n}`);
      });
    }
  });
  if (r && r.foundationToColumn) {
    SUITS.split('').forEach((s, i) => {
      const f = v.foundations[i];
      if (!f) return;
      const card = parseCard(cardOf(f, s));
      v.columns.forEach((dst, d) => { if (fits(card, dst)) out.push(`F${s}-${d + 1}`); });
    });
  }
  return out;
}

/** whyIllegal explains briefly why move m is not legal in view v. */
export function whyIllegal(m, v, r) {
  const p = parseMove(m);
  if (!p) return t('why.notamove');
  if (v.won) return t('why.won');
  const top = (col) => col.up.length ? parseCard(col.up[col.up.length - 1]) : null;
  const notFit = (card, d) => {
    const dst = v.columns[d];
    const tc = top(dst);
    if (!tc) return t('why.kingonly');
    return t('why.notfit', { card: cardName(card.code), on: cardName(tc.code) });
  };
  switch (p.kind) {
    case 'D': return t('why.stockempty');
    case 'R':
      if (v.stock > 0) return t('why.stocknotempty');
      if (!v.wasteSize) return t('why.wasteempty');
      return t('why.nopasses');
    case 'WF': case 'WC': {
      if (!v.waste.length) return t('why.wasteempty');
      const w = parseCard(v.waste[v.waste.length - 1]);
      return p.kind === 'WF' ? t('why.notnext', { card: cardName(w.code) }) : notFit(w, p.to);
    }
    case 'CF': {
      const tc = top(v.columns[p.from]);
      if (!tc) return t('why.colempty', { n: p.from + 1 });
      return t('why.notnext', { card: cardName(tc.code) });
    }
    case 'CC': {
      const up = v.columns[p.from].up;
      if (up.length < p.n) return up.length ? t('why.onlyup', { col: p.from + 1, n: up.length }) : t('why.noup', { col: p.from + 1 });
      return notFit(parseCard(up[up.length - p.n]), p.to);
    }
    case 'FC': {
      if (!r || !r.foundationToColumn) return t('why.nofc');
      const f = v.foundations[SUITS.indexOf(p.suit)];
      if (!f) return t('why.fempty');
      return notFit(parseCard(cardOf(f, p.suit)), p.to);
    }
  }
  return t('why.notlegal');

}

/**
 * bestMove picks where a click on a card sends it: source is 'W', a column
 * index with n cards, or 'F'+suit. Foundation first for one card, then a
 * column that holds cards, then an empty column when that uncovers
 * something. Returns null when the card has nowhere to go.
 */
export function bestMove(src, n, legal, v, preferFoundation = true) {
  const cands = [];
  for (const m of legal) {
    const p = parseMove(m);
    if (src === 'W' && (p.kind === 'WF' || p.kind === 'WC')) cands.push([m, p]);
    else if (typeof src === 'number' && p.kind === 'CF' && p.from === src && n === 1) cands.push([m, p]);
    else if (typeof src === 'number' && p.kind === 'CC' && p.from === src && p.n === n) cands.push([m, p]);
    else if (typeof src === 'string' && src[0] === 'F' && p.kind === 'FC' && p.suit === src[1]) cands.push([m, p]);
  }
  const score = ([, p]) => {
    if (p.kind === 'WF' || p.kind === 'CF') return preferFoundation ? 100 : 10;
    const dst = v.columns[p.to];
    const empty = dst.up.length === 0 && dst.down === 0;
    if (!empty) return 50 - p.to;
    if (p.kind === 'CC' && v.columns[p.from].down === 0 && v.columns[p.from].up.length === p.n) return -1; // pointless
    return 20 - p.to;
  };
  cands.sort((a, b) => score(b) - score(a));
  if (!cands.length || score(cands[0]) < 0) return null;
  return cands[0][0];
}
