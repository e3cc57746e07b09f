import Foundation

/// Work a module needs done on a timer (renewals, expiries). The composition root runs each job every
/// `interval` while Patio serves, and stops it on shutdown.
public struct PeriodicJob: Sendable {
    public let name: String
    public let interval: Duration
    public let run: @Sendable () async throws -> Void

    public init(name: String, interval: Duration, run: @escaping @Sendable () async throws -> Void) {
        self.name = name
        self.interval = interval
        self.run = run
    }
}
