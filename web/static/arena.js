// The arena pages: the list of arenas (/arenas) with a form to create
// one, and an arena's page (/arena/ID): countdown, live standings, the
// live races to watch, join, pause and withdraw, your own races, and the
// podium at the end. Standings come over the hub (arena messages); the
// list from the JSON API (GET /api/arenas).
import { api, announce, esc, errorText } from './util.js';
import { Clock, fmtClock } from './net.js';
import { mountRace } from './race.js';
import { t, num, date } from './i18n.js';
import { profileName } from './games.js';

const timeFmt = { dateStyle: 'medium', timeStyle: 'short' };

function phaseText(phase) { return t('arena.phase.' + phase); }

function metaText(a) {
  return t('arena.meta', {
    profile: profileName(a.profile), size: a.race_size, minutes: num(Math.round(a.duration_ms / 60000)),
    rated: a.rated ? t('arena.rated') : t('arena.unrated'),
  });
}

/** mountArenas shows the arenas, upcoming, running and finished, and the form that creates one. */
export async function mountArenas(main, cfg, hub) {
  main.innerHTML = `
  <h1 class="sr-only">${esc(t('arena.list.title'))}</h1>
  <div class="grid arenas">
    ${['running', 'upcoming', 'finished'].map((p) => `<section class="panel" aria-labelledby="al-h-${p}">
      <h2 id="al-h-${p}">${esc(t('arena.list.' + p))}</h2>
      <ul class="list" id="al-${p}"><li class="muted">${esc(t('arena.loading'))}</li></ul></section>`).join('')}
    <section class="panel" aria-labelledby="al-h-new"><h2 id="al-h-new">${esc(t('arena.create.title'))}</h2>
      <form id="al-create" class="arena-form">
        <label>${esc(t('arena.create.name'))} <input type="text" id="al-name" maxlength="40" required></label>
        <label>${esc(t('arena.create.profile'))} <select id="al-profile">${(cfg.profiles || []).map((p, i) => `<option value="${esc(p.name)}"${i === 0 ? ' selected' : ''}>${esc(profileName(p.name, p.game))}</option>`).join('')}</select></label>
        <label>${esc(t('arena.create.minutes'))} <select id="al-minutes">${[10, 15, 20, 30, 45, 60, 90, 120].map((n) => `<option${n === 30 ? ' selected' : ''}>${n}</option>`).join('')}</select></label>
        <label>${esc(t('arena.create.size'))} <select id="al-size">${[2, 3, 4].map((n) => `<option>${n}</option>`).join('')}</select></label>
        <label>${esc(t('arena.create.start'))} <select id="al-start">${[0, 5, 10, 30, 60].map((n) => `<option value="${n}">${esc(n ? t('arena.create.in', { minutes: n }) : t('arena.create.now'))}</option>`).join('')}</select></label>
        <label class="check"><input type="checkbox" id="al-unrated"> ${esc(t('arena.create.unrated'))}</label>
        <label class="check"><input type="checkbox" id="al-private"> ${esc(t('arena.create.private'))}</label>
        <button type="submit" class="primary"${hub ? '' : ' disabled'}>${esc(t('arena.create.submit'))}</button>
      </form>
      <p id="al-msg" class="msg" role="status"></p></section>
  </div>`;
  const $ = (id) => main.querySelector('#' + id);
  const r = await api('/api/arenas');
  if (!r.ok && r.data.code === 'arenas_unavailable') {
    // A server without arenas: say so once, with nothing to create.
    main.querySelector('.grid.arenas').innerHTML = `<section class="panel"><h2>${esc(t('arena.list.title'))}</h2>
      <p id="al-none" class="muted">${esc(errorText(r.data))}</p></section>`;
    return;
  }
  const arenas = r.ok ? r.data.arenas || [] : [];
  for (const p of ['running', 'upcoming', 'finished']) {
    const xs = arenas.filter((a) => a.phase === p);
    if (p === 'finished') xs.reverse();
    $('al-' + p).innerHTML = xs.length ? xs.map((a) => `<li><span><a href="/arena/${esc(a.id)}">${esc(arenaName(a))}</a>
      <span class="muted small">${esc(metaText(a))} · ${esc(date(Date.parse(a.start), timeFmt))} · ${esc(t('arena.players', { n: a.players }))}</span>
      ${p === 'finished' ? '' : `<span class="small when${p === 'running' ? ' live' : ''}" data-${p === 'running' ? 'end' : 'start'}="${esc(p === 'running' ? a.end : a.start)}"></span>`}</span>
      <a href="/arena/${esc(a.id)}" class="button${p === 'running' ? ' primary' : ''}">${esc(p === 'running' ? t('arena.go') : t('arena.view'))}<span class="sr-only">: ${esc(arenaName(a))}</span></a></li>`).join('')
      : `<li class="muted">${esc(r.ok ? t('arena.list.none') : t('arena.list.error'))}</li>`;
  }
  // The time left, by the server's clock: to a running arena's end, to an
  // upcoming one's start.
  if (r.ok) {
    const clock = new Clock();
    clock.sync(r.data.server_time);
    const tick = () => {
      if (!main.querySelector('.grid.arenas')) { clearInterval(timer); return; }
      for (const el of main.querySelectorAll('.when')) {
        const end = el.dataset.end;
        el.textContent = end ? t('arena.endsIn', { time: fmtClock(Math.max(0, Date.parse(end) - clock.now())) })
          : t('arena.startsIn', { time: fmtClock(Math.max(0, Date.parse(el.dataset.start) - clock.now())) });
      }
    };
    const timer = setInterval(tick, 1000);
    tick();
  }
  if (!hub) return;
  $('al-create').onsubmit = (e) => {
    e.preventDefault();
    $('al-msg').textContent = t('arena.create.sending');
    hub.send({ type: 'arena_create', name: $('al-name').value.trim(), profile: $('al-profile').value,
      time_limit_ms: Number($('al-minutes').value) * 60000, max: Number($('al-size').value),
      start_in_ms: Number($('al-start').value) * 60000, unrated: $('al-unrated').checked, private: $('al-private').checked });
  };
  hub.on('arena', (m) => { if (hub.me && m.arena.host === hub.me.player) location.assign(`/arena/${m.arena.id}`); });
  hub.on('error', (e) => { $('al-msg').textContent = errorText(e); $('al-msg').className = 'msg error'; });
}

/**
 * arenaName is an arena's name: a scheduled arena's (it has schedule)
 * worded in the page's language from its period and profile, a host's
 * as the host gave it.
 */
export function arenaName(a) {
  const every = a.schedule && a.schedule.every_ms;
  if (!every) return a.name;
  const profile = profileName(a.profile);
  if (every === 3600000) return t('arena.name.hourly', { profile });
  if (every === 86400000) return t('arena.name.daily', { profile });
  const min = Math.round(every / 60000);
  return t('arena.name.every', { profile, every: min % 60 ? t('arena.every.min', { n: num(min) }) : t('arena.every.h', { n: num(min / 60) }) });
}

/** flameHTML marks a player on a winning streak of n: a flame drawn, its words for screen readers and a tooltip. */
function flameHTML(n) {
  const words = esc(t('arena.onFire', { n }));
  return ` <svg class="flame" viewBox="0 0 12 16" role="img" aria-label="${words}"><title>${words}</title>` +
    '<path d="M6 0C7 4 11 6 11 10.5a5 5 0 0 1-10 0C1 8 2.4 6.6 3.6 5.4 3.7 7.8 5 9 5 9 5 6 4.2 3.2 6 0Z"/></svg>';
}

/** mountArena shows one arena, live, and the player's races in it. */
export function mountArena(main, hub, id) {
  main.innerHTML = `
  <section class="arena" aria-labelledby="ar-h">
    <div class="panel ar-head">
      <h1 id="ar-h">${esc(t('arena.title'))}</h1>
      <p class="muted" id="ar-meta">${esc(t('arena.loading'))}</p>
      <p><span id="ar-phase" class="badge"></span> <span class="clock" id="ar-clock" role="timer" aria-live="off"></span></p>
      <div class="row" id="ar-actions">
        <button type="button" class="primary" id="ar-join">${esc(t('arena.join'))}</button>
        <button type="button" id="ar-pause" hidden>${esc(t('arena.pause'))}</button>
        <button type="button" id="ar-resume" hidden>${esc(t('arena.resume'))}</button>
        <button type="button" id="ar-withdraw" hidden>${esc(t('arena.withdraw'))}</button>
      </div>
      <p id="ar-msg" class="msg" role="status"></p>
      <p class="small" id="ar-link"></p>
      <details class="small ar-help"><summary>${esc(t('arena.help.title'))}</summary>
        <p>${esc(t('arena.help.pairing'))}</p><p>${esc(t('arena.help.scoring'))}</p><p>${esc(t('arena.help.hosts'))}</p></details>
    </div>
    <div id="ar-race"></div>
    <div class="panel ar-podium" id="ar-podium-p" hidden><h2>${esc(t('arena.podium'))}</h2><ol class="podium" id="ar-podium"></ol></div>
    <div class="ar-cols">
      <div class="panel"><h2 id="ar-st-h">${esc(t('arena.standings'))}</h2>
        <table class="standings" aria-labelledby="ar-st-h"><thead><tr>
          <th scope="col">${esc(t('arena.col.rank'))}</th><th scope="col">${esc(t('arena.col.player'))}</th>
          <th scope="col">${esc(t('arena.col.points'))}</th><th scope="col">${esc(t('arena.col.races'))}</th>
          <th scope="col">${esc(t('arena.col.perf'))}</th></tr></thead>
          <tbody id="ar-standings"><tr><td colspan="5" class="muted">${esc(t('arena.loading'))}</td></tr></tbody></table></div>
      <div class="panel"><h2>${esc(t('arena.races'))}</h2><ul class="list" id="ar-races"></ul></div>
    </div>
  </section>`;
  const $ = (sel) => main.querySelector('#' + sel);
  const clock = new Clock();
  let state = null;
  // you is the player's own line when it is below the top the arena
  // message carries (arena_you).
  let you = null;
  let lastRank = 0;
  let unmountRace = null;
  let raceID = '';
  const me = () => (hub.me ? hub.me.player : '');
  const mine = () => (state ? state.standings.find((s) => s.player === me()) || you : null);
  const tick = () => {
    if (!state) return;
    const now = clock.now();
    const start = Date.parse(state.arena.start);
    const end = Date.parse(state.arena.end);
    const el = $('ar-clock');
    if (now < start) el.textContent = t('arena.startsIn', { time: fmtClock(start - now) });
    else if (now < end) el.textContent = t('arena.endsIn', { time: fmtClock(end - now) });
    else el.textContent = t('arena.over');
  };
  const timer = setInterval(tick, 1000);
  const render = (m) => {
    state = m;
    clock.sync(m.server_time);
    const a = m.arena;
    $('ar-h').textContent = arenaName(a);
    document.title = `${arenaName(a)} · ${t('app.title')}`;
    $('ar-meta').textContent = metaText(a) + ' · ' + t('arena.players', { n: m.players });
    $('ar-phase').textContent = phaseText(m.phase);
    if (a.private) $('ar-link').innerHTML = `${esc(t('arena.share'))} <a href="/arena/${esc(a.id)}">${esc(location.origin + '/arena/' + a.id)}</a>`;
    if (m.standings.some((s) => s.player === me())) you = null; // back in the top
    const line = mine();
    const joined = !!line && !line.withdrawn;
    const over = m.phase === 'finished';
    $('ar-join').hidden = joined || over;
    $('ar-pause').hidden = !joined || line.paused || over;
    $('ar-resume').hidden = !joined || !line.paused || over;
    $('ar-withdraw').hidden = !joined || over;
    $('ar-standings').innerHTML = m.standings.length ? m.standings.map((s) => {
      const you = s.player === me();
      const fire = s.fire ? flameHTML(s.streak) : '';
      const tags = [s.bot ? t('arena.bot') : '', s.paused ? t('arena.paused') : '', s.withdrawn ? t('arena.withdrawn') : '', you ? t('arena.you') : '']
        .filter(Boolean).map((x) => ` <span class="badge">${esc(x)}</span>`).join('');
      return `<tr${you ? ' class="me" aria-current="true"' : ''}><td>${num(s.rank)}</td><th scope="row">${esc(s.name)}${fire}${tags}</th>
        <td>${num(s.points)}</td><td>${num(s.races)}</td><td>${num(s.performance / 10, { maximumFractionDigits: 1 })}</td></tr>`;
    }).join('') : `<tr><td colspan="5" class="muted">${esc(t('arena.nobody'))}</td></tr>`;
    // Below the top: the gap, then the player's own line.
    const own = !m.standings.some((s) => s.player === me()) && you;
    if (own) {
      const fire = you.fire ? flameHTML(you.streak) : '';
      $('ar-standings').insertAdjacentHTML('beforeend', `<tr class="gap"><td colspan="5"><span aria-hidden="true">⋯</span><span class="sr-only">${esc(t('arena.gap', { n: m.players - m.standings.length }))}</span></td></tr>
        <tr class="me" id="ar-you" aria-current="true"><td>${num(you.rank)}</td><th scope="row">${esc(hub.me ? hub.me.name : '')}${fire} <span class="badge">${esc(t('arena.you'))}</span></th>
        <td>${num(you.points)}</td><td>${num(you.races)}</td><td>—</td></tr>`);
    }
    const names = new Map(m.standings.map((s) => [s.player, s.name]));
    $('ar-races').innerHTML = m.races.length ? m.races.map((r, i) => {
      const who = r.players.map((p) => names.get(p) || t('arena.someone')).join(' – ');
      const own = r.players.includes(me());
      return `<li${i === 0 ? ' class="featured"' : ''}><span>${i === 0 ? `<span class="badge">${esc(t('arena.featured'))}</span> ` : ''}${esc(who)}</span>
        ${own ? `<span class="muted">${esc(t('arena.yourRace'))}</span>` : `<a href="/watch/${esc(r.race)}" aria-label="${esc(t('arena.watchRace', { who }))}">${esc(t('arena.watch'))}</a>`}</li>`;
    }).join('') : `<li class="muted">${esc(t('arena.noRaces'))}</li>`;
    const podium = over && m.races.length === 0 ? m.standings.filter((s) => s.rank <= 3 && s.races > 0) : [];
    $('ar-podium-p').hidden = podium.length === 0;
    // The podium is drawn: a medal with the place, the name, the points,
    // on a step as high as the place is good.
    $('ar-podium').innerHTML = podium.map((s) => `<li class="p${s.rank}"><span class="medal" aria-hidden="true">${num(s.rank)}</span>
      <span class="who">${esc(s.name)}</span> <span class="muted small">${esc(t('arena.points', { n: s.points }))}</span><span class="step" aria-hidden="true"></span></li>`).join('');
    if (line && line.rank !== lastRank) {
      if (lastRank) announce(t('arena.rankNow', { rank: line.rank, points: line.points }));
      lastRank = line.rank;
    }
    tick();
  };
  hub.on('open', () => hub.send({ type: 'arena_watch', arena: id }));
  hub.on('arena', (m) => { if (m.arena.id === id) render(m); });
  hub.on('arena_you', (y) => {
    if (y.arena !== id) return;
    you = y;
    if (state) render(state);
  });
  hub.on('error', (e) => {
    if (e.race) return; // the race view's
    if (e.code === 'arena_not_found' && !state) { archived(); return; }
    $('ar-msg').textContent = errorText(e);
    $('ar-msg').className = 'msg error';
  });
  // An arena the server keeps no more may be in the archive: its final
  // standings, from the JSON API.
  const archived = async () => {
    const r = await api(`/api/arenas/${encodeURIComponent(id)}`);
    if (!r.ok) {
      $('ar-msg').textContent = errorText(r.data);
      $('ar-msg').className = 'msg error';
      return;
    }
    const d = r.data;
    render({ arena: d.arena, phase: d.arena.phase, server_time: d.server_time, players: d.standings.length,
      standings: d.standings.slice(0, 50), races: [] });
  };
  const send = (type) => () => { $('ar-msg').textContent = ''; hub.send({ type, arena: id }); };
  $('ar-join').onclick = send('arena_join');
  $('ar-pause').onclick = send('arena_pause');
  $('ar-resume').onclick = send('arena_resume');
  $('ar-withdraw').onclick = send('arena_withdraw');
  // The player's own races show on this page, one after the other.
  hub.on('race', (r) => {
    if (r.race.id === raceID) return;
    raceID = r.race.id;
    if (unmountRace) unmountRace();
    const box = document.createElement('div');
    $('ar-race').replaceChildren(box);
    unmountRace = mountRace(box, hub, r, { arena: true });
    main.querySelector('.arena').classList.add('racing');
    // The race view names its race in the address; this page stays the
    // arena's, so that a reload comes back to it.
    history.replaceState(null, '', `/arena/${id}`);
    announce(t('arena.paired'));
    box.scrollIntoView({ block: 'start' });
  });
  return () => clearInterval(timer);
}
