// Small drawings of a game's table for the home page's choices: inline
// SVG, coloured by the stylesheet (.pic), no text, no image. A game's
// module composes its table from these parts (its entry's picture()).

/** W and H are a picture's size in its own units. */
export const W = 140;
export const H = 84;

/** felt is the table. */
export const felt = () => `<rect class="felt" x="0" y="0" width="${W}" height="${H}" rx="7"/>`;

/** slot is an empty pile's outline at x, y, w wide. */
export const slot = (x, y, w) => `<rect class="slot" x="${x}" y="${y}" width="${w}" height="${w * 1.4}" rx="${w * 0.12}"/>`;

/** back is a face-down card at x, y, w wide. */
export const back = (x, y, w) => `<rect class="back" x="${x}" y="${y}" width="${w}" height="${w * 1.4}" rx="${w * 0.12}"/>`;

/**
 * face is a face-up card at x, y, w wide, marked with a pip of suit
 * (0 spades, 1 hearts, 2 diamonds, 3 clubs): red ones a diamond, black
 * ones a dot.
 */
export function face(x, y, w, suit = 0) {
  const red = suit === 1 || suit === 2;
  const cx = x + w * 0.3;
  const cy = y + w * 0.32;
  const r = w * 0.16;
  const pip = red
    ? `<path class="red" d="M${cx} ${cy - r * 1.3}L${cx + r} ${cy}L${cx} ${cy + r * 1.3}L${cx - r} ${cy}Z"/>`
    : `<circle class="blk" cx="${cx}" cy="${cy}" r="${r}"/>`;
  return `<rect class="face" x="${x}" y="${y}" width="${w}" height="${w * 1.4}" rx="${w * 0.12}"/>${pip}`;
}

/** svg wraps a picture's parts; it is decoration, hidden from screen readers. */
export const svg = (parts) => `<svg class="pic" viewBox="0 0 ${W} ${H}" aria-hidden="true" focusable="false">${felt()}${parts}</svg>`;
