// The race page: your board, every racer's progress, the server clock,
// the deal's commitment and, at the end, its reveal checked here with
// SubtleCrypto; results, the ranking rule and rematch. The race's game
// (RaceInfo's game, from the registry of games.js) gives the board and
// the words for progress: foundation cards in Klondike, runs in Spider.
import { gameNamed, sideEffects, profileName } from './games.js';
import { announce, esc, isTyping, errorText, profileText, codeText, api, ratingText, ratingDelta, botLevelHTML } from './util.js';
import { Clock, fmtClock, commitmentOf } from './net.js';
import { t, num, date } from './i18n.js';
import { ratedNote } from './account.js';
import { reportControl } from './report.js';

// RATING_WAIT_MS bounds the wait for a race's ratings message after its end.
const RATING_WAIT_MS = 8000;

/** gameOf is the game of a RaceInfo (absent game: the first registered). */
export function gameOf(info) {
  return gameNamed(info.game);
}

const NO_PROGRESS = { foundations: [0, 0, 0, 0], foundation: 0, completed: 0, turned_up: 0, actions: 0, passes: 1, status: 'playing' };

/**
 * ratingHTML is a rating as shown beside a name: "1620", or "1500?" with
 * its explanation while provisional; '' for none.
 */
export function ratingHTML(r) {
  if (!r) return '';
  const n = ratingText(r.rating);
  return r.provisional
    ? ` <span class="rating prov" title="${esc(t('player.provisional.why'))}">${esc(t('player.rating.prov', { rating: n }))}</span>`
    : ` <span class="rating">${esc(n)}</span>`;
}

const ratingCache = new Map(); // profile + ' ' + player -> rating, or a promise of it

/**
 * ratingsOf fetches the ratings of players (bots skipped) under profile,
 * at most 16 at a time, and returns a Map player -> rating. Each is
 * fetched once a page, or again when fresh (a race's start: the last
 * race may have moved them); a rating the page heard of after more games
 * (noteRatings) wins over an answer no newer, which shows it alike.
 */
export async function ratingsOf(profile, players, fresh = false) {
  const heard = new Map();
  if (fresh) {
    for (const p of players) {
      const k = profile + ' ' + p;
      if (ratingCache.has(k)) { heard.set(p, ratingCache.get(k)); ratingCache.delete(k); }
    }
  }
  const want = [...new Set(players)].filter((p) => !p.startsWith('bot:') && !ratingCache.has(profile + ' ' + p));
  for (let i = 0; i < want.length; i += 16) {
    const part = want.slice(i, i + 16);
    const req = api(`/api/ratings/${encodeURIComponent(profile)}?players=${part.map(encodeURIComponent).join(',')}`)
      .then((r) => new Map(r.ok ? r.data.ratings.map((x) => [x.player, x]) : []));
    for (const p of part) ratingCache.set(profile + ' ' + p, req.then((m) => m.get(p)));
  }
  const out = new Map();
  for (const p of players) {
    let v = await ratingCache.get(profile + ' ' + p);
    const old = await heard.get(p);
    if (old && (!v || (old.games || 0) >= (v.games || 0))) {
      v = old;
      ratingCache.set(profile + ' ' + p, Promise.resolve(old));
    }
    if (v) out.set(p, v);
  }
  return out;
}

/**
 * exactRatings is ratings message r with each rating as the ratings API
 * holds it, which the leaderboards show: the message's are rounded to a
 * tenth, and a tenth rounded again can show a point more than the boards
 * (1741.46 → 1741.5 → 1742, where the board shows 1741). after comes from
 * the API once it has counted this race (its games match), before from
 * known (player -> rating, fetched at the race's start) when the race
 * started from it; otherwise the message's stand.
 */
export async function exactRatings(r, known = new Map()) {
  const players = [...new Set((r.changes || []).map((c) => c.player).filter((p) => !p.startsWith('bot:')))].slice(0, 16);
  if (!players.length) return r;
  const res = await api(`/api/ratings/${encodeURIComponent(r.profile)}?players=${players.map(encodeURIComponent).join(',')}`);
  const now = new Map(res.ok ? res.data.ratings.map((x) => [x.player, x]) : []);
  return {
    ...r,
    changes: r.changes.map((c) => {
      const a = now.get(c.player);
      const b = known.get(c.player);
      return {
        ...c,
        after: a && a.rated && a.games === c.games ? a.rating : c.after,
        before: b && (b.games || 0) === c.games - 1 ? b.rating : c.before,
      };
    }),
  };
}

/** noteRatings keeps what a race's ratings message says: the ratings after it. */
export function noteRatings(r) {
  for (const c of r.changes || []) {
    ratingCache.set(r.profile + ' ' + c.player, Promise.resolve({ player: c.player, rating: c.after, deviation: c.deviation, provisional: !!c.provisional, games: c.games }));
  }
}

/**
 * stateText is a racer's status in words; once the race has ended
 * (ended), a racer still playing or disconnected was stopped by the end.
 */
export function stateText(status, ended = false) {
  return ended && (status === 'playing' || status === 'disconnected') ? t('result.stopped') : codeText('state.', status);
}

/** progressHTML shows racers' progress in game: its bars, its counts, actions, status. */
export function progressHTML(racers, progress, me, game, ratings = new Map(), ended = false) {
  const by = new Map(progress.map((p) => [p.racer, p]));
  return racers.map((r) => {
    const p = by.get(r.id) || NO_PROGRESS;
    return `<div class="opp${r.id === me ? ' me' : ''}" data-racer="${esc(r.id)}">
      <div class="name"><span class="who"><span class="nm">${esc(r.name)}</span>${botLevelHTML(r)}${r.id === me ? ` <span class="you">${esc(t('common.you'))}</span>` : ''}${ratingHTML(ratings.get(r.id))}</span><span class="badge st-${esc(p.status)}"${p.status === 'stuck' ? ` title="${esc(t('state.stuck.why'))}"` : ''}>${esc(stateText(p.status, ended))}</span></div>
      <div class="fbar${game.barsClass}" aria-hidden="true">${game.bars(p)}</div>
      <div class="muted small counts"><span class="long">${game.counts(p)}</span><span class="short">${game.countsShort(p)}</span></div>
      ${p.status === 'stuck' ? `<div class="small stuck-why">${esc(t('state.stuck.why'))}</div>` : ''}
    </div>`;
  }).join('');
}

/**
 * timesOf gives a standing's times from the race's start (startAt, ms):
 * how long the racer played (to ended_at, their game's end; for an older
 * result without it, to the race's end) and when their last card went
 * home (null when none did).
 */
export function timesOf(s, startAt, result) {
  const end = s.ended_at || result.finished_at;
  return {
    played: end && Number.isFinite(startAt) ? Math.max(0, Date.parse(end) - startAt) : null,
    last: s.reached_at && Number.isFinite(startAt) ? Math.max(0, Date.parse(s.reached_at) - startAt) : null,
  };
}

/** tiedWith lists the racers who share s's place. */
function tiedWith(result, s) {
  return result.standings.filter((o) => o.player !== s.player && o.place === s.place);
}

/**
 * levelWith lists the racers level with s on cards off the table whom
 * the time tie-break placed apart from s (neither having won).
 */
function levelWith(result, s) {
  return result.standings.filter((o) => o.player !== s.player && o.place !== s.place &&
    o.foundation === s.foundation && o.status !== 'won' && s.status !== 'won');
}

/**
 * resultHTML shows a race's standings, with rating changes when known:
 * each racer's place (a shared one marked as a tie), status, count, how
 * long they played and when their last card went home (startAt: the
 * race's start, ms; without it, no times).
 */
export function resultHTML(result, me, game, ratings = null, startAt = NaN) {
  const ch = new Map(((ratings && ratings.changes) || []).map((c) => [c.player, c]));
  const delta = (c) => {
    if (!c) return '';
    const d = Math.round(c.after) - Math.round(c.before);
    return ` <span class="rating-delta${d > 0 ? ' up' : d < 0 ? ' down' : ''}">${esc(t('result.delta', { rating: ratingText(c.after) + (c.provisional ? '?' : ''), delta: ratingDelta(c.before, c.after) }))}</span>`;
  };
  const times = (s) => {
    const { played, last } = timesOf(s, startAt, result);
    const out = [];
    if (played != null) out.push(t('result.line.played', { time: fmtClock(played) }));
    if (last != null) out.push(t(`result.line.last.${game.counted}`, { time: fmtClock(last) }));
    return out.length ? ', ' + esc(out.join(', ')) : '';
  };
  const tie = (s) => (tiedWith(result, s).length ? ` <span class="badge tie">${esc(t('result.tie.badge'))}</span>` : '');
  return `<ol class="standings">${result.standings.map((s) =>
    `<li class="${s.player === me ? 'me' : ''}" data-player="${esc(s.player)}"><b>${num(s.place)}.</b>${tie(s)} ${s.player.startsWith('bot:') ? esc(s.name) : `<a href="/player/${encodeURIComponent(s.player)}">${esc(s.name)}</a>`} — ${esc(stateText(s.status, true))}, ${game.standingText(s)}, ${esc(t('common.actions', { n: s.actions, count: num(s.actions) }))}${times(s)}${delta(ch.get(s.player))}</li>`).join('')}</ol>
    <p class="muted small">${esc(codeText('end.', result.reason))}</p>`;
}

/**
 * headline is the result's title for racer mine: a win, a tie (a shared
 * place), a place, or for a race of one the count alone (a place of one
 * says nothing). star tells whether it is a winner's: a win, or first
 * place alone and ahead on cards.
 */
export function headline(result, mine, game) {
  if (!mine) return { text: t('result.over'), star: false };
  const n = result.standings.length;
  if (mine.status === 'won') return { text: t('result.won'), star: true };
  if (n === 1) return { text: t('result.solo', { cards: game.standingText(mine) }), star: false };
  const p = { place: num(mine.place), rank: mine.place, n: num(n) };
  if (tiedWith(result, mine).length) return { text: t('result.tie', p), star: false };
  return { text: t('result.place', p), star: mine.place === 1 && !levelWith(result, mine).length };
}

/** gapText is a time between two racers: seconds to a tenth under a minute. */
function gapText(ms) {
  return ms < 60000 ? t('result.secs', { s: num(ms / 1000, { minimumFractionDigits: 1, maximumFractionDigits: 1 }) }) : fmtClock(ms);
}

/**
 * tieNote explains to racer mine a tie, or a place the time tie-break
 * decided, in words; '' otherwise.
 */
function tieNote(result, mine, game) {
  if (!mine) return '';
  const names = (l) => l.map((o) => o.name).join(', ');
  const tied = tiedWith(result, mine);
  if (tied.length) return t('result.tie.why', { cards: game.standingText(mine), names: names(tied) });
  const level = levelWith(result, mine);
  if (!level.length) return '';
  const at = (s) => Date.parse(s.reached_at);
  const behind = level.filter((o) => o.place > mine.place);
  if (behind.length) {
    const next = behind.reduce((a, o) => (at(o) < at(a) ? o : a));
    return t('result.level.ahead', { cards: game.standingText(mine), names: names(behind), time: gapText(at(next) - at(mine)) });
  }
  const prev = level.reduce((a, o) => (at(o) > at(a) ? o : a));
  return t('result.level.behind', { cards: game.standingText(mine), names: names(level), time: gapText(at(mine) - at(prev)) });
}

/**
 * ratingLine is a racer's rating change in words: "1500 → 1662 (+162)",
 * with "provisional, N games to go" while provisional.
 */
export function ratingLine(c) {
  const line = t('result.rating.change', { before: ratingText(c.before), after: ratingText(c.after), delta: ratingDelta(c.before, c.after) });
  return c.provisional ? line + ' · ' + t('result.rating.prov', { n: c.games_to_go, count: num(c.games_to_go) }) : line;
}

/**
 * resultView fills el with the end of a race for racer me: the headline
 * (a winner's with a star), a tie or a place decided by time explained,
 * how long they played, when their last card went home, cards home, the
 * rating change (ratings: the ratings message, null while it has not
 * come, or {late: true} when it has not come in RATING_WAIT_MS), for a
 * guest's daily challenge that their result is on no board (RaceInfo's
 * off_board), and the replay, rematch and share controls.
 */
export function resultView(el, info, result, me, game, ratings) {
  const mine = result.standings.find((s) => s.player === me);
  const start = Date.parse(info.start_at);
  let rating = t('result.rating.wait');
  if (ratings && ratings.late) rating = t('result.rating.late');
  else if (ratings && !ratings.rated) rating = t('result.rating.unrated');
  else if (ratings) {
    const c = (ratings.changes || []).find((x) => x.player === me);
    rating = c ? ratingLine(c) : t('result.rating.unrated');
  }
  const replay = `/replay/${encodeURIComponent(info.id)}`;
  const head = headline(result, mine, game);
  const note = tieNote(result, mine, game);
  const times = mine ? timesOf(mine, start, result) : {};
  const tied = mine && tiedWith(result, mine).length > 0;
  el.innerHTML = `<div class="result-card${head.star ? ' first' : ''}${tied ? ' tie' : ''}" data-place="${mine ? mine.place : ''}">
      <h2 id="res-h">${esc(head.text)}</h2>
      ${note ? `<p class="small" id="res-note">${esc(note)}</p>` : ''}
      ${mine ? `<dl class="result-facts">
        <div><dt>${esc(t('result.played'))}</dt><dd id="res-played">${esc(times.played != null ? fmtClock(times.played) : '—')}</dd></div>
        <div><dt>${esc(t(`result.last.${game.counted}`))}</dt><dd id="res-last">${esc(times.last != null ? t('result.at', { time: fmtClock(times.last) }) : t('result.none'))}</dd></div>
        <div><dt>${esc(t(`result.${game.counted}`))}</dt><dd id="res-cards">${esc(game.standingText(mine))}</dd></div>
        <div><dt>${esc(t('result.rating'))}</dt><dd id="res-rating">${esc(rating)}</dd></div>
      </dl>` : ''}
      ${info.off_board ? `<p class="small" id="res-board">${esc(t('daily.offboard'))} <a href="/signin">${esc(t('account.signin'))}</a></p>` : ''}
      <div class="row result-actions">
        <a class="button" id="res-replay" href="${esc(replay)}">${esc(t('result.replay'))}</a>
        <button type="button" id="res-share">${esc(t('result.share'))}</button>
        <a class="button" href="/player/${encodeURIComponent(me)}">${esc(t('result.mypage'))}</a>
      </div>
      <p class="small muted" id="res-shared" role="status"></p>
    </div>
    ${resultHTML(result, me, game, ratings, start)}`;
  el.querySelector('#res-share').onclick = () => shareLink(location.origin + replay, t('result.share.text', { profile: profileName(info.profile, info.game) }), el.querySelector('#res-shared'));
  reportControl(el.querySelector('.result-actions'), info.id);
}

/** shareLink shares url with the Web Share API where there is one, else copies it. */
export async function shareLink(url, text, out) {
  if (navigator.share) {
    try { await navigator.share({ title: t('app.title'), text, url }); return; } catch (e) { if (e && e.name === 'AbortError') return; }
  }
  try {
    await navigator.clipboard.writeText(url);
    out.textContent = t('result.copied');
  } catch {
    out.textContent = url;
  }
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
 * returns a function that unmounts it. opts.arena: the race is an
 * arena's, which pairs its players again: no rematch, no way back to the
 * lobby.
 */
export function mountRace(main, hub, msg, opts = {}) {
  const info = msg.race;
  // A daily challenge is one try a day; an arena pairs its players itself.
  const canRematch = !opts.arena && !info.id.startsWith('daily-');
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
  let result = null; // the race_end message's result
  let rated = null; // the ratings message
  let ratingTimer = 0;
  let ratings = new Map(); // racer -> rating, beside the names
  let watching = false; // our game is over: we watch the others' boards
  const watchBoards = new Map(); // racer -> their board, while watching
  let lastMove = '';
  const spoken = new Map(); // racer -> the progress count last announced
  // The rematch: who is ready and who declined (a room's message says;
  // rematch_vote alone, from a quick race or before the room's first
  // word, adds a racer ready), and the room's members by ID.
  const offer = { ready: new Set(), declined: new Set(), members: null, room: false };

  history.replaceState(null, '', `/race/${info.id}`);
  const name = profileName(info.profile, info.game);
  document.title = t('race.doctitle', { profile: name, app: t('app.title') });
  // The race lays itself out for the width it gets (a container): a
  // phone's, or an arena page's column beside the standings.
  main.innerHTML = `<div class="racebox">
  <section class="race" aria-labelledby="rh">
    <div class="racemain">
      <div class="bar"><h1 id="rh">${esc(t('race.title'))} <span class="muted">${esc(name)}</span></h1>
        <span class="muted small">${esc(profileText(info.profile, info.rules))}
</span><p class="small rated-note" id="r-rated">${esc(info.off_board ? t('daily.offboard') : ratedNote(info, !!hub.me.casual_only))}</p></div>
      <div class="panel result" id="r-result" hidden tabindex="-1" aria-labelledby="res-h"><div id="r-standings"></div></div>
      <div id="r-board"></div>
      <section id="r-watch" class="watch" hidden aria-labelledby="r-watch-h"><h2 id="r-watch-h">${esc(t('result.watching'))}</h2>
        <p class="small muted">${esc(t('watch.delay', { s: Math.round(info.spectator_delay_ms / 1000) }))}</p>
        <div class="boards" id="r-watch-boards"></div></section>
      <p id="r-score" class="small" hidden></p>
      <p id="r-msg" class="msg"></p>
      <div class="controls" role="toolbar" aria-label="${esc(t('race.controls'))}">
        <button type="button" id="r-resign" aria-keyshortcuts="Shift+Q">${esc(t('race.resign'))} <kbd>Shift+Q</kbd></button>
        <button type="button" id="r-finish" hidden title="${esc(t('race.finish.title'))}">${esc(t('race.finish'))}</button>
        ${opts.arena ? '' : `<a class="button" href="/">${esc(t('race.lobby'))}</a>`}
      </div>
      <p class="keys">${game.raceKeys}</p>
      <details class="text-board"><summary>${esc(t('common.boardtext'))}</summary><ul id="r-text"></ul></details>
    </div>
    <aside class="side side-top" aria-label="${esc(t('race.side.clock'))}">
      <div class="panel"><div class="clock" id="r-clock" role="timer" aria-live="off">0:00</div><div id="r-phase" class="muted"></div></div>
      <div class="panel"><h2>${esc(t('race.racers'))}</h2><div id="r-opps" class="opps"></div></div>
    </aside>
    <aside class="side side-rest" aria-label="${esc(t('race.side.result'))}">
      <div class="panel"><h2>${esc(t('race.ranking'))}</h2><p class="small">${esc(game.rankingRule)}</p></div>
      <div class="panel"><h2>${esc(t('race.fair'))}</h2>
        <p class="small">${esc(t('race.fair.commitment'))}<br><code class="commit" id="r-commit">${esc(info.commitment)}</code></p>
        <details class="fair small"><summary>${esc(t('fair.summary'))}</summary><p>${esc(t('fair.text'))}</p></details>
        <p class="small muted">${esc(t(info.solver_checked ? 'race.deal.proven' : 'race.deal.unchecked'))}
</p>
        <p class="small" id="r-reveal">${esc(t('race.reveal.later'))}</p></div>
    </aside>
  </section></div>`;
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
    $('r-opps').innerHTML = progressHTML(info.racers, progress, me, game, ratings, ended);
    const score = game.scoreText(view, rules);
    $('r-score').textContent = score;
    $('r-score').hidden = !score;
    $('r-finish').hidden = ended || status !== 'stuck';
    $('r-resign').hidden = ended || status !== 'playing';
  }

  // Once our own game is over and the race goes on, we watch the others.
  function watchRest() {
    if (watching || ended || status === 'playing') return;
    watching = true;
    $('r-watch').hidden = false;
    hub.send({ type: 'watch', race: info.id });
    announce(t('result.watching.said'));
  }
  function showWatchBoard(b) {
    if (b.race !== info.id || b.racer === me || ended && !watching) return;
    let bd = watchBoards.get(b.racer);
    if (!bd) {
      const name = (info.racers.find((r) => r.id === b.racer) || {}).name || '';
      const wrap = document.createElement('div');
      wrap.className = 'wboard';
      wrap.innerHTML = `<h3>${esc(name)}</h3><div></div>`;
      $('r-watch-boards').append(wrap);
      bd = new game.Board(wrap.lastElementChild, { keys: false, label: t('board.of', { name }) });
      watchBoards.set(b.racer, bd);
    }
    bd.update(game.view(b.view), { rules, interactive: false });
  }
  function showResult() {
    if (!result) return;
    $('r-result').hidden = false;
    // The ratings message follows the end unless recording the race
    // failed: past a bound the page says so rather than wait for good.
    if (!rated && !ratingTimer) ratingTimer = setTimeout(() => { if (!rated) { rated = { late: true }; showResult(); } }, RATING_WAIT_MS);
    resultView($('r-standings'), info, result, me, game, rated);
    const rm = $('r-standings').querySelector('.result-actions');
    if (canRematch) {
      rm.insertAdjacentHTML('beforebegin', '<div id="res-offer" class="offer" hidden></div>');
      rm.insertAdjacentHTML('afterbegin', `<button type="button" class="primary" id="res-rematch" aria-keyshortcuts="M"></button>
        ${info.room ? `<button type="button" id="res-decline" hidden></button><button type="button" id="res-leave">${esc(t('rematch.leave'))}</button>` : ''}`);
      $('res-rematch').onclick = rematch;
      if (info.room) {
        $('res-decline').onclick = decline;
        $('res-leave').onclick = leaveRoom;
      }
      renderOffer();
    }
  }

  /** nameOf is a racer's or member's name. */
  const nameOf = (id) => ((offer.members || info.racers).find((x) => x.id === id) || info.racers.find((x) => x.id === id) || {}).name || t('race.someone');
  const namesOf = (ids) => ids.map(nameOf).join(', ');
  /**
   * renderOffer shows the rematch as it stands: an offer from others
   * with a button to accept (and in a room to decline), or our own
   * readiness and whom it waits for, and who declined. Nothing leaves
   * the result view until everyone is ready.
   */
  function renderOffer() {
    const box = $('res-offer');
    const btn = $('res-rematch');
    if (!box || !btn) return;
    const mine = offer.ready.has(me);
    const others = [...offer.ready].filter((p) => p !== me);
    const declined = [...offer.declined].filter((p) => p !== me);
    // Racers of this race still in the room (or all, in a quick race).
    const voters = info.racers.filter((r) => !offer.members || offer.members.some((m) => m.id === r.id)).map((r) => r.id);
    // A bot accepts every rematch: nobody waits for it.
    const waiting = voters.filter((p) => p !== me && !offer.ready.has(p) && !p.startsWith('bot:'));
    // A room left with one member starts no race.
    const alone = !!offer.members && offer.members.length < 2;
    const lines = [];
    if (alone) lines.push(t('rematch.alone'));
    else if (others.length && !mine) lines.push(t('rematch.offer', { names: namesOf(others), n: others.length }));
    else if (mine) lines.push(waiting.length ? t('rematch.waiting', { names: namesOf(waiting) }) : t('rematch.starting'));
    if (declined.length) lines.push(t('rematch.declined', { names: namesOf(declined), n: declined.length }));
    box.innerHTML = lines.map((l) => `<p>${esc(l)}</p>`).join('');
    box.hidden = !lines.length;
    box.classList.toggle('incoming', others.length > 0 && !mine && !alone);
    // Ours: ready (a room's may be withdrawn), or the offer to make or accept.
    btn.hidden = mine ? !info.room : alone;
    btn.classList.toggle('primary', !mine);
    btn.innerHTML = mine ? esc(t('rematch.withdraw')) : `${esc(t(others.length ? 'rematch.accept' : 'race.rematch'))} <kbd>M</kbd>`;
    btn.dataset.ready = mine ? 'true' : 'false';
    const dec = $('res-decline');
    if (dec) {
      dec.hidden = mine || alone || !others.length || offer.declined.has(me);
      dec.textContent = t('rematch.decline');
    }
  }
  /** heard updates the offer and says aloud who newly offered or declined. */
  function heard(ready, declined) {
    const newReady = [...ready].filter((p) => p !== me && !offer.ready.has(p));
    const newDeclined = [...declined].filter((p) => p !== me && !offer.declined.has(p));
    offer.ready = ready;
    offer.declined = declined;
    if (newReady.length && !ready.has(me)) announce(t('rematch.offer', { names: namesOf(newReady), n: newReady.length }));
    if (newDeclined.length) announce(t('rematch.declined', { names: namesOf(newDeclined), n: newDeclined.length }));
    renderOffer();
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

  // The ratings the race started from (fresh: the last race, a
  // rematch's, may have moved them).
  const atStart = ratingsOf(info.profile, info.racers.map((r) => r.id), true);
  let gone = false; // unmounted
  const offs = [() => clearTimeout(ratingTimer)];
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
    if (status === 'resigned' && !ended) setMsg(t('result.resigned'));
    render(moved);
    watchRest();
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
      if (prev && prev.status !== r.status) announce(t('race.status.said', { name, status: codeText('state.', r.status) }));
      else {
        const news = game.news(name, r, spoken.get(r.racer) || 0);
        if (news) { announce(news[0]); spoken.set(r.racer, news[1]); }
      }
    }
    $('r-opps').innerHTML = progressHTML(info.racers, progress, me, game, ratings, ended);
  }));
  offs.push(hub.on('race_end', async (e) => {
    if (e.race !== info.id || (ended && result)) return;
    ended = true;
    result = e.result;
    // The result's statuses are final: nobody is "playing" any more.
    for (const s of e.result.standings) {
      const i = progress.findIndex((x) => x.racer === s.player);
      if (i >= 0) progress[i] = { ...progress[i], status: s.status };
    }
    if (msgEl.textContent === t('result.resigned')) setMsg('');
    render();
    showResult();
    const mine = e.result.standings.find((s) => s.player === me);
    if (mine) announce(t('race.over.said', { head: headline(e.result, mine, game).text }));
    $('r-result').focus({ preventScroll: true });
    $('r-result').scrollIntoView({ block: 'nearest' });
    await checkReveal($('r-reveal'), info.commitment, e.reveal);
  }));
  offs.push(hub.on('ratings', async (m) => {
    if (m.race !== info.id) return;
    clearTimeout(ratingTimer);
    const r = await exactRatings(m, await atStart);
    if (gone) return;
    rated = r;
    noteRatings(r);
    for (const c of r.changes || []) ratings.set(c.player, { rating: c.after, provisional: c.provisional });
    showResult();
    render();
  }));
  offs.push(hub.on('watching', (w) => {
    if (w.race.id !== info.id) return;
    for (const b of w.boards || []) showWatchBoard({ ...b, race: info.id });
  }));
  offs.push(hub.on('board', showWatchBoard));
  offs.push(hub.on('rematch_vote', (v) => {
    // A room's message says more: once it has spoken, it alone counts.
    if (v.race !== info.id || offer.room) return;
    heard(new Set([...offer.ready, v.player]), offer.declined);
  }));
  offs.push(hub.on('room', (m) => {
    const r = m.room;
    if (!info.room || r.code !== info.room || r.race !== info.id) return;
    offer.room = true;
    offer.members = r.members;
    heard(new Set(r.ready || []), new Set(r.declined || []));
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
  // 4001: a newer connection of this player (another tab) took the seat;
  // the hub does not reconnect then.
  offs.push(hub.on('close', (e) => setMsg(t(e.code === 4001 ? 'race.replaced' : 'race.lost'), 'error')));
  offs.push(hub.on('open', () => { if (msgEl.textContent === t('race.lost')) setMsg(''); }));

  const resign = () => {
    if (ended || status !== 'playing') return;
    if (!confirm(t('race.resign.confirm'))) return;
    hub.send({ type: 'resign', race: info.id, seq: seq + 1 });
  };
  // Rematch (M): ready for the next race, or accepting an offer; in a
  // room, pressed again it withdraws.
  const rematch = () => {
    if (!ended || !canRematch) return;
    if (offer.ready.has(me)) {
      if (info.room) decline();
      return;
    }
    hub.send({ type: 'rematch', race: info.id });
    const ready = new Set(offer.ready);
    ready.add(me);
    const declined = new Set(offer.declined);
    declined.delete(me);
    heard(ready, declined);
  };
  // In a room: no to the rematch, or our readiness withdrawn.
  const decline = () => {
    if (!ended || !info.room) return;
    hub.send({ type: 'rematch', race: info.id, decline: true });
    const ready = new Set(offer.ready);
    ready.delete(me);
    heard(ready, new Set([...offer.declined, me]));
  };
  // Leaving the room: the others' rematch no longer waits for us.
  const leaveRoom = () => {
    hub.send({ type: 'rematch', race: info.id, decline: true });
    hub.send({ type: 'room_leave' });
    location.assign('/');
  };
  $('r-resign').onclick = resign;
  $('r-finish').onclick = () => {
    if (ended || status !== 'stuck') return; // nothing to finish
    hub.send({ type: 'finish', race: info.id, seq: seq + 1 });
  };
  const onKey = (e) => {
    if (isTyping(e)) return;
    if (board.handleKey(e)) { e.preventDefault(); return; }
    if (e.key === 'Q' && e.shiftKey) { e.preventDefault(); resign(); }
    if ((e.key === 'm' || e.key === 'M') && !e.ctrlKey && !e.metaKey) { e.preventDefault(); rematch(); }
  };
  document.addEventListener('keydown', onKey);
  render();
  atStart.then((m) => {
    for (const [k, v] of m) if (!ratings.has(k)) ratings.set(k, v);
    if (!ended) render();
  });
  watchRest(); // a reload after resigning
  if (phase === 'finished') setMsg(t('race.over'));


  return () => {
    gone = true;
    clearInterval(timer);
    offs.forEach((f) => f());
    document.removeEventListener('keydown', onKey);
  };
}
