// The service worker (served as /sw.js, so it controls every page of the site). It keeps the
// page shell — the templates' styles and scripts, the Socket.IO client, the kit, the images —
// and every page and game module once fetched, so a phone that lost the Wi-Fi reloads into the
// app's own "Reconnecting…" screen instead of the browser's error page.
//
// Network first: while the server answers, pages and scripts are always the server's current
// ones (an upgraded server is never hidden behind an old copy); the copy is the fallback. Live
// room state (Socket.IO, /api/rooms) is never cached.

const CACHE = 'companion-shell-v1';
// `self` as what it is here (TypeScript's worker library types it as any worker's scope).
const worker = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));
const SHELL = [
  '/static/css/companion.css',
  '/static/css/theme.css',
  '/static/css/motion.css',
  '/static/js/client.js',
  '/static/js/ui.js',
  '/static/js/kit.js',
  '/static/js/ending.js',
  '/static/js/options.js',
  '/static/js/sound.js',
  '/static/js/awake.js',
  '/static/js/phone.js',
  '/static/js/host.js',
  '/static/js/home.js',
  '/static/js/install.js',
  '/static/js/wifi.js',
  '/static/js/box.js',
  '/static/js/between.js',
  '/static/vendor/socket.io-client/socket.io.min.js',
  '/static/vendor/qrcode-generator/qrcode.mjs',
  '/static/img/logo.svg',
  '/static/img/icon.svg',
  '/static/img/motifs.svg',
  '/manifest.webmanifest',
];

worker.addEventListener('install', (event) => {
  // One missing file (a renamed script) must not keep the rest of the shell out of the cache.
  event.waitUntil(caches.open(CACHE)
    .then((cache) => Promise.all(SHELL.map((url) => cache.add(url).catch(() => null))))
    .then(() => worker.skipWaiting()));
});

worker.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) if (name !== CACHE) await caches.delete(name);
    await worker.clients.claim();
    // The pages open now were loaded before this worker ran: keep them for the offline reload.
    const cache = await caches.open(CACHE);
    for (const client of await worker.clients.matchAll({ type: 'window' })) {
      const url = new URL(client.url);
      url.hash = '';
      if (url.origin === worker.location.origin && cacheable(url)) await cache.add(url.href).catch(() => null);
    }
  })());
});

/** Live state and the socket are never kept; everything else of this origin is. */
function cacheable(url) {
  return !url.pathname.startsWith('/socket.io/')
    && !url.pathname.startsWith('/api/rooms')
    && url.pathname !== '/healthz'
    && url.pathname !== '/sw.js';
}

worker.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== worker.location.origin || !cacheable(url)) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    try {
      const response = await fetch(request);
      if (response.ok && response.type === 'basic') cache.put(request, response.clone()).catch(() => null);
      return response;
    } catch (err) {
      const copy = await cache.match(request, { ignoreSearch: request.mode === 'navigate' });
      if (copy) return copy;
      if (request.mode === 'navigate') return offlinePage();
      throw err;
    }
  })());
});

/** A page never opened before, while offline: say so in the app's own words and look. */
function offlinePage() {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Companion — offline</title>
<link rel="stylesheet" href="/static/css/companion.css"><link rel="stylesheet" href="/static/css/theme.css">
</head><body class="home"><main class="home-main"><header class="home-header">
<img class="home-logo" src="/static/img/logo.svg" alt="" width="120" height="120">
<div><h1>Companion</h1><p class="tagline">Reconnecting… This phone is offline: join the Wi-Fi of the
table, then reload.</p></div></header></main></body></html>`;
  return new Response(html, { status: 503, headers: { 'Content-Type': 'text/html; charset=utf-8' } });
}
