// Sounds made in code with Web Audio: no files to ship or load.
// The context is created lazily on the first sound after a user gesture
// (browsers refuse to start audio before one), and muting is remembered.

import { getPref, setPref } from "./storage.js";

let ctx = null;
let muted = getPref("mute", "0") === "1";
const listeners = new Set();

function audio() {
  if (muted) return null;
  if (!ctx) {
    const AC = window.AudioContext || window.webkitAudioContext;
    if (!AC) return null;
    try {
      ctx = new AC();
    } catch (_) {
      return null;
    }
  }
  if (ctx.state === "suspended") ctx.resume().catch(() => {});
  return ctx;
}

/** One soft note: a sine (or triangle) with a short attack and an exponential fade. */
function note(ac, freq, start, length, { type = "sine", gain = 0.12 } = {}) {
  const osc = ac.createOscillator();
  const amp = ac.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(freq, start);
  amp.gain.setValueAtTime(0.0001, start);
  amp.gain.exponentialRampToValueAtTime(gain, start + 0.012);
  amp.gain.exponentialRampToValueAtTime(0.0001, start + length);
  osc.connect(amp).connect(ac.destination);
  osc.start(start);
  osc.stop(start + length + 0.02);
}

const SOUNDS = {
  // A wooden tap: a low triangle blip.
  move: (ac, t0) => note(ac, 220, t0, 0.12, { type: "triangle", gain: 0.18 }),
  // Two rising notes: it is your turn.
  turn: (ac, t0) => {
    note(ac, 523.25, t0, 0.18);
    note(ac, 783.99, t0 + 0.12, 0.25);
  },
  // A short high tick for each of a timer's last seconds.
  tick: (ac, t0) => note(ac, 1046.5, t0, 0.07, { type: "square", gain: 0.04 }),
  // A small cadence at the end of a game.
  end: (ac, t0) => {
    [392, 493.88, 587.33, 783.99].forEach((f, i) => note(ac, f, t0 + i * 0.13, 0.4, { gain: 0.1 }));
  },
};

export function play(name) {
  const fn = SOUNDS[name];
  if (!fn || muted) return;
  // Creating the audio context costs tens of milliseconds; do it after the current frame so a
  // sound never delays the table it belongs to.
  setTimeout(() => {
    const ac = audio();
    if (!ac) return;
    try {
      fn(ac, ac.currentTime + 0.01);
    } catch (_) { /* a lost sound is not worth an error */ }
  }, 0);
}

/** Make the audio context ahead of the first sound (it starts suspended until a gesture). */
export function warmAudio() {
  audio();
}

export function isMuted() {
  return muted;
}

export function setMuted(value) {
  muted = Boolean(value);
  setPref("mute", muted ? "1" : "0");
  for (const fn of listeners) fn(muted);
}

export function toggleMute() {
  setMuted(!muted);
}

export function onMuteChange(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}
