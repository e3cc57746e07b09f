import Foundation
import PatioIdentity
import PatioPlatform
import ServiceLifecycle

/// Carries "forget this account's sessions" between instances that serve one PostgreSQL database, so a
/// sign-out, a revoked role or a deactivated account on one instance is refused on every other one too.
enum SessionCacheRelay {
    /// The event bus topic; a signal's type is the account's id and the announcing instance's origin.
    static let topic = "identity.sessions"

    /// Announces every forgetting of `cache` on `events`, when there are other instances to hear it.
    static func connect(_ cache: SessionCache, to events: EventBus) {
        guard events.relay != nil else { return }
        let origin = cache.origin
        cache.broadcast { account in await events.publish(topic: topic, type: "\(account.uuidString) \(origin)") }
    }

    /// What a signal's type asks of the cache whose origin is `origin`.
    enum Request: Equatable {
        /// The instance's own announcement, heard back: it already did what it announced (and a change of a
        /// name it wrote into its cache in place must not be undone).
        case nothing
        case forget(UUID)
        /// Unreadable (an instance of another release, say): forgetting everything is always safe.
        case forgetAll
    }

    static func request(_ type: String, origin: String) -> Request {
        let parts = type.split(separator: " ", maxSplits: 1)
        if parts.count == 2, parts[1] == origin { return .nothing }
        guard let account = parts.first.flatMap({ UUID(uuidString: String($0)) }) else { return .forgetAll }
        return .forget(account)
    }

    /// Forgets here what another instance announced; forgets everything when announcements may have been
    /// missed (the bus reconnected).
    struct Listener: NamedService {
        let cache: SessionCache
        let events: EventBus

        func run() async throws {
            await cancelWhenGracefulShutdown {
                for await signal in await events.watch(SessionCacheRelay.topic) {
                    switch signal {
                    case .changed(let type):
                        switch SessionCacheRelay.request(type, origin: cache.origin) {
                        case .nothing: break
                        case .forget(let account): cache.forgetLocally(account: account)
                        case .forgetAll: cache.forgetAll()
                        }
                    case .resync: cache.forgetAll()
                    }
                }
            }
        }
    }
}
