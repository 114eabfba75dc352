// The "How to play" page of each game (/how/<game>) and the page's own
// "not found". Their words are the catalogue's: 'how.*' keys, a section's
// list items numbered from 1 ('how.<game>.moves.1', …).
import { t, has } from './i18n.js';
import { esc, serverConfig } from './util.js';
import { gameNamed, games } from './games.js';

/** items lists the catalogue's values of prefix.1, prefix.2, … as <li>s. */
function items(prefix) {
  let h = '';
  for (let i = 1; has(`${prefix}.${i}`); i++) h += `<li>${esc(t(`${prefix}.${i}`))}</li>`;
  return h;
}

/** mountHow shows how to play the game called name, or not found. */
export function mountHow(main, name) {
  const game = gameNamed(name);
  if (game.name !== name) { main.innerHTML = notFoundHTML(); return; }
  const k = `how.${name}`;
  document.title = `${t(k + '.title')} · ${t('app.title')}`;
  const others = games().filter((g) => g !== game).map((g) => `<a href="/how/${esc(g.name)}">${esc(t(`how.${g.name}.title`))}</a>`).join(' · ');
  main.innerHTML = `<article class="panel how" data-game="${esc(name)}" aria-labelledby="how-h">
    <h1 id="how-h">${esc(t(k + '.title'))}</h1>
    <p class="lead">${esc(t(k + '.intro'))}</p>
    <h2>${esc(t('how.goal'))}</h2><p>${esc(t(k + '.goal'))}</p>
    <h2>${esc(t('how.moves'))}</h2><ul>${items(k + '.moves')}</ul>
    <h2>${esc(t('how.controls'))}</h2>
    <h3>${esc(t('how.mouse'))}</h3><p>${esc(t(k + '.mouse'))}</p>
    <h3>${esc(t('how.touch'))}</h3><p>${esc(t(k + '.touch'))}</p>
    <h3>${esc(t('how.keyboard'))}</h3><p class="keys">${game.practiceKeys}</p>
    <h2>${esc(t('how.stuck'))}</h2><p>${esc(t('state.stuck.why'))} ${esc(t(k + '.stuck'))}</p>
    <h2>${esc(t('how.race'))}</h2><p>${esc(t(k + '.race'))}</p><p>${esc(game.rankingRule)}</p>
    <p class="row"><a class="button primary" id="how-try" href="/practice">${esc(t('how.try'))}</a>
      <a class="button" href="/">${esc(t('how.racenow'))}</a></p>
    ${others ? `<p class="small">${others}</p>` : ''}
  </article>`;
  // Practice starts on the game's default profile, as the server says.
  serverConfig().then((c) => {
    const g = (c.games || []).find((x) => x.name === name);
    const a = main.querySelector('#how-try');
    if (g && a) a.href = `/practice?rules=${encodeURIComponent(g.default)}`;
  });
}

/** notFoundHTML is the page's "not found": what happened and the way home. */
export function notFoundHTML() {
  document.title = `${t('notfound.title')} · ${t('app.title')}`;
  return `<section class="panel notfound" aria-labelledby="nf-h"><h1 id="nf-h">${esc(t('notfound.title'))}</h1>
    <p>${esc(t('notfound.text', { path: location.pathname }))}</p>
    <p class="row"><a class="button primary" href="/" id="nf-home">${esc(t('notfound.home'))}</a>
      <a class="button" href="/practice">${esc(t('nav.practice'))}</a> <a class="button" href="/how/${esc(games()[0].name)}">${esc(t(`how.${games()[0].name}.title`))}</a></p></section>`;
}
