// Leaderboards and replays, over the JSON API of web/api. A replay's
// boards are rebuilt by the practice API from the revealed seed and each
// racer's actions, so this page needs no engine of its own.
import { api, announce, esc, isTyping, errorText, practice } from './util.js';
import { games, gameOfProfile, profilesOf, profileName } from './games.js';
import { mountAnalysis } from './analysis.js';
import { resultHTML } from './race.js';
import { t, num } from './i18n.js';
import { reportControl } from './report.js';
const noAPI = () => `<section class="panel"><h1>${esc(t('noapi.title'))}</h1><p>${t('noapi.text', { practice: `<a href="/practice">${esc(t('nav.practice'))}</a>` })}</p></section>`;

/** idTag is a short tag of a player's ID ("#a1b2") that tells two players of one name apart. */
export function idTag(player) {
  return `<span class="tag" title="${esc(t('player.id', { id: player }))}">#${esc(String(player).replace(/^bot:/, '').slice(0, 4))}</span>`;
}

/** playerLink is a name linking to its player's page, with its ID's tag. */
export function playerLink(player, name) {
  return `<a href="/player/${encodeURIComponent(player)}">${esc(name)}</a> ${idTag(player)}`;
}

/** ROWS is the most lines a board shows, its provisional ratings apart. */
const ROWS = 20;

/**
 * mountLeaderboards shows a board: the rating board's settled ratings,
 * with provisional ones listed apart below; every name linked to its
 * player's page with its ID's tag; a friendly line while a board is
 * empty.
 */
export function mountLeaderboards(main, cfg) {
  if (!cfg.api) { main.innerHTML = noAPI(); return; }
  const q = new URLSearchParams(location.search);
  const me = localStorage.getItem('racer.player') || '';
  const first = ((cfg.games || [])[0] || {}).default || (cfg.profiles[0] || {}).name;
  main.innerHTML = `<section class="panel leaderboards" aria-labelledby="lb-h">
    <h1 id="lb-h">${esc(t('nav.leaderboards'))}</h1>
    <form class="row" id="lb-form">
      <label>${esc(t('lb.rules'))} <select id="lb-profile">${games().map((g) => `<optgroup label="${esc(g.title)}">${profilesOf(cfg.profiles, g).map((p) => `<option value="${esc(p.name)}">${esc(profileName(p.name, p.game))}</option>`).join('')}</optgroup>`).join('')}</select></label>
      <label>${esc(t('lb.board'))} <select id="lb-board"><option value="rating">${esc(t('lb.board.rating'))}</option><option value="wins">${esc(t('lb.board.wins'))}</option><option value="daily">${esc(t('lb.board.daily'))}</option></select></label>
      <label>${esc(t('lb.period'))} <select id="lb-period"><option value="all">${esc(t('lb.period.all'))}</option><option value="week">${esc(t('lb.period.week'))}</option><option value="day">${esc(t('lb.period.day'))}</option></select></label>
    </form>
    <table><caption class="sr-only">${esc(t('lb.caption'))}</caption><thead><tr><th>#</th><th>${esc(t('lb.player'))}</th><th id="lb-score-h">${esc(t('lb.score'))}</th></tr></thead><tbody id="lb-rows"></tbody></table>
    <section id="lb-prov-s" aria-labelledby="lb-prov-h" hidden><h2 id="lb-prov-h">${esc(t('lb.provisional.title'))}</h2>
      <p class="small muted" id="lb-prov">${esc(t('lb.provisional'))}</p>
      <table><caption class="sr-only">${esc(t('lb.provisional.title'))}</caption><thead><tr><th>${esc(t('lb.player'))}</th><th>${esc(t('lb.board.rating'))}</th><th>${esc(t('player.games'))}</th></tr></thead><tbody id="lb-prov-rows"></tbody></table></section>
    <h2>${esc(t('lb.you'))}</h2><div id="lb-me" class="muted small">${esc(t('lb.you.none'))}</div>
  </section>`;
  const $ = (id) => main.querySelector('#' + id);
  $('lb-profile').value = cfg.profiles.some((p) => p.name === q.get('profile')) ? q.get('profile') : first;
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
    $('lb-score-h').textContent = board === 'rating' ? t('lb.board.rating') : board === 'wins' ? t('lb.board.wins') : t('lb.score.daily');
    // The rating board is read deep enough to list its provisional
    // ratings apart and still fill the board.
    const r = await api(`/api/leaderboard/${encodeURIComponent(profile)}/${board}?period=${period}&n=${board === 'rating' ? 100 : ROWS}`);
    const score = (e) => board === 'rating' ? esc(num(Math.round(e.score))) : esc(board === 'daily' ? t('lb.daily.score', { s: num(e.time_ms / 1000, { minimumFractionDigits: 1, maximumFractionDigits: 1 }), actions: t('common.actions', { n: e.actions, count: num(e.actions) }) })
      : num(e.score));
    if (!r.ok) { $('lb-rows').innerHTML = `<tr><td colspan="3" class="muted">${esc(errorText(r.data))}</td></tr>`; $('lb-prov-s').hidden = true; return; }
    const all = r.data.entries || [];
    const rows = all.filter((e) => !e.provisional).slice(0, ROWS);
    const prov = all.filter((e) => e.provisional).slice(0, ROWS);
    // Places among the settled ratings: a provisional one takes none.
    $('lb-rows').innerHTML = rows.length ? rows.map((e, i) => `<tr class="${e.player === player ? 'me' : ''}"><td>${num(board === 'rating' ? i + 1 : e.rank)}</td><td>${playerLink(e.player, e.name)}</td><td>${score(e)}</td></tr>`).join('')
      : `<tr><td colspan="3" class="muted" id="lb-empty">${esc(t(prov.length ? 'lb.empty.settled' : 'lb.empty.' + board))} <a href="/">${esc(t('nav.play'))}</a></td></tr>`;
    $('lb-prov-s').hidden = !prov.length;
    $('lb-prov-rows').innerHTML = prov.map((e) => `<tr class="${e.player === player ? 'me' : ''}"><td>${playerLink(e.player, e.name)}</td>
      <td>${esc(t('player.rating.prov', { rating: num(Math.round(e.score)) }))}</td><td>${esc(num(e.games || 0))}</td></tr>`).join('');
    announce(t('lb.said', { n: rows.length, count: num(rows.length), board: t('lb.board.' + board) }));
    if (!player) return;
    const m = await api(`/api/leaderboard/${encodeURIComponent(profile)}/${board}/player/${encodeURIComponent(player)}?period=${period}&n=2`);
    $('lb-me').innerHTML = m.ok
      ? `<table><tbody>${m.data.entries.map((e) => `<tr class="${e.player === player ? 'me' : ''}"><td>${num(e.rank)}</td><td>${playerLink(e.player, e.name)}</td><td>${e.provisional ? esc(t('player.rating.prov', { rating: num(Math.round(e.score)) })) : score(e)}</td></tr>`).join('')}</tbody></table>`
      : (m.data.code === 'not_ranked' ? esc(t('lb.you.notyet')) : esc(errorText(m.data)));
  }
  $('lb-form').onchange = load;
  load();
}

export async function mountReplay(main, cfg, id) {
  if (!cfg.api) { main.innerHTML = noAPI(); return; }
  main.innerHTML = `<section class="panel"><h1>${esc(t('replay.title'))}</h1><p class="msg">${esc(t('home.loading'))}</p></section>`;
  const r = await api(`/api/replay/${encodeURIComponent(id)}`);
  if (!r.ok) {
    main.innerHTML = `<section class="panel"><h1>${esc(t('replay.title'))}</h1><p class="msg error">${esc(errorText(r.data))}</p>
      <p><a class="button" href="/watch">${esc(t('home.live.all'))}</a> <a class="button" href="/">${esc(t('common.home'))}</a></p></section>`;
    return;
  }
  const rp = r.data;
  const racers = rp.racers;
  const game = gameOfProfile(cfg.profiles, rp.profile);
  const timeline = []; // {ms, racer, action} in order of time
  for (const rc of racers) for (const a of rp.actions[rc.id] || []) timeline.push({ ms: a.ms, racer: rc.id, action: a.action });
  timeline.sort((a, b) => a.ms - b.ms);
  main.innerHTML = `<section class="replay" aria-labelledby="rp-h">
    <div class="bar"><h1 id="rp-h">${esc(t('replay.heading', { names: racers.map((x) => x.name).join(t('common.vs')) }))}</h1><span class="badge">${esc(rp.profile)}</span>
      <span class="muted small">${esc(t('replay.deal', { seed: rp.seed }))}</span></div>
    <div class="controls" role="toolbar" aria-label="${esc(t('replay.controls'))}">
      <button type="button" id="rp-start">${esc(t('replay.start'))} <kbd>Home</kbd></button>
      <button type="button" id="rp-back">${esc(t('replay.back'))} <kbd>←</kbd></button>
      <button type="button" id="rp-play" class="primary">${esc(t('replay.play'))} <kbd>Space</kbd></button>
      <button type="button" id="rp-fwd">${esc(t('replay.fwd'))} <kbd>→</kbd></button>
      <button type="button" id="rp-end">${esc(t('replay.end'))} <kbd>End</kbd></button>
      <label>${esc(t('replay.speed'))} <select id="rp-speed"><option value="1">1×</option><option value="4" selected>4×</option><option value="16">16×</option></select></label>
      <span id="rp-pos" class="muted" aria-live="polite"></span>
    </div>
    <div class="boards">${racers.map((x) => `<div class="wboard"><h2>${esc(x.name)} <span class="muted small" data-info="${esc(x.id)}"></span></h2><div data-board="${esc(x.id)}"></div></div>`).join('')}</div>
    <div class="panel"><h2>${esc(t('race.result'))}</h2>${rp.result ? resultHTML(rp.result, '', game, null, Date.parse(rp.start_at)) : ''}
    <p class="small"><a href="/practice?rules=${encodeURIComponent(rp.profile)}&seed=${encodeURIComponent(rp.seed)}">${esc(t('common.practicedeal'))}</a></p></div>
    <div class="panel analysis" id="rp-analysis"></div>
  </section>`;
  reportControl(main.querySelector('.replay .panel a[href^="/practice"]')?.parentElement, id);
  const $ = (id2) => main.querySelector('#' + id2);
  const boards = new Map(racers.map((x) => [x.id, new game.Board(main.querySelector(`[data-board="${CSS.escape(x.id)}"]`), { keys: false, label: t('board.of', { name: x.name }) })]));
  let step = 0;
  let playing = null;
  let asked = 0; // the latest show's number: older answers are dropped
  const show = async () => {
    const mine = ++asked;
    const done = timeline.slice(0, step);
    $('rp-pos').textContent = t('replay.pos', { step: num(step), n: num(timeline.length) }) +
      (step ? ` · ${t('replay.at', { s: num(timeline[step - 1].ms / 1000, { minimumFractionDigits: 1, maximumFractionDigits: 1 }) })}` : '');
    await Promise.all(racers.map(async (x) => {
      const moves = done.filter((t) => t.racer === x.id && t.action !== 'resign' && t.action !== 'finish').map((t) => t.action);
      // The boards of a race of many racers wait their turn (practice),
      // and those of a step left meanwhile are not asked for.
      const res = await practice({ rules: rp.profile, seed: rp.seed, moves, undo: false, hints: false }, () => mine !== asked);
      // An answer for a step left since (End pressed while it was on its
      // way) would show an older board than the step shown: drop it.
      if (!res || mine !== asked) return;
      boards.get(x.id).update(res.view, { rules: res.rules, last: res.last, interactive: false });
      const v = res.view;
      main.querySelector(`[data-info="${CSS.escape(x.id)}"]`).textContent = `${game.standingText(game.progress(v))} · ${t('common.actions', { n: v.actions, count: num(v.actions) })}`;
    }));
  };
  const go = (n) => { step = Math.max(0, Math.min(timeline.length, n)); show(); };
  const stop = () => { clearTimeout(playing); playing = null; $('rp-play').firstChild.textContent = t('replay.play') + ' '; };
  const play = () => {
    if (playing) { stop(); return; }
    $('rp-play').firstChild.textContent = t('replay.pause') + ' ';

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
  // seek moves the replay to the step after player's k-th move (the
  // deal for 0): a square of the analysis's strip.
  const seek = (player, k) => {
    stop();
    let s = 0;
    for (let moved = 0; s < timeline.length && moved < k; s++) {
      const a = timeline[s];
      if (a.racer === player && a.action !== 'resign' && a.action !== 'finish') moved++;
    }
    go(s);
  };
  go(0);
  mountAnalysis($('rp-analysis'), rp, game, seek);
}
