// Makes the site installable and its shell available offline: registers the service worker
// (served as /sw.js, static/js/sw.js). A classic page load without it still works.
//
// Only once the page has loaded: on a first visit the worker's install fetches the whole shell,
// and its activation takes over the page's requests. Started at once, both compete with the
// page's own first load: the TV's QR code and a phone's join form came up later for it.
function register() {
  navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((err) => {
    console.warn('no offline shell', err);
  });
}

if ('serviceWorker' in navigator) {
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
