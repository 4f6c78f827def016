// The console's service worker (served as /sw.js, scope /). What it keeps, and why:
// - content-hashed files (/apps/…, /releases/…): left to the browser's HTTP cache, which the server
//   tells to keep them a year (immutable). They bypass the worker altogether where the browser routes
//   statically (Chromium's InstallEvent.addRoutes), and are not answered by it anywhere: a worker that
//   answered them from Cache Storage made a signed-in reload wait 1,046 ms for its figure against
//   535 ms without the worker (bench/first-paint.js, 2026-11-29), each of ~40 files a round through
//   the worker;
// - pages (navigations) always go to the network: index.html carries the visitor's import map (their
//   releases, their canaries), so a new release is picked up on the next load. With no network the
//   console answers an offline page in the visitor's language instead of the browser's error page.
//   The page's request starts with navigation preload, while the worker itself is still starting,
//   so a reload does not wait for the worker before its first byte;
// - the API (/api/…) and everything else are never cached.
// It also shows the push alerts the server sends (push) and opens the alert's page on a click.
'use strict';

const BUILD = '%BUILD%';
/** Where earlier workers kept hashed files; emptied on activation. */
const OLD_STATIC_CACHE = 'helio-static';
const OFFLINE_CACHE = `helio-offline-${BUILD}`;
const LANGUAGES = ['cs', 'en'];
const OFFLINE_FILES = ['/offline.css', '/icons/icon-192.png', ...LANGUAGES.map((l) => `/locales/${l}/root-config.json`)];
const LANGUAGE_KEY = '/__helio/language';

/** What never goes through the worker where the browser can say so: hashed files and the API. */
const NETWORK_ROUTES = ['/apps/*', '/releases/*', '/api/*'];

self.addEventListener('install', (event) => {
  if (typeof event.addRoutes === 'function' && typeof URLPattern === 'function') {
    event.waitUntil(
      event
        .addRoutes(NETWORK_ROUTES.map((pathname) => ({ condition: { urlPattern: new URLPattern({ pathname }) }, source: 'network' })))
        .catch(() => undefined), // without routes every request still reaches the fetch handler below, which leaves these alone
    );
  }
  event.waitUntil(
    caches
      .open(OFFLINE_CACHE)
      .then((cache) => cache.addAll(OFFLINE_FILES))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          // the offline files of older builds, and the hashed files earlier workers kept (the HTTP cache has them)
          names
            .filter((n) => (n.startsWith('helio-offline-') && n !== OFFLINE_CACHE) || n === OLD_STATIC_CACHE)
            .map((n) => caches.delete(n)),
        ),
      )
      .then(() => self.registration.navigationPreload?.enable())
      .then(() => self.clients.claim()),
  );
});

/** The page from navigation preload when the browser started one, else from the network. */
async function navigation(event) {
  const preloaded = await event.preloadResponse;
  return preloaded || fetch(event.request);
}

async function language() {
  const stored = await (await caches.open(OFFLINE_CACHE)).match(LANGUAGE_KEY);
  const chosen = stored ? await stored.text() : (self.navigator.language || 'cs').slice(0, 2);
  return LANGUAGES.includes(chosen) ? chosen : 'cs';
}

const escape = (text) => String(text).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);

async function offlinePage(url) {
  const lng = await language();
  const cache = await caches.open(OFFLINE_CACHE);
  const file = await cache.match(`/locales/${lng}/root-config.json`);
  const t = file ? await file.json() : {};
  const html = `<!doctype html>
<html lang="${lng}">
<head><meta charset="utf-8" /><meta name="viewport" content="width=device-width, initial-scale=1" />
<title>${escape(t.offlineTitle || 'Helio EMS')}</title><link rel="stylesheet" href="/offline.css" /></head>
<body><main class="helio-offline" data-testid="offline-page">
<img src="/icons/icon-192.png" alt="" width="96" height="96" />
<h1>${escape(t.offlineTitle || 'Offline')}</h1>
<p>${escape(t.offlineDescription || '')}</p>
<a class="helio-offline__retry" href="${escape(url.pathname + url.search)}">${escape(t.retry || 'Retry')}</a>
</main></body></html>`;
  return new Response(html, {
    status: 503,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      // the page's own policy: no script at all, styles and the icon from this origin
      'Content-Security-Policy': "default-src 'none'; style-src 'self'; img-src 'self'; frame-ancestors 'none'",
    },
  });
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return; // the network's, untouched
  if (request.mode === 'navigate') {
    event.respondWith(navigation(event).catch(() => offlinePage(url)));
    return;
  }
  if (OFFLINE_FILES.includes(url.pathname)) {
    // what the offline page shows: fresh while online, the installed copy without a network
    event.respondWith(
      fetch(request).catch(() =>
        caches
          .open(OFFLINE_CACHE)
          .then((c) => c.match(url.pathname))
          .then((r) => r || Response.error()),
      ),
    );
  }
});

// The page tells the worker its language, for the offline page.
self.addEventListener('message', (event) => {
  const data = event.data || {};
  if (data.type === 'language' && LANGUAGES.includes(data.language)) {
    event.waitUntil(caches.open(OFFLINE_CACHE).then((cache) => cache.put(LANGUAGE_KEY, new Response(data.language))));
  }
});

self.addEventListener('push', (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = { title: event.data ? event.data.text() : 'Helio EMS' };
  }
  event.waitUntil(
    self.registration.showNotification(message.title || 'Helio EMS', {
      body: message.body || '',
      tag: message.tag,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: message.url || '/notifications' },
    }),
  );
});

/** Opens the alert's page: in a console window already open (navigated there, then focused), else a new one. */
async function openPage(path) {
  const target = new URL(path, self.location.origin).href;
  const windows = await self.clients.matchAll({ type: 'window' });
  const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
  if (!open) return self.clients.openWindow(target);
  const navigated = await open.navigate(target);
  await (navigated || open).focus().catch(() => undefined); // focusing may be refused; the page is there
  return navigated;
}

/** Only a path of this console: a message can never send the user elsewhere. */
const pageOf = (notification) => {
  const path = (notification.data && notification.data.url) || '/notifications';
  return path.startsWith('/') && !path.startsWith('//') ? path : '/notifications';
};

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openPage(pageOf(event.notification)));
});
