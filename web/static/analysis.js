// The replay's analysis: for each racer, a timeline of the positions of
// their game coloured by the solver's verdict (won, lost, unknown; judged
// with every card known), the move that threw a won game away, a plain
// sentence about it, and the winning line from the position before it,
// to step through on a board rebuilt by the practice API.
import { api, esc, errorText } from './util.js';
import { t, num } from './i18n.js';

const verdictWord = (v) => ({ won: t('an.v.won'), lost: t('an.v.lost'), unknown: t('an.v.unknown') })[v] || v;

/** act names move m for people: the game's word for it ("drawing", "dealing"), or the move itself. */
function act(game, m) {
  const k = (game.actWords || {})[m];
  return k ? t(k) : m;
}

/** sentence says, in plain words, what the analysis of one game found. */
export function sentence(game, a, won) {
  const v = a.verdicts || [];
  if (a.first_lost !== null && a.first_lost !== undefined) {
    const k = a.first_lost;
    const instead = a.line && a.line.length ? t('analysis.instead', { move: act(game, a.line[0]) }) : '';
    return t('analysis.lostat', { k: num(k), move: act(game, a.moves[k - 1]), instead });
  }
  if (won) return t('an.allwon');
  if (v.length && v.every((x) => x === 'won')) return t('an.stillwon');
  if (v.length && v[0] === 'lost') return t('an.never');
  return t('an.undecided');
}

/**
 * mountAnalysis fills root with the analysis of race rp (a replay of the
 * API), asking GET /api/analysis again while some racer's is pending.
 */
export async function mountAnalysis(root, rp, game) {
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
    <p class="muted small">${esc(t('an.key'))} <span class="an-key v-won">${esc(t('an.v.won'))}</span> <span class="an-key v-lost">${esc(t('an.v.lost'))}</span> <span class="an-key v-unknown">${esc(t('an.v.unknown'))}</span> ${esc(t('an.key.judged'))}</p>
    ${r.data.racers.map((x, i) => racerHTML(game, x, i, standings.get(x.player))).join('')}`;
  r.data.racers.forEach((x, i) => {
    if (x.status === 'done' && x.line) wireLine(root.querySelector(`[data-an="${i}"]`), rp, game, x);
  });
}

/**
 * mountGameAnalysis fills root with the analysis x of one game (a
 * practice game: GET /api/practice/analysis's answer, done), played on
 * deal {profile, seed}: the same timeline, sentence and winning line as
 * a race's.
 */
export function mountGameAnalysis(root, x, deal, game, won) {
  root.innerHTML = `<h2>${esc(t('an.title'))}</h2>
    <p class="muted small">${esc(t('an.key'))} <span class="an-key v-won">${esc(t('an.v.won'))}</span> <span class="an-key v-lost">${esc(t('an.v.lost'))}</span> <span class="an-key v-unknown">${esc(t('an.v.unknown'))}</span> ${esc(t('an.key.judged'))}</p>
    ${racerHTML(game, x, 0, won ? { status: 'won' } : null, 'analysis.honest.you')}`;
  if (x.line) wireLine(root.querySelector('[data-an="0"]'), deal, game, x);
}

/**
 * racerHTML is one racer's timeline, sentence and line controls; honest
 * is the key of the line about hidden cards (the player's, or yours),
 * and of its '.open' words in a game that hides none.
 */
function racerHTML(game, x, i, standing, honest = 'analysis.honest') {
  if (x.status !== 'done') {
    return `<div class="an-racer" data-an="${i}"><h3>${esc(x.name)}</h3><p class="muted small">${esc(t('an.notyet'))}</p></div>`;
  }
  const cells = x.verdicts.map((v, k) => {
    const losing = k === x.first_lost;
    const what = k === 0 ? t('an.deal') : t('an.move', { k: num(k), move: x.moves[k - 1] });
    return `<li class="v-${esc(v)}${losing ? ' an-losing' : ''}" data-verdict="${esc(v)}" title="${esc(what)}: ${esc(verdictWord(v))}"` +
      ` aria-label="${esc(what)}: ${esc(verdictWord(v))}${losing ? esc(t('an.losing')) : ''}"></li>`;
  }).join('');
  const won = standing && standing.status === 'won';
  const line = x.line ? `<div class="an-line">
      <p class="small">${esc(t('an.line', { k: num(x.first_lost), n: x.line.length, count: num(x.line.length) }))} <span class="an-moves">${x.line.map((m, j) => `<span data-step="${j + 1}">${esc(m)}</span>`).join(' ')}</span></p>
      <div class="controls" role="toolbar" aria-label="${esc(t('an.line.of', { name: x.name }))}">
        <button type="button" data-act="back">${esc(t('an.prev'))}</button>
        <button type="button" data-act="next" class="primary">${esc(t('an.next'))}</button>
        <span class="an-pos muted" aria-live="polite"></span>
      </div>
      <div class="an-board"></div>
    </div>` : '';
  return `<div class="an-racer" data-an="${i}"><h3>${esc(x.name)}</h3>
    <ol class="an-timeline" aria-label="${esc(t('an.timeline', { name: x.name }))}">${cells}</ol>
    <p class="an-sentence">${esc(sentence(game, x, won))}</p>
    <p class="an-honest muted small">${esc(t(game.faceUp ? honest + '.open' : honest))}</p>${line}</div>`;
}

/** wireLine lets the reader step through x's winning line on a board. */
function wireLine(el, rp, game, x) {
  const before = x.moves.slice(0, x.first_lost - 1);
  const board = new game.Board(el.querySelector('.an-board'), { keys: false, label: t('an.line.of', { name: x.name }) });
  let step = 0;
  const show = async () => {
    const want = step;
    const moves = before.concat(x.line.slice(0, want));
    const res = await api('/api/practice', { rules: rp.profile, seed: rp.seed, moves, undo: false, hints: false });
    if (!res.ok || want !== step) return;
    board.update(res.data.view, { rules: res.data.rules, last: res.data.last, interactive: false });
    const v = res.data.view;
    el.querySelector('.an-pos').textContent = want === 0
      ? t('an.before', { k: num(x.first_lost), count: game.standingText(game.progress(v)) })
      : t('an.linepos', { step: num(want), n: num(x.line.length), move: x.line[want - 1], count: game.standingText(game.progress(v)) }) + (v.won ? t('an.won') : '');

    el.querySelectorAll('[data-step]').forEach((s) => s.classList.toggle('an-done', +s.dataset.step <= want));
    el.dataset.shown = String(want);
  };
  el.querySelector('[data-act="next"]').onclick = () => { step = Math.min(x.line.length, step + 1); show(); };
  el.querySelector('[data-act="back"]').onclick = () => { step = Math.max(0, step - 1); show(); };
  show();
}
