// Spider's rules as seen from a player's view (the JSON of spider.View):
// move notation, legal moves as the engine computes them
// (spider.State.Moves), why a move is illegal, where a tap sends a group,
// and words for people and screen readers.
import { parseCard, cardName, SUIT_NAME, ontoText, runText } from './cards.js';
import { t, num } from './i18n.js';

export const NUM_RUNS = 8;

/** spiderRules reads what the board needs from a profile name ("spider-2-std"). */
export function spiderRules(name, text = '') {
  const m = /^spider-(\d)/.exec(name || '');
  return { name, game: 'spider', suits: m ? +m[1] : 1, groups: /-std$/.test(name || '') ? 'standard' : 'permissive', text };
}

/** parseSpiderMove reads D, 3-5, 3-5x4, 10-1 into {kind: 'D'} or {kind: 'CC', from, to, n}. */
export function parseSpiderMove(m) {
  if (m === 'D') return { kind: 'D' };
  const r = /^(10|[1-9])-(10|[1-9])(?:x(\d+))?$/.exec(m || '');
  if (!r || r[1] === r[2]) return null;
  return { kind: 'CC', from: +r[1] - 1, to: +r[2] - 1, n: r[3] ? +r[3] : 1 };
}

/** columnMove writes the move of n cards from column from to column to (0-based). */
export function columnMove(from, to, n) {
  return n > 1 ? `${from + 1}-${to + 1}x${n}` : `${from + 1}-${to + 1}`;
}

const isEmpty = (col) => col.down === 0 && col.up.length === 0;

/**
 * runLength is the number of cards on top of face-up cards up that move
 * together: descending by one rank, and of one suit under the standard
 * group rule.
 */
export function runLength(up, groups) {
  if (!up.length) return 0;
  let k = 1;
  while (k < up.length) {
    const upper = parseCard(up[up.length - k]);
    const lower = parseCard(up[up.length - k - 1]);
    if (lower.rank !== upper.rank + 1 || (groups === 'standard' && lower.suit !== upper.suit)) break;
    k++;
  }
  return k;
}

/** spiderLegal lists every legal move of view v under rules r. */
export function spiderLegal(v, r) {
  const out = [];
  if (v.won) return out;
  const groups = r && r.groups;
  v.columns.forEach((col, c) => {
    const run = runLength(col.up, groups);
    for (let n = 1; n <= run; n++) {
      const card = parseCard(col.up[col.up.length - n]);
      v.columns.forEach((dst, d) => {
        if (d === c) return;
        if (isEmpty(dst) || parseCard(dst.up[dst.up.length - 1]).rank === card.rank + 1) out.push(columnMove(c, d, n));
      });
    }
  });
  if (v.stock > 0 && !v.columns.some(isEmpty)) out.push('D');
  return out;
}

/** whySpiderIllegal explains briefly why move m is not legal in view v. */
export function whySpiderIllegal(m, v, r) {
  const p = parseSpiderMove(m);
  if (!p) return t('why.notamove');
  if (v.won) return t('why.won');
  if (p.kind === 'D') {
    if (!v.stock) return t('why.stockempty');
    return t('why.s.fillfirst');
  }
  const up = v.columns[p.from].up;
  if (!up.length) return t('why.colempty', { n: p.from + 1 });
  if (up.length < p.n) return t('why.onlyup', { col: p.from + 1, n: up.length });
  if (runLength(up, r && r.groups) < p.n) {
    return t(r && r.groups === 'standard' ? 'why.s.notsuitrun' : 'why.s.notrun', { n: p.n });
  }
  const dst = v.columns[p.to];
  if (isEmpty(dst)) return t('why.notlegal');
  const card = up[up.length - p.n];
  return t('why.notfit', { card: cardName(card), on: cardName(dst.up[dst.up.length - 1]) });
}

/**
 * spiderBest picks where a tap sends the top n cards of column src: onto a
 * card of their suit first, then onto any card, then to an empty column
 * (unless that only moves a whole column). Returns null when they have
 * nowhere to go.
 */
export function spiderBest(src, n, legal, v) {
  const col = v.columns[src];
  const moving = parseCard(col.up[col.up.length - n] || 'AS');
  const score = (p) => {
    const dst = v.columns[p.to];
    if (isEmpty(dst)) return col.down === 0 && col.up.length === p.n ? -1 : 20 - p.to;
    const top = parseCard(dst.up[dst.up.length - 1]);
    return (top.suit === moving.suit ? 100 : 50) - p.to;
  };
  let best = null;
  let bestScore = -1;
  for (const m of legal) {
    const p = parseSpiderMove(m);
    if (!p || p.kind !== 'CC' || p.from !== src || p.n !== n) continue;
    const s = score(p);
    if (s > bestScore) { best = m; bestScore = s; }
  }
  return best;
}

/** spiderMoveText says move m of view v (the view before it) in words. */
export function spiderMoveText(m, v) {
  const p = parseSpiderMove(m);
  if (!p) return m;
  if (p.kind === 'D') return t('move.s.D');
  const up = v ? v.columns[p.from].up : [];
  const card = up.length >= p.n ? cardName(up[up.length - p.n]) : t('board.column', { n: p.from + 1 });
  return p.n === 1
    ? t('move.CC', { card, from: p.from + 1, to: p.to + 1 })
    : t('move.CCn', { n: p.n, card, from: p.from + 1, to: p.to + 1 });
}

/**
 * spiderLineText says move m of view v (the view before it) as an
 * instruction, for a line of moves; n > 1 says a deal n times in a row.
 */
export function spiderLineText(m, v, n = 1) {
  const p = parseSpiderMove(m);
  if (!p) return m;
  if (p.kind === 'D') return t('an.do.deal', { n, count: num(n) });
  return t('an.do.move', { cards: runText(v, p.from, p.n), from: p.from + 1, dest: ontoText(v, p.to) });
}

/** completedText names the runs completed between views before and after. */
export function completedText(before, after) {
  if (!before || !after || after.completed <= before.completed) return '';
  const suits = (after.completed_suits || []).slice(before.completed).map((s) => SUIT_NAME[s] || s);
  return t('s.completed', { suits: suits.join(t('board.then')) });
}

/** spiderBoardText describes view v as lines of text, for screen readers. */
export function spiderBoardText(v) {
  const lines = [];
  const deals = Math.floor(v.stock / 10);
  lines.push(t('s.text.stock', { n: deals, cards: v.stock }));
  lines.push(t('s.text.runs', { n: v.completed, of: NUM_RUNS }) + (v.completed ? ` (${(v.completed_suits || []).map((s) => SUIT_NAME[s]).join(', ')}).` : '.'));
  v.columns.forEach((c, i) => {
    const parts = [];
    if (c.down) parts.push(t('board.facedown', { n: c.down }));
    if (c.up.length) parts.push(c.up.map(cardName).join(', '));
    lines.push(t('board.text.column', { n: i + 1, cards: parts.length ? parts.join(t('board.then')) : t('board.empty') }));
  });

  return lines;
}

/** turnedUpCount is the number of cards turned face up so far: 44 face down at the deal. */
export function turnedUpCount(v) {
  return 44 - v.columns.reduce((a, c) => a + c.down, 0);
}
