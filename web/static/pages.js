// The pages other than practice and home (home.js): rooms, race, watch,
// replay and leaderboards. Race, room and watch pages need the race hub;
// leaderboards and replays need the JSON API (web/api).
import { serverConfig, api, announce, esc, errorText, profileText, botLevelHTML } from './util.js';
import { Hub } from './net.js';
import { mountRace, progressHTML, resultHTML, checkReveal, gameOf, ratingsOf, ratingHTML, exactRatings } from './race.js';
import { mountLeaderboards, mountReplay } from './boards.js';
import { mountPlayer } from './player.js';
import { profileName } from './games.js';
import { home } from './home.js';
import { t, num, date } from './i18n.js';
import { notFoundHTML } from './howto.js';
import { mountArenas, mountArena } from './arena.js';

/** pages are the paths of the pages this module mounts. */
const pages = [/^\/$/, /^\/leaderboards$/, /^\/player\/(?:bot:)?[0-9a-f]{12,16}$/, /^\/replay\/[\w-]{1,64}$/, /^\/room\/[A-Za-z0-9]{1,16}$/, /^\/race\/[\w-]{1,64}$/, /^\/watch$/, /^\/watch\/[\w-]{1,64}$/, /^\/arenas$/, /^\/arena\/[\w-]{1,64}$/];

export async function mountPage(main, path) {
  if (!pages.some((re) => re.test(path))) { main.innerHTML = notFoundHTML(); return; }
  const cfg = await serverConfig();
  let m;
  if (path === '/leaderboards') return mountLeaderboards(main, cfg);
  if ((m = /^\/player\/((?:bot:)?[0-9a-f]{12,16})$/.exec(path))) return mountPlayer(main, cfg, m[1]);
  if ((m = /^\/replay\/([\w-]{1,64})$/.exec(path))) return mountReplay(main, cfg, m[1]);
  if (!cfg.hub) {
    if (path === '/') return home(main, cfg, null);
    if (path === '/arenas') return mountArenas(main, cfg, null);
    main.innerHTML = `<section class="panel"><h1>${esc(t('nohub.title'))}</h1><p>${t('nohub.text', { practice: `<a href="/practice">${esc(t('nav.practice'))}</a>` })}</p></section>`;
    return;
  }
  const hub = new Hub();
  hub.connect();
  window.__hub = hub; // for tests and the console
  if (path === '/') return home(main, cfg, hub);
  if ((m = /^\/room\/([A-Za-z0-9]{1,16})$/.exec(path))) return room(main, hub, m[1].toUpperCase());
  if ((m = /^\/race\/([\w-]{1,64})$/.exec(path))) return raceByID(main, hub, m[1]);
  if (path === '/watch') return watchList(main, hub);
  if (path === '/arenas') return mountArenas(main, cfg, hub);
  if ((m = /^\/arena\/([\w-]{1,64})$/.exec(path))) return mountArena(main, hub, m[1]);
  if ((m = /^\/watch\/([\w-]{1,64})$/.exec(path))) return watchRace(main, hub, m[1]);
}

/** racersRatings fetches the ratings of the racers of races: profile -> Map player -> rating. */
export async function racersRatings(races) {
  const by = new Map();
  for (const x of races) by.set(x.profile, [...(by.get(x.profile) || []), ...x.racers.map((y) => y.id)]);
  const out = new Map();
  await Promise.all([...by].map(async ([profile, ids]) => out.set(profile, await ratingsOf(profile, ids))));
  return out;
}

/** namesHTML lists a race's racers, each with their rating under its profile. */
export function namesHTML(x, ratings) {
  const rs = ratings.get(x.profile) || new Map();
  return x.racers.map((y) => esc(y.name) + botLevelHTML(y) + ratingHTML(rs.get(y.id))).join(esc(t('common.vs')));
}

/** onRace mounts the race view when a race message arrives for us. */
export function onRace(main, hub) {
  let unmount = null;
  let current = '';
  hub.on('race', (r) => {
    if (r.race.id === current) return; // the race view resyncs itself
    current = r.race.id;
    if (unmount) unmount();
    unmount = mountRace(main, hub, r);
    main.focus({ preventScroll: true });
    window.scrollTo(0, 0);
  });
}

function room(main, hub, code) {
  main.innerHTML = `<section class="panel"><h1>${esc(t('room.title', { code }))}</h1><p id="rm-msg" class="msg">${esc(t('room.joining'))}</p>
    <div id="rm-back" hidden><form id="rm-join" class="row"><label>${esc(t('room.other'))} <input type="text" id="rm-code" maxlength="16" size="8" autocapitalize="characters" pattern="[A-Za-z0-9]+" required></label>
      <button type="submit">${esc(t('home.room.join'))}</button></form>
      <p><a class="button" href="/">${esc(t('common.home'))}</a></p></div></section>`;
  main.querySelector('#rm-join').onsubmit = (e) => {
    e.preventDefault();
    const c = main.querySelector('#rm-code').value.trim().toUpperCase();
    if (c) location.assign(`/room/${encodeURIComponent(c)}`);
  };
  hub.on('open', () => hub.send({ type: 'room_join', code }));
  hub.on('room', (r) => showRoom(main, hub, r.room));
  hub.on('error', (e) => {
    const el = main.querySelector('#rm-msg');
    if (el) { el.textContent = errorText(e); el.className = 'msg error'; }
    const back = main.querySelector('#rm-back');
    if (back && (e.code === 'room_not_found' || e.code === 'room_full' || e.code === 'bad_request')) back.hidden = false;
  });
  onRace(main, hub);
}

// The room's last race as the room page knows it: its ID, whether it has
// ended (null while unknown) and who raced it (null while unknown).
let lastRace = { id: '', ended: null, racers: null };
let lastRoom = null; // the last room message's room
let roomWatching = ''; // the race the room page asked to watch, if any
const roomHubs = new WeakSet(); // the hubs learnRace listens on

/**
 * learnRace finds out whether the room's race has ended and who raced
 * it (its replay exists once it has), then shows the room again. A
 * running race is watched, so that its end shows when it comes.
 */
async function learnRace(main, hub, id) {
  if (!roomHubs.has(hub)) {
    roomHubs.add(hub);
    hub.on('watching', (w) => {
      if (w.race.id !== lastRace.id || lastRace.racers) return;
      lastRace = { ...lastRace, racers: w.race.racers.map((r) => r.id) };
      if (lastRoom) showRoom(main, hub, lastRoom);
    });
    hub.on('race_end', (e) => {
      if (e.race !== lastRace.id || lastRace.ended) return;
      lastRace = { id: e.race, ended: true, racers: e.result.standings.map((s) => s.player) };
      // Only a race this page watches, and never one the player raced:
      // the race page took it over as a seat, not a watch.
      const me = hub.me && hub.me.player;
      if (roomWatching === e.race && !lastRace.racers.includes(me)) {
        roomWatching = '';
        hub.send({ type: 'unwatch', race: e.race });
      }
      if (lastRoom) showRoom(main, hub, lastRoom);
    });
  }
  const r = await api(`/api/replay/${encodeURIComponent(id)}`);
  if (lastRace.id !== id) return;
  if (r.ok) lastRace = { id, ended: true, racers: (r.data.racers || []).map((x) => x.id) };
  else if (r.status === 409) {
    lastRace = { ...lastRace, ended: lastRace.ended || false };
    if (!lastRace.ended) {
      roomWatching = id;
      hub.send({ type: 'watch', race: id });
    }
  } else if (lastRace.ended === null) lastRace = { ...lastRace, ended: false };
  if (lastRoom) showRoom(main, hub, lastRoom);
}

/**
 * raceHTML is what the room page says of the room's race: running (watch
 * it, or rejoin it), or ended (its result, who is ready for the next and
 * who is not, and the member's own Ready / Not ready: the same rematch
 * vote as the result view's).
 */
function raceHTML(rm, me) {
  if (!rm.race || lastRace.id !== rm.race || lastRace.ended === null) return '';
  const id = encodeURIComponent(rm.race);
  if (!lastRace.ended) {
    // Its racers (once the watch says who they are) may go back to it.
    const racer = lastRace.racers && lastRace.racers.includes(me);
    return `<p id="rm-race" data-state="running">${esc(t('room.running'))} <a class="button" href="/watch/${id}">${esc(t('room.watch'))}</a>${racer ? ` <a class="button primary" href="/race/${id}">${esc(t('room.rejoin'))}</a>` : ''}</p>`;
  }
  const ready = new Set(rm.ready || []);
  const declined = new Set(rm.declined || []);
  const named = (ids) => rm.members.filter((m) => ids.has(m.id)).map((m) => m.name).join(', ');
  // Members who raced it vote; those who joined since race without one.
  const voters = rm.members.filter((m) => !lastRace.racers || lastRace.racers.includes(m.id));
  // Whom the next race waits for (not us: our buttons ask us).
  const waiting = new Set(voters.filter((m) => !ready.has(m.id) && m.id !== me).map((m) => m.id));
  const lines = [];
  if (rm.members.length < 2) lines.push(t('rematch.alone'));
  else {
    if (ready.size) lines.push(t('room.ready.list', { names: named(ready) }));
    if (declined.size) lines.push(t('room.declined.list', { names: named(declined) }));
    if (waiting.size) lines.push(t('room.waiting', { names: named(waiting) }));
  }
  const votes = voters.some((m) => m.id === me);
  const mine = ready.has(me);
  return `<div id="rm-race" data-state="ended">
    <p>${esc(t('room.ended'))} <a href="/replay/${id}" id="rm-result">${esc(t('room.result'))}</a></p>
    <div class="offer" id="rm-votes">${lines.map((l) => `<p>${esc(l)}</p>`).join('')}</div>
    ${votes ? `<div class="row" role="group" aria-label="${esc(t('room.ready.q'))}"><span>${esc(t('room.ready.q'))}</span>
      <button type="button" id="rm-ready" class="${mine ? 'primary' : ''}" aria-pressed="${mine}">${esc(t('room.ready'))}</button>
      <button type="button" id="rm-notready" aria-pressed="${declined.has(me)}">${esc(t('room.notready'))}</button></div>`
    : `<p class="muted">${esc(t('room.next'))}</p>`}
  </div>`;
}

export function showRoom(main, hub, rm) {
  if (main.querySelector('.race')) return; // a race is on screen
  lastRoom = rm;
  if (rm.race && lastRace.id !== rm.race) {
    lastRace = { id: rm.race, ended: (rm.ready || []).length || (rm.declined || []).length ? true : null, racers: null };
    learnRace(main, hub, rm.race);
  }
  const me = hub.me && hub.me.player;
  const host = rm.host === me;
  const link = `${location.origin}/room/${rm.code}`;
  const ready = new Set(rm.ready || []);
  const declined = new Set(rm.declined || []);
  // Drawn again on every room message: keep the focus where it was.
  const focused = main.contains(document.activeElement) ? document.activeElement.id : '';
  const vote = (m) => (ready.has(m.id) ? ` <span class="badge st-ready">${esc(t('room.ready.badge'))}</span>`
    : declined.has(m.id) ? ` <span class="badge st-declined">${esc(t('room.declined.badge'))}</span>` : '');
  main.innerHTML = `
  <section class="panel room" aria-labelledby="rm-h">
    <h1 id="rm-h">${esc(t('room.title', { code: rm.code }))}</h1>
    <p>${esc(t('room.share'))} <a href="${esc(link)}" id="rm-link">${esc(link)}</a> <button type="button" id="rm-copy">${esc(t('room.copy'))}</button></p>
    <p class="muted">${esc(t('room.info', { profile: profileName(rm.profile), max: num(rm.max), minutes: num(Math.round(rm.time_limit_ms / 60000)), delay: num(Math.round(rm.spectator_delay_ms / 1000)) }))}</p>
    <h2>${esc(t('room.players', { n: num(rm.members.length), max: num(rm.max) }))}</h2>
    <ul class="list" id="rm-members">${rm.members.map((m) => `<li data-player="${esc(m.id)}"><span>${esc(m.name)}${m.id === rm.host ? ` <span class="badge">${esc(t('room.host'))}</span>` : ''}${m.id === me ? ` ${esc(t('common.you'))}` : ''}</span>${vote(m)}</li>`).join('')}</ul>
    ${raceHTML(rm, me)}
    <div class="row" style="margin-top:.8rem">
      ${rm.race ? '' : host ? `<button type="button" class="primary" id="rm-start"${rm.members.length < 2 ? ' disabled' : ''}>${esc(t('room.start'))}</button>` : `<span class="muted">${esc(t('room.hoststarts'))}</span>`}
      <button type="button" id="rm-leave">${esc(t('room.leave'))}</button>
    </div>
    <p id="rm-msg" class="msg" role="status"></p>
  </section>`;
  const $ = (id) => main.querySelector('#' + id);
  if ($('rm-start')) $('rm-start').onclick = () => hub.send({ type: 'room_start' });
  if ($('rm-ready')) $('rm-ready').onclick = () => { if (!ready.has(me)) hub.send({ type: 'rematch', race: rm.race }); };
  if ($('rm-notready')) $('rm-notready').onclick = () => { if (!declined.has(me)) hub.send({ type: 'rematch', race: rm.race, decline: true }); };
  $('rm-leave').onclick = () => { hub.send({ type: 'room_leave' }); location.assign('/'); };
  $('rm-copy').onclick = async () => {
    try { await navigator.clipboard.writeText(link); $('rm-msg').textContent = t('room.copied'); } catch { $('rm-msg').textContent = link; }
  };
  if (focused && $(focused)) $(focused).focus();
  announce(t('room.said', { code: rm.code, n: rm.members.length, count: num(rm.members.length) }));
}

function raceByID(main, hub, id) {
  main.innerHTML = `<section class="panel"><h1>${esc(t('race.title'))}</h1><p id="rc-msg" class="msg">${esc(t('common.connecting'))}</p></section>`;
  onRace(main, hub);
  hub.on('open', () => {
    // Racers get the race on (re)connection; anyone else may watch it.
    setTimeout(() => {
      if (!main.querySelector('.race')) location.replace(`/watch/${id}`);
    }, 1500);
  });
}

function watchList(main, hub) {
  main.innerHTML = `<section class="panel" aria-labelledby="w-h"><h1 id="w-h">${esc(t('watch.list'))}</h1>
    <table><thead><tr><th>${esc(t('watch.racers'))}</th><th>${esc(t('watch.rules'))}</th><th>${esc(t('watch.started'))}</th><th><span class="sr-only">${esc(t('home.watch'))}</span></th></tr></thead><tbody id="w-list"><tr><td colspan="4" class="muted">${esc(t('home.loading'))}</td></tr></tbody></table>
    <p class="row"><button type="button" id="w-newest" hidden>${esc(t('watch.newer'))}</button> <button type="button" id="w-more" hidden>${esc(t('watch.more'))}</button></p></section>`;
  // The page shown: before is the cursor it was asked with ('' for the
  // newest), next the cursor of the older page ('' when there is none).
  let before = '';
  let next = '';
  const list = () => hub.send(before ? { type: 'list_races', before } : { type: 'list_races' });
  main.querySelector('#w-more').onclick = () => { before = next; list(); };
  main.querySelector('#w-newest').onclick = () => { before = ''; list(); };
  const render = async (races) => {
    const rs = await racersRatings(races);
    main.querySelector('#w-more').hidden = !next;
    main.querySelector('#w-newest').hidden = !before;
    main.querySelector('#w-list').innerHTML = races.length ? races.map((x) =>
      `<tr><td>${namesHTML(x, rs)}</td><td title="${esc(profileText(x.profile))}">${esc(profileName(x.profile, x.game))}</td><td>${esc(date(Date.parse(x.start_at), { timeStyle: 'medium' }))}</td><td><a href="/watch/${esc(x.id)}">${esc(t('home.watch'))}</a></td></tr>`).join('')
      : `<tr><td colspan="4" class="muted">${esc(t('home.live.none'))}</td></tr>`;
  };
  hub.on('open', list);
  hub.on('races', (r) => { next = r.next || ''; render(r.races || []); });
  setInterval(list, 5000);
}

function watchRace(main, hub, id) {
  main.innerHTML = `<section class="panel"><h1>${esc(t('watch.title'))}</h1><p id="wr-msg" class="msg">${esc(t('common.connecting'))}</p>
    <p id="wr-back" hidden><a class="button" href="/watch">${esc(t('home.live.all'))}</a> <a class="button" href="/">${esc(t('common.home'))}</a></p></section>`;
  let info = null;
  let game = null; // info's game
  let progress = [];
  let ratings = new Map(); // racer -> rating, beside the names
  let result = null;
  let rated = null; // the ratings message
  let atStart = Promise.resolve(new Map()); // the racers' ratings when we came
  const boards = new Map();
  const opps = () => { main.querySelector('#wr-opps').innerHTML = progressHTML(info.racers, progress, '', game, ratings, !!result); };
  const standings = () => {
    main.querySelector('#wr-standings').innerHTML = resultHTML(result, '', game, rated, Date.parse(info.start_at)) + `<p><a href="/replay/${esc(id)}">${esc(t('watch.replay'))}</a></p>`;
  };
  hub.on('open', () => hub.send({ type: 'watch', race: id }));
  hub.on('error', (e) => {
    const el = main.querySelector('#wr-msg');
    if (el) { el.textContent = errorText(e); el.className = 'msg error'; }
    const back = main.querySelector('#wr-back');
    if (back) back.hidden = false;
  });
  hub.on('watching', (w) => {
    if (w.race.id !== id) return;
    info = w.race;
    progress = w.progress || [];
    game = gameOf(info);
    const rules = game.rules(info);
    main.innerHTML = `<section class="watch" aria-labelledby="wr-h">
      <div class="bar"><h1 id="wr-h">${esc(t('watch.heading', { names: info.racers.map((r) => r.name).join(t('common.vs')) }))}</h1><span class="badge" title="${esc(profileText(info.profile))}">${esc(profileName(info.profile, info.game))}</span>
      <span class="muted small">${esc(t('watch.delay', { s: num(Math.round(info.spectator_delay_ms / 1000)) }))}</span></div>
      <div class="panel"><div class="opps" id="wr-opps"></div></div>
      <div class="panel" id="wr-result" hidden><h2>${esc(t('race.result'))}</h2><div id="wr-standings"></div><p class="small" id="wr-reveal"></p></div>
      <div class="boards" id="wr-boards">${info.racers.map((r) => `<div class="wboard"><h2>${esc(r.name)}</h2><div data-board="${esc(r.id)}"><p class="muted">${esc(t('watch.boardin', { s: num(Math.round(info.spectator_delay_ms / 1000)) }))}</p></div></div>`).join('')}</div>
      <p class="small muted">${esc(game.rankingRule)}</p>
      <p class="small">${esc(t('fair.commitment.short'))} <code class="commit">${esc(info.commitment)}</code></p></section>`;
    opps();
    atStart = ratingsOf(info.profile, info.racers.map((r) => r.id));
    atStart.then((m) => { for (const [k, v] of m) if (!ratings.has(k)) ratings.set(k, v); opps(); });
    main.querySelector('.watch').dataset.game = game.name;
    for (const b of w.boards || []) showBoard(b, rules);
  });
  const showBoard = (b, rules) => {
    const el = main.querySelector(`[data-board="${CSS.escape(b.racer)}"]`);
    if (!el) return;
    let bd = boards.get(b.racer);
    if (!bd) {
      el.innerHTML = '';
      bd = new game.Board(el, { keys: false, label: t('board.of', { name: (info.racers.find((r) => r.id === b.racer) || {}).name }) });
      boards.set(b.racer, bd);
    }
    bd.update(game.view(b.view), { rules: rules || game.rules(info), interactive: false });
  };
  hub.on('board', (b) => { if (info && b.race === id) showBoard(b); });
  hub.on('progress', (p) => {
    if (!info || p.race !== id) return;
    const i = progress.findIndex((x) => x.racer === p.progress.racer);
    if (i >= 0) progress[i] = p.progress; else progress.push(p.progress);
    opps();
  });
  hub.on('race_end', (e) => {
    if (!info || e.race !== id) return;
    result = e.result;
    // The result's statuses are final: nobody is "playing" any more.
    for (const s of e.result.standings) {
      const i = progress.findIndex((x) => x.racer === s.player);
      if (i >= 0) progress[i] = { ...progress[i], status: s.status };
    }
    opps();
    main.querySelector('#wr-result').hidden = false;
    standings();

    checkReveal(main.querySelector('#wr-reveal'), info.commitment, e.reveal);
  });
  hub.on('ratings', async (m) => {
    if (!info || m.race !== id) return;
    const r = await exactRatings(m, await atStart);
    rated = r;
    for (const c of r.changes || []) ratings.set(c.player, { rating: c.after, provisional: c.provisional });
    opps();
    if (result) standings();
  });
}
