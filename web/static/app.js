// The client's entry point: puts the page's frame in its language (the
// header, the skip link, the language switch) and picks the page from the
// path.
import { mountPractice } from './practice.js';
import { mountPage } from './pages.js';
import { soundToggle } from './sound.js';
import { mountHow } from './howto.js';
import { t, lang, setLang, languages } from './i18n.js';
import { esc } from './util.js';
import { headerLink, mountAccountPage } from './account.js';
import { mountReview } from './review.js';

/** frame sets the words of index.html's frame and adds the language switch. */
function frame() {
  document.title = t('app.title');
  const skip = document.querySelector('a.skip');
  if (skip) skip.textContent = t('nav.skip');
  const brand = document.querySelector('header.site .brand-name');
  if (brand) brand.textContent = t('app.title');
  const nav = document.querySelector('header.site nav');
  if (!nav) return;
  nav.setAttribute('aria-label', t('nav.main'));
  const names = { '/': 'nav.play', '/practice': 'nav.practice', '/watch': 'nav.watch', '/leaderboards': 'nav.leaderboards', '/arenas': 'nav.arenas' };
  for (const a of nav.querySelectorAll('a')) {
    const k = names[a.getAttribute('href')];
    if (k) a.textContent = t(k);
  }
  const form = document.createElement('form');
  form.className = 'lang';
  form.innerHTML = `<label><span class="sr-only">${esc(t('lang.switch'))}</span><select id="lang" title="${esc(t('lang.switch'))}">` +
    languages.map((l) => `<option value="${esc(l.code)}" lang="${esc(l.code)}"${l.code === lang() ? ' selected' : ''}>${esc(l.name)}</option>`).join('') +
    '</select></label>';
  form.querySelector('select').onchange = (e) => setLang(e.target.value);
  form.onsubmit = (e) => e.preventDefault();
  nav.after(form);
  headerLink(document.querySelector('header.site'));
}

function route() {
  const main = document.getElementById('main');
  const path = location.pathname;
  document.querySelector('header.site').appendChild(soundToggle());
  for (const a of document.querySelectorAll('header.site nav a')) {
    const href = a.getAttribute('href');
    if (href === path || (href !== '/' && path.startsWith(href))) a.setAttribute('aria-current', 'page');
  }
  if (path === '/practice') return mountPractice(main);
  if (path === '/signin' || path === '/signup' || path === '/account') return mountAccountPage(main, path);
  if (path === '/review') return mountReview(main);
  const how = /^\/how\/(\w+)$/.exec(path);
  if (how) return mountHow(main, how[1]);
  return mountPage(main, path);
}

frame();
route();
