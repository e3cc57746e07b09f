import HTTPTypes
import Hummingbird
import NIOCore

/// The service worker that keeps the onboarding pages readable offline. It is served from
/// `/onboarding/sw.js` with scope `/onboarding`: pages are fetched from the network when
/// possible (and cached), and from the cache when not.
enum OfflineWorker {
    static let script = """
    const CACHE = 'patio-onboarding-v1';
    const SHELL = ['/onboarding', '/onboarding/new-hires', '/static/patio.css', '/static/onboarding-offline.js'];
    self.addEventListener('install', (event) => {
      event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(SHELL)).then(() => self.skipWaiting()));
    });
    self.addEventListener('activate', (event) => { event.waitUntil(self.clients.claim()); });
    self.addEventListener('fetch', (event) => {
      const request = event.request;
      if (request.method !== 'GET') return;
      const url = new URL(request.url);
      if (url.origin !== self.location.origin) return;
      if (!url.pathname.startsWith('/onboarding') && !url.pathname.startsWith('/static/')) return;
      event.respondWith(
        fetch(request).then((response) => {
          if (response.ok && !response.redirected) {
            const copy = response.clone();
            caches.open(CACHE).then((cache) => cache.put(request, copy));
          }
          return response;
        }).catch(() => caches.match(request).then((hit) => hit || caches.match('/onboarding')))
      );
    });
    """

    static var response: Response {
        // The pages live at `/onboarding` and `/onboarding/…`; the worker's own folder would only cover the second.
        Response(status: .ok, headers: [.contentType: "text/javascript; charset=utf-8", .cacheControl: "no-cache",
                                        HTTPField.Name("Service-Worker-Allowed")!: "/onboarding"],
                 body: .init(byteBuffer: ByteBuffer(string: script)))
    }
}
