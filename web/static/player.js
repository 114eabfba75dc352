// A player's page: their rating under each profile with its deviation,
// its history as a line chart (SVG drawn here), their finished arenas
// with links to them, and their recent races with links to the replays.
// Over the JSON API's /api/players/.
import { api, esc, errorText, profileLabel } from './util.js';
import { t, num, date } from './i18n.js';
import { arenaName } from './arena.js';
import { idTag } from './boards.js';

const SVG = 'http://www.w3.org/2000/svg';

/**
 * chartSVG draws points [{at, rating, deviation}] as a line of ratings
 * over time with a band of ± deviation: w×h user units, labelled by
 * label for screen readers (the table beside it has the numbers).
 */
export function chartSVG(points, label, w = 600, h = 220) {
  const pad = { l: 48, r: 12, t: 12, b: 28 };
  const xs = points.map((p) => Date.parse(p.at));
  const lo = Math.min(...points.map((p) => p.rating - p.deviation));
  const hi = Math.max(...points.map((p) => p.rating + p.deviation));
  const y0 = Math.floor(lo / 50) * 50;
  const y1 = Math.max(Math.ceil(hi / 50) * 50, y0 + 100);
  const x0 = Math.min(...xs);
  const x1 = Math.max(...xs, x0 + 1);
  // With one point, it sits in the middle.
  const X = (x) => (points.length === 1 ? (pad.l + w - pad.r) / 2 : pad.l + ((x - x0) / (x1 - x0)) * (w - pad.l - pad.r));
  const Y = (y) => pad.t + (1 - (y - y0) / (y1 - y0)) * (h - pad.t - pad.b);
  const f = (v) => v.toFixed(1);
  const line = points.map((p, i) => `${i ? 'L' : 'M'}${f(X(xs[i]))},${f(Y(p.rating))}`).join('');
  const band = points.map((p, i) => `${i ? 'L' : 'M'}${f(X(xs[i]))},${f(Y(p.rating + p.deviation))}`).join('')
    + points.slice().reverse().map((p, j) => `L${f(X(xs[points.length - 1 - j]))},${f(Y(p.rating - p.deviation))}`).join('') + 'Z';
  const ticks = [];
  const step = (y1 - y0) > 600 ? 200 : (y1 - y0) > 300 ? 100 : 50;
  for (let y = Math.ceil(y0 / step) * step; y <= y1; y += step) {
    ticks.push(`<line x1="${pad.l}" x2="${w - pad.r}" y1="${f(Y(y))}" y2="${f(Y(y))}" class="grid"/>
      <text x="${pad.l - 6}" y="${f(Y(y) + 4)}" text-anchor="end">${esc(num(y))}</text>`);
  }
  const when = (x) => date(x, { dateStyle: 'short' });
  return `<svg xmlns="${SVG}" viewBox="0 0 ${w} ${h}" class="chart" role="img" aria-label="${esc(label)}">
    ${ticks.join('')}
    <path d="${band}" class="band"/>
    <path d="${line}" class="line" fill="none"/>
    ${points.map((p, i) => `<circle cx="${f(X(xs[i]))}" cy="${f(Y(p.rating))}" r="3" class="dot"><title>${esc(when(xs[i]))}: ${esc(num(Math.round(p.rating)))}</title></circle>`).join('')}
    <text x="${pad.l}" y="${h - 8}">${esc(when(x0))}</text>
    <text x="${w - pad.r}" y="${h - 8}" text-anchor="end">${esc(when(x1))}</text>
  </svg>`;
}

/** arenaTable lists a player's finished arenas: their final rank of N, points and races, each linking to its arena. */
function arenaTable(arenas) {
  if (!arenas.length) return `<p class="muted">${esc(t('player.arenas.none'))}</p>`;
  return `<table id="pl-arenas" aria-labelledby="pl-arenas-h"><thead><tr><th scope="col">${esc(t('player.when'))}</th><th scope="col">${esc(t('player.arena'))}</th>
    <th scope="col">${esc(t('player.profile'))}</th><th scope="col">${esc(t('player.place'))}</th><th scope="col">${esc(t('player.arena.points'))}</th><th scope="col">${esc(t('player.arena.races'))}</th></tr></thead><tbody>
    ${arenas.map((a) => `<tr data-arena="${esc(a.arena)}"><td>${esc(date(Date.parse(a.end), { dateStyle: 'medium', timeStyle: 'short' }))}</td>
      <th scope="row"><a href="/arena/${encodeURIComponent(a.arena)}">${esc(arenaName(a))}</a></th><td>${esc(profileLabel(a.profile))}</td>
      <td>${esc(t('player.arena.rank', { rank: num(a.rank), n: num(a.players) }))}</td><td>${esc(num(a.points))}</td><td>${esc(num(a.races))}</td></tr>`).join('')}
    </tbody></table>`;
}

export async function mountPlayer(main, cfg, id) {
  main.innerHTML = `<section class="panel"><h1>${esc(t('player.title'))}</h1><p class="msg">${esc(t('home.loading'))}</p></section>`;
  const r = await api(`/api/players/${encodeURIComponent(id)}`);
  if (!r.ok) {
    // A player nobody has raced yet (the player's own page after a race
    // with a bot, say) is a normal empty state, not an error.
    const mine = id === localStorage.getItem('racer.player');
    const none = r.status === 404;
    main.innerHTML = `<section class="panel player"><h1>${esc(t('player.title'))}</h1>
      <p class="msg${none ? '' : ' error'}" id="pl-none">${esc(none ? t(mine ? 'player.none.you' : 'player.unknown') : errorText(r.data))}</p>
      <p>${none && mine ? `<a class="button primary" href="/">${esc(t('nav.play'))}</a> ` : ''}<a href="/leaderboards">${esc(t('nav.leaderboards'))}</a> · <a href="/">${esc(t('common.home'))}</a></p></section>`;
    return;
  }
  const p = r.data;
  const name = p.name || id;
  document.title = t('player.doctitle', { name, app: t('app.title') });
  const ratings = p.ratings || [];
  main.innerHTML = `<section class="player" aria-labelledby="pl-h">
    <div class="panel"><h1 id="pl-h"><span id="pl-name">${esc(name)}</span> ${idTag(id)}</h1>
      <h2>${esc(t('player.ratings'))}</h2>
      ${ratings.length ? `<table id="pl-ratings"><thead><tr><th>${esc(t('player.profile'))}</th><th>${esc(t('player.rating'))}</th><th>${esc(t('player.deviation'))}</th><th>${esc(t('player.games'))}</th></tr></thead><tbody>
        ${ratings.map((x) => `<tr data-profile="${esc(x.profile)}"><td><a href="?profile=${encodeURIComponent(x.profile)}" data-chart="${esc(x.profile)}">${esc(profileLabel(x.profile))}</a></td>
          <td>${esc(num(Math.round(x.rating)))}${x.provisional ? ` <span class="badge prov" title="${esc(t('player.provisional.why'))}">${esc(t('player.provisional'))}</span><br><span class="small muted">${esc(t('player.togo', { n: x.games_to_go, count: num(x.games_to_go) }))}</span>` : ''}</td>
          <td>± ${esc(num(Math.round(x.deviation)))}</td><td>${esc(num(x.games))}</td></tr>`).join('')}</tbody></table>
        <p class="small muted">${esc(t('player.provisional.why'))}</p>` : `<p class="muted">${esc(t('player.none'))}</p>`}
    </div>
    <div class="panel" id="pl-history" ${ratings.length ? '' : 'hidden'}><h2 id="pl-chart-h"></h2><div id="pl-chart"></div></div>
    <div class="panel"><h2 id="pl-arenas-h">${esc(t('player.arenas'))}</h2>${arenaTable(p.arenas || [])}</div>
    <div class="panel"><h2>${esc(t('player.recent'))}</h2><div id="pl-recent"></div>
      <p><button type="button" id="pl-older" hidden>${esc(t('player.older'))}</button></p></div>
  </section>`;
  const $ = (x) => main.querySelector('#' + x);
  async function chart(profile) {
    $('pl-chart-h').textContent = t('player.history', { profile: profileLabel(profile) });
    const h = await api(`/api/players/${encodeURIComponent(id)}/history/${encodeURIComponent(profile)}`);
    const pts = h.ok ? h.data.points || [] : [];
    if (!pts.length) { $('pl-chart').innerHTML = `<p class="muted">${esc(t('player.history.none'))}</p>`; return; }
    const first = date(Date.parse(pts[0].at), { dateStyle: 'medium' });
    const last = date(Date.parse(pts[pts.length - 1].at), { dateStyle: 'medium' });
    $('pl-chart').innerHTML = chartSVG(pts, t('player.chart', { name, profile: profileLabel(profile), first, last }));
  }
  if (ratings.length) {
    const want = new URLSearchParams(location.search).get('profile');
    const best = ratings.find((x) => x.profile === want) || ratings.reduce((a, b) => (b.games > a.games ? b : a));
    chart(best.profile);
    $('pl-ratings').onclick = (e) => {
      const a = e.target.closest('[data-chart]');
      if (!a) return;
      e.preventDefault();
      history.replaceState(null, '', `?profile=${encodeURIComponent(a.dataset.chart)}`);
      chart(a.dataset.chart);
    };
  }
  const rows = [];
  // A race of one (a daily challenge) has no place to show; a shared
  // place says it is a tie.
  const placeOf = (x) => (x.racers === 1 ? t('player.solo')
    : t(x.tied ? 'player.placeof.tie' : 'player.placeof', { place: num(x.place), n: num(x.racers) }));
  const recent = (list) => {
    rows.push(...list);
    $('pl-recent').innerHTML = rows.length ? `<table><thead><tr><th>${esc(t('player.when'))}</th><th>${esc(t('player.profile'))}</th><th>${esc(t('player.place'))}</th><th>${esc(t('player.result'))}</th><th>${esc(t('player.change'))}</th><th><span class="sr-only">${esc(t('player.replay'))}</span></th></tr></thead><tbody>
      ${rows.map((x) => {
        const d = x.rating_after != null ? Math.round(x.rating_after) - Math.round(x.rating_before) : null;
        return `<tr><td>${esc(date(Date.parse(x.finished_at), { dateStyle: 'medium', timeStyle: 'short' }))}</td><td>${esc(x.profile)}</td>
          <td>${esc(placeOf(x))}</td><td>${esc(t('state.' + x.outcome))}</td>
          <td>${d == null ? '—' : esc(`${num(Math.round(x.rating_after))} (${d >= 0 ? '+' : '−'}${num(Math.abs(d))})`)}</td>
          <td><a href="/replay/${encodeURIComponent(x.race)}">${esc(t('player.replay'))}</a></td></tr>`;
      }).join('')}</tbody></table>` : `<p class="muted">${esc(t('player.recent.none'))}</p>`;
  };
  recent(p.recent || []);
  let next = p.next || '';
  $('pl-older').hidden = !next;
  $('pl-older').onclick = async () => {
    const o = await api(`/api/players/${encodeURIComponent(id)}?cursor=${encodeURIComponent(next)}`);
    if (!o.ok) return;
    next = o.data.next || '';
    $('pl-older').hidden = !next;
    recent(o.data.recent || []);
  };
}
