// Accounts: the header's "Sign in" or username link, the sign-up,
// sign-in and account pages, and the ticket the WebSocket hello carries
// when the player is signed in (web/authapi, hub/wire/PROTOCOL.md).
import { t } from './i18n.js';
import { esc, errorText } from './util.js';

const TOKEN = 'racer.token';

/** csrf is the double-submit token: the racer_csrf cookie's value. */
function csrf() {
  const m = /(?:^|;\s*)racer_csrf=([^;]+)/.exec(document.cookie);
  return m ? m[1] : '';
}

/** call sends one request of the accounts' API with the CSRF header. */
async function call(method, path, body) {
  const init = { method, headers: { 'X-Racer-CSRF': csrf() }, credentials: 'same-origin' };
  if (body !== undefined) {
    init.headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  try {
    const res = await fetch(path, init);
    const data = res.status === 204 ? {} : await res.json().catch(() => ({}));
    return { ok: res.ok, status: res.status, data };
  } catch {
    return { ok: false, status: 0, data: { code: 'unavailable' } };
  }
}

let statePromise = null;
let known = null; // the last state read, for the words that cannot wait
/**
 * accountState tells whether the server has accounts and who is signed
 * in: {available, signed_in, player, username, password, passkeys}. It
 * also gets the CSRF cookie set.
 */
export function accountState(fresh = false) {
  if (!statePromise || fresh) {
    statePromise = call('GET', '/api/account').then((r) => {
      if (r.ok) return { available: true, ...r.data };
      return { available: r.data.code !== 'accounts_unavailable', signed_in: false, error: r.data };
    }).then((s) => { known = s; return s; });
  }
  return statePromise;
}

/** helloTicket returns a fresh ticket for the hello, or null for a guest. */
export async function helloTicket() {
  const s = await accountState();
  if (!s.signed_in) return null;
  const r = await call('GET', '/api/account/ticket');
  if (r.ok) return r.data.ticket;
  if (r.status === 401) accountState(true);
  return null;
}

/** headerLink puts the "Sign in" or username link in the header. */
export async function headerLink(header) {
  const a = document.createElement('a');
  a.className = 'account-link';
  a.href = '/signin';
  a.textContent = t('account.signin');
  a.hidden = true;
  const nav = header.querySelector('nav');
  if (nav) nav.after(a);
  else header.appendChild(a);
  const s = await accountState();
  if (!s.available) return;
  if (s.signed_in) {
    a.href = '/account';
    a.textContent = s.username;
    a.title = t('account.title');
  }
  if (location.pathname === a.getAttribute('href')) a.setAttribute('aria-current', 'page');
  a.hidden = false;
}

/** ratedNote words whether a race is rated, for the race page: a
 * guest is told that signing in makes races rated, and a player whose
 * account a moderator marked (casualOnly: welcome's casual_only) that
 * they play casual only, and in a daily challenge that their result
 * goes on no daily board. A casual race whose racers all are accounts
 * (an unrated arena, accounts that may not rate each other) is
 * otherwise only said to be casual: never why. */
export function ratedNote(info, casualOnly = false) {
  if (info.rated) return t('account.race.rated');
  if (casualOnly) return t(String(info.id || '').startsWith('daily-') ? 'fairplay.casual_only.daily' : 'fairplay.casual_only.race');
  if (known && !known.available) return t('code.accounts_unavailable');
  const racers = info.racers || [];
  if (racers.length > 1 && racers.every((r) => r.account)) return t('account.race.casual.all');
  const me = racers.find((r) => r.id === localStorage.getItem('racer.player'));
  return t(me && me.account ? 'account.race.casual.others' : 'account.race.casual');
}

/** mountAccountPage shows /signin, /signup or /account. */
export async function mountAccountPage(main, path) {
  const s = await accountState();
  if (!s.available) {
    main.innerHTML = `<section class="panel account"><h1>${esc(t('account.unavailable.title'))}</h1>
      <p>${esc(t('code.accounts_unavailable'))}</p><p><a href="/">${esc(t('common.home'))}</a></p></section>`;
    return;
  }
  if (path === '/account') return s.signed_in ? settings(main, s) : location.assign('/signin');
  if (s.signed_in) return location.assign('/account');
  return path === '/signup' ? signUp(main) : signIn(main);
}

const webauthnOK = () => !!(window.PublicKeyCredential && PublicKeyCredential.parseCreationOptionsFromJSON);

function page(main, title, body) {
  document.title = `${title} · ${t('app.title')}`;
  main.innerHTML = `<section class="panel account" aria-labelledby="acc-h"><h1 id="acc-h">${esc(title)}</h1>${body}
    <p id="acc-msg" class="msg" role="status"></p></section>`;
  const msg = main.querySelector('#acc-msg');
  return (text, kind = 'error') => { msg.textContent = text; msg.className = 'msg ' + kind; };
}

/** signedIn goes on after a sign-up or sign-in: the old guest token is
 * the account's now, and the next connection says hello with a ticket. */
function signedIn() {
  localStorage.removeItem(TOKEN);
  location.assign('/');
}

function signUp(main) {
  const say = page(main, t('account.signup.title'), `
    <p class="small muted">${esc(t('account.signup.text'))}</p>
    <form id="acc-form" class="stack">
      <label>${esc(t('account.username'))} <input type="text" id="acc-user" autocomplete="username" minlength="3" maxlength="20" required></label>
      <p class="small muted">${esc(t('account.username.rules'))}</p>
      <button type="button" class="primary" id="acc-passkey">${esc(t('account.signup.passkey'))}</button>
      <label>${esc(t('account.password'))} <input type="password" id="acc-pass" autocomplete="new-password" minlength="8" maxlength="128"></label>
      <button type="submit" id="acc-submit">${esc(t('account.signup.password'))}</button>
    </form>
    <p class="small">${esc(t('account.signup.have'))} <a href="/signin">${esc(t('account.signin'))}</a></p>`);
  const user = main.querySelector('#acc-user');
  const guest = localStorage.getItem(TOKEN) || '';
  main.querySelector('#acc-form').onsubmit = async (e) => {
    e.preventDefault();
    const r = await call('POST', '/api/account/signup', { username: user.value, password: main.querySelector('#acc-pass').value, guest_token: guest });
    if (r.ok) signedIn(); else say(errorText(r.data));
  };
  main.querySelector('#acc-passkey').onclick = async () => {
    if (!user.reportValidity()) return;
    if (!webauthnOK()) return say(t('account.passkey.unsupported'));
    const b = await call('POST', '/api/account/passkey/signup/begin', { username: user.value, guest_token: guest });
    if (!b.ok) return say(errorText(b.data));
    let cred;
    try {
      cred = await navigator.credentials.create({ publicKey: PublicKeyCredential.parseCreationOptionsFromJSON(b.data.options.publicKey) });
    } catch {
      return say(t('account.passkey.cancelled'));
    }
    const r = await call('POST', `/api/account/passkey/signup/finish?challenge=${encodeURIComponent(b.data.challenge)}`, cred.toJSON());
    if (r.ok) signedIn(); else say(errorText(r.data));
  };
}

async function passkeySignIn(say) {
  if (!webauthnOK()) return say(t('account.passkey.unsupported'));
  const b = await call('POST', '/api/account/passkey/signin/begin');
  if (!b.ok) return say(errorText(b.data));
  let cred;
  try {
    cred = await navigator.credentials.get({ publicKey: PublicKeyCredential.parseRequestOptionsFromJSON(b.data.options.publicKey) });
  } catch {
    return say(t('account.passkey.cancelled'));
  }
  const r = await call('POST', `/api/account/passkey/signin/finish?challenge=${encodeURIComponent(b.data.challenge)}`, cred.toJSON());
  if (r.ok) signedIn(); else say(errorText(r.data));
}

function signIn(main) {
  const say = page(main, t('account.signin.title'), `
    <button type="button" class="primary" id="acc-passkey">${esc(t('account.signin.passkey'))}</button>
    <form id="acc-form" class="stack">
      <label>${esc(t('account.username'))} <input type="text" id="acc-user" autocomplete="username" maxlength="20" required></label>
      <label>${esc(t('account.password'))} <input type="password" id="acc-pass" autocomplete="current-password" maxlength="128" required></label>
      <button type="submit" id="acc-submit">${esc(t('account.signin.password'))}</button>
    </form>
    <p class="small">${esc(t('account.signin.new'))} <a href="/signup">${esc(t('account.signup'))}</a></p>`);
  main.querySelector('#acc-passkey').onclick = () => passkeySignIn(say);
  main.querySelector('#acc-form').onsubmit = async (e) => {
    e.preventDefault();
    const r = await call('POST', '/api/account/signin', { username: main.querySelector('#acc-user').value, password: main.querySelector('#acc-pass').value });
    if (r.ok) signedIn(); else say(errorText(r.data));
  };
}

function settings(main, s) {
  const keys = (s.passkeys || []).map((k) => `<li>${esc(k.name)} <span class="muted small">${esc(new Date(k.created_at).toLocaleDateString())}</span>
    <button type="button" class="small" data-del="${esc(k.id)}">${esc(t('account.passkey.remove'))}</button></li>`).join('');
  const say = page(main, t('account.title'), `
    <p>${esc(t('account.signedin', { name: s.username }))} <a href="/player/${esc(s.player)}">${esc(t('account.profile'))}</a></p>
    <section aria-labelledby="acc-keys-h"><h2 id="acc-keys-h">${esc(t('account.passkeys'))}</h2>
      <ul class="list" id="acc-keys">${keys || `<li class="muted">${esc(t('account.passkeys.none'))}</li>`}</ul>
      <button type="button" id="acc-addkey">${esc(t('account.passkey.add'))}</button></section>
    <section aria-labelledby="acc-pw-h"><h2 id="acc-pw-h">${esc(t(s.password ? 'account.password.change' : 'account.password.set'))}</h2>
      <form id="acc-pw" class="stack">
        ${s.password ? `<label>${esc(t('account.password.old'))} <input type="password" id="acc-old" autocomplete="current-password" required></label>` : ''}
        <label>${esc(t('account.password.new'))} <input type="password" id="acc-new" autocomplete="new-password" minlength="8" maxlength="128" required></label>
        <button type="submit">${esc(t('account.password.save'))}</button></form></section>
    <section aria-labelledby="acc-out-h"><h2 id="acc-out-h">${esc(t('account.sessions'))}</h2>
      <div class="row"><button type="button" id="acc-signout">${esc(t('account.signout'))}</button>
      <button type="button" id="acc-everywhere">${esc(t('account.signout.everywhere'))}</button></div></section>
    <section aria-labelledby="acc-del-h"><h2 id="acc-del-h">${esc(t('account.delete'))}</h2>
      <p class="small muted">${esc(t('account.delete.text'))}</p>
      <form id="acc-del" class="row"><label>${esc(t('account.delete.confirm'))} <input type="text" id="acc-del-name" autocomplete="off" required></label>
        <button type="submit" class="danger">${esc(t('account.delete.go'))}</button></form></section>`);
  const $ = (id) => main.querySelector('#' + id);
  const reload = () => location.reload();
  $('acc-signout').onclick = async () => {
    const r = await call('POST', '/api/account/signout');
    if (r.ok) location.assign('/'); else say(errorText(r.data));
  };
  $('acc-everywhere').onclick = async () => {
    const r = await call('POST', '/api/account/signout-everywhere');
    if (r.ok) location.assign('/signin'); else say(errorText(r.data));
  };
  $('acc-pw').onsubmit = async (e) => {
    e.preventDefault();
    const r = await call('POST', '/api/account/password', { old: s.password ? $('acc-old').value : '', new: $('acc-new').value });
    if (r.ok) say(t('account.password.saved'), 'ok'); else say(errorText(r.data));
  };
  $('acc-del').onsubmit = async (e) => {
    e.preventDefault();
    const r = await call('DELETE', '/api/account', { username: $('acc-del-name').value });
    if (r.ok) location.assign('/'); else say(errorText(r.data));
  };
  for (const b of main.querySelectorAll('[data-del]')) {
    b.onclick = async () => {
      const r = await call('DELETE', `/api/account/passkey/${encodeURIComponent(b.dataset.del)}`);
      if (r.ok) reload(); else say(errorText(r.data));
    };
  }
  $('acc-addkey').onclick = async () => {
    if (!webauthnOK()) return say(t('account.passkey.unsupported'));
    const b = await call('POST', '/api/account/passkey/add/begin');
    if (!b.ok) return say(errorText(b.data));
    let cred;
    try {
      cred = await navigator.credentials.create({ publicKey: PublicKeyCredential.parseCreationOptionsFromJSON(b.data.options.publicKey) });
    } catch {
      return say(t('account.passkey.cancelled'));
    }
    const r = await call('POST', `/api/account/passkey/add/finish?challenge=${encodeURIComponent(b.data.challenge)}`, cred.toJSON());
    if (r.ok) reload(); else say(errorText(r.data));
  };
}
