// rozi's service worker: just enough for "install to home screen" and an offline notice.
// It never caches authenticated data: pages, /trpc and /ws always go to the network, and only
// content-hashed build assets and icons (identical for every user, no secrets) are cached.
const CACHE = 'rozi-static-v1';

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

function isStaticAsset(url) {
  return (
    url.origin === self.location.origin &&
    (url.pathname.startsWith('/_next/static/') || url.pathname.startsWith('/icons/'))
  );
}

const OFFLINE_PAGE = `<!doctype html><meta name="viewport" content="width=device-width"><title>rozi: offline</title>
<body style="font:15px system-ui;background:#0e1014;color:#e4e7eb;display:grid;place-items:center;height:100vh;margin:0">
<div style="text-align:center"><p>rozi's server is not reachable.</p><p style="color:#8d96a5">Start it with <code>rozi server</code>, then reload.</p></div>`;

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (isStaticAsset(url)) {
    event.respondWith(
      caches.open(CACHE).then(async (cache) => {
        const hit = await cache.match(request);
        if (hit) return hit;
        const response = await fetch(request);
        if (response.ok && response.type === 'basic') cache.put(request, response.clone());
        return response;
      }),
    );
    return;
  }
  if (request.mode === 'navigate') {
    // Network only; the offline page is generated here, never a cached copy of a real page.
    event.respondWith(
      fetch(request).catch(
        () => new Response(OFFLINE_PAGE, { headers: { 'content-type': 'text/html; charset=utf-8' } }),
      ),
    );
  }
});

// Desktop notifications shown through the worker focus the page when clicked.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = event.notification.data && event.notification.data.url ? event.notification.data.url : '/';
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((clients) => {
      for (const client of clients) {
        if ('focus' in client) {
          client.postMessage({ type: 'rozi-notification-click', data: event.notification.data });
          return client.focus();
        }
      }
      return self.clients.openWindow(target);
    }),
  );
});
