// The page's words: one catalogue per language (i18n/en.js,
// i18n/pt-BR.js), chosen from a saved choice or the browser's languages.
// t(key, params) looks a key up in the chosen catalogue, falls back to
// English and then to the key itself, and fills {name} placeholders.
import en from './i18n/en.js';
import ptBR from './i18n/pt-BR.js';

const catalogues = { en, 'pt-BR': ptBR };
const storeKey = 'lang';

/** languages lists the languages the page speaks: code and own name. */
export const languages = [
  { code: 'en', name: 'English' },
  { code: 'pt-BR', name: 'Português (Brasil)' },
];

function pick() {
  let saved = null;
  try { saved = localStorage.getItem(storeKey); } catch { /* storage off */ }
  if (saved && catalogues[saved]) return saved;
  for (const l of navigator.languages || [navigator.language || 'en']) {
    if (/^pt\b/i.test(l)) return 'pt-BR';
    if (/^en\b/i.test(l)) return 'en';
  }
  return 'en';
}

let current = pick();
document.documentElement.lang = current;

/** lang is the code of the language the page speaks now. */
export function lang() { return current; }

/** setLang saves a choice and reloads the page in that language. */
export function setLang(code) {
  if (!catalogues[code]) return;
  try { localStorage.setItem(storeKey, code); } catch { /* storage off */ }
  location.reload();
}

/**
 * t returns the sentence of key in the page's language with each {name}
 * replaced by params[name]. A value may be a function of params (for
 * plurals); a key no catalogue has comes back as itself.
 */
export function t(key, params = {}) {
  let v = catalogues[current][key];
  if (v === undefined) v = en[key];
  if (v === undefined) return key;
  if (typeof v === 'function') v = v(params);
  return v.replace(/\{(\w+)\}/g, (m, k) => (k in params ? String(params[k]) : m));
}

/** has tells whether the catalogue (or English) has key. */
export function has(key) { return key in catalogues[current] || key in en; }

/** num formats a number for the page's language. */
export function num(n, opts) { return new Intl.NumberFormat(current, opts).format(n); }

/** date formats a time (Date or milliseconds) for the page's language. */
export function date(d, opts = { dateStyle: 'medium' }) {
  return new Intl.DateTimeFormat(current, opts).format(typeof d === 'number' ? new Date(d) : d);
}
