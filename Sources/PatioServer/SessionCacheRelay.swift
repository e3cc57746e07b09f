import Foundation
import PatioIdentity
import PatioPlatform
import ServiceLifecycle

/// Carries "forget this account's sessions" between instances that serve one PostgreSQL database, so a
/// sign-out, a revoked role or a deactivated account on one instance is refused on every other one too.
enum SessionCacheRelay {
    /// The event bus topic; a signal's type is the account's id.
    static let topic = "identity.sessions"

    /// Announces every forgetting of `cache` on `events`, when there are other instances to hear it.
    static func connect(_ cache: SessionCache, to events: EventBus) {
        guard events.relay != nil else { return }
        cache.broadcast { account in await events.publish(topic: topic, type: account.uuidString) }
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
                        if let account = UUID(uuidString: type) { cache.forgetLocally(account: account) } else { cache.forgetAll() }
                    case .resync: cache.forgetAll()
                    }
                }
            }
        }
    }
}
