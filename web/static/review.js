// The fair-play review (/review), for moderators: the flagged players
// with a control to mark one for cheating (their rated results annulled,
// the ratings rebuilt), the flagged racers of the latest races with
// their signals, and players' reports (web/modapi, hub/wire/PROTOCOL.md
// "Fair play"; what each signal means: docs/OPERATIONS.md).
import { t, num, date } from './i18n.js';
import { esc, errorText } from './util.js';
import { accountState } from './account.js';

/** csrf is the double-submit token: the racer_csrf cookie's value. */
export function csrf() {
  const m = /(?:^|;\s*)racer_csrf=([^;]+)/.exec(document.cookie);
  return m ? m[1] : '';
}

/** modCall sends one request of the fair-play API, with the CSRF header. */
export async function modCall(method, path, body) {
  const init = { method, headers: { 'X-Racer-CSRF': csrf() }, credentials: 'same-origin' };
  if (body !== undefined) {
    init.headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  try {
    const res = await fetch(path, init);
    const data = await res.json().catch(() => ({}));
    return { ok: res.ok, status: res.status, data };
  } catch {
    return { ok: false, status: 0, data: { code: 'unavailable' } };
  }
}

/** styles loads the review's stylesheet (and the report control's) once. */
export function styles() {
  if (document.querySelector('link[data-review]')) return;
  const l = document.createElement('link');
  l.rel = 'stylesheet';
  l.href = '/static/review.css';
  l.dataset.review = '';
  document.head.appendChild(l);
}

const when = (s) => date(new Date(s), { dateStyle: 'medium', timeStyle: 'short' });
const flagBadges = (flags) => flags.map((f) => `<span class="badge rv-flag" data-flag="${esc(f)}">${esc(t('review.flag.' + f))}</span>`).join(' ');

/** raceCard shows one racer's signals in one race. */
function raceCard(s) {
  const agree = s.agreement == null ? t('review.none')
    : t('review.agreement.value', { pct: num(Math.round(s.agreement * 100)), agreed: num(s.agreed), sampled: num(s.sampled) });
  // Where the all-knowing solver and a strong player's view chose apart:
  // how often this player chose as the solver did.
  const beyond = s.beyond_share != null
    ? t('review.beyond.value', { pct: num(Math.round(s.beyond_share * 100)), beyond: num(s.beyond_view), divergent: num(s.divergent) })
    : t(s.sampled > 0 ? 'review.beyond.none' : 'review.none');
  const partner = s.partner ? `<div><dt>${esc(t('review.partner'))}</dt><dd><a href="/player/${encodeURIComponent(s.partner)}">${esc(s.partner_name || s.partner)}</a>${s.linked ? ` <span class="badge rv-linked">${esc(t('review.linked'))}</span>` : ''}</dd></div>` : '';
  return `<li class="rv-card" data-race="${esc(s.race)}" data-player="${esc(s.player)}">
    <p class="rv-card-head"><a href="/player/${encodeURIComponent(s.player)}"><strong>${esc(s.name || s.player)}</strong></a>
      · <a href="/replay/${encodeURIComponent(s.race)}">${esc(t('review.replay'))}</a>
      · <span class="muted small">${esc(s.profile)} · ${esc(when(s.finished_at))}</span></p>
    <p class="rv-flags">${flagBadges(s.flags)}</p>
    <dl class="rv-facts">
      <div><dt>${esc(t('review.actions'))}</dt><dd>${esc(num(s.actions))}</dd></div>
      <div><dt>${esc(t('review.median'))}</dt><dd>${esc(t('review.ms', { ms: num(s.median_ms) }))}</dd></div>
      <div><dt>${esc(t('review.spread'))}</dt><dd>${esc(t('review.ms', { ms: num(s.spread_ms) }))}</dd></div>
      <div><dt>${esc(t('review.quickrun'))}</dt><dd>${esc(num(s.quick_run))}</dd></div>
      <div><dt>${esc(t('review.peak'))}</dt><dd>${esc(num(s.peak_moves))}</dd></div>
      <div><dt>${esc(t('review.revealed'))}</dt><dd>${esc(num(s.revealed))}</dd></div>
      <div><dt>${esc(t('review.agreement'))}</dt><dd>${esc(agree)}</dd></div>
      <div class="rv-beyond"><dt>${esc(t('review.beyond'))}</dt><dd>${esc(beyond)}</dd></div>
      ${partner}
    </dl></li>`;
}

/** playerRow is one flagged player, with the control that marks them. */
function playerRow(p) {
  const name = `<a href="/review?player=${encodeURIComponent(p.player)}">${esc(p.name || p.player)}</a>`;
  const status = p.annulled ? `<span class="badge rv-annulled">${esc(t('review.annulled'))}</span>`
    : `<button type="button" class="rv-mark" data-player="${esc(p.player)}" data-name="${esc(p.name)}">${esc(t('review.mark'))}</button>`;
  return `<tr data-player="${esc(p.player)}">
    <th scope="row">${name}
      <div class="rv-status">${status}</div></th>
    <td>${esc(num(p.races))}</td><td>${esc(num(p.reports))}</td></tr>`;
}

function reportRow(r) {
  return `<tr><td>${esc(when(r.at))}</td>
    <td><a href="/replay/${encodeURIComponent(r.race)}">${esc(r.race)}</a></td>
    <td>${esc(t('report.reason.' + r.reason))}</td>
    <td><a href="/player/${encodeURIComponent(r.reporter)}">${esc(r.reporter)}</a></td></tr>`;
}

/** playerView shows one player's signals in their latest races and the
 * accounts linked to theirs (/review?player=ID). */
async function playerView(main, id) {
  const r = await modCall('GET', `/api/mod/players/${encodeURIComponent(id)}?limit=50`);
  const body = main.querySelector('#rv-body');
  if (!r.ok) {
    body.innerHTML = `<p id="rv-refused" data-code="${esc(r.data.code || '')}">${esc(errorText(r.data))}</p>`;
    return;
  }
  const p = r.data;
  main.querySelector('#rv-h').textContent = t('review.player.title', { name: p.name });
  const links = p.links.length ? `<ul class="rv-links">${p.links.map((l) => `<li><a href="/review?player=${encodeURIComponent(l.player)}">${esc(l.name || l.player)}</a> — ${esc(t('review.link.' + l.kind))}</li>`).join('')}</ul>`
    : `<p class="muted">${esc(t('review.links.none'))}</p>`;
  body.innerHTML = `<p><a href="/review">${esc(t('review.back'))}</a> · <a href="/player/${encodeURIComponent(p.player)}">${esc(t('review.profile'))}</a>
      ${p.annulled ? ` · <span class="badge rv-annulled">${esc(t('review.annulled'))}</span>` : ''}</p>
    <h2>${esc(t('review.links'))}</h2>${links}
    <h2>${esc(t('review.player.races'))}</h2>
    ${p.races.length ? `<ul class="rv-cards">${p.races.map(raceCard).join('')}</ul>` : `<p class="muted">${esc(t('review.races.none'))}</p>`}`;
}

/** mountReview shows /review: moderators only; anyone else is told why. */
export async function mountReview(main) {
  styles();
  document.title = `${t('review.title')} · ${t('app.title')}`;
  const one = new URLSearchParams(location.search).get('player');
  main.innerHTML = `<section class="panel review" aria-labelledby="rv-h"><h1 id="rv-h">${esc(t('review.title'))}</h1>
    <p class="small muted">${esc(t('review.intro'))}</p><div id="rv-body"><p class="muted">${esc(t('review.loading'))}</p></div></section>`;
  if (one) return playerView(main, one);
  const body = main.querySelector('#rv-body');
  const say = (text, kind = 'error') => { const m = main.querySelector('#rv-msg'); m.textContent = text; m.className = 'msg ' + kind; };
  const s = await accountState();
  const [flags, reports] = await Promise.all([modCall('GET', '/api/mod/flags?limit=50'), modCall('GET', '/api/mod/reports?limit=50')]);
  if (!flags.ok || !reports.ok) {
    const d = flags.ok ? reports.data : flags.data;
    body.innerHTML = `<p id="rv-refused" data-code="${esc(d.code || '')}">${esc(errorText(d))}</p>` +
      (s.available && !s.signed_in ? `<p><a class="button primary" href="/signin">${esc(t('account.signin'))}</a></p>` : '');
    return;
  }
  const players = flags.data.players || [];
  const races = flags.data.races || [];
  const reps = reports.data.reports || [];
  body.innerHTML = `
    <h2 id="rv-players-h">${esc(t('review.players'))}</h2>
    ${players.length ? `<div class="rv-scroll" role="region" aria-labelledby="rv-players-h" tabindex="0"><table class="rv-players">
      <thead><tr><th scope="col">${esc(t('review.player'))}</th><th scope="col">${esc(t('review.flagged'))}</th>
      <th scope="col">${esc(t('review.reports'))}</th></tr></thead>
      <tbody>${players.map(playerRow).join('')}</tbody></table></div>` : `<p class="muted">${esc(t('review.players.none'))}</p>`}
    <form id="rv-mark-form" class="stack rv-mark-form" hidden>
      <p id="rv-mark-what"></p>
      <label>${esc(t('review.note'))} <input type="text" id="rv-note" maxlength="500"></label>
      <div class="row"><button type="submit" class="primary" id="rv-mark-go">${esc(t('review.mark.go'))}</button>
      <button type="button" id="rv-mark-cancel">${esc(t('review.cancel'))}</button></div>
    </form>
    <p id="rv-msg" class="msg" role="status"></p>
    <h2>${esc(t('review.races'))}</h2>
    ${races.length ? `<ul class="rv-cards">${races.map(raceCard).join('')}</ul>` : `<p class="muted">${esc(t('review.races.none'))}</p>`}
    <h2 id="rv-reports-h">${esc(t('review.reports.title'))}</h2>
    ${reps.length ? `<div class="rv-scroll" role="region" aria-labelledby="rv-reports-h" tabindex="0"><table class="rv-reports">
      <thead><tr><th scope="col">${esc(t('review.when'))}</th><th scope="col">${esc(t('review.race'))}</th>
      <th scope="col">${esc(t('review.reason'))}</th><th scope="col">${esc(t('review.reporter'))}</th></tr></thead>
      <tbody>${reps.map(reportRow).join('')}</tbody></table></div>` : `<p class="muted">${esc(t('review.reports.none'))}</p>`}`;
  const form = body.querySelector('#rv-mark-form');
  let target = null;
  for (const b of body.querySelectorAll('.rv-mark')) {
    b.onclick = () => {
      target = b;
      form.hidden = false;
      form.querySelector('#rv-mark-what').textContent = t('review.mark.what', { name: b.dataset.name || b.dataset.player });
      form.querySelector('#rv-note').focus();
    };
  }
  form.querySelector('#rv-mark-cancel').onclick = () => { form.hidden = true; target && target.focus(); };
  form.onsubmit = async (e) => {
    e.preventDefault();
    if (!target) return;
    const go = form.querySelector('#rv-mark-go');
    go.disabled = true;
    const r = await modCall('POST', `/api/mod/players/${encodeURIComponent(target.dataset.player)}/annul`, { note: form.querySelector('#rv-note').value });
    go.disabled = false;
    if (!r.ok) return say(errorText(r.data));
    form.hidden = true;
    target.closest('.rv-status').innerHTML = `<span class="badge rv-annulled">${esc(t('review.annulled'))}</span>`;
    say(t('review.mark.done', { name: target.dataset.name || target.dataset.player, n: r.data.races, count: num(r.data.races) }), 'ok');
  };
}
