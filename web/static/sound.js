// Optional sounds: short tones made by WebAudio (no sound files), for a
// move, a card turned up, a win and a refused move. Off until the player
// turns them on with the header's toggle; the choice is kept in
// localStorage.
import { t } from './i18n.js';

const storeKey = 'sound';

// Each sound: tones of [frequency in Hz, start in s, length in s].
const TONES = {
  move: [[540, 0, 0.05]],
  turn: [[660, 0, 0.05], [880, 0.05, 0.07]],
  win: [[523, 0, 0.12], [659, 0.11, 0.12], [784, 0.22, 0.12], [1047, 0.33, 0.32]],
  error: [[196, 0, 0.09], [165, 0.08, 0.12]],
};

let audio = null;

/** soundOn reports whether the player turned the sounds on. */
export function soundOn() {
  try { return localStorage.getItem(storeKey) === 'on'; } catch { return false; }
}

function setSoundOn(on) {
  try { localStorage.setItem(storeKey, on ? 'on' : 'off'); } catch { /* storage off: this page only */ }
}

/** sound plays the tones of kind (move, turn, win, error) when sounds are on. */
export function sound(kind) {
  const tones = TONES[kind];
  if (!tones || !soundOn()) return;
  try {
    if (!audio) audio = new AudioContext();
    if (audio.state === 'suspended') audio.resume();
    const t0 = audio.currentTime + 0.01;
    for (const [freq, at, len] of tones) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.type = kind === 'error' ? 'square' : 'triangle';
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, t0 + at);
      gain.gain.exponentialRampToValueAtTime(kind === 'error' ? 0.05 : 0.12, t0 + at + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, t0 + at + len);
      osc.connect(gain).connect(audio.destination);
      osc.start(t0 + at);
      osc.stop(t0 + at + len + 0.02);
    }
  } catch { /* no audio here: sounds are optional */ }
}

/** soundToggle is the header's button that turns the sounds on and off. */
export function soundToggle() {
  const b = document.createElement('button');
  b.type = 'button';
  b.className = 'sound-toggle';
  b.title = t('sound.title');
  const show = () => {
    const on = soundOn();
    b.setAttribute('aria-pressed', String(on));
    b.innerHTML = `<svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">` +
      '<path d="M4 9h4l5-4v14l-5-4H4z" fill="currentColor"/>' +
      (on ? '<path d="M16 8.5a5 5 0 0 1 0 7M18.5 6a8.5 8.5 0 0 1 0 12" stroke="currentColor" stroke-width="2" fill="none" stroke-linecap="round"/>'
        : '<path d="M16.5 9.5l5 5m0-5-5 5" stroke="currentColor" stroke-width="2" stroke-linecap="round"/>') +
      `</svg><span>${t('sound.label')}</span>`;
  };
  b.addEventListener('click', () => {
    setSoundOn(!soundOn());
    show();
    sound('move'); // the click is the gesture that lets the page play audio
  });
  show();
  return b;
}
