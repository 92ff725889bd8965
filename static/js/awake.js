// The screen stays on while the page needs it (the Screen Wake Lock API): a phone whose seat is
// in a game, the TV while it shows a room. A phone that locks during a long turn costs its player
// an unlock and a reconnect while the table waits.
//
// The browser drops the lock whenever the page is hidden (another app, the screen off), so it is
// asked for again each time the page becomes visible while still wanted. Where the API is absent
// (an older browser, or a page over plain http from another address: the API is for secure
// contexts only, see docs/hosting.md) or the browser refuses (battery saver), nothing happens:
// the page works, the screen may dim.

let wanted = false;
/** @type {WakeLockSentinel | null} the lock held now */
let held = null;
let asking = false;

async function take() {
  if (!wanted || held || asking || document.visibilityState !== 'visible') return;
  if (!('wakeLock' in navigator)) return;
  asking = true;  // views arrive in bursts: one request at a time
  try {
    const lock = await navigator.wakeLock.request('screen');
    lock.addEventListener('release', () => { if (held === lock) held = null; });
    held = lock;
    if (!wanted) drop();  // let go while the browser answered
  } catch {
    // refused: see above
  } finally {
    asking = false;
  }
}

function drop() {
  const lock = held;
  held = null;
  lock?.release().catch(() => {});
}

document.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'visible') take();
});

/** Keep the screen on (`true`) or let it sleep again (`false`); call it with every view: only a
 * change asks the browser anything. */
export function keepAwake(want) {
  wanted = Boolean(want);
  if (wanted) take();
  else drop();
}
