// The home page: quick races by game (each game drawn, its featured
// rules named in words, the rest a choice away), today's daily
// challenges, the arenas, the live races and how many race now; then
// practice, private rooms and the player's name. The games and their
// rules are the server's (GET /api/web/config, welcome's profiles): a
// new game shows up here with its module and its words alone.
import { api, announce, esc, isTyping, errorText, profileText } from './util.js';
import { savedName, saveName, fmtClock, Clock } from './net.js';
import { games, gameNamed, profileName, variantName } from './games.js';
import { t, num, date } from './i18n.js';
import { arenaName } from './arena.js';
import { onRace, showRoom, racersRatings, namesHTML } from './pages.js';

/** serverGames lists the server's games ({name, default, featured}) the page has a module for. */
function serverGames(cfg) {
  const have = new Set(games().map((g) => g.name));
  return (cfg.games || []).filter((g) => have.has(g.name));
}

/**
 * profileOptions lists profiles as <option>s, named in words, grouped by
 * game, only those in offered when it is given; chosen is selected.
 */
export function profileOptions(profiles, offered, chosen) {
  const groups = new Map(games().map((g) => [g, []]));
  for (const p of profiles) {
    if (offered && !offered.includes(p.name)) continue;
    groups.get(gameNamed(p.game)).push(`<option value="${esc(p.name)}"${p.name === chosen ? ' selected' : ''} title="${esc(profileText(p.name, p.text))}">${esc(profileName(p.name, p.game))}</option>`);
  }
  return [...groups].map(([g, opts], i) => i === 0 || opts.length ? `<optgroup label="${esc(g.title)}">${opts.join('')}</optgroup>` : '').join('');
}

/**
 * gameCards draws a card per game: its picture, its title, a button per
 * featured profile the hub offers (offered; null while it has not said:
 * the buttons wait), and its how-to link.
 */
function gameCards(cfg, offered) {
  const info = (name) => cfg.profiles.find((p) => p.name === name) || { name };
  return serverGames(cfg).map((sg) => {
    const g = gameNamed(sg.name);
    const choices = sg.featured.filter((p) => !offered || offered.includes(p));
    return `<article class="game" data-game="${esc(g.name)}" aria-labelledby="hg-${esc(g.name)}">
      ${g.picture ? g.picture(info(sg.default)) : ''}
      <div class="game-body"><h3 id="hg-${esc(g.name)}">${esc(g.title)}</h3>
        <div class="choices">${choices.map((p) => `<button type="button"${offered ? ` data-queue="${esc(p)}"` : ' disabled'}${p === sg.default ? ' class="primary"' : ''} title="${esc(profileText(p, info(p).text))}"><span class="sr-only">${esc(g.title)} · </span><span class="cap">${esc(variantName(p))}</span></button>`).join('')}</div>
        <a class="small" href="/how/${encodeURIComponent(g.name)}">${esc(t('home.how'))}<span class="sr-only"> ${esc(g.title)}</span></a></div>
    </article>`;
  }).join('');
}

/** moreRules lists the profiles the hub offers beyond the featured ones, each named in words. */
function moreRules(cfg, offered) {
  const featured = new Set(serverGames(cfg).flatMap((g) => g.featured));
  return offered.filter((p) => !featured.has(p)).map((p) => {
    const x = cfg.profiles.find((y) => y.name === p) || {};
    return `<button type="button" data-queue="${esc(p)}" title="${esc(profileText(p, x.text))}"><span class="q-text">${esc(profileName(p, x.game))}</span></button>`;
  }).join('');
}

/** The bot levels a player picks, weakest first; the choice is remembered. */
export const botLevels = ['relaxed', 'steady', 'strong'];
const BOT = 'racer.bot';

/** savedBot is the bot level the player picked last ("steady" at first). */
export function savedBot() {
  let b = '';
  try { b = localStorage.getItem(BOT) || ''; } catch { /* storage off */ }
  return botLevels.includes(b) ? b : 'steady';
}

/** botPick is the choice of the bot that races a player nobody joins. */
function botPick() {
  const chosen = savedBot();
  return `<fieldset class="bot-pick" id="h-bot"><legend>${esc(t('home.bot'))}</legend>
    <p class="muted small">${esc(t('home.bot.text'))}</p>
    <div class="bot-levels">${botLevels.map((l) => `<label><input type="radio" name="h-bot" value="${l}"${l === chosen ? ' checked' : ''}>
      <span><b>${esc(t('bot.level.' + l))}</b> <span class="small muted">${esc(t('home.bot.' + l))}</span></span></label>`).join('')}</div></fieldset>`;
}

export function home(main, cfg, hub) {
  const hubOnly = (s) => (hub ? '' : s);
  const first = (serverGames(cfg)[0] || {}).default || (cfg.profiles[0] || {}).name;
  main.innerHTML = `
  <h1 class="sr-only">${esc(t('app.title'))}</h1>
  <p class="lead" id="h-lead">${esc(t('home.lead'))} <span class="badge online" id="h-online" hidden></span></p>
  <div class="home">
    <section class="panel h-quick" aria-labelledby="h-quick"><h2 id="h-quick">${esc(t('home.quick'))}</h2>
      <p class="muted small">${esc(t('home.quick.text'))}</p>
      <p id="h-casual" class="msg error" hidden></p>
      <div class="games" id="h-games">${gameCards(cfg, null)}</div>
      ${hubOnly(`<p class="muted small">${esc(t('home.nohub'))}</p>`)}
      <details class="more" id="h-more"${hub ? '' : ' hidden'}><summary>${esc(t('home.more'))}</summary>
        <div class="queues" id="h-queues"></div></details>
      ${hub && cfg.bots !== false ? botPick() : ''}
      <p id="h-queued" class="msg" role="status"></p></section>
    <div class="h-side">
      <section class="panel" aria-labelledby="h-daily" id="h-daily-p"${cfg.api ? '' : ' hidden'}><h2 id="h-daily">${esc(t('home.daily'))}</h2>
        <p class="muted small">${esc(t('home.daily.text'))}</p>
        <div id="h-daily-b"></div>
        <details class="fair" id="h-fair" hidden><summary>${esc(t('fair.summary'))}</summary>
          <p class="small">${esc(t('fair.text'))}</p><div id="h-fair-list"></div></details>
        <p id="h-daily-msg" class="msg" role="status"></p></section>
      <section class="panel" aria-labelledby="h-arenas" id="h-arenas-p"${cfg.api ? '' : ' hidden'}><h2 id="h-arenas">${esc(t('nav.arenas'))}</h2>
        <ul class="list" id="h-arenas-l"><li class="muted">${esc(t('home.loading'))}</li></ul>
        <p class="small"><a href="/arenas">${esc(t('home.arenas.all'))}</a></p></section>
      <section class="panel" aria-labelledby="h-live"><h2 id="h-live">${esc(t('home.live'))}</h2>
        <ul class="list" id="h-races"><li class="muted">${esc(hub ? t('home.loading') : t('home.live.nohub'))}</li></ul>
        <p class="small"><a href="/watch">${esc(t('home.live.all'))}</a> · <a href="/leaderboards">${esc(t('nav.leaderboards'))}</a></p></section>
    </div>
    <div class="grid h-more">
      <section class="panel" aria-labelledby="h-practice"><h2 id="h-practice">${esc(t('home.practice'))}</h2>
        <p class="muted small">${esc(t('home.practice.text'))}</p>
        <a class="button primary" href="/practice">${esc(t('home.practice.go'))}</a></section>
      <section class="panel" aria-labelledby="h-room"><h2 id="h-room">${esc(t('home.room'))}</h2>
        <form id="h-create" class="row">
          <label>${esc(t('home.room.rules'))} <select id="h-profile">${profileOptions(cfg.profiles, null, first)}</select></label>
          <label>${esc(t('home.room.players'))} <select id="h-max">${[2, 3, 4, 5, 6, 7, 8].map((n) => `<option value="${n}"${n === 4 ? ' selected' : ''}>${num(n)}</option>`).join('')}</select></label>
          <label>${esc(t('home.room.minutes'))} <select id="h-time">${[5, 10, 15, 30].map((n) => `<option value="${n}"${n === 15 ? ' selected' : ''}>${num(n)}</option>`).join('')}</select></label>
          <button type="submit" class="primary"${hub ? '' : ' disabled'}>${esc(t('home.room.create'))}</button></form>
        <form id="h-join" class="row"><label>${esc(t('home.room.code'))} <input type="text" id="h-code" maxlength="16" size="8" autocapitalize="characters" pattern="[A-Za-z0-9]+" required></label>
          <button type="submit"${hub ? '' : ' disabled'}>${esc(t('home.room.join'))}</button></form></section>
      <section class="panel" aria-labelledby="h-you"><h2 id="h-you">${esc(t('home.you'))}</h2>
        <form id="h-name" class="row"><label>${esc(t('home.you.name'))} <input type="text" id="h-name-in" maxlength="20" autocomplete="nickname" value="${esc(savedName())}"></label>
        <button type="submit">${esc(t('home.you.save'))}</button></form>
        <p class="muted small" id="h-me">${hub ? esc(t('home.connecting')) : ''}</p></section>
    </div>
  </div>`;
  const $ = (id) => main.querySelector('#' + id);
  if (cfg.api) {
    dailies(main, cfg, hub);
    arenas(main);
  }
  $('h-name').onsubmit = (e) => {
    e.preventDefault();
    const n = $('h-name-in').value.trim();
    if (!n) return;
    saveName(n);
    if (hub) hub.rename(n);
    announce(t('home.you.saved', { name: n }));
  };
  if (!hub) return;
  const refreshRaces = async () => {
    const r = await api('/api/races');
    const races = r.ok ? r.data.races || [] : [];
    const shown = races.slice(-5).reverse(); // the newest first
    const rs = await racersRatings(shown);
    if (!$('h-races')) return; // a race or room replaced the home page
    const playing = r.ok ? r.data.playing || 0 : 0;
    $('h-online').hidden = !r.ok;
    $('h-online').textContent = t('home.online', { n: playing, count: num(playing) });
    $('h-races').innerHTML = shown.length ? shown.map((x) =>
      `<li><span>${namesHTML(x, rs)} <span class="muted small">${esc(profileName(x.profile, x.game))}</span></span><a href="/watch/${esc(x.id)}">${esc(t('home.watch'))}</a></li>`).join('')
      : `<li class="muted">${esc(t('home.live.none'))}</li>`;
  };
  refreshRaces();
  const racesTimer = setInterval(refreshRaces, 5000);
  let queued = '';
  // The room this page shows, joined again after a reconnect: a new
  // connection is not subscribed to the room until it joins (a member
  // joining again changes nothing).
  let roomCode = '';
  // A marked account plays casual only: said on connecting, and at once
  // when a moderator marks it meanwhile.
  const casualOnly = () => {
    if (!$('h-casual')) return; // a race or room replaced the home page
    $('h-casual').hidden = !(hub.me && hub.me.casual_only);
    $('h-casual').textContent = t('fairplay.casual_only');
  };
  hub.on('casual_only', casualOnly);
  hub.on('open', (w) => {
    casualOnly();
    if (roomCode) hub.send({ type: 'room_join', code: roomCode });
    $('h-me').textContent = t('home.you.playing', { name: w.name });
    const offered = w.profiles || [];
    // Rooms take the hub's profiles.
    const chosen = $('h-profile').value;
    $('h-profile').innerHTML = profileOptions(cfg.profiles, offered, offered.includes(chosen) ? chosen : first);
    $('h-games').innerHTML = gameCards(cfg, offered);
    $('h-queues').innerHTML = moreRules(cfg, offered);
    $('h-more').hidden = !$('h-queues').children.length;
  });
  main.querySelector('.h-quick').onclick = (e) => {
    const b = e.target.closest('[data-queue]');
    if (!b) return;
    if (queued) { hub.send({ type: 'unqueue' }); return; }
    hub.send({ type: 'queue', profile: b.dataset.queue, bot: (main.querySelector('input[name=h-bot]:checked') || {}).value || savedBot() });
  };
  $('h-bot').onchange = (e) => {
    try { localStorage.setItem(BOT, e.target.value); } catch { /* storage off */ }
  };
  hub.on('queued', (q) => {
    queued = q.profile;
    $('h-queued').innerHTML = `${esc(t('home.queued', { profile: profileName(q.profile) }))} <button type="button" id="h-unqueue">${esc(t('home.unqueue'))} <kbd>Esc</kbd></button>`;
    $('h-unqueue').onclick = () => hub.send({ type: 'unqueue' });
  });
  hub.on('unqueued', () => { queued = ''; $('h-queued').textContent = ''; });
  const dailyCodes = ['already_played', 'daily_unavailable', 'daily_private'];
  hub.on('error', (e) => {
    // The home page's elements are gone once a race or room replaced it.
    const el = $(dailyCodes.includes(e.code) ? 'h-daily-msg' : 'h-queued');
    if (el) el.textContent = errorText(e);
  });
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && queued && !isTyping(e)) hub.send({ type: 'unqueue' });
  });
  $('h-create').onsubmit = (e) => {
    e.preventDefault();
    hub.send({ type: 'room_create', profile: $('h-profile').value, max: +$('h-max').value, time_limit_ms: +$('h-time').value * 60000 });
  };
  $('h-join').onsubmit = (e) => {
    e.preventDefault();
    const code = $('h-code').value.trim().toUpperCase();
    if (code) location.assign(`/room/${encodeURIComponent(code)}`);
  };
  $('h-daily-b').onclick = (e) => {
    const b = e.target.closest('[data-daily]');
    if (!b) return;
    $('h-daily-msg').textContent = t('home.daily.starting');
    hub.send({ type: 'daily', profile: b.dataset.daily });
  };
  hub.on('room', (r) => {
    roomCode = r.room.code;
    clearInterval(racesTimer);
    if (main.querySelector('.race')) return; // a race is on screen: keep its URL
    history.pushState(null, '', `/room/${r.room.code}`);
    showRoom(main, hub, r.room);
  });
  hub.on('race', () => clearInterval(racesTimer));
  onRace(main, hub);
}

/**
 * dailies shows today's daily challenge of each game's default profile,
 * as far as the server has them, each with its button. One still being
 * prepared (503 daily_preparing: its deal is being searched) says so and
 * is asked for again after Retry-After.
 */
function dailies(main, cfg, hub) {
  const $ = (id) => main.querySelector('#' + id);
  const profiles = serverGames(cfg).map((g) => g.default);
  const got = new Map(); // profile → its challenge, or null while prepared
  const list = $('h-daily-b');
  const day = (d) => date(Date.parse(`${d.day}T12:00:00Z`), { dateStyle: 'medium', timeZone: 'UTC' });
  const show = () => {
    const shown = profiles.filter((p) => got.has(p));
    $('h-daily-p').hidden = !shown.length;
    const ds = shown.map((p) => got.get(p)).filter((d) => d);
    list.innerHTML = `<ul class="list daily">${shown.map((p) => {
      const d = got.get(p);
      if (!d) return `<li class="small muted">${esc(t('home.daily.preparing', { profile: profileName(p) }))}</li>`;
      return `<li><span class="small"><b>${esc(profileName(d.profile))}</b> · ${esc(t('home.daily.winners', { n: d.players, count: num(d.players) }))}
        ${d.solver_checked ? esc(t('home.daily.proven')) : ''} <a href="/leaderboards?profile=${encodeURIComponent(d.profile)}&board=daily">${esc(t('home.daily.board'))}</a></span>
        <button type="button" data-daily="${esc(d.profile)}"${hub ? '' : ' disabled'}>${esc(t('home.daily.go'))}<span class="sr-only">: ${esc(profileName(d.profile))}</span></button></li>`;
    }).join('')}</ul>`;
    $('h-fair').hidden = !ds.length;
    $('h-fair-list').innerHTML = ds.map((d) => `<p class="small">${esc(t('fair.commitment', { profile: profileName(d.profile), day: day(d) }))}<br><code class="commit">${esc(d.commitment)}</code></p>`).join('');
  };
  const load = async (p) => {
    const r = await api(`/api/daily/${p}`);
    if (!list.isConnected) return; // a race or room replaced the home page
    if (r.ok) {
      got.set(p, r.data);
    } else if (r.status === 503 && (r.data.code === 'daily_preparing' || r.data.code === 'busy')) {
      got.set(p, null);
      setTimeout(() => load(p), Math.min(Math.max(r.retryAfter, 1), 30) * 1000);
    } else {
      got.delete(p);
    }
    show();
  };
  profiles.forEach(load);
}

/** arenas lists the arenas running and coming up, the soonest first, with their time left. */
async function arenas(main) {
  const el = main.querySelector('#h-arenas-l');
  const r = await api('/api/arenas');
  if (!el.isConnected) return;
  if (!r.ok) { main.querySelector('#h-arenas-p').hidden = r.data.code === 'arenas_unavailable'; el.innerHTML = `<li class="muted">${esc(errorText(r.data))}</li>`; return; }
  const clock = new Clock();
  clock.sync(r.data.server_time);
  const xs = (r.data.arenas || []).filter((a) => a.phase !== 'finished')
    .sort((a, b) => (a.phase === b.phase ? Date.parse(a.phase === 'running' ? a.end : a.start) - Date.parse(b.phase === 'running' ? b.end : b.start) : a.phase === 'running' ? -1 : 1))
    .slice(0, 3);
  const draw = () => {
    if (!el.isConnected) { clearInterval(timer); return; }
    el.innerHTML = xs.length ? xs.map((a) => {
      const when = a.phase === 'running' ? t('arena.endsIn', { time: fmtClock(Math.max(0, Date.parse(a.end) - clock.now())) })
        : t('arena.startsIn', { time: fmtClock(Math.max(0, Date.parse(a.start) - clock.now())) });
      return `<li><span><a href="/arena/${esc(a.id)}">${esc(arenaName(a))}</a> <span class="muted small">${esc(t('arena.players', { n: a.players }))}</span></span>
        <span class="small${a.phase === 'running' ? ' live' : ''}">${esc(when)}</span></li>`;
    }).join('') : `<li class="muted">${esc(t('home.arenas.none'))}</li>`;
  };
  const timer = setInterval(draw, 1000);
  draw();
}
