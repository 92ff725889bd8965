// Tiny WebAudio feedback. Browsers only allow sound after a user gesture, so the page calls
// unlockAudio() from its first tap; beep() is then instant (no file to load, no network).

let audio = null;

export function unlockAudio() {
  const Ctx = window.AudioContext || window.webkitAudioContext;
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

/** A short tone; `ms` long at `freq` Hz. Silently does nothing where audio is unavailable. */
export function beep(freq = 880, ms = 90, volume = 0.25) {
  const ctx = unlockAudio();
  if (!ctx) return;
  const t = ctx.currentTime;
  const osc = ctx.createOscillator();
  const gain = ctx.createGain();
  osc.type = 'square';
  osc.frequency.value = freq;
  // A quick ramp avoids the click of a hard start and stop.
  gain.gain.setValueAtTime(0.0001, t);
  gain.gain.exponentialRampToValueAtTime(volume, t + 0.005);
  gain.gain.exponentialRampToValueAtTime(0.0001, t + ms / 1000);
  osc.connect(gain).connect(ctx.destination);
  osc.start(t);
  osc.stop(t + ms / 1000 + 0.02);
}

/** A short buzz where the phone supports it (not iOS Safari). */
export function vibrate(ms = 50) {
  try {
    if (navigator.vibrate) navigator.vibrate(ms);
  } catch {
    // Some browsers throw without a prior user gesture; feedback is a nicety.
  }
}
