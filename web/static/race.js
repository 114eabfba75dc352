// The race page: your board, every racer's progress, the server clock,
// the deal's commitment and, at the end, its reveal checked here with
// SubtleCrypto; results, the ranking rule and rematch. The race's game
// (RaceInfo's game, from the registry of games.js) gives the board and
// the words for progress: foundation cards in Klondike, runs in Spider.
import { gameNamed, sideEffects } from './games.js';
import { announce, esc, isTyping, errorText, profileText } from './util.js';
import { Clock, fmtClock, commitmentOf } from './net.js';
import { t, num, date } from './i18n.js';

/** gameOf is the game of a RaceInfo (absent game: the first registered). */
export function gameOf(info) {
  return gameNamed(info.game);
}

const NO_PROGRESS = { foundations: [0, 0, 0, 0], foundation: 0, completed: 0, turned_up: 0, actions: 0, passes: 1, status: 'playing' };

/** progressHTML shows racers' progress in game: its bars, its counts, actions, status. */
export function progressHTML(racers, progress, me, game) {
  const by = new Map(progress.map((p) => [p.racer, p]));
  return racers.map((r) => {
    const p = by.get(r.id) || NO_PROGRESS;
    return `<div class="opp${r.id === me ? ' me' : ''}" data-racer="${esc(r.id)}">
      <div class="name"><span>${esc(r.name)}${r.id === me ? ` ${esc(t('common.you'))}` : ''}</span><span class="badge st-${esc(p.status)}"${p.status === 'stuck' ? ` title="${esc(t('state.stuck.why'))}"` : ''}>${esc(t('state.' + p.status))}</span></div>
      <div class="fbar${game.barsClass}" aria-hidden="true">${game.bars(p)}</div>
      <div class="muted small">${game.counts(p)}</div>
    </div>`;
  }).join('');
}

/** resultHTML shows a race's standings. */
export function resultHTML(result, me, game) {
  return `<ol class="standings">${result.standings.map((s) =>
    `<li class="${s.player === me ? 'me' : ''}"><b>${num(s.place)}.</b> ${esc(s.name)} — ${esc(t('state.' + s.status))}, ${game.standingText(s)}, ${esc(t('common.actions', { n: s.actions, count: num(s.actions) }))}</li>`).join('')}</ol>
    <p class="muted small">${esc(t('end.' + result.reason))}</p>`;
}

/** ownProgress is a racer's progress computed from their own view. */
function ownProgress(game, me, seq, view, status) {
  return { racer: me, seq, ...game.progress(view), actions: view.actions, status };
}

/** checkReveal verifies a reveal against the commitment shown at the start. */
export async function checkReveal(el, commitment, reveal) {
  if (reveal.withheld) {
    // A daily challenge: the deal stays secret until its day is over.
    const at = reveal.reveal_at ? new Date(reveal.reveal_at) : null;
    const when = at && !isNaN(at) ? date(at, { dateStyle: 'medium', timeStyle: 'short' }) : t('reveal.dayend');
    el.innerHTML = `<span class="muted" id="reveal-check" data-withheld="true">${esc(t('reveal.withheld', { when }))}</span>
      <br>${esc(t('fair.commitment.short'))} <code class="commit">${esc(reveal.commitment || commitment)}</code>, ${esc(t('reveal.profile'))} <code>${esc(reveal.profile)}</code>
      <br><a href="/leaderboards?profile=${encodeURIComponent(reveal.profile)}&board=daily">${esc(t('home.daily.board'))}</a>`;
    return false;
  }
  const got = await commitmentOf(reveal.profile, reveal.seed, reveal.nonce);
  const ok = got === commitment && reveal.commitment === commitment;
  el.innerHTML = `<span class="${ok ? 'ok' : 'bad'}" id="reveal-check">${esc(ok ? t('reveal.ok') : t('reveal.bad'))}</span>
    <br>${esc(t('reveal.seed'))} <code>${esc(reveal.seed)}</code>, ${esc(t('reveal.profile'))} <code>${esc(reveal.profile)}</code>, ${esc(t('reveal.nonce'))} <code class="commit">${esc(reveal.nonce)}</code>
    <br><a href="/practice?rules=${encodeURIComponent(reveal.profile)}&seed=${encodeURIComponent(reveal.seed)}">${esc(t('common.practicedeal'))}</a>`;
  return ok;
}

/**
 * mountRace shows race message msg in main and plays it over hub. It
 * returns a function that unmounts it.
 */
export function mountRace(main, hub, msg) {
  const info = msg.race;
  const me = hub.me.player;
  const game = gameOf(info);
  const rules = game.rules(info);
  const clock = new Clock();
  clock.sync(msg.server_time);
  const startAt = Date.parse(info.start_at);
  let phase = msg.phase;
  let seq = msg.seq;
  let view = game.view(msg.view);
  let status = msg.status;
  let progress = msg.progress || [];
  let pending = null; // the move awaiting its ack
  const queue = [];
  let ended = false;
  let lastMove = '';
  const spoken = new Map(); // racer -> the progress count last announced

  history.replaceState(null, '', `/race/${info.id}`);
  document.title = t('race.doctitle', { profile: info.profile, app: t('app.title') });
  main.innerHTML = `
  <section class="race" aria-labelledby="rh">
    <div class="racemain">
      <div class="bar"><h1 id="rh">${esc(t('race.title'))} <span class="muted">${esc(info.profile)}</span></h1>
        <span class="muted small">${esc(profileText(info.profile, info.rules))}
</span></div>
      <div id="r-board"></div>
      <p id="r-score" class="small" hidden></p>
      <p id="r-msg" class="msg"></p>
      <div class="controls" role="toolbar" aria-label="${esc(t('race.controls'))}">
        <button type="button" id="r-resign" aria-keyshortcuts="Shift+Q">${esc(t('race.resign'))} <kbd>Shift+Q</kbd></button>
        <button type="button" id="r-finish" hidden title="${esc(t('race.finish.title'))}">${esc(t('race.finish'))}</button>
        <button type="button" id="r-rematch" class="primary" hidden aria-keyshortcuts="M">${esc(t('race.rematch'))} <kbd>M</kbd></button>
        <a class="button" href="/">${esc(t('race.lobby'))}</a>
      </div>
      <p class="keys">${game.raceKeys}</p>
      <details class="text-board"><summary>${esc(t('common.boardtext'))}</summary><ul id="r-text"></ul></details>
    </div>
    <aside class="side side-top" aria-label="${esc(t('race.side.clock'))}">
      <div class="panel"><div class="clock" id="r-clock" role="timer" aria-live="off">0:00</div><div id="r-phase" class="muted"></div></div>
      <div class="panel"><h2>${esc(t('race.racers'))}</h2><div id="r-opps" class="opps"></div></div>
    </aside>
    <aside class="side side-rest" aria-label="${esc(t('race.side.result'))}">
      <div class="panel" id="r-result" hidden><h2>${esc(t('race.result'))}</h2><div id="r-standings"></div></div>
      <div class="panel"><h2>${esc(t('race.ranking'))}</h2><p class="small">${esc(game.rankingRule)}</p></div>
      <div class="panel"><h2>${esc(t('race.fair'))}</h2>
        <p class="small">${esc(t('race.fair.commitment'))}<br><code class="commit" id="r-commit">${esc(info.commitment)}</code></p>
        <details class="fair small"><summary>${esc(t('fair.summary'))}</summary><p>${esc(t('fair.text'))}</p></details>
        <p class="small muted">${esc(t(info.solver_checked ? 'race.deal.proven' : 'race.deal.unchecked'))}
</p>
        <p class="small" id="r-reveal">${esc(t('race.reveal.later'))}</p></div>
    </aside>
  </section>`;
  const $ = (id) => main.querySelector('#' + id);
  const msgEl = $('r-msg');
  const setMsg = (text, kind = 'info') => {
    msgEl.textContent = text;
    msgEl.className = 'msg ' + kind;
    if (text && kind === 'error') announce(text);
  };
  const board = new game.Board($('r-board'), { onMove: (m) => play(m), onMessage: setMsg });

  const running = () => !ended && clock.now() >= startAt && status === 'playing';
  function render(moved = '') {
    const sec = main.querySelector('.race');
    sec.dataset.seq = seq; // for tests: the racer's log length
    sec.dataset.status = status;
    sec.dataset.game = game.name;
    board.update(view, { rules, last: lastMove, moved, interactive: running() });
    $('r-text').innerHTML = game.boardText(view).map((l) => `<li>${esc(l)}</li>`).join('');
    $('r-opps').innerHTML = progressHTML(info.racers, progress, me, game);
    const score = game.scoreText(view, rules);
    $('r-score').textContent = score;
    $('r-score').hidden = !score;
    $('r-finish').hidden = status !== 'stuck';
    $('r-resign').hidden = ended || status !== 'playing';
  }

  let pendingSeq = 0;
  function send(m) {
    pending = m;
    pendingSeq = seq + 1;
    hub.send({ type: 'move', race: info.id, seq: pendingSeq, move: m });
  }
  function play(m) {
    if (!running()) return;
    if (pending) { queue.push(m); return; }
    send(m);
  }

  function tick() {
    const now = clock.now();
    let text;
    let ph;
    if (ended) { ph = t('race.phase.finished'); text = $('r-clock').textContent; } else if (now < startAt) {
      ph = t('race.phase.countdown');
      text = String(Math.ceil((startAt - now) / 1000));
      if (phase !== 'countdown') phase = 'countdown';
    } else {
      if (phase === 'countdown') { phase = 'running'; render(); announce(t('race.go')); }
      ph = info.time_limit_ms ? t('race.phase.left', { time: fmtClock(startAt + info.time_limit_ms - now) }) : t('race.phase.running');
      text = fmtClock(now - startAt);
    }
    $('r-clock').textContent = text;
    $('r-phase').textContent = ph;
  }
  const timer = setInterval(tick, 200);
  tick();

  const offs = [];
  offs.push(hub.on('ack', (a) => {
    if (a.race !== info.id) return;
    const before = view;
    seq = a.seq;
    view = game.view(a.view);
    status = a.status;
    const m = pending;
    pending = null;
    // Our own progress, from our own view (the hub tells the others).
    const mine = ownProgress(game, me, seq, view, status);
    const k = progress.findIndex((x) => x.racer === me);
    if (k >= 0) progress[k] = { ...progress[k], ...mine }; else progress.push(mine);
    let moved = '';
    if (m && !a.duplicate) {
      lastMove = m;
      moved = m;
      announce(game.moveText(m, before) + sideEffects(game, before, view) + '.');
      setMsg('');
    }
    if (status === 'won') setMsg(game.winText, 'win');
    if (status === 'stuck') setMsg(t('race.stuck'), 'error');
    render(moved);
    if (queue.length && status === 'playing') send(queue.shift());
  }));
  offs.push(hub.on('error', (e) => {
    if (e.race && e.race !== info.id) return;
    // A move refused for the pace (rate_limited carries no race) or because
    // storage was unreachable changed nothing: send it again with its seq,
    // a little later. Had it been stored after all, the hub acknowledges
    // it as a duplicate. Without this the pending move held every later
    // one back for good.
    if (pending && (e.code === 'rate_limited' || e.code === 'unavailable')) {
      const m = pending;
      const s = pendingSeq;
      setMsg(e.code === 'rate_limited' ? t('race.retry.fast') : t('race.retry.busy'));
      setTimeout(() => {
        if (pending === m && pendingSeq === s && running()) hub.send({ type: 'move', race: info.id, seq: s, move: m });
      }, e.code === 'rate_limited' ? 300 : 1000);
      return;
    }
    if (pending && (e.code === 'illegal_move' || e.code === 'bad_move' || e.code === 'out_of_sequence' || e.code === 'not_started' || e.code === 'game_over')) {
      board.flash(pending);
      setMsg(t('race.refused', { move: pending, why: errorText(e) }), 'error');
      pending = null;
      queue.length = 0;
      return;
    }
    setMsg(errorText(e), 'error');
  }));
  offs.push(hub.on('progress', (p) => {
    if (p.race !== info.id) return;
    const i = progress.findIndex((x) => x.racer === p.progress.racer);
    const prev = i >= 0 ? progress[i] : null;
    if (i >= 0) progress[i] = p.progress; else progress.push(p.progress);
    const r = p.progress;
    if (r.racer !== me) {
      const name = (info.racers.find((x) => x.id === r.racer) || {}).name || t('race.someone');
      if (prev && prev.status !== r.status) announce(t('race.status.said', { name, status: t('state.' + r.status) }));
      else {
        const news = game.news(name, r, spoken.get(r.racer) || 0);
        if (news) { announce(news[0]); spoken.set(r.racer, news[1]); }
      }
    }
    $('r-opps').innerHTML = progressHTML(info.racers, progress, me, game);
  }));
  offs.push(hub.on('race_end', async (e) => {
    if (e.race !== info.id) return;
    ended = true;
    render();
    $('r-result').hidden = false;
    $('r-standings').innerHTML = resultHTML(e.result, me, game);
    const mine = e.result.standings.find((s) => s.player === me);
    if (mine) announce(t('race.over.said', { place: num(mine.place), n: num(e.result.standings.length) }));
    $('r-rematch').hidden = info.id.startsWith('daily-'); // one try a day: no rematch
    await checkReveal($('r-reveal'), info.commitment, e.reveal);
  }));
  offs.push(hub.on('rematch_vote', (v) => {
    if (v.race !== info.id || v.player === me) return;
    const name = (info.racers.find((x) => x.id === v.player) || {}).name || t('race.someone');
    setMsg(t('race.rematch.asked', { name }));
  }));
  offs.push(hub.on('race', (r) => {
    if (r.race.id === info.id) {
      // A resync after a reconnection: the full state again.
      clock.sync(r.server_time);
      seq = r.seq; view = game.view(r.view); status = r.status; progress = r.progress || []; phase = r.phase;
      if (pending && seq < pendingSeq && status === 'playing') {
        // Not stored before the drop: resend it with its own seq
        // (PROTOCOL.md, Reconnecting); a duplicate would be acked once.
        hub.send({ type: 'move', race: info.id, seq: pendingSeq, move: pending });
      } else {
        if (pending) lastMove = pending; // stored before the drop
        pending = null;
        if (queue.length && status === 'playing') send(queue.shift());
      }
      render();
    }
  }));
  offs.push(hub.on('close', () => setMsg(t('race.lost'), 'error')));
  offs.push(hub.on('open', () => { if (msgEl.textContent === t('race.lost')) setMsg(''); }));

  const resign = () => {
    if (ended || status !== 'playing') return;
    if (!confirm(t('race.resign.confirm'))) return;
    hub.send({ type: 'resign', race: info.id, seq: seq + 1 });
  };
  const rematch = () => {
    if (!ended) return;
    hub.send({ type: 'rematch', race: info.id });
    setMsg(t('race.rematch.wait'));
  };
  $('r-resign').onclick = resign;
  $('r-finish').onclick = () => hub.send({ type: 'finish', race: info.id, seq: seq + 1 });
  $('r-rematch').onclick = rematch;
  const onKey = (e) => {
    if (isTyping(e)) return;
    if (board.handleKey(e)) { e.preventDefault(); return; }
    if (e.key === 'Q' && e.shiftKey) { e.preventDefault(); resign(); }
    if ((e.key === 'm' || e.key === 'M') && !e.ctrlKey && !e.metaKey) { e.preventDefault(); rematch(); }
  };
  document.addEventListener('keydown', onKey);
  render();
  if (phase === 'finished') setMsg(t('race.over'));


  return () => {
    clearInterval(timer);
    offs.forEach((f) => f());
    document.removeEventListener('keydown', onKey);
  };
}
