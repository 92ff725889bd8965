// Sound and haptics, synthesized on the spot with WebAudio (oscillators and a noise burst): no
// audio file is fetched, nothing to cache, nothing to load before the first cue.
// Browsers only allow sound after a user gesture, so the page calls unlockAudio() from its first
// tap. The mute is remembered per device (localStorage); haptics (navigator.vibrate, Android)
// are silent and stay on when the sound is muted.

let audio = null;
const MUTE_KEY = 'companion.sound';
const listeners = new Set();

/** The cues played on this page, newest last (kept short): what a browser test can check. */
export const played = [];

export function unlockAudio() {
  // Safari before 14.1 has only the prefixed constructor.
  const Ctx = window.AudioContext || /** @type {any} */ (window).webkitAudioContext;
  if (!Ctx) return null;
  if (!audio) {
    try {
      audio = new Ctx();
    } catch {
      return null;
    }
  }
  if (audio.state === 'suspended') audio.resume().catch(() => {});
  return audio;
}

// ---- mute -------------------------------------------------------------------------------------

/** True when this device muted the sound. */
export function muted() {
  try {
    return localStorage.getItem(MUTE_KEY) === 'off';
  } catch {
    return false;
  }
}

/** Mute or unmute this device (remembered); every `onMute` listener hears of it. */
export function setMuted(on) {
  try {
    if (on) localStorage.setItem(MUTE_KEY, 'off');
    else localStorage.removeItem(MUTE_KEY);
  } catch {
    // Private mode without storage: the switch still holds for this page.
  }
  for (const listener of listeners) listener(Boolean(on));
}

export function onMute(listener) {
  listeners.add(listener);
}

// Another tab of the same device switched: follow it.
window.addEventListener('storage', (event) => {
  if (event.key === MUTE_KEY) for (const listener of listeners) listener(muted());
});

// ---- synthesis --------------------------------------------------------------------------------

/** One enveloped oscillator note: `type` wave at `freq` Hz (gliding to `to`), from `at` s. */
function note(ctx, { freq, to = null, at = 0, ms = 120, type = 'triangle', volume = 0.2 }) {
  const t = ctx.currentTime + at;
  const end = t + ms / 1000;
  const osc = ctx.createOscillator();
  const gain = ctx.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(freq, t);
  if (to) osc.frequency.exponentialRampToValueAtTime(to, end);
  // A quick ramp avoids the click of a hard start and stop.
  gain.gain.setValueAtTime(0.0001, t);
  gain.gain.exponentialRampToValueAtTime(volume, t + 0.008);
  gain.gain.exponentialRampToValueAtTime(0.0001, end);
  osc.connect(gain).connect(ctx.destination);
  osc.start(t);
  osc.stop(end + 0.02);
}

/** A burst of filtered noise: a thud (low `cutoff`) or a swish (high). */
function noise(ctx, { at = 0, ms = 120, cutoff = 400, volume = 0.3 }) {
  const t = ctx.currentTime + at;
  const length = Math.ceil((ctx.sampleRate * ms) / 1000);
  const buffer = ctx.createBuffer(1, length, ctx.sampleRate);
  const data = buffer.getChannelData(0);
  for (let i = 0; i < length; i += 1) data[i] = (Math.random() * 2 - 1) * (1 - i / length);
  const source = ctx.createBufferSource();
  source.buffer = buffer;
  const filter = ctx.createBiquadFilter();
  filter.type = 'lowpass';
  filter.frequency.value = cutoff;
  const gain = ctx.createGain();
  gain.gain.value = volume;
  source.connect(filter).connect(gain).connect(ctx.destination);
  source.start(t);
}

/** The sound set: each key moment has its own short figure, and a buzz pattern for phones. */
const CUES = {
  // a seat taken: two rising notes
  join: {
    play: (c) => { note(c, { freq: 523, ms: 110 }); note(c, { freq: 784, at: 0.1, ms: 160 }); },
    buzz: 30,
  },
  // a race opens: a bright, hard-edged chord
  go: {
    play: (c) => {
      note(c, { freq: 1046, ms: 180, type: 'square', volume: 0.14 });
      note(c, { freq: 1568, ms: 180, type: 'square', volume: 0.08 });
    },
    buzz: 60,
  },
  // a lid slammed shut: a low thud
  lid: {
    play: (c) => { noise(c, { ms: 140, cutoff: 300, volume: 0.5 }); note(c, { freq: 140, to: 60, ms: 180, type: 'sine', volume: 0.35 }); },
    buzz: [80, 40, 80],
  },
  // a role or an item claimed: a short double blip
  claim: {
    play: (c) => { note(c, { freq: 660, ms: 70, type: 'sawtooth', volume: 0.08 }); note(c, { freq: 880, at: 0.08, ms: 90, type: 'sawtooth', volume: 0.08 }); },
    buzz: 40,
  },
  // a card, dice or a secret turned over: a rising sweep with a swish
  reveal: {
    play: (c) => { noise(c, { ms: 160, cutoff: 3000, volume: 0.12 }); note(c, { freq: 392, to: 1175, ms: 260, type: 'sine', volume: 0.2 }); },
    buzz: [30, 30, 30],
  },
  // the game is won: an arpeggio up to the octave
  win: {
    play: (c) => {
      [523, 659, 784, 1046].forEach((freq, i) => note(c, { freq, at: i * 0.12, ms: i === 3 ? 520 : 150, volume: 0.18 }));
    },
    buzz: [100, 60, 100, 60, 240],
  },
  // a press acknowledged, a turn passes: a tiny tick
  tap: {
    play: (c) => note(c, { freq: 1200, ms: 35, type: 'square', volume: 0.06 }),
    buzz: 10,
  },
  // not now / refused: a low buzz
  nope: {
    play: (c) => note(c, { freq: 196, ms: 140, type: 'square', volume: 0.12 }),
    buzz: [40, 30, 40],
  },
};

/** The names of the cues: join, go, lid, claim, reveal, win, tap, nope. */
export const CUE_NAMES = Object.keys(CUES);

/**
 * Play the cue `name` (see CUE_NAMES): its sound unless this device is muted, and its buzz on a
 * phone that can vibrate (`haptic: false` to skip it, e.g. on the TV). Unknown names do nothing.
 */
export function cue(name, { haptic = true } = {}) {
  const found = CUES[name];
  if (!found) return;
  const sounded = !muted();
  played.push({ name, sounded, at: performance.now() });
  if (played.length > 30) played.shift();
  if (haptic) vibrate(found.buzz);
  if (!sounded) return;
  const ctx = unlockAudio();
  if (!ctx) return;
  try {
    found.play(ctx);
  } catch {
    // A sound is a nicety: a browser that refuses it must not break the page.
  }
}

/** A short tone; `ms` long at `freq` Hz. Silent on a muted device or where audio is unavailable. */
export function beep(freq = 880, ms = 90, volume = 0.25) {
  if (muted()) return;
  const ctx = unlockAudio();
  if (!ctx) return;
  note(ctx, { freq, ms, type: 'square', volume });
}

/** A short buzz (or a pattern) where the phone supports it (not iOS Safari). */
/** @param {number | number[]} [ms] a buzz, or a pattern of buzzes and pauses */
export function vibrate(ms = 50) {
  try {
    if (navigator.vibrate) navigator.vibrate(ms);
  } catch {
    // Some browsers throw without a prior user gesture; feedback is a nicety.
  }
}

// ---- motion -----------------------------------------------------------------------------------

const reduce = window.matchMedia ? window.matchMedia('(prefers-reduced-motion: reduce)') : null;

/** True when the device asks for less motion: pages skip their JS animations then too. */
export function reducedMotion() {
  return Boolean(reduce?.matches);
}
