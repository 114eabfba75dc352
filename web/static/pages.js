// The pages other than practice: home and lobby, rooms, race, watch,
// replay and leaderboards. Race, room and watch pages need the race hub;
// leaderboards and replays need the JSON API (web/api).
import { serverConfig, api, announce, esc, isTyping } from './util.js';
import { Hub, savedName, saveName } from './net.js';
import { mountRace, progressHTML, resultHTML, checkReveal, gameOf } from './race.js';
import { mountLeaderboards, mountReplay } from './boards.js';
import { games, gameNamed } from './games.js';
import { mountArenas, mountArena } from './arena.js';

/**
 * profileOptions lists profiles as <option>s grouped by game, only those
 * in offered when it is given; bvs is chosen. The first game's group is
 * there even when empty.
 */
function profileOptions(profiles, offered) {
  const groups = new Map(games().map((g) => [g, []]));
  for (const p of profiles) {
    if (offered && !offered.includes(p.name)) continue;
    groups.get(gameNamed(p.game)).push(`<option${p.name === 'bvs' ? ' selected' : ''}>${esc(p.name)}</option>`);
  }
  return [...groups].map(([g, opts], i) => i === 0 || opts.length ? `<optgroup label="${esc(g.title)}">${opts.join('')}</optgroup>` : '').join('');
}

export async function mountPage(main, path) {
  const cfg = await serverConfig();
  let m;
  if (path === '/leaderboards') return mountLeaderboards(main, cfg);
  if ((m = /^\/replay\/([\w-]{1,64})$/.exec(path))) return mountReplay(main, cfg, m[1]);
  if (!cfg.hub) {
    if (path === '/') return home(main, cfg, null);
    if (path === '/arenas') return mountArenas(main, cfg, null);
    main.innerHTML = `<section class="panel"><h1>No race hub</h1><p>This server runs without the race hub, so races cannot be played or watched here. <a href="/practice">Practice</a> works.</p></section>`;
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
  main.innerHTML = '<section class="panel"><h1>Not found</h1><p><a href="/">Home</a></p></section>';
}

/** onRace mounts the race view when a race message arrives for us. */
function onRace(main, hub) {
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

function home(main, cfg, hub) {
  main.innerHTML = `
  <h1 class="sr-only">Solitaire Race</h1>
  <div class="grid home">
    <section class="panel" aria-labelledby="h-quick"><h2 id="h-quick">Quick race</h2>
      <p class="muted small">Two players, the same deal: first to 52 cards (Klondike) or 8 runs (Spider) wins.</p>
      <div class="row" id="h-queues">${hub ? '' : '<span class="muted">Races need the race hub, which this server does not run.</span>'}</div>
      <p id="h-queued" class="msg" role="status"></p></section>
    <section class="panel" aria-labelledby="h-practice"><h2 id="h-practice">Practice</h2>
      <p class="muted small">One player, any rules, any deal: undo, hints, share a deal.</p>
      <a class="button primary" href="/practice">Practice</a></section>
    <section class="panel" aria-labelledby="h-room"><h2 id="h-room">Private room</h2>
      <form id="h-create" class="row">
        <label>Rules <select id="h-profile">${profileOptions(cfg.profiles, null)}</select></label>
        <label>Players <select id="h-max">${[2, 3, 4, 5, 6, 7, 8].map((n) => `<option${n === 4 ? ' selected' : ''}>${n}</option>`).join('')}</select></label>
        <label>Minutes <select id="h-time">${[5, 10, 15, 30].map((n) => `<option${n === 15 ? ' selected' : ''}>${n}</option>`).join('')}</select></label>
        <button type="submit" class="primary"${hub ? '' : ' disabled'}>Create room</button></form>
      <form id="h-join" class="row"><label>Code <input type="text" id="h-code" maxlength="16" size="8" autocapitalize="characters" pattern="[A-Za-z0-9]+" required></label>
        <button type="submit"${hub ? '' : ' disabled'}>Join</button></form></section>
    <section class="panel" aria-labelledby="h-you"><h2 id="h-you">You</h2>
      <form id="h-name" class="row"><label>Name <input type="text" id="h-name-in" maxlength="20" autocomplete="nickname" value="${esc(savedName())}"></label>
      <button type="submit">Save</button></form>
      <p class="muted small" id="h-me">${hub ? 'Connecting…' : ''}</p></section>
    <section class="panel" aria-labelledby="h-live"><h2 id="h-live">Live races</h2>
      <ul class="list" id="h-races"><li class="muted">${hub ? 'Loading…' : 'No race hub.'}</li></ul>
      <p><a href="/watch">All live races</a> · <a href="/leaderboards">Leaderboards</a></p></section>
    <section class="panel" aria-labelledby="h-daily" id="h-daily-p"${hub ? '' : ' hidden'}><h2 id="h-daily">Today's daily challenge</h2>
      <div id="h-daily-b"></div>
      <p class="muted small">One try a day, alone, the same deal for everyone.</p>
      <div class="row" id="h-daily-go"></div>
      <p id="h-daily-msg" class="msg" role="status"></p></section>
  </div>`;
  const $ = (id) => main.querySelector('#' + id);
  if (cfg.api) {
    // Klondike's and Spider's dailies, as far as the server has them.
    Promise.all(['bvs', 'spider-1'].map((p) => api(`/api/daily/${p}`))).then((rs) => {
      const ds = rs.filter((r) => r.ok).map((r) => r.data);
      if (!ds.length) return;
      $('h-daily-p').hidden = false;
      $('h-daily-b').innerHTML = ds.map((d) => `<p class="small">${esc(d.profile)}, ${esc(d.day)}: ${d.players} winner${d.players === 1 ? '' : 's'} so far.
        ${d.solver_checked ? 'Proven winnable.' : ''} <a href="/leaderboards?profile=${encodeURIComponent(d.profile)}&board=daily">Daily board</a><br>
        Commitment <code class="commit">${esc(d.commitment)}</code></p>`).join('');
    });
  }
  $('h-name').onsubmit = (e) => {
    e.preventDefault();
    const n = $('h-name-in').value.trim();
    if (!n) return;
    saveName(n);
    if (hub) hub.rename(n);
    announce(`Name saved: ${n}.`);
  };
  if (!hub) return;
  const refreshRaces = async () => {
    const r = await api('/api/races');
    const races = r.ok ? r.data.races || [] : [];
    $('h-races').innerHTML = races.length ? races.slice(0, 8).map((x) =>
      `<li><span>${esc(x.racers.map((y) => y.name).join(' vs '))} <span class="badge">${esc(x.profile)}</span></span><a href="/watch/${esc(x.id)}">Watch</a></li>`).join('')
      : '<li class="muted">No race right now.</li>';
  };
  refreshRaces();
  const racesTimer = setInterval(refreshRaces, 5000);
  let queued = '';
  // The room this page shows, joined again after a reconnect: a new
  // connection is not subscribed to the room until it joins (a member
  // joining again changes nothing).
  let roomCode = '';
  hub.on('open', (w) => {
    if (roomCode) hub.send({ type: 'room_join', code: roomCode });
    $('h-me').textContent = `Playing as ${w.name}.`;
    // Rooms take the hub's profiles.
    const chosen = $('h-profile').value;
    $('h-profile').innerHTML = profileOptions(cfg.profiles, w.profiles || null);
    if (w.profiles && w.profiles.includes(chosen)) $('h-profile').value = chosen;
    $('h-queues').innerHTML = w.profiles.map((p) => `<button type="button" data-queue="${esc(p)}"${p === 'bvs' ? ' class="primary"' : ''}>${esc(p)}</button>`).join('');
    $('h-daily-go').innerHTML = w.profiles.map((p) => `<button type="button" data-daily="${esc(p)}" aria-label="Race today's daily challenge, ${esc(p)}">Race today's daily challenge: ${esc(p)}</button>`).join('');
  });
  $('h-daily-go').onclick = (e) => {
    const b = e.target.closest('[data-daily]');
    if (!b) return;
    $('h-daily-msg').textContent = 'Starting…';
    hub.send({ type: 'daily', profile: b.dataset.daily });
  };
  $('h-queues').onclick = (e) => {
    const b = e.target.closest('[data-queue]');
    if (!b) return;
    if (queued) { hub.send({ type: 'unqueue' }); return; }
    hub.send({ type: 'queue', profile: b.dataset.queue });
  };
  hub.on('queued', (q) => {
    queued = q.profile;
    $('h-queued').innerHTML = `Waiting for an opponent in ${esc(q.profile)}… <button type="button" id="h-unqueue">Leave the queue <kbd>Esc</kbd></button>`;
    $('h-unqueue').onclick = () => hub.send({ type: 'unqueue' });
  });
  hub.on('unqueued', () => { queued = ''; $('h-queued').textContent = ''; });
  const dailyCodes = ['already_played', 'daily_unavailable', 'daily_private'];
  hub.on('error', (e) => {
    // The home page's elements are gone once a race or room replaced it.
    const el = $(dailyCodes.includes(e.code) ? 'h-daily-msg' : 'h-queued');
    if (el) el.textContent = e.message;
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

function room(main, hub, code) {
  main.innerHTML = `<section class="panel"><h1>Room ${esc(code)}</h1><p id="rm-msg" class="msg">Joining…</p></section>`;
  hub.on('open', () => hub.send({ type: 'room_join', code }));
  hub.on('room', (r) => showRoom(main, hub, r.room));
  hub.on('error', (e) => {
    const el = main.querySelector('#rm-msg');
    if (el) { el.textContent = e.message; el.className = 'msg error'; }
  });
  onRace(main, hub);
}

function showRoom(main, hub, rm) {
  if (main.querySelector('.race')) return; // a race is on screen
  const me = hub.me && hub.me.player;
  const host = rm.host === me;
  const link = `${location.origin}/room/${rm.code}`;
  main.innerHTML = `
  <section class="panel room" aria-labelledby="rm-h">
    <h1 id="rm-h">Room ${esc(rm.code)}</h1>
    <p>Share this link: <a href="${esc(link)}" id="rm-link">${esc(link)}</a> <button type="button" id="rm-copy">Copy</button></p>
    <p class="muted">${esc(rm.profile)} · up to ${rm.max} players · ${Math.round(rm.time_limit_ms / 60000)} minutes · spectators see boards ${Math.round(rm.spectator_delay_ms / 1000)} s late</p>
    <h2>Players (${rm.members.length}/${rm.max})</h2>
    <ul class="list" id="rm-members">${rm.members.map((m) => `<li>${esc(m.name)}${m.id === rm.host ? ' <span class="badge">host</span>' : ''}${m.id === me ? ' (you)' : ''}</li>`).join('')}</ul>
    <div class="row" style="margin-top:.8rem">
      ${host ? `<button type="button" class="primary" id="rm-start"${rm.members.length < 2 ? ' disabled' : ''}>Start the race</button>` : '<span class="muted">The host starts the race.</span>'}
      <button type="button" id="rm-leave">Leave</button>
    </div>
    <p id="rm-msg" class="msg" role="status">${rm.race ? 'A race of this room is running.' : ''}</p>
  </section>`;
  const $ = (id) => main.querySelector('#' + id);
  if ($('rm-start')) $('rm-start').onclick = () => hub.send({ type: 'room_start' });
  $('rm-leave').onclick = () => { hub.send({ type: 'room_leave' }); location.assign('/'); };
  $('rm-copy').onclick = async () => {
    try { await navigator.clipboard.writeText(link); $('rm-msg').textContent = 'Link copied.'; } catch { $('rm-msg').textContent = link; }
  };
  announce(`Room ${rm.code}: ${rm.members.length} player${rm.members.length === 1 ? '' : 's'}.`);
}

function raceByID(main, hub, id) {
  main.innerHTML = `<section class="panel"><h1>Race</h1><p id="rc-msg" class="msg">Connecting…</p></section>`;
  onRace(main, hub);
  hub.on('open', () => {
    // Racers get the race on (re)connection; anyone else may watch it.
    setTimeout(() => {
      if (!main.querySelector('.race')) location.replace(`/watch/${id}`);
    }, 1500);
  });
}

function watchList(main, hub) {
  main.innerHTML = `<section class="panel" aria-labelledby="w-h"><h1 id="w-h">Live races</h1>
    <table><thead><tr><th>Racers</th><th>Rules</th><th>Started</th><th></th></tr></thead><tbody id="w-list"><tr><td colspan="4" class="muted">Loading…</td></tr></tbody></table></section>`;
  const render = (races) => {
    main.querySelector('#w-list').innerHTML = races.length ? races.map((x) =>
      `<tr><td>${esc(x.racers.map((y) => y.name).join(' vs '))}</td><td>${esc(x.profile)}</td><td>${new Date(x.start_at).toLocaleTimeString()}</td><td><a href="/watch/${esc(x.id)}">Watch</a></td></tr>`).join('')
      : '<tr><td colspan="4" class="muted">No race right now.</td></tr>';
  };
  hub.on('open', () => hub.send({ type: 'list_races' }));
  hub.on('races', (r) => render(r.races || []));
  setInterval(() => hub.send({ type: 'list_races' }), 5000);
}

function watchRace(main, hub, id) {
  main.innerHTML = `<section class="panel"><h1>Watching</h1><p id="wr-msg" class="msg">Connecting…</p></section>`;
  let info = null;
  let game = null; // info's game
  let progress = [];
  const boards = new Map();
  hub.on('open', () => hub.send({ type: 'watch', race: id }));
  hub.on('error', (e) => {
    const el = main.querySelector('#wr-msg');
    if (el) { el.textContent = e.message; el.className = 'msg error'; }
  });
  hub.on('watching', (w) => {
    if (w.race.id !== id) return;
    info = w.race;
    progress = w.progress || [];
    game = gameOf(info);
    const rules = game.rules(info);
    main.innerHTML = `<section class="watch" aria-labelledby="wr-h">
      <div class="bar"><h1 id="wr-h">Watching ${esc(info.racers.map((r) => r.name).join(' vs '))}</h1><span class="badge">${esc(info.profile)}</span>
      <span class="muted small">Boards are shown ${Math.round(info.spectator_delay_ms / 1000)} s late, so nobody can coach a racer.</span></div>
      <div class="panel"><div class="opps" id="wr-opps"></div></div>
      <div class="panel" id="wr-result" hidden><h2>Result</h2><div id="wr-standings"></div><p class="small" id="wr-reveal"></p></div>
      <div class="boards" id="wr-boards">${info.racers.map((r) => `<div class="wboard"><h2>${esc(r.name)}</h2><div data-board="${esc(r.id)}"><p class="muted">Board in ${Math.round(info.spectator_delay_ms / 1000)} s…</p></div></div>`).join('')}</div>
      <p class="small muted">${esc(info.ranking_rule)}</p>
      <p class="small">Commitment <code class="commit">${esc(info.commitment)}</code></p></section>`;
    main.querySelector('#wr-opps').innerHTML = progressHTML(info.racers, progress, '', game);
    main.querySelector('.watch').dataset.game = game.name;
    for (const b of w.boards || []) showBoard(b, rules);
  });
  const showBoard = (b, rules) => {
    const el = main.querySelector(`[data-board="${CSS.escape(b.racer)}"]`);
    if (!el) return;
    let bd = boards.get(b.racer);
    if (!bd) {
      el.innerHTML = '';
      bd = new game.Board(el, { keys: false, label: `Board of ${(info.racers.find((r) => r.id === b.racer) || {}).name}` });
      boards.set(b.racer, bd);
    }
    bd.update(game.view(b.view), { rules: rules || game.rules(info), interactive: false });
  };
  hub.on('board', (b) => { if (info && b.race === id) showBoard(b); });
  hub.on('progress', (p) => {
    if (!info || p.race !== id) return;
    const i = progress.findIndex((x) => x.racer === p.progress.racer);
    if (i >= 0) progress[i] = p.progress; else progress.push(p.progress);
    main.querySelector('#wr-opps').innerHTML = progressHTML(info.racers, progress, '', game);
  });
  hub.on('race_end', (e) => {
    if (!info || e.race !== id) return;
    main.querySelector('#wr-result').hidden = false;
    main.querySelector('#wr-standings').innerHTML = resultHTML(e.result, '', game) + `<p><a href="/replay/${esc(id)}">Replay</a></p>`;
    checkReveal(main.querySelector('#wr-reveal'), info.commitment, e.reveal);
  });
}
