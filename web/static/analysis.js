// The replay's analysis: for each racer, a timeline of the positions of
// their game coloured by the solver's verdict (won, lost, unknown; judged
// with every card known), the move that threw a won game away, a plain
// sentence about it, and the winning line from the position before it,
// to step through on a board rebuilt by the practice API.
import { api, esc } from './util.js';

const verdictWords = { won: 'winnable', lost: 'lost', unknown: 'undecided' };
const honest = 'The analysis saw every face-down card; you did not.';

/** act names move m for people: "drawing", "dealing", or the move itself. */
function act(game, m) {
  if (m === 'D') return game.name === 'spider' ? 'dealing' : 'drawing';
  if (m === 'R') return 'turning the waste over';
  return m;
}

/** sentence says, in plain words, what the analysis of one game found. */
export function sentence(game, a, won) {
  const v = a.verdicts || [];
  if (a.first_lost !== null && a.first_lost !== undefined) {
    const k = a.first_lost;
    const instead = a.line && a.line.length ? `; ${act(game, a.line[0])} instead wins` : '';
    return `The deal was winnable until move ${k}: ${act(game, a.moves[k - 1])} here lost it${instead}. ${honest}`;
  }
  if (won) return 'Every position was winnable, and this game won it.';
  if (v.length && v.every((x) => x === 'won')) return `The deal was still winnable after the last move. ${honest}`;
  if (v.length && v[0] === 'lost') return 'No sequence of moves could win this deal, even knowing every card.';
  return 'The solver could not decide every position within its budget, so it does not name a losing move.';
}

/**
 * mountAnalysis fills root with the analysis of race rp (a replay of the
 * API), asking GET /api/analysis again while some racer's is pending.
 */
export async function mountAnalysis(root, rp, game) {
  root.innerHTML = '<h2>Analysis</h2><p class="muted small" id="an-msg">Loading the analysis…</p>';
  let r;
  for (let tries = 0; ; tries++) {
    r = await api(`/api/analysis/${encodeURIComponent(rp.race)}`);
    if (!r.ok) {
      if (r.data.code === 'analysis_unavailable') root.hidden = true;
      else root.querySelector('#an-msg').textContent = r.data.message;
      return;
    }
    if (!r.data.racers.some((x) => x.status === 'pending') || tries >= 20) break;
    root.querySelector('#an-msg').textContent = 'The solver is still analysing these games…';
    await new Promise((ok) => setTimeout(ok, 1500));
  }
  const standings = new Map(((rp.result && rp.result.standings) || []).map((s) => [s.player, s]));
  root.innerHTML = `<h2>Analysis</h2>
    <p class="muted small">Each square is a position: before the first move, then after each move. <span class="an-key v-won">winnable</span> <span class="an-key v-lost">lost</span> <span class="an-key v-unknown">undecided</span> (judged by the solver with every card known).</p>
    ${r.data.racers.map((x, i) => racerHTML(game, x, i, standings.get(x.player))).join('')}`;
  r.data.racers.forEach((x, i) => {
    if (x.status === 'done' && x.line) wireLine(root.querySelector(`[data-an="${i}"]`), rp, game, x);
  });
}

/** racerHTML is one racer's timeline, sentence and line controls. */
function racerHTML(game, x, i, standing) {
  if (x.status !== 'done') {
    return `<div class="an-racer" data-an="${i}"><h3>${esc(x.name)}</h3><p class="muted small">Not analysed yet.</p></div>`;
  }
  const cells = x.verdicts.map((v, k) => {
    const losing = k === x.first_lost;
    const what = k === 0 ? 'Deal' : `Move ${k}, ${x.moves[k - 1]}`;
    return `<li class="v-${esc(v)}${losing ? ' an-losing' : ''}" data-verdict="${esc(v)}" title="${esc(what)}: ${verdictWords[v] || v}"` +
      ` aria-label="${esc(what)}: ${verdictWords[v] || v}${losing ? ', the losing move' : ''}"></li>`;
  }).join('');
  const won = standing && standing.status === 'won';
  const line = x.line ? `<div class="an-line">
      <p class="small">The winning line from before move ${x.first_lost} (${x.line.length} moves): <span class="an-moves">${x.line.map((m, j) => `<span data-step="${j + 1}">${esc(m)}</span>`).join(' ')}</span></p>
      <div class="controls" role="toolbar" aria-label="Winning line of ${esc(x.name)}">
        <button type="button" data-act="back">Previous move</button>
        <button type="button" data-act="next" class="primary">Next move of the winning line</button>
        <span class="an-pos muted" aria-live="polite"></span>
      </div>
      <div class="an-board"></div>
    </div>` : '';
  return `<div class="an-racer" data-an="${i}"><h3>${esc(x.name)}</h3>
    <ol class="an-timeline" aria-label="Verdict of each position of ${esc(x.name)}'s game">${cells}</ol>
    <p class="an-sentence">${esc(sentence(game, x, won))}</p>${line}</div>`;
}

/** wireLine lets the reader step through x's winning line on a board. */
function wireLine(el, rp, game, x) {
  const before = x.moves.slice(0, x.first_lost - 1);
  const board = new game.Board(el.querySelector('.an-board'), { keys: false, label: `Winning line of ${x.name}` });
  let step = 0;
  const show = async () => {
    const want = step;
    const moves = before.concat(x.line.slice(0, want));
    const res = await api('/api/practice', { rules: rp.profile, seed: rp.seed, moves, undo: false, hints: false });
    if (!res.ok || want !== step) return;
    board.update(res.data.view, { rules: res.data.rules, last: res.data.last, interactive: false });
    const v = res.data.view;
    el.querySelector('.an-pos').textContent = want === 0
      ? `Before move ${x.first_lost}: ${game.standingText(game.progress(v))}`
      : `Line move ${want} of ${x.line.length}, ${x.line[want - 1]}: ${game.standingText(game.progress(v))}${v.won ? ', won' : ''}`;
    el.querySelectorAll('[data-step]').forEach((s) => s.classList.toggle('an-done', +s.dataset.step <= want));
    el.dataset.shown = String(want);
  };
  el.querySelector('[data-act="next"]').onclick = () => { step = Math.min(x.line.length, step + 1); show(); };
  el.querySelector('[data-act="back"]').onclick = () => { step = Math.max(0, step - 1); show(); };
  show();
}
