// The win: the cards on top of the board bounce off it and down the
// screen, in a few seconds, over the page and without taking a click.
// Nothing moves for a player who asked for reduced motion.

const MAX_CARDS = 28;
const STAGGER = 90; // ms between two cards' starts
const GRAVITY = 0.0021; // px per ms²
const BOUNCE = 0.72; // speed kept at each bounce

/**
 * celebrate throws copies of the face-up cards in root's top row (the
 * foundations, or Spider's completed runs) in bouncing arcs. It returns
 * the overlay, removed by itself when the last card is off screen.
 */
export function celebrate(root) {
  if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return null;
  const sources = [...root.querySelectorAll('.top .card.up')].filter((el) => !el.classList.contains('under'));
  if (!sources.length) return null;
  const layer = document.createElement('div');
  layer.className = 'cascade';
  layer.setAttribute('aria-hidden', 'true');
  document.body.appendChild(layer);
  const floor = window.innerHeight;
  const width = window.innerWidth;
  let left = 0;
  const n = Math.min(MAX_CARDS, sources.length * 7);
  for (let i = 0; i < n; i++) {
    const src = sources[i % sources.length];
    const r = src.getBoundingClientRect();
    const card = src.cloneNode(true);
    card.classList.remove('last', 'sel', 'hint');
    card.style.cssText = `left:${r.left}px;top:${r.top}px;width:${r.width}px;height:${r.height}px;--cw:${r.width}px`;
    layer.appendChild(card);
    const { frames, duration } = arc(r, floor, width, i);
    const a = card.animate(frames, { duration, delay: i * STAGGER, fill: 'both', easing: 'linear' });
    left++;
    a.onfinish = () => { card.remove(); if (--left === 0) layer.remove(); };
  }
  return layer;
}

/** arc is the keyframes of one card falling from r and bouncing, until it leaves the screen. */
function arc(r, floor, width, i) {
  const dir = i % 2 ? 1 : -1;
  let vx = dir * (0.18 + ((i * 37) % 10) / 40); // px per ms
  let vy = -0.25 - ((i * 17) % 7) / 30;
  let x = 0;
  let y = 0;
  const frames = [];
  const step = 16;
  let tms = 0;
  while (tms < 4000) {
    frames.push({ transform: `translate(${x.toFixed(1)}px, ${y.toFixed(1)}px)` });
    x += vx * step;
    vy += GRAVITY * step;
    y += vy * step;
    if (r.top + y + r.height > floor) {
      y = floor - r.height - r.top;
      vy = -vy * BOUNCE;
    }
    tms += step;
    if (r.left + x > width || r.left + x + r.width < 0) break;
  }
  frames.push({ transform: `translate(${x.toFixed(1)}px, ${y.toFixed(1)}px)`, opacity: 0 });
  return { frames, duration: tms };
}
