// Reporting a race: a control on the result view for signed-in players
// (POST /api/races/{id}/report with a reason; web/modapi). Guests are
// not offered it: reports are for accounts.
import { t } from './i18n.js';
import { esc, errorText } from './util.js';
import { accountState } from './account.js';
import { modCall, styles } from './review.js';

/** The reasons a report may give (match/archive ReportReasons). */
const REASONS = ['too_fast', 'engine', 'second_seat', 'other'];

/**
 * shown keeps, by race, how far the player went — 'open' (the form
 * shown, with its reason) or 'sent' — so that a control drawn again (the
 * result view is redrawn when the ratings come) picks up where it was.
 */
const shown = new Map();

/**
 * reportControl adds to el a "Report this race" button that opens a
 * small form with a reason, once the account state says a player is
 * signed in.
 */
export async function reportControl(el, race) {
  if (!el || !race) return;
  const s = await accountState();
  if (!s.available || !s.signed_in || !el.isConnected) return;
  styles();
  const box = document.createElement('div');
  box.className = 'report';
  box.innerHTML = `<button type="button" id="rep-open">${esc(t('report.open'))}</button>
    <form id="rep-form" class="row" hidden>
      <label>${esc(t('report.reason'))} <select id="rep-reason">${REASONS.map((r) => `<option value="${r}">${esc(t('report.reason.' + r))}</option>`).join('')}</select></label>
      <button type="submit" class="primary" id="rep-send">${esc(t('report.send'))}</button>
    </form>
    <p class="small muted" id="rep-msg" role="status"></p>`;
  el.after(box);
  const form = box.querySelector('#rep-form');
  const open = box.querySelector('#rep-open');
  const reason = box.querySelector('#rep-reason');
  const msg = box.querySelector('#rep-msg');
  const was = shown.get(race);
  if (was && was.sent) {
    open.hidden = true;
    msg.textContent = was.sent;
  } else if (was) {
    form.hidden = false;
    open.hidden = true;
    reason.value = was.reason;
  }
  open.onclick = () => {
    form.hidden = false;
    open.hidden = true;
    shown.set(race, { reason: reason.value });
    reason.focus();
  };
  reason.onchange = () => shown.set(race, { reason: reason.value });
  form.onsubmit = async (e) => {
    e.preventDefault();
    const send = box.querySelector('#rep-send');
    send.disabled = true;
    const r = await modCall('POST', `/api/races/${encodeURIComponent(race)}/report`, { reason: reason.value });
    send.disabled = false;
    if (r.ok || (r.data && r.data.code === 'already_reported')) {
      const text = r.ok ? t('report.sent') : t('code.already_reported');
      shown.set(race, { sent: text });
      form.hidden = true;
      // Drawn again meanwhile, this box is gone: say it in the new one.
      const live = box.isConnected ? msg : document.querySelector('#rep-msg');
      if (live) live.textContent = text;
      if (!box.isConnected) { const f = document.querySelector('#rep-form'); if (f) f.hidden = true; }
      return;
    }
    msg.textContent = errorText(r.data);
  };
}
