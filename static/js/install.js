// Makes the site installable and its shell available offline: registers the service worker
// (served as /sw.js, static/js/sw.js). A classic page load without it still works.
if ('serviceWorker' in navigator) {
  navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((err) => {
    console.warn('no offline shell', err);
  });
}
