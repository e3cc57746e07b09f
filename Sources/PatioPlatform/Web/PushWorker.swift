import Hummingbird
import NIOCore

/// The service worker that shows a Web Push notification and opens its page when tapped, served from
/// `/push-worker.js` so its scope can be the whole site. It only ever opens a page of this Patio.
enum PushWorker {
    static let script = """
        self.addEventListener('push', (event) => {
          let data = {};
          try { data = event.data ? event.data.json() : {}; } catch (e) { data = {}; }
          const title = typeof data.title === 'string' && data.title ? data.title : 'Patio';
          event.waitUntil(self.registration.showNotification(title, {
            body: typeof data.body === 'string' ? data.body : '',
            tag: typeof data.id === 'string' ? data.id : undefined,
            data: { url: typeof data.url === 'string' ? data.url : '/notifications' },
          }));
        });
        self.addEventListener('notificationclick', (event) => {
          event.notification.close();
          const target = new URL((event.notification.data && event.notification.data.url) || '/notifications', self.location.origin);
          if (target.origin !== self.location.origin) return;
          event.waitUntil(self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
            for (const client of windows) {
              if (client.url === target.href && 'focus' in client) return client.focus();
            }
            return self.clients.openWindow(target.href);
          }));
        });
        self.addEventListener('install', () => self.skipWaiting());
        self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
        """

    static var response: Response {
        Response(
            status: .ok, headers: [.contentType: "text/javascript; charset=utf-8", .cacheControl: "no-cache"],
            body: .init(byteBuffer: ByteBuffer(string: script)))
    }
}
