// Helpers shared by the pages.
import { t, has, num } from './i18n.js';

/** esc escapes text for HTML, in element content and in quoted attributes. */
export const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);

const live = document.getElementById('live');
let liveTimer = 0;

/** announce speaks text through the page's aria-live region. */
export function announce(text) {
  clearTimeout(liveTimer);
  live.textContent = '';
  liveTimer = setTimeout(() => { live.textContent = text; }, 30);
}

/**
 * api calls a JSON endpoint and returns {ok, status, data, retryAfter}:
 * retryAfter is the answer's Retry-After in seconds, 0 when it has none.
 */
export async function api(path, body) {
  const init = body === undefined ? {} : { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) };
  try {
    const res = await fetch(path, init);
    const data = await res.json().catch(() => ({ code: 'bad_answer', message: t('code.bad_answer') }));
    const retryAfter = Math.max(0, parseInt(res.headers.get('Retry-After'), 10) || 0);
    return { ok: res.ok, status: res.status, data, retryAfter };
  } catch (err) {
    return { ok: false, status: 0, data: { code: 'network', message: t('code.network') }, retryAfter: 0 };
  }
}

// At most two practice requests of a page are on their way at once, the
// rest wait their turn here: a node lets one client replay at most half
// of its replay slots (two on a one-core node), and a request past that
// would come back 429 and wait a second (a replay of many racers asks
// for all their boards at each step).
const practiceSlots = { free: 2, waiting: [] };

/**
 * practice asks POST /api/practice for body, again after Retry-After
 * while the server is busy, or busy with this client's other requests
 * (a few times), and returns the answer or null. It waits its turn
 * behind the page's other practice requests; stale() true when its
 * turn comes (the answer is no longer wanted) gives null at once.
 */
export async function practice(body, stale = () => false) {
  if (practiceSlots.free > 0) practiceSlots.free--;
  else await new Promise((ok) => practiceSlots.waiting.push(ok));
  try {
    for (let tries = 0; ; tries++) {
      if (stale()) return null;
      const r = await api('/api/practice', body);
      if (r.ok) return r.data;
      if ((r.status !== 503 && r.status !== 429) || tries >= 3) return null;
      await new Promise((ok) => setTimeout(ok, (r.retryAfter || 1) * 1000));
    }
  } finally {
    const next = practiceSlots.waiting.shift();
    if (next) next();
    else practiceSlots.free++;
  }
}

/**
 * ratingText is a rating as every page shows it, the leaderboards'
 * way: the stored rating rounded once to a whole number ("1,741").
 */
export function ratingText(x) {
  return num(Math.round(x));
}

/** ratingDelta is a change between two ratings as shown: the difference of the shown numbers, signed ("+12", "−3", "±0"). */
export function ratingDelta(before, after) {
  const d = Math.round(after) - Math.round(before);
  return (d > 0 ? '+' : d < 0 ? '−' : '±') + num(Math.abs(d));
}

/** profileText is a profile in plain words ("Draw 3, three passes"), or fallback (its code). */
export function profileText(name, fallback = name) {
  return has('profile.' + name) ? t('profile.' + name) : fallback;
}

/** profileLabel is a profile in plain words, its code after it. */
export function profileLabel(name) {
  return t('profile.label', { text: profileText(name), code: name });
}

/**
 * codeText is the catalogue's word for a code the server sends (a racer
 * status: prefix 'state.', a race's end: 'end.'); a code the catalogue
 * lacks comes back in plain words, never in snake_case.
 */
export function codeText(prefix, code) {
  return has(prefix + code) ? t(prefix + code) : String(code).replace(/_/g, ' ');
}

/**
 * errorText is

 the page's sentence for an error the server sent ({code,
 * message}, from the hub or the JSON API): the catalogue's 'code.*'
 * sentence for its code. The server's own message is for developers and
 * never shown.
 */
export function errorText(e) {
  const code = e && e.code;
  return code && has('code.' + code) ? t('code.' + code) : t('code.other');
}


let configPromise = null;
/** serverConfig tells what the server offers: {hub, solver, profiles}. */
export function serverConfig() {
  if (!configPromise) configPromise = api('/api/web/config').then((r) => r.ok ? r.data : { hub: false, solver: false, profiles: [] });
  return configPromise;
}

/**
 * touchScreen reports whether the page is used by touch: no hover, a
 * coarse pointer. The page then speaks of taps and shows no key help.
 */
export function touchScreen() {
  return window.matchMedia('(hover: none) and (pointer: coarse)').matches;
}

/**
 * isTyping reports whether a key event belongs to a form field, or is Space
 * or Enter on a focused button or link (which then does its own thing).
 */
export function isTyping(e) {
  const t = e.target;
  if (!t) return false;
  if (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.tagName === 'SELECT' || t.isContentEditable) return true;
  return (e.key === ' ' || e.key === 'Enter') && (t.tagName === 'BUTTON' || t.tagName === 'A' || t.tagName === 'SUMMARY');
}


/**
 * botLevelHTML names a bot racer's level after its name, " (steady)" in
 * the page's words, when the server said it (a racer's "bot"); "" for a
 * person.
 */
export function botLevelHTML(racer) {
  const l = racer && racer.bot;
  if (!l) return '';
  return ` <span class="bot-lvl">(${esc(has('bot.level.' + l) ? t('bot.level.' + l).toLowerCase() : l)})</span>`;
}
