// Practice: one player, any profile of any game (Klondike, Spider), any
// seed. The server replays seed + actions on each request (POST
// /api/practice); this page keeps them in localStorage so a reload restores
// the game. A new deal is proven winnable unless the player asks for any
// deal (GET /api/practice/deal); a link's rules and seed win over the
// game kept.
import { games, gameOfProfile, profilesOf, sideEffects } from './games.js';
import { announce, api, serverConfig, isTyping, errorText, profileLabel, profileText } from './util.js';
import { t, num } from './i18n.js';
import { mountGameAnalysis } from './analysis.js';

const STORE = 'practice.v1';
const WINNABLE = 'practice.winnable'; // '0': any deal; else winnable deals only
const MAX_MOVES = 4000;

function randomSeed() {
  const a = new Uint32Array(1);
  crypto.getRandomValues(a);
  return String(a[0]);
}

function fmtTime(ms) {
  const s = Math.floor(ms / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor(s / 60) % 60;
  const ss = String(s % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

function loadStored() {
  try {
    const g = JSON.parse(localStorage.getItem(STORE) || 'null');
    if (g && typeof g.seed === 'string' && /^\d{1,20}$/.test(g.seed) && Array.isArray(g.moves)) return g;
  } catch { /* a broken entry: start afresh */ }
  return null;
}

export async function mountPractice(main) {
  main.innerHTML = `
  <section class="play practice" aria-labelledby="ph">
    <div class="boardwrap"><div id="p-board"></div></div>
    <aside class="side">
      <div class="bar">
        <h1 id="ph">${t('practice.title')}</h1>
        <label>${t('practice.rules')} <select id="p-rules"></select></label>
        <label id="p-scoring-l">${t('practice.score')} <select id="p-scoring">
          <option value="">${t('practice.score.rules')}</option><option value="standard">${t('practice.score.standard')}</option>
          <option value="vegas">${t('practice.score.vegas')}</option><option value="none">${t('practice.score.none')}</option></select></label>
        <label class="check"><input type="checkbox" id="p-undo"> ${t('practice.undo')}</label>
        <label class="check"><input type="checkbox" id="p-winnable"> ${t('practice.winnable')}</label>
      </div>
      <p class="stats" id="p-stats" aria-label="${t('practice.status')}"></p>
      <p class="small muted" id="p-deal-note"></p>
      <p id="p-msg" class="msg" aria-live="off"></p>
      <div class="controls" role="toolbar" aria-label="${t('practice.controls')}">
        <button id="p-undo-b" type="button" aria-keyshortcuts="U">${t('practice.undo')} <kbd>U</kbd></button>
        <button id="p-redo-b" type="button" aria-keyshortcuts="R">${t('practice.redo')} <kbd>R</kbd></button>
        <button id="p-hint-b" type="button" aria-keyshortcuts="H" hidden>${t('practice.hint')} <kbd>H</kbd></button>
        <button id="p-auto-b" type="button" aria-keyshortcuts="A" hidden>${t('practice.auto')} <kbd>A</kbd></button>
        <button id="p-restart-b" type="button" aria-keyshortcuts="X">${t('practice.restart')} <kbd>X</kbd></button>
        <button id="p-new-b" type="button" aria-keyshortcuts="N">${t('practice.new')} <kbd>N</kbd></button>
        <button id="p-share-b" type="button" aria-keyshortcuts="S">${t('practice.share')} <kbd>S</kbd></button>
        <button id="p-stop-b" type="button" hidden>${t('analysis.stop')}</button>
      </div>
      <p class="keys" id="p-keys"></p>
      <p class="note" id="p-note"></p>
      <details class="text-board"><summary>${t('common.boardtext')}</summary><ul id="p-text"></ul></details>
    </aside>
  </section>
  <div class="panel analysis" id="p-analysis" hidden></div>`;

  const $ = (id) => main.querySelector('#' + id);
  const cfg = await serverConfig();
  const rulesSel = $('p-rules');
  for (const gm of games()) {
    const group = document.createElement('optgroup');
    group.label = gm.title;
    for (const p of profilesOf(cfg.profiles, gm)) {
      const o = document.createElement('option');
      o.value = p.name;
      o.textContent = profileLabel(p.name);
      o.title = profileText(p.name, p.text);
      group.appendChild(o);
    }
    if (group.children.length) rulesSel.appendChild(group);
  }

  // The game: what is stored, and the last answer of the server.
  let g = null;
  let state = null;
  let chain = Promise.resolve();
  const msgEl = $('p-msg');
  const setMsg = (text, kind = 'info') => {
    msgEl.textContent = text;
    msgEl.className = 'msg ' + kind;
    if (text && kind === 'error') announce(text);
  };

  // The game of the rules played (games.js), and its board.
  let board = null;
  let game = null;
  function useGame(next) {
    if (board && next === game) return;
    game = next;
    const el = document.createElement('div');
    el.id = 'p-board';
    $('p-board').replaceWith(el);
    board = new game.Board(el, { onMove: (m) => act(m), onMessage: setMsg });
    $('p-keys').innerHTML = game.practiceKeys;
    $('p-scoring-l').hidden = !game.scoring;
    const hints = cfg.solver || game.ruleHints;
    $('p-hint-b').hidden = !hints;
    $('p-auto-b').hidden = !hints;
    $('p-note').textContent = hints ? '' : t('practice.nosolver');
  }

  const save = () => { try { localStorage.setItem(STORE, JSON.stringify(g)); } catch { /* storage full or off */ } };
  const shareURL = () => `${location.origin}/practice?rules=${encodeURIComponent(g.rules)}&seed=${g.seed}`;
  const syncURL = () => history.replaceState(null, '', `/practice?rules=${encodeURIComponent(g.rules)}&seed=${g.seed}`);
  const elapsed = () => g.started ? (g.finished || Date.now()) - g.started : 0;

  function request(moves, want) {
    return api('/api/practice', {
      rules: g.rules, seed: g.seed, moves, undo: g.undo, hints: true,
      ...(game.scoring ? { scoring: g.scoring } : {}), elapsedMs: Math.max(0, Math.round(elapsed())), ...(want ? { want } : {}),
    });
  }

  function renderStats() {
    if (!state) return;
    const deal = `<span>${t('practice.deal')} <a href="${shareURL()}" id="p-link">${g.seed}</a></span>`;
    const time = `<span>${t('practice.time')} <b id="p-time">${fmtTime(elapsed())}</b></span>`;
    $('p-stats').innerHTML = game.statsHTML(state, deal, time);
  }

  function render(prev, tok, one) {
    const v = state.view;
    const moved = one && tok !== 'undo' && tok !== 'redo' ? tok : ''; // one move: the board animates it
    board.update(v, { rules: state.rules, legal: state.legal, last: state.last, moved, lastCard: tok && prev ? game.movedCard(tok, prev.view) : '' });
    renderStats();
    $('p-undo-b').disabled = !state.canUndo;
    $('p-redo-b').disabled = !state.canRedo;
    $('p-undo-b').hidden = $('p-redo-b').hidden = !g.undo;
    $('p-text').innerHTML = game.boardText(v).map((l) => `<li>${l}</li>`).join('');
    $('p-stop-b').disabled = !!g.over;
    if (v.won) {
      if (!g.finished) { g.finished = Date.now(); save(); }
      setMsg(t('practice.won', { actions: t('common.actions', { n: v.actions, count: num(v.actions) }), time: fmtTime(elapsed()), extra: game.wonText(state) }), 'win');
      if (!g.over && cfg.analysis) endGame('won');
    } else if (g.over) {
      setMsg(t('analysis.over'));
    } else if (state.stuck) {
      setMsg(t('practice.stuck') + ' ' + t(g.undo ? 'practice.next.undo' : 'practice.next') + (cfg.analysis ? ' ' + t('analysis.stuck') : ''), 'error');
    }
  }

  // The analysis of an ended game (won, or stopped by the player): the
  // server queues it for its solver workers, and this page asks for it
  // until it is done. A game in progress is never analysed: once sent, it
  // takes no more moves.
  const panel = $('p-analysis');
  $('p-stop-b').hidden = !cfg.analysis;
  let watching = '';
  function endGame(how) {
    g.over = how;
    save();
    $('p-stop-b').disabled = true;
    return analyse();
  }
  async function analyse() {
    panel.hidden = false;
    panel.innerHTML = `<h2>${t('an.title')}</h2><p class="muted small" id="pa-msg">${t('analysis.sending')}</p>`;
    const r = await api('/api/practice/analysis', {
      rules: g.rules, seed: g.seed, moves: g.moves, undo: g.undo, hints: true,
      ...(game.scoring ? { scoring: g.scoring } : {}), stop: true,
    });
    if (!r.ok) {
      if (r.data.code === 'analysis_unavailable') panel.hidden = true;
      else showAnalysisError(errorText(r.data));
      return;
    }
    g.analysis = r.data.id;
    save();
    watch(r.data.id);
  }
  function showAnalysisError(text, again) {
    panel.innerHTML = `<h2>${t('an.title')}</h2><p class="muted small" id="pa-msg"></p>` +
      (again ? `<button type="button" id="pa-again">${t('analysis.again')}</button>` : '');
    panel.querySelector('#pa-msg').textContent = text;
    if (again) panel.querySelector('#pa-again').onclick = () => analyse();
  }
  async function watch(id) {
    watching = id;
    panel.hidden = false;
    for (let tries = 0; watching === id && tries < 80; tries++) {
      const r = await api(`/api/practice/analysis/${encodeURIComponent(id)}`);
      if (watching !== id) return;
      if (!r.ok) { showAnalysisError(r.status === 404 ? t('analysis.gone') : errorText(r.data)); return; }
      const x = r.data;
      if (x.status === 'done') {
        mountGameAnalysis(panel, { ...x, name: t('analysis.yours') }, { profile: x.profile, seed: x.seed }, game, g.over === 'won');
        return;
      }
      if (x.status === 'dropped') { showAnalysisError(t('analysis.dropped'), true); return; }
      if (x.status !== 'pending') { showAnalysisError(t('analysis.failed')); return; }
      if (!panel.querySelector('#pa-msg')) panel.innerHTML = `<h2>${t('an.title')}</h2><p class="muted small" id="pa-msg"></p>`;
      panel.querySelector('#pa-msg').textContent = t('analysis.pending');
      await new Promise((ok) => setTimeout(ok, 1500));
    }
  }
  function hideAnalysis() {
    watching = '';
    panel.hidden = true;
    panel.innerHTML = '';
  }

  /** send replays the stored actions plus tok and shows the answer. */
  async function send(tok, more = []) {
    if (tok && g.over) { setMsg(t('analysis.over'), 'error'); return; }
    if (tok && g.moves.length + more.length >= MAX_MOVES) { setMsg(t('practice.toolong', { n: num(MAX_MOVES) }), 'error'); return; }
    const moves = tok ? [...g.moves, ...more, tok] : g.moves;
    const r = await request(moves);
    if (!r.ok) {
      if (!tok && r.data.index !== undefined && r.data.index < g.moves.length) {
        // The stored game does not replay (edited storage, new rules): keep what does.
        g.moves = g.moves.slice(0, r.data.index);
        save();
        return send(null);
      }
      setMsg(tok ? t('race.refused', { move: tok, why: errorText(r.data) }) : errorText(r.data), 'error');
      if (tok) board.flash(tok);
      return;
    }
    const prev = state;
    state = r.data;
    if (tok) {
      g.moves = moves;
      if (!g.started) g.started = Date.now();
      save();
      setMsg('');
      const pv = prev && prev.view;
      let said = tok === 'undo' ? t('practice.undone') : tok === 'redo' ? t('practice.redone') : game.moveText(tok, pv);
      said += sideEffects(game, pv, state.view);
      const stock = game.stockText(tok, pv, state.view);
      if (stock) said += `; ${stock}`;
      announce(said + '.');
    }
    render(prev, tok, tok && !more.length);
  }

  // Actions run one after another; one that fails (a bug) does not stop the next.
  const queue = (f) => { chain = chain.then(f).catch((err) => { console.error(err); setMsg(String(err), 'error'); }); return chain; };
  const act = (tok) => queue(() => send(tok));

  // The deal's note: proven winnable, or not checked (checked false),
  // or nothing for a deal from a link (checked undefined).
  function dealNote() {
    const el = $('p-deal-note');
    el.textContent = g.checked === true ? t('practice.deal.proven')
      : g.checked === false ? t(g.any ? 'practice.deal.any' : 'practice.deal.unchecked') : '';
  }

  function startGame(rules, seed, keep, checked) {
    g = keep || { rules, seed, moves: [], scoring: g ? g.scoring : '', undo: g ? g.undo : true, started: 0, finished: 0 };
    g.rules = rules;
    g.seed = seed;
    if (!keep) { g.checked = checked; g.any = checked === false && !winnable(); }
    dealNote();
    hideAnalysis();
    if (g.over && g.analysis) watch(g.analysis);
    useGame(gameOfProfile(cfg.profiles, rules));
    rulesSel.value = g.rules;
    $('p-scoring').value = g.scoring || '';
    $('p-undo').checked = g.undo;
    save();
    syncURL();
    state = null;
    setMsg('');
    return queue(() => send(null));
  }

  // Winnable deals only, unless the player chose any deal.
  const winnable = () => { try { return localStorage.getItem(WINNABLE) !== '0'; } catch { return true; } };
  $('p-winnable').checked = winnable();
  $('p-winnable').onchange = () => { try { localStorage.setItem(WINNABLE, $('p-winnable').checked ? '1' : '0'); } catch { /* storage off */ } };
  /** deal is a new deal's {seed, checked} under rules: proven winnable when the server has one. */
  async function deal(rules) {
    if (!winnable()) return { seed: randomSeed(), checked: false };
    const r = await api(`/api/practice/deal?rules=${encodeURIComponent(rules)}`);
    return r.ok ? { seed: r.data.seed, checked: r.data.checked } : { seed: randomSeed(), checked: false };
  }
  const newGame = async (rules) => { const d = await deal(rules); startGame(rules, d.seed, null, d.checked); };

  // Restore: a link's rules and seed win over the stored game, which wins
  // over a new deal. A link naming rules alone resumes the stored game
  // only if it is of those rules.
  const q = new URLSearchParams(location.search);
  const stored = loadStored();
  const known = (name) => cfg.profiles.some((p) => p.name === name);
  const fallback = ((cfg.games || [])[0] || {}).default || (cfg.profiles[0] || {}).name;
  const qRules = known(q.get('rules')) ? q.get('rules') : '';
  const qSeed = q.get('seed');
  if (qSeed && /^\d{1,20}$/.test(qSeed)) {
    const rules = qRules || (stored && known(stored.rules) ? stored.rules : fallback);
    const same = stored && stored.seed === qSeed && stored.rules === rules;
    startGame(rules, qSeed, same ? stored : null);
  } else if (stored && known(stored.rules) && (!qRules || qRules === stored.rules)) {
    startGame(stored.rules, stored.seed, stored);
  } else {
    await newGame(qRules || fallback);
  }

  const undo = () => { if (!g.undo) { setMsg(t('practice.undo.off'), 'error'); return; } act('undo'); };
  const redo = () => { if (!g.undo) { setMsg(t('practice.redo.off'), 'error'); return; } act('redo'); };
  const newDeal = () => newGame(rulesSel.value);
  const restart = () => { g.moves = []; g.started = 0; g.finished = 0; g.over = ''; g.analysis = ''; startGame(g.rules, g.seed, g); };
  const stop = () => { if (cfg.analysis && state && !g.over && g.moves.length) queue(() => endGame('stopped')); };
  const share = async () => {
    const url = shareURL();
    try { await navigator.clipboard.writeText(url); setMsg(t('practice.copied', { url })); }
    catch { setMsg(t('practice.sharethis', { url })); }
  };
  const noWay = (verdict) => verdict === 'lost'
    ? t(g.undo ? 'practice.lost.undo' : 'practice.lost')
    : t('practice.notime');
  let busy = false;
  const ask = async (want) => {
    if ((!cfg.solver && !game.ruleHints) || busy || !state || state.view.won || g.over) return null;
    busy = true;
    setMsg(want === 'hint' ? t('practice.hint.looking') : t('practice.auto.looking'));
    try {
      await chain;
      const moves = g.moves;
      let r = await request(moves, want);
      // A long search answers 503 solver_working and goes on: the same
      // request, sent again after Retry-After, collects its answer.
      for (let i = 0; i < 10 && r.status === 503 && r.data.code === 'solver_working'; i++) {
        await new Promise((done) => setTimeout(done, Math.max(r.retryAfter, 1) * 1000));
        if (g.moves !== moves || g.over) return null; // the game moved on: the answer is stale
        r = await request(moves, want);
      }
      if (!r.ok) { setMsg(errorText(r.data), 'error'); return null; }
      return r.data;
    } finally {
      busy = false;
    }
  };
  // A game with ruleHints always has a hint while a move is left: the
  // first move of a winning line the solver found, or the game's rule's.
  const hint = async () => {
    const d = await ask('hint');
    if (!d) return;
    if (!d.hint) {
      setMsg(game.ruleHints ? t('practice.nomove') + ' ' + t(g.undo ? 'practice.next.undo' : 'practice.next') : noWay(d.verdict), 'error');
      return;
    }
    const said = t('practice.hint.said', { move: d.hint, text: game.hintText(d.hint, state.view) }) +
      t(d.verdict === 'won' ? 'practice.hint.won' : d.verdict === 'lost' ? 'practice.hint.lost' : 'practice.hint.unknown');
    setMsg(said);
    announce(said);
    board.showHint(d.hint);
  };
  const autoComplete = async () => {
    const d = await ask('solve');
    if (!d) return;
    if (!d.solution || !d.solution.length) { setMsg(t('practice.auto.none', { why: noWay(d.verdict) }), 'error'); return; }
    setMsg(t('practice.auto.moves', { n: d.solution.length, count: num(d.solution.length) }));
    // A few moves per request: the board moves on visibly, and fast.
    for (let i = 0; i < d.solution.length; i += 6) {
      const part = d.solution.slice(i, i + 6);
      queue(() => send(part[part.length - 1], part.slice(0, -1)));
    }
  };

  $('p-undo-b').onclick = undo;
  $('p-redo-b').onclick = redo;
  $('p-new-b').onclick = newDeal;
  $('p-restart-b').onclick = restart;
  $('p-share-b').onclick = share;
  $('p-hint-b').onclick = hint;
  $('p-auto-b').onclick = autoComplete;
  $('p-stop-b').onclick = stop;
  rulesSel.onchange = () => newGame(rulesSel.value);
  $('p-scoring').onchange = () => { g.scoring = $('p-scoring').value; save(); act(null); };
  $('p-undo').onchange = () => {
    g.undo = $('p-undo').checked;
    if (!g.undo && g.moves.some((m) => m === 'undo' || m === 'redo')) {
      // The history holds undos: keep the game, and the option, as it was.
      g.undo = true;
      $('p-undo').checked = true;
      setMsg(t('practice.undo.used'), 'error');

      return;
    }
    save();
    act(null);
  };

  setInterval(() => {
    const t = main.querySelector('#p-time');
    if (t && state && !state.view.won) t.textContent = fmtTime(elapsed());
  }, 1000);

  document.addEventListener('keydown', (e) => {
    if (isTyping(e) || !state) return;
    if (board.handleKey(e)) { e.preventDefault(); return; }
    if (e.ctrlKey || e.metaKey) {
      const k = e.key.toLowerCase();
      if (k === 'z' && e.shiftKey) { e.preventDefault(); redo(); } else if (k === 'z') { e.preventDefault(); undo(); } else if (k === 'y') { e.preventDefault(); redo(); }
      return;
    }
    if (e.altKey) return;
    switch (e.key.toUpperCase()) {
      case 'U': undo(); break;
      case 'R': redo(); break;
      case 'H': hint(); break;
      case 'A': autoComplete(); break;
      case 'N': newDeal(); break;
      case 'X': restart(); break;
      case 'S': share(); break;
      default: return;
    }
    e.preventDefault();
  });
}
