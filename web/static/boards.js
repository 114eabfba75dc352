// Leaderboards and replays, over the JSON API of web/api. A replay's
// boards are rebuilt by the practice API from the revealed seed and each
// racer's actions, so this page needs no engine of its own.
import { api, announce, esc, isTyping } from './util.js';
import { games, gameOfProfile, profilesOf } from './games.js';
import { mountAnalysis } from './analysis.js';
const noAPI = '<section class="panel"><h1>Not available</h1><p>This server runs without the leaderboard and replay API. <a href="/practice">Practice</a> works.</p></section>';

export function mountLeaderboards(main, cfg) {
  if (!cfg.api) { main.innerHTML = noAPI; return; }
  const q = new URLSearchParams(location.search);
  const me = localStorage.getItem('racer.player') || '';
  main.innerHTML = `<section class="panel" aria-labelledby="lb-h">
    <h1 id="lb-h">Leaderboards</h1>
    <form class="row" id="lb-form">
      <label>Rules <select id="lb-profile">${games().map((g) => `<optgroup label="${esc(g.title)}">${profilesOf(cfg.profiles, g).map((p) => `<option>${esc(p.name)}</option>`).join('')}</optgroup>`).join('')}</select></label>
      <label>Board <select id="lb-board"><option value="rating">Rating</option><option value="wins">Wins</option><option value="daily">Daily best</option></select></label>
      <label>Period <select id="lb-period"><option value="all">All time</option><option value="week">This week</option><option value="day">Today</option></select></label>
    </form>
    <table><caption class="sr-only">Ranking</caption><thead><tr><th>#</th><th>Player</th><th id="lb-score-h">Score</th></tr></thead><tbody id="lb-rows"></tbody></table>
    <h2>Your rank</h2><div id="lb-me" class="muted small">Play a rated race to appear here.</div>
  </section>`;
  const $ = (id) => main.querySelector('#' + id);
  $('lb-profile').value = q.get('profile') || 'bvs';
  $('lb-board').value = q.get('board') || 'rating';
  $('lb-period').value = q.get('period') || ($('lb-board').value === 'daily' ? 'day' : 'all');
  const player = me || (window.__hub && window.__hub.me && window.__hub.me.player) || '';
  async function load() {
    const profile = $('lb-profile').value;
    const board = $('lb-board').value;
    let period = $('lb-period').value;
    if (board === 'rating') period = 'all';
    if (board === 'daily') period = 'day';
    $('lb-period').value = period;
    $('lb-period').disabled = board !== 'wins';
    history.replaceState(null, '', `/leaderboards?profile=${encodeURIComponent(profile)}&board=${board}&period=${period}`);
    $('lb-score-h').textContent = board === 'rating' ? 'Rating' : board === 'wins' ? 'Wins' : 'Time, actions';
    const r = await api(`/api/leaderboard/${encodeURIComponent(profile)}/${board}?period=${period}&n=20`);
    const score = (e) => board === 'daily' ? `${(e.time_ms / 1000).toFixed(1)} s, ${e.actions} actions` : board === 'rating' ? Math.round(e.score) : e.score;
    if (!r.ok) { $('lb-rows').innerHTML = `<tr><td colspan="3" class="muted">${esc(r.data.message)}</td></tr>`; return; }
    const rows = r.data.entries || [];
    $('lb-rows').innerHTML = rows.length ? rows.map((e) => `<tr class="${e.player === player ? 'me' : ''}"><td>${e.rank}</td><td>${esc(e.name)}</td><td>${score(e)}</td></tr>`).join('')
      : '<tr><td colspan="3" class="muted">Nobody on this board yet.</td></tr>';
    announce(`${rows.length} players on the ${board} board.`);
    if (!player) return;
    const m = await api(`/api/leaderboard/${encodeURIComponent(profile)}/${board}/player/${encodeURIComponent(player)}?period=${period}&n=2`);
    $('lb-me').innerHTML = m.ok
      ? `<table><tbody>${m.data.entries.map((e) => `<tr class="${e.player === player ? 'me' : ''}"><td>${e.rank}</td><td>${esc(e.name)}</td><td>${score(e)}</td></tr>`).join('')}</tbody></table>`
      : (m.data.code === 'not_ranked' ? 'You are not on this board yet.' : esc(m.data.message));
  }
  $('lb-form').onchange = load;
  load();
}

export async function mountReplay(main, cfg, id) {
  if (!cfg.api) { main.innerHTML = noAPI; return; }
  main.innerHTML = `<section class="panel"><h1>Replay</h1><p class="msg">Loading…</p></section>`;
  const r = await api(`/api/replay/${encodeURIComponent(id)}`);
  if (!r.ok) { main.innerHTML = `<section class="panel"><h1>Replay</h1><p class="msg error">${esc(r.data.message)}</p></section>`; return; }
  const rp = r.data;
  const racers = rp.racers;
  const game = gameOfProfile(cfg.profiles, rp.profile);
  const timeline = []; // {ms, racer, action} in order of time
  for (const rc of racers) for (const a of rp.actions[rc.id] || []) timeline.push({ ms: a.ms, racer: rc.id, action: a.action });
  timeline.sort((a, b) => a.ms - b.ms);
  main.innerHTML = `<section class="replay" aria-labelledby="rp-h">
    <div class="bar"><h1 id="rp-h">Replay: ${esc(racers.map((x) => x.name).join(' vs '))}</h1><span class="badge">${esc(rp.profile)}</span>
      <span class="muted small">deal ${esc(rp.seed)}</span></div>
    <div class="controls" role="toolbar" aria-label="Replay controls">
      <button type="button" id="rp-start">Start <kbd>Home</kbd></button>
      <button type="button" id="rp-back">Back <kbd>←</kbd></button>
      <button type="button" id="rp-play" class="primary">Play <kbd>Space</kbd></button>
      <button type="button" id="rp-fwd">Forward <kbd>→</kbd></button>
      <button type="button" id="rp-end">End <kbd>End</kbd></button>
      <label>Speed <select id="rp-speed"><option value="1">1×</option><option value="4" selected>4×</option><option value="16">16×</option></select></label>
      <span id="rp-pos" class="muted" aria-live="polite"></span>
    </div>
    <div class="boards">${racers.map((x) => `<div class="wboard"><h2>${esc(x.name)} <span class="muted small" data-info="${esc(x.id)}"></span></h2><div data-board="${esc(x.id)}"></div></div>`).join('')}</div>
    <div class="panel"><h2>Result</h2><ol>${(rp.result && rp.result.standings || []).map((s) => `<li>${esc(s.name)}: ${esc(s.status)}, ${game.standingText(s)}, ${s.actions} actions</li>`).join('')}</ol>
    <p class="small"><a href="/practice?rules=${encodeURIComponent(rp.profile)}&seed=${encodeURIComponent(rp.seed)}">Practise this deal</a></p></div>
    <div class="panel analysis" id="rp-analysis"></div>
  </section>`;
  const $ = (id2) => main.querySelector('#' + id2);
  const boards = new Map(racers.map((x) => [x.id, new game.Board(main.querySelector(`[data-board="${CSS.escape(x.id)}"]`), { keys: false, label: `Board of ${x.name}` })]));
  let step = 0;
  let playing = null;
  const show = async () => {
    const done = timeline.slice(0, step);
    $('rp-pos').textContent = `Step ${step} of ${timeline.length}` + (step ? ` · ${(timeline[step - 1].ms / 1000).toFixed(1)} s` : '');
    await Promise.all(racers.map(async (x) => {
      const moves = done.filter((t) => t.racer === x.id && t.action !== 'resign' && t.action !== 'finish').map((t) => t.action);
      const res = await api('/api/practice', { rules: rp.profile, seed: rp.seed, moves, undo: false, hints: false });
      if (!res.ok) return;
      boards.get(x.id).update(res.data.view, { rules: res.data.rules, last: res.data.last, interactive: false });
      const v = res.data.view;
      main.querySelector(`[data-info="${CSS.escape(x.id)}"]`).textContent = `${game.standingText(game.progress(v))} · ${v.actions} actions`;
    }));
  };
  const go = (n) => { step = Math.max(0, Math.min(timeline.length, n)); show(); };
  const stop = () => { clearTimeout(playing); playing = null; $('rp-play').firstChild.textContent = 'Play '; };
  const play = () => {
    if (playing) { stop(); return; }
    $('rp-play').firstChild.textContent = 'Pause ';
    const next = () => {
      if (step >= timeline.length) { stop(); return; }
      const wait = step ? (timeline[step].ms - timeline[step - 1].ms) / +$('rp-speed').value : 300;
      playing = setTimeout(() => { go(step + 1); next(); }, Math.max(30, Math.min(wait, 2000)));
    };
    next();
  };
  $('rp-start').onclick = () => { stop(); go(0); };
  $('rp-back').onclick = () => { stop(); go(step - 1); };
  $('rp-fwd').onclick = () => { stop(); go(step + 1); };
  $('rp-end').onclick = () => { stop(); go(timeline.length); };
  $('rp-play').onclick = play;
  document.addEventListener('keydown', (e) => {
    if (isTyping(e)) return;
    const k = { ArrowLeft: 'rp-back', ArrowRight: 'rp-fwd', Home: 'rp-start', End: 'rp-end', ' ': 'rp-play' }[e.key];
    if (k) { e.preventDefault(); $(k).click(); }
  });
  go(0);
  mountAnalysis($('rp-analysis'), rp, game);
}
