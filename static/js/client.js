// The one Socket.IO wrapper every page uses: connection, acked emits, the server clock.
// `io` is the global from the vendored classic script /static/vendor/socket.io-client/.

// Marks an English text for scripts/i18n; the page translates it where it shows it (kit.js t()).
const N_ = (text) => text;
const ACK_TIMEOUT_MS = 10000;

let socket = null;
let offset = null;        // server ms ≈ performance.now() + offset
let measured = false;     // `offset` is the server's estimate for the current connection

/** Open the page's socket (once) and return it. */
export function connect() {
  if (socket) return socket;
  // The room's code rides on the handshake (?room=CODE): with several server processes,
  // nginx hashes on it so every socket of a room reaches the process that owns the room.
  const room = pageData().code;
  socket = io({ transports: ['websocket', 'polling'], query: room ? { room } : {} });

  // Registered before anything else: the server measures this socket's clock offset and
  // latency from these round trips (docs/fairness.md), so answer at once, with no other work first.
  // Each probe also carries the server's estimate from the answers so far (null before the
  // first): the page's clock is that one, so every screen counts down on the same estimate the
  // referee times presses with.
  socket.on('clock', (msg, ack) => {
    if (typeof ack === 'function') ack({ c: performance.now() });
    if (typeof msg?.offset === 'number' && Number.isFinite(msg.offset)) {
      offset = msg.offset;
      measured = true;
    }
  });
  // A new connection starts a fresh estimate on the server (a phone that slept may have
  // drifted): until its first arrives, the views' `now` may correct the old one.
  socket.on('connect', () => { measured = false; });
  return socket;
}

/** Emit with an ack; resolves to the ack object, rejects after 10 s without one. */
export function emit(event, payload = {}) {
  const s = connect();
  return new Promise((resolve, reject) => {
    let done = false;
    const timer = setTimeout(() => {
      if (done) return;
      done = true;
      reject(new Error(N_('No answer from the server; try again.')));
    }, ACK_TIMEOUT_MS);
    s.emit(event, payload, (ack) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve(ack && typeof ack === 'object'
        ? ack
        : { ok: false, error: { code: 'bad_request', message: N_('The server sent an unexpected answer.') } });
    });
  });
}

/** Like emit, but a timeout becomes an ordinary {ok:false} ack, so callers handle one shape. */
export async function request(event, payload = {}) {
  try {
    return await emit(event, payload);
  } catch (err) {
    return { ok: false, error: { code: 'timeout', message: /** @type {Error} */ (err).message } };
  }
}

/** Best estimate of the server's clock, in server milliseconds. */
export function serverNow() {
  return performance.now() + (offset ?? 0);
}

/**
 * Rough fallback until the server's first estimate for this connection arrives with a `clock`
 * probe: a view's `now` is at most one trip old. Never overrides the server's estimate.
 */
export function hintServerTime(now) {
  if (!measured && typeof now === 'number' && Number.isFinite(now)) offset = now - performance.now();
}

/** Tracks view versions: only a view newer than the last one shown is rendered. */
export function viewGate() {
  let last = -Infinity;
  return {
    /** After a join/host/watch ack: its view is current by definition. */
    reset(view) {
      last = view && typeof view.v === 'number' ? view.v : -Infinity;
    },
    /** For a pushed `view` event: true when it should be rendered. */
    accept(view) {
      if (!view || typeof view.v !== 'number' || view.v <= last) return false;
      last = view.v;
      return true;
    },
  };
}

/** For the rare string that must go into HTML; prefer textContent. */
export function escapeHtml(text) {
  return String(text).replace(/[&<>"']/g, (ch) => ({
    '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;',
  })[ch]);
}

/** Reads the JSON the template put in <script id="page-data">. */
export function pageData() {
  const el = document.getElementById('page-data');
  return el ? JSON.parse(el.textContent) : {};
}
