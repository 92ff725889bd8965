// Small DOM helpers shared by the pages and the game modules.
// Everything is built with createElement/textContent: player names never touch innerHTML.

/**
 * h('li', {class: 'x', dataset: {seat: 2}}, 'text', childNode) → element.
 * Strings become text nodes; null/false children are skipped.
 */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs ?? {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === 'class') el.className = value;
    else if (key === 'dataset') Object.assign(el.dataset, value);
    else if (key === 'text') el.textContent = value;
    else if (key.startsWith('on') && typeof value === 'function') el.addEventListener(key.slice(2), value);
    else if (value === true) el.setAttribute(key, '');
    else el.setAttribute(key, String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

let toastTimer = null;

/** A transient message in #toast (errors from acks, notes). */
export function toast(message, kind = 'error') {
  const el = document.getElementById('toast');
  if (!el || !message) return;
  el.textContent = (kind === 'error' ? '⚠ ' : '') + message;
  el.dataset.kind = kind;
  el.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { el.hidden = true; }, 5000);
}

/** Shows #reconnecting while the socket is down. */
export function trackConnection(socket) {
  const banner = document.getElementById('reconnecting');
  if (!banner) return;
  const update = () => {
    banner.hidden = socket.connected;
    // Dims the page: what it shows may be stale and presses cannot reach the server.
    document.body.classList.toggle('offline', !socket.connected);
  };
  socket.on('connect', update);
  socket.on('disconnect', update);
  socket.io.on('reconnect_attempt', update);
  // Before the first connect there is nothing to "re"-connect; show it only after a short wait.
  setTimeout(update, 1500);
}

/**
 * A destructive button asks once more: the first press arms it for 3 s ("Sure? …"),
 * the second runs `action`. Safer than confirm(), which would freeze the page's socket handling.
 */
export function confirmTwice(button, action) {
  let armedUntil = 0;
  let label = '';
  button.addEventListener('click', () => {
    const now = Date.now();
    if (now < armedUntil) {
      armedUntil = 0;
      button.textContent = label;
      button.classList.remove('confirming');
      action();
      return;
    }
    label = button.textContent;
    armedUntil = now + 3000;
    button.textContent = `Sure? ${label}`;
    button.classList.add('confirming');
    setTimeout(() => {
      if (Date.now() >= armedUntil && button.classList.contains('confirming')) {
        button.textContent = label;
        button.classList.remove('confirming');
      }
    }, 3100);
  });
}

/** 1 → "1st", 2 → "2nd", 11 → "11th". */
export function ordinal(n) {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return n + ({ 1: 'st', 2: 'nd', 3: 'rd' }[n % 10] ?? 'th');
}

/** Loads a game module's own stylesheet once (games stay self-contained). */
export function ensureStylesheet(href) {
  const url = new URL(href, document.baseURI).href;
  if ([...document.querySelectorAll('link[rel=stylesheet]')].some((l) => l.href === url)) return;
  document.head.append(h('link', { rel: 'stylesheet', href: url }));
}
