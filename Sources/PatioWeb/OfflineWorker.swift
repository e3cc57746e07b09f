import HTTPTypes
import Hummingbird
import NIOCore

/// The service worker that keeps a module's pages readable offline. It is served from
/// `/<module>/sw.js?account=<id>` with scope `/<module>`: pages are fetched from the network when possible
/// (and cached), and from the cache when not.
///
/// The copies belong to one account. The page registers the worker with the signed-in account's id; the
/// worker keeps its copies in that account's cache and, when it takes over, deletes every other account's.
/// Signing out deletes them too (static/signout.js), and a page that answers with a redirect (the session
/// ended some other way) makes the worker forget them. Offline, a page this account never saw gets a short
/// "you are offline" page, never someone else's copy.
public struct OfflineWorker: Sendable {
    /// The module's path prefix without slashes.
    public let module: String
    /// Pages and files cached as soon as the worker installs.
    public let shell: [String]

    public init(module: String, shell: [String]) {
        self.module = module
        self.shell = shell
    }

    public var cachePrefix: String { "patio-\(module)" }

    public var script: String {
        let shellList = shell.map { "'\($0)'" }.joined(separator: ", ")
        return """
            const ACCOUNT = new URL(self.location.href).searchParams.get('account') || '';
            const PREFIX = '\(cachePrefix)';
            const CACHE = PREFIX + '-v2-' + ACCOUNT;
            const SHELL = [\(shellList)];
            const OFFLINE = '<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, \
            initial-scale=1">'
              + '<title>Sin conexión · Offline</title><link rel="stylesheet" href="/static/patio.css"></head><body><main id="main">'
              + '<section class="card empty" role="alert"><h1>Sin conexión</h1><p>Esta página no está guardada en este dispositivo. Vuelve a \
            intentarlo con conexión.</p>'
              + '<h2 lang="en">You are offline</h2><p lang="en">This page is not saved on this device. Try again when you are back online.</p>\
            </section></main></body></html>';

            function forgetOthers() {
              return caches.keys().then((keys) => Promise.all(keys.filter((key) => key.startsWith(PREFIX) && key !== CACHE).map((key) => \
            caches.delete(key))));
            }
            self.addEventListener('install', (event) => {
              const fill = ACCOUNT ? caches.open(CACHE).then((cache) => cache.addAll(SHELL)) : Promise.resolve();
              event.waitUntil(fill.catch(() => {}).then(() => self.skipWaiting()));
            });
            self.addEventListener('activate', (event) => { event.waitUntil(forgetOthers().then(() => self.clients.claim())); });
            self.addEventListener('fetch', (event) => {
              const request = event.request;
              if (request.method !== 'GET' || !ACCOUNT) return;
              const url = new URL(request.url);
              if (url.origin !== self.location.origin) return;
              if (!url.pathname.startsWith('/\(module)') && !url.pathname.startsWith('/static/')) return;
              event.respondWith(
                fetch(request).then((response) => {
                  if (response.type === 'opaqueredirect' || response.redirected) {
                    // Sent to sign in: this account's session is over, so are its copies.
                    if (url.pathname.startsWith('/\(module)')) caches.delete(CACHE);
                  } else if (response.ok) {
                    const copy = response.clone();
                    caches.open(CACHE).then((cache) => cache.put(request, copy));
                  }
                  return response;
                }).catch(() => caches.open(CACHE).then((cache) => cache.match(request).then((hit) => {
                  if (hit) return hit;
                  if (request.mode !== 'navigate') return Response.error();
                  return new Response(OFFLINE, { status: 503, headers: { 'Content-Type': 'text/html; charset=utf-8' } });
                })))
              );
            });
            """
    }

    public var response: Response {
        // The pages live at `/<module>` and `/<module>/…`; the worker's own folder would only cover the second.
        var headers: HTTPFields = [.contentType: "text/javascript; charset=utf-8", .cacheControl: "no-cache"]
        if let allowed = HTTPField.Name("Service-Worker-Allowed") { headers[allowed] = "/" + module }
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: script)))
    }
}
