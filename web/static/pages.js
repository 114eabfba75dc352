// The pages other than practice: home and lobby, race, watch, replay and
// leaderboards. They need the race hub.
import { serverConfig } from './util.js';

export async function mountPage(main, path) {
  const cfg = await serverConfig();
  if (path === '/') return home(main, cfg);
  main.innerHTML = `<section class="panel"><h1>Not here yet</h1><p>This page needs the race hub, which this server does not run. <a href="/practice">Practice</a> works.</p></section>`;
}

function home(main, cfg) {
  main.innerHTML = `
  <h1 class="sr-only">Solitaire Race</h1>
  <div class="grid">
    <section class="panel"><h2>Practice</h2>
      <p class="muted">One player, any rules, any deal: undo, share a deal, pick up where you left off.</p>
      <a class="button primary" href="/practice">Practice</a></section>
    <section class="panel"><h2>Race</h2>
      <p class="muted">${cfg.hub ? '' : 'Races need the race hub, which this server does not run.'}</p></section>
  </div>`;
}
