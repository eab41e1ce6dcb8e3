// Cross-origin isolation on hosts that do not send the headers: imported by the Workbox service worker
// (vite.config.ts, importScripts, before Workbox's own routes), it adds `Cross-Origin-Opener-Policy: same-origin`
// and `Cross-Origin-Embedder-Policy: credentialless` to every same-origin response the worker gives the page (the
// app shell, its scripts, the sandbox frames). The page is then cross-origin isolated, so the in-browser model can use
// threads (SharedArrayBuffer). Headers a host does send are kept. The page reloads once when the worker first takes
// it over (src/store/actions/app-update.ts), since the first load came from the network without them.
//
// How: this listener runs first for every fetch event and wraps that event's respondWith, so whatever Workbox answers
// (precache, navigation fallback) passes through `isolated` on its way to the page.
'use strict';
(() => {
  const HEADERS = [
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    ['Cross-Origin-Embedder-Policy', 'credentialless'],
  ];

  function isolated(response) {
    if (!response || response.type === 'opaque' || response.type === 'opaqueredirect' || response.status === 0) {
      return response;
    }
    if (HEADERS.every(([name]) => response.headers.has(name))) return response;
    const headers = new Headers(response.headers);
    for (const [name, value] of HEADERS) if (!headers.has(name)) headers.set(name, value);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }

  self.addEventListener('fetch', (event) => {
    if (new URL(event.request.url).origin !== self.location.origin) return;
    const respondWith = event.respondWith.bind(event);
    event.respondWith = (answer) => respondWith(Promise.resolve(answer).then(isolated));
  });
})();
