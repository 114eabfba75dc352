// The post-game analysis, on the replay and practice pages: for each
// racer, a strip of the positions of their game coloured by the solver's
// verdict (won, lost, unknown; judged with every card known), a sentence
// that says what the strip shows, and the winning line from the position
// before the move that threw the game away, in words, step by step on a
// board rebuilt by the practice API. A square of the strip (click, tap,
// or the arrow keys) shows its position on that board, and on the replay
// page moves the replay there too.
//
// The words of a move come from its game's module (games.js): lineText,
// homeCard and repeats; this file names no game.
import { api, esc, errorText, practice } from './util.js';
import { cardShort } from './cards.js';
import { t, num } from './i18n.js';

/** viewsMax is the most views the practice API answers to one request. */
const viewsMax = 512;

const verdictWord = (v) => ({ won: t('an.v.won'), lost: t('an.v.lost'), unknown: t('an.v.unknown') })[v] || v;

/**
 * stripShape reads a strip of verdicts (won … won, unknown …, lost …
 * lost): a, the last position winnable from the start (-1 if the deal is
 * not known winnable), and b, the first position lost (-1 if none).
 */
export function stripShape(v) {
  let a = -1;
  while (a + 1 < v.length && v[a + 1] === 'won') a++;
  return { a, b: v.indexOf('lost') };
}

/**
 * sentence says, in plain words, what the strip of game x shows: won
 * tells that the game was won; before is the view before the losing move
 * (x.first_lost), to say that move and the winning line's first in words.
 * A strip that turns lost at position b always has a sentence naming
 * move b: as the move that lost the game when the position before it was
 * winnable, or as the end of the moves among which the game was lost
 * when the solver left the positions between undecided.
 */
export function sentence(game, x, won, before) {
  const v = x.verdicts || [];
  if (x.first_lost !== null && x.first_lost !== undefined) {
    const k = x.first_lost;
    const instead = x.line && x.line.length ? t('an.lost.instead', { move: game.lineText(x.line[0], before, 1) }) : '';
    return t('an.lost.at', { k: num(k), move: game.lineText(x.moves[k - 1], before, 1) }) + instead;
  }
  if (won) return t('an.allwon');
  const { a, b } = stripShape(v);
  if (v.length && a === v.length - 1) return t('an.stillwon');
  if (b === 0) return t('an.never');
  if (b > 0 && a === 0) return t('an.lost.gap0', { b: num(b) });
  if (b > 0 && a > 0) return t('an.lost.gap', { a: num(a), b: num(b), c: num(a + 1) });
  if (b > 0) return t('an.lost.unknown', { b: num(b) });
  if (a === 0) return t('an.won.unknown0');
  if (a > 0) return t('an.won.unknown', { a: num(a) });
  return t('an.allunknown');
}

/**
 * lineSteps groups a winning line into steps a person reads: views[j] is
 * the view before line[j]. Cards put on their foundations one after the
 * other make one step, and so do repeats of a move the game names in
 * repeats (a draw); every other move is a step of its own. Each step is
 * {from, to, text}: line[from:to] in words.
 */
export function lineSteps(game, line, views) {
  const out = [];
  const home = (j) => (game.homeCard ? game.homeCard(line[j], views[j]) : '');
  for (let j = 0; j < line.length;) {
    let e = j + 1;
    const cards = [home(j)];
    if (cards[0]) {
      for (let c; e < line.length && (c = home(e)); e++) cards.push(c);
      if (cards.length > 1) {
        out.push({ from: j, to: e, text: t('an.do.homes', { cards: cards.map(cardShort).join(', ') }) });
        j = e;
        continue;
      }
    }
    if ((game.repeats || []).includes(line[j])) while (e < line.length && line[e] === line[j]) e++;
    out.push({ from: j, to: e, text: game.lineText(line[j], views[j], e - j) });
    j = e;
  }
  return out;
}

const key = `<span class="an-key v-won">${esc(t('an.v.won'))}</span> <span class="an-key v-lost">${esc(t('an.v.lost'))}</span> <span class="an-key v-unknown">${esc(t('an.v.unknown'))}</span>`;

/**
 * mountAnalysis fills root with the analysis of race rp (a replay of the
 * API), asking GET /api/analysis again while some racer's is pending.
 * seek(player, k) moves the replay to the position after player's k-th
 * move, when the reader picks that position on the strip.
 */
export async function mountAnalysis(root, rp, game, seek) {
  root.innerHTML = `<h2>${esc(t('an.title'))}</h2><p class="muted small" id="an-msg">${esc(t('an.loading'))}</p>`;
  let r;
  for (let tries = 0; ; tries++) {
    r = await api(`/api/analysis/${encodeURIComponent(rp.race)}`);
    if (!r.ok) {
      if (r.data.code === 'analysis_unavailable') root.hidden = true;
      else root.querySelector('#an-msg').textContent = errorText(r.data);
      return;
    }
    if (!r.data.racers.some((x) => x.status === 'pending') || tries >= 20) break;
    root.querySelector('#an-msg').textContent = t('an.pending');
    await new Promise((ok) => setTimeout(ok, 1500));
  }
  const standings = new Map(((rp.result && rp.result.standings) || []).map((s) => [s.player, s]));
  root.innerHTML = `<h2>${esc(t('an.title'))}</h2>
    <p class="muted small">${esc(t('an.key'))} ${key} ${esc(t('an.key.judged'))}</p>
    ${r.data.racers.map((x, i) => racerHTML(game, x, i)).join('')}`;
  r.data.racers.forEach((x, i) => {
    const s = standings.get(x.player);
    if (x.status === 'done') wire(root.querySelector(`[data-an="${i}"]`), rp, game, x, s && s.status === 'won', 'analysis.honest', seek ? (k) => seek(x.player, k) : null);
  });
}

/**
 * mountGameAnalysis fills root with the analysis x of one game (a
 * practice game: GET /api/practice/analysis's answer, done), played on
 * deal {profile, seed}: the same strip, sentence and winning line as a
 * race's, its positions shown on the analysis's board.
 */
export function mountGameAnalysis(root, x, deal, game, won) {
  root.innerHTML = `<h2>${esc(t('an.title'))}</h2>
    <p class="muted small">${esc(t('an.key'))} ${key} ${esc(t('an.key.judged'))}</p>
    ${racerHTML(game, x, 0)}`;
  wire(root.querySelector('[data-an="0"]'), deal, game, x, won, 'analysis.honest.you', null);
}

/** racerHTML is one racer's strip, sentence, board and line controls. */
function racerHTML(game, x, i) {
  if (x.status !== 'done') {
    return `<div class="an-racer" data-an="${i}"><h3>${esc(x.name)}</h3><p class="muted small">${esc(t('an.notyet'))}</p></div>`;
  }
  const cells = x.verdicts.map((v, k) => {
    const losing = k === x.first_lost;
    const what = k === 0 ? t('an.cell.deal', { verdict: verdictWord(v) }) : t('an.cell.move', { k: num(k), verdict: verdictWord(v) });
    return `<li role="none"><button type="button" tabindex="-1" class="v-${esc(v)}${losing ? ' an-losing' : ''}" data-k="${k}" data-verdict="${esc(v)}"` +
      ` title="${esc(what)}" aria-label="${esc(what)}${losing ? esc(t('an.losing')) : ''}"></button></li>`;
  }).join('');
  const line = x.line ? `<div class="an-line">
      <p class="small">${esc(t('an.line', { k: num(x.first_lost), n: x.line.length, count: num(x.line.length) }))}</p>
      <div class="controls" role="toolbar" aria-label="${esc(t('an.line.of', { name: x.name }))}">
        <button type="button" data-act="back">${esc(t('an.prev'))}</button>
        <button type="button" data-act="next" class="primary">${esc(t('an.next'))}</button>
      </div></div>` : '';
  const steps = x.line ? `<ol class="an-steps" aria-label="${esc(t('an.steps', { name: x.name }))}"><li class="muted small">${esc(t('an.loading'))}</li></ol>` : '';
  return `<div class="an-racer" data-an="${i}"><h3>${esc(x.name)}</h3>
    <ol class="an-timeline" role="toolbar" aria-label="${esc(t('an.timeline', { name: x.name }))}">${cells}</ol>
    <p class="muted small an-help">${esc(t('an.strip.help'))}</p>
    <p class="an-sentence">${esc(t('an.loading'))}</p>
    <p class="an-honest muted small"></p>${line}
    <p class="an-pos small" aria-live="polite"></p>
    <div class="an-view${x.line ? ' with-steps' : ''}"><div class="an-board"></div>${steps}</div></div>`;
}

/**
 * wire brings one racer's analysis el to life: deal is {profile, seed},
 * won whether the game was won, honest the key of the line about hidden
 * cards, seek (or null) moves the page's replay to a position of the
 * game.
 */
function wire(el, deal, game, x, won, honest, seek) {
  el.querySelector('.an-honest').textContent = t(game.faceUp ? honest + '.open' : honest);
  const lineFrom = x.line ? x.moves.slice(0, x.first_lost - 1) : [];
  // Positions: ['g', k] is the game's after k moves, ['l', j] the line's
  // after j of its moves. Each is asked of the practice API once: the
  // line's all together (askLine), a square of the strip alone.
  const cache = new Map();
  const ask = (moves, more) => practice({ rules: deal.profile, seed: deal.seed, moves, undo: false, hints: false, ...more });
  const position = (kind, n) => {
    const id = kind + n;
    if (!cache.has(id)) cache.set(id, ask(kind === 'g' ? x.moves.slice(0, n) : lineFrom.concat(x.line.slice(0, n))));
    return cache.get(id);
  };
  // askLine asks for the line's positions in one request (viewsMax
  // positions to a request): the views after lineFrom and each prefix of
  // the line. A position whose request failed is asked alone when shown.
  const askLine = () => {
    for (let a = 0; a <= x.line.length; a += viewsMax) {
      const b = Math.min(x.line.length, a + viewsMax - 1);
      const moves = lineFrom.concat(x.line.slice(0, b));
      const got = ask(moves, { viewsFrom: lineFrom.length + a });
      for (let j = a; j <= b; j++) {
        // The line's first position is the game's before the losing move.
        const ids = j ? ['l' + j] : ['l0', 'g' + lineFrom.length];
        const k = lineFrom.length + j;
        const at = got.then((r) => {
          if (r && r.views) return { rules: r.rules, view: r.views[j - a], last: k ? r.line[k - 1] : '' };
          ids.forEach((id) => cache.delete(id));
          return null;
        });
        ids.forEach((id) => cache.set(id, at));
      }
    }
  };
  if (x.line) askLine();
  const board = new game.Board(el.querySelector('.an-board'), { keys: false, label: t('an.board', { name: x.name }) });
  const cells = [...el.querySelectorAll('.an-timeline button')];
  const pos = el.querySelector('.an-pos');
  let shown = x.line ? ['l', 0] : ['g', Math.max(0, x.verdicts.length - 1)];
  let asked = 0;

  const show = async () => {
    const mine = ++asked;
    const [kind, n] = shown;
    const [now, before] = await Promise.all([position(kind, n), n > 0 ? position(kind, n - 1) : null]);
    if (mine !== asked || !now) return;
    board.update(now.view, { rules: now.rules, last: now.last, interactive: false });
    const count = game.standingText(game.progress(now.view));
    if (kind === 'g') {
      const verdict = verdictWord(x.verdicts[n]);
      pos.textContent = n === 0 ? t('an.at.deal', { verdict, count })
        : t('an.at.move', { k: num(n), verdict, move: game.lineText(x.moves[n - 1], before && before.view, 1), count });
    } else {
      pos.textContent = n === 0 ? t('an.at.before', { k: num(x.first_lost), count })
        : t('an.at.line', { step: num(n), n: num(x.line.length), move: game.lineText(x.line[n - 1], before && before.view, 1), count }) + (now.view.won ? t('an.won') : '');
    }
    cells.forEach((c, k) => {
      const at = kind === 'g' && k === n;
      c.classList.toggle('an-at', at);
      if (at) c.setAttribute('aria-current', 'true'); else c.removeAttribute('aria-current');
    });
    el.querySelectorAll('.an-steps [data-from]').forEach((b) => {
      const at = kind === 'l' && +b.dataset.from < n && n <= +b.dataset.to;
      b.classList.toggle('an-at', at);
      b.classList.toggle('an-done', kind === 'l' && +b.dataset.to <= n);
      if (at) {
        b.setAttribute('aria-current', 'step');
        stepStop(b);
        const list = b.closest('.an-steps');
        const top = b.offsetTop - list.offsetTop;
        if (top < list.scrollTop || top + b.offsetHeight > list.scrollTop + list.clientHeight) list.scrollTop = top - list.clientHeight / 3;
      } else b.removeAttribute('aria-current');
    });
    el.dataset.shown = `${kind === 'g' ? 'game' : 'line'}:${n}`;
  };

  /** stepStop makes step button b the line's one tab stop. */
  const stepStop = (b) => {
    el.querySelectorAll('.an-steps button[tabindex="0"]').forEach((o) => { o.tabIndex = -1; });
    b.tabIndex = 0;
  };

  // The strip: one tab stop (the square shown last), arrows walk it.
  let focusK = x.line ? x.first_lost : cells.length - 1;
  const choose = (k, focus) => {
    k = Math.max(0, Math.min(cells.length - 1, k));
    cells[focusK].tabIndex = -1;
    focusK = k;
    cells[k].tabIndex = 0;
    if (focus) cells[k].focus();
    shown = ['g', k];
    show();
    if (seek) seek(k);
  };
  if (cells[focusK]) cells[focusK].tabIndex = 0;
  cells.forEach((c, k) => { c.onclick = () => choose(k, false); });
  el.querySelector('.an-timeline').addEventListener('keydown', (e) => {
    const to = { ArrowRight: focusK + 1, ArrowDown: focusK + 1, ArrowLeft: focusK - 1, ArrowUp: focusK - 1, Home: 0, End: cells.length - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    e.stopPropagation(); // the replay page's own arrows stay off
    choose(to, true);
  });

  if (x.line) {
    const step = (d) => {
      const j = shown[0] === 'l' ? shown[1] + d : d > 0 ? 1 : 0;
      shown = ['l', Math.max(0, Math.min(x.line.length, j))];
      show();
    };
    el.querySelector('[data-act="next"]').onclick = () => step(1);
    el.querySelector('[data-act="back"]').onclick = () => step(-1);
  }
  // The line's words need the view before each of its moves.
  const words = x.line ? (async () => {
    const got = (await Promise.all(x.line.map((_, j) => position('l', j)))).map((r) => r && r.view);
    const steps = lineSteps(game, x.line, got);
    const list = el.querySelector('.an-steps');
    list.innerHTML = steps.map((s, i) => `<li><button type="button" tabindex="${i ? -1 : 0}" data-from="${s.from}" data-to="${s.to}">${esc(s.text)}</button></li>`).join('');
    const buttons = [...list.querySelectorAll('button')];
    buttons.forEach((b) => { b.onclick = () => { stepStop(b); shown = ['l', +b.dataset.to]; show(); }; });
    // One tab stop in the list too: the arrows walk its steps.
    list.addEventListener('keydown', (e) => {
      const i = buttons.indexOf(document.activeElement);
      const to = { ArrowDown: i + 1, ArrowRight: i + 1, ArrowUp: i - 1, ArrowLeft: i - 1, Home: 0, End: buttons.length - 1 }[e.key];
      if (i < 0 || to === undefined) return;
      e.preventDefault();
      e.stopPropagation();
      const b = buttons[Math.max(0, Math.min(buttons.length - 1, to))];
      b.focus();
      b.click();
    });
    show();
  })() : null;
  // The sentence names the losing move: its words need the view before it.
  const said = (async () => {
    const k = x.first_lost;
    const before = k ? await position('g', k - 1) : null;
    el.querySelector('.an-sentence').textContent = sentence(game, x, won, before && before.view);
  })();
  Promise.all([said, words]).then(() => { el.dataset.ready = 'true'; });
  show();
}
