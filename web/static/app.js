// The client's entry point: picks the page from the path.
import { mountPractice } from './practice.js';
import { mountPage } from './pages.js';
import { soundToggle } from './sound.js';

function route() {
  const main = document.getElementById('main');
  const path = location.pathname;
  document.querySelector('header.site').appendChild(soundToggle());
  for (const a of document.querySelectorAll('header.site nav a')) {
    const href = a.getAttribute('href');
    if (href === path || (href !== '/' && path.startsWith(href))) a.setAttribute('aria-current', 'page');
  }
  if (path === '/practice') return mountPractice(main);
  return mountPage(main, path);
}

route();
