// Card faces drawn as SVG by the page itself. Each face is one small SVG
// image (its suit shape and court figure defined once inside it and
// reused), set as the background of the card's element by one stylesheet
// rule per card, made once. A card on a board is then a single empty
// element: the browser rasterises each face once per size and reuses it.
// Pips sit as on real cards; the court cards carry a simple two-headed
// figure with its suit. Card coordinates: a 100 × 140 box.
import { RANKS, SUITS, parseCard, rankLabel } from './cards.js';

const NS = 'http://www.w3.org/2000/svg';
const INK = { red: '#c0182b', black: '#1a1a1a' };
const GOLD = '#d9a521';
const GOLD_DARK = '#8a6512';
const SKIN = '#f4d8b8';

// Suit shapes in a 100 × 100 box: four outlines that differ without colour.
const SUIT_PATH = {
  H: '<path d="M50 90C22 66 4 50 4 29 4 14 15 4 29 4c10 0 17 6 21 15C54 10 61 4 71 4c14 0 25 10 25 25 0 21-18 37-46 61z"/>',
  D: '<path d="M50 2 88 50 50 98 12 50z"/>',
  S: '<path d="M50 3C38 22 8 38 8 61c0 13 10 22 22 22 8 0 14-4 17-10-1 11-5 18-13 24h32c-8-6-12-13-13-24 3 6 9 10 17 10 12 0 22-9 22-22C92 38 62 22 50 3z"/>',
  C: '<circle cx="50" cy="27" r="21"/><circle cx="26" cy="59" r="21"/><circle cx="74" cy="59" r="21"/>' +
    '<circle cx="50" cy="53" r="12"/><path d="M46 55c0 19-4 31-13 42h34c-9-11-13-23-13-42z"/>',
};

// Pip positions per rank: [column, row] with columns 0 (left), 1 (centre),
// 2 (right) and rows from 0 (top) to 1 (bottom), as on real cards.
const L = 0;
const M = 1;
const R = 2;
const PIPS = {
  2: [[M, 0], [M, 1]],
  3: [[M, 0], [M, 0.5], [M, 1]],
  4: [[L, 0], [R, 0], [L, 1], [R, 1]],
  5: [[L, 0], [R, 0], [M, 0.5], [L, 1], [R, 1]],
  6: [[L, 0], [R, 0], [L, 0.5], [R, 0.5], [L, 1], [R, 1]],
  7: [[L, 0], [R, 0], [M, 0.25], [L, 0.5], [R, 0.5], [L, 1], [R, 1]],
  8: [[L, 0], [R, 0], [M, 0.25], [L, 0.5], [R, 0.5], [M, 0.75], [L, 1], [R, 1]],
  9: [[L, 0], [R, 0], [L, 1 / 3], [R, 1 / 3], [M, 0.5], [L, 2 / 3], [R, 2 / 3], [L, 1], [R, 1]],
  10: [[L, 0], [R, 0], [M, 1 / 6], [L, 1 / 3], [R, 1 / 3], [L, 2 / 3], [R, 2 / 3], [M, 5 / 6], [L, 1], [R, 1]],
};
const PIP_X = [31, 50, 69];
const PIP_TOP = 41;
const PIP_BOTTOM = 103;
const pipSize = (rank) => (rank >= 8 ? 16.5 : 19);

// Court figures, the upper half of a two-headed card in the frame
// x 20…80, y 33…107 (the middle at 70): headwear, head, shoulders.
const COURT = {
  K: `<path d="M39 45 37 31l6 6 7-9 7 9 6-6-2 14z" fill="${GOLD}" stroke="${GOLD_DARK}" stroke-width="1"/>` +
    '<circle cx="43" cy="37" r="1.6" fill="#c8102e"/><circle cx="57" cy="37" r="1.6" fill="#1f5fa8"/>',
  Q: `<path d="M40 46c0-8 4-12 10-12s10 4 10 12z" fill="currentColor"/>` +
    `<path d="M40 41 43 33l4 5 3-7 3 7 4-5 3 8z" fill="${GOLD}" stroke="${GOLD_DARK}" stroke-width="1"/>`,
  J: '<path d="M39 46c0-9 5-13 11-13s11 4 11 13z" fill="currentColor"/>' +
    `<path d="M58 37c6-6 11-8 15-7-4 3-8 7-12 10z" fill="${GOLD}" stroke="${GOLD_DARK}" stroke-width=".8"/>`,
};
const HEAD = `<circle cx="50" cy="50" r="8.5" fill="${SKIN}" stroke="#3b2a1a" stroke-width=".9"/>` +
  '<circle cx="47" cy="49" r="1" fill="#3b2a1a"/><circle cx="53" cy="49" r="1" fill="#3b2a1a"/>' +
  '<path d="M47 54q3 2 6 0" stroke="#3b2a1a" stroke-width=".9" fill="none"/>';
const SHOULDERS = '<path d="M27 70l4-9q19-10 38 0l4 9z" fill="currentColor"/>' +
  `<path d="M33 63q17-8 34 0" stroke="${GOLD}" stroke-width="2.2" fill="none"/>`;

/** index is a corner index: the rank, its suit beside it. */
function index(code) {
  const c = parseCard(code);
  const label = rankLabel(code);
  const wide = label.length > 1;
  const w = wide ? 31 : 19;
  return `<text x="5" y="29" font-size="32" font-weight="700" fill="currentColor"${wide ? ` textLength="${w}" lengthAdjust="spacingAndGlyphs"` : ''}>${label}</text>` +
    `<use href="#suit-${c.suit}" x="${7 + w}" y="9" width="19" height="19"/>`;
}

/** pips are the pips of ranks 2 to 10, the lower half turned round. */
function pips(rank, suit) {
  const size = pipSize(rank);
  return PIPS[rank].map(([col, row]) => {
    const x = PIP_X[col] - size / 2;
    const y = PIP_TOP + (PIP_BOTTOM - PIP_TOP) * row - size / 2;
    const turn = row > 0.5 ? ` transform="rotate(180 ${PIP_X[col]} ${(y + size / 2).toFixed(2)})"` : '';
    return `<use href="#suit-${suit}" x="${x}" y="${y.toFixed(2)}" width="${size}" height="${size}"${turn}/>`;
  }).join('');
}

/** court is a court card's framed two-headed figure. */
function court(rank, suit) {
  const half = `<use href="#court-${rank}" width="100" height="140"/><use href="#suit-${suit}" x="44.5" y="61" width="11" height="11" color="#fff"/>` +
    `<use href="#suit-${suit}" x="24" y="36" width="11" height="11"/>`;
  return '<rect x="20" y="33" width="60" height="74" rx="3" fill="currentColor" fill-opacity=".07" stroke="currentColor" stroke-width="1.2"/>' +
    `<g>${half}</g><g transform="rotate(180 50 70)">${half}</g>` +
    `<path d="M22 70h56" stroke="${GOLD_DARK}" stroke-width=".8"/>`;
}

/** face is a card symbol's content: its corner indices and its middle. */
function face(code) {
  const c = parseCard(code);
  let middle;
  if (c.rank === 1) {
    const size = c.suit === 'S' ? 54 : 44;
    middle = `<use href="#suit-${c.suit}" x="${50 - size / 2}" y="${71 - size / 2}" width="${size}" height="${size}"/>`;
  } else if (c.rank > 10) {
    middle = court(RANKS[c.rank - 1], c.suit);
  } else {
    middle = pips(c.rank, c.suit);
  }
  const ix = index(code);
  return ix + middle + `<g transform="rotate(180 50 70) scale(.72)">${ix}</g>`;
}

/** faceImage is card code's face as a standalone SVG document. */
function faceImage(code) {
  const c = parseCard(code);
  const defs = `<symbol id="suit-${c.suit}" viewBox="0 0 100 100" fill="currentColor">${SUIT_PATH[c.suit]}</symbol>` +
    (c.rank > 10 ? `<symbol id="court-${RANKS[c.rank - 1]}" viewBox="0 0 100 140">${SHOULDERS}${HEAD}${COURT[RANKS[c.rank - 1]]}</symbol>` : '');
  return `<svg xmlns="${NS}" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 100 140" color="${c.red ? INK.red : INK.black}" fill="currentColor" ` +
    `font-family="system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'DejaVu Sans', sans-serif"><defs>${defs}</defs>${face(code)}</svg>`;
}

let sheet = null;

/**
 * ensureFaces adds, once, the stylesheet that gives every face-up card
 * its face: a rule per card, built with the CSSOM (no inline <style>,
 * which the page's Content-Security-Policy forbids).
 */
function ensureFaces() {
  if (sheet) return;
  sheet = new CSSStyleSheet();
  let rules = '';
  for (const suit of SUITS) {
    for (const r of RANKS) {
      const url = 'data:image/svg+xml,' + encodeURIComponent(faceImage(r + suit));
      rules += `.card.up[data-card="${r}${suit}"]{background-image:url("${url}")}\n`;
    }
  }
  sheet.replaceSync(rules);
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
}

/** faceHTML is what a face-up card holds inside: nothing, its face is its background. */
export function faceHTML() {
  ensureFaces();
  return '';
}

/** suitSVG is a suit's shape alone, for empty foundations and such. */
export function suitSVG(suit, cls = 'suit') {
  return `<svg class="${cls}" viewBox="0 0 100 100" fill="currentColor" aria-hidden="true" focusable="false">${SUIT_PATH[suit]}</svg>`;
}
