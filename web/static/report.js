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
  open.onclick = () => { form.hidden = false; open.hidden = true; box.querySelector('#rep-reason').focus(); };
  form.onsubmit = async (e) => {
    e.preventDefault();
    const send = box.querySelector('#rep-send');
    send.disabled = true;
    const r = await modCall('POST', `/api/races/${encodeURIComponent(race)}/report`, { reason: box.querySelector('#rep-reason').value });
    send.disabled = false;
    const msg = box.querySelector('#rep-msg');
    if (r.ok || (r.data && r.data.code === 'already_reported')) {
      form.hidden = true;
      msg.textContent = r.ok ? t('report.sent') : t('code.already_reported');
      return;
    }
    msg.textContent = errorText(r.data);
  };
}
