// The race hub's WebSocket protocol (hub/wire): one connection per
// page, hello with the kept token (or a name), reconnect with backoff.
import { t } from './i18n.js';
import { helloTicket } from './account.js';

const TOKEN = 'racer.token';
const NAME = 'racer.name';

export function savedName() {
  let n = localStorage.getItem(NAME);
  if (!n) {
    n = t('net.guest') + String(Math.floor(1000 + Math.random() * 9000));

    localStorage.setItem(NAME, n);
  }
  return n;
}

export function saveName(n) {
  localStorage.setItem(NAME, n);
}

/**
 * Hub is the connection. on(type, fn) registers a handler for a message
 * type ('*' for all); 'open' and 'close' report the connection's state.
 */
export class Hub {
  constructor() {
    this.handlers = new Map();
    this.ws = null;
    this.me = null; // welcome: {player, name, token, account, casual_only, profiles}
    this.tries = 0;
    this.closed = false;
    this.queue = [];
  }

  on(type, fn) {
    if (!this.handlers.has(type)) this.handlers.set(type, new Set());
    this.handlers.get(type).add(fn);
    return () => this.handlers.get(type).delete(fn);
  }

  emit(type, msg) {
    // One handler's fault (a page's handler left behind after the page
    // changed, say) must not keep the message from the others.
    const call = (fn) => { try { fn(msg); } catch (err) { console.error(`handler of ${type}:`, err); } };
    for (const fn of this.handlers.get(type) || []) call(fn);
    for (const fn of this.handlers.get('*') || []) call(fn);
  }

  connect() {
    const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
    const ws = new WebSocket(url);
    this.ws = ws;
    this.ready = false;
    ws.onopen = async () => {
      // Signed in: a fresh ticket, good once (GET /api/account/ticket).
      const ticket = await helloTicket();
      if (ws.readyState !== WebSocket.OPEN) return;
      if (ticket) return ws.send(JSON.stringify({ type: 'hello', ticket }));
      const token = localStorage.getItem(TOKEN);
      ws.send(JSON.stringify(token ? { type: 'hello', token, name: savedName() } : { type: 'hello', name: savedName() }));
    };
    ws.onmessage = (e) => {
      let msg;
      try { msg = JSON.parse(e.data); } catch { return; }
      if (msg.type === 'welcome') {
        this.me = msg;
        this.tries = 0;
        this.ready = true;
        if (msg.token) localStorage.setItem(TOKEN, msg.token); // a guest's; an account has none
        localStorage.setItem('racer.player', msg.player);
        if (msg.name) saveName(msg.name);
        this.emit('open', msg);
        const q = this.queue;
        this.queue = [];
        q.forEach((m) => this.send(m));
      } else if (msg.type === 'casual_only' && this.me) {
        // A moderator has just marked the account: casual races only.
        this.me.casual_only = true;
      } else if (msg.type === 'error' && !this.ready && (msg.code === 'bad_ticket' || msg.code === 'accounts_unavailable')) {
        // The session ended meanwhile: play as a guest.
        ws.send(JSON.stringify({ type: 'hello', name: savedName() }));
      } else if (msg.type === 'error' && !this.ready && (msg.code === 'bad_token' || msg.code === 'bad_name' || msg.code === 'account_player')) {
        // A token from another server, or a name it refuses: start afresh
        // as a guest, and tell the page.
        localStorage.removeItem(TOKEN);
        if (msg.code === 'bad_name') localStorage.removeItem(NAME);
        ws.send(JSON.stringify({ type: 'hello', name: savedName() }));
      }
      this.emit(msg.type, msg);
    };
    ws.onclose = (e) => {
      this.ready = false;
      this.emit('close', { code: e.code, reason: e.reason });
      if (this.closed || e.code === 4001) return; // another tab took over
      const delay = Math.min(8000, 250 * 2 ** this.tries++) * (0.75 + Math.random() / 2);
      setTimeout(() => { if (!this.closed) this.connect(); }, delay);
    };
  }

  /** send sends msg now, or after the next welcome when not connected. */
  send(msg) {
    if (this.ws && this.ready && this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(msg));
    else this.queue.push(msg);
  }

  /** rename says hello again, with the kept token and a new name. */
  rename(name) {
    saveName(name);
    if (this.ws) this.ws.close(1000, 'rename');
  }

  close() {
    this.closed = true;
    if (this.ws) this.ws.close(1000, 'bye');
  }
}

/** commitmentOf computes the deal commitment of match/fair with SubtleCrypto. */
export async function commitmentOf(profile, seed, nonce) {
  const text = `solitaire-race commitment v1\nprofile=${profile}\nseed=${seed}\nnonce=${nonce}\n`;
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** clock maps server times to local ones: offset = server − local. */
export class Clock {
  constructor() { this.offset = 0; }
  sync(serverTime) {
    const t = Date.parse(serverTime);
    if (!Number.isNaN(t)) this.offset = t - Date.now();
  }
  now() { return Date.now() + this.offset; }
}

export function fmtClock(ms) {
  const neg = ms < 0;
  const s = Math.floor(Math.abs(ms) / 1000);
  const m = Math.floor(s / 60);
  return `${neg ? '−' : ''}${m}:${String(s % 60).padStart(2, '0')}`;
}
