import FluentKit
import Foundation
import PatioData
import SQLKit

extension PatioDatabase {
    /// How many sessions of this database wait for a lock — a row's, an advisory one — (PostgreSQL's
    /// `pg_stat_activity`).
    public func lockWaiters() async throws -> Int {
        struct Count: Decodable { var count: Int }
        return try await (try reader.sql).raw(
            "SELECT count(*) AS count FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'"
        ).first(decoding: Count.self)?.count ?? 0
    }

    /// Waits until at least `count` sessions wait for a lock, for at most twenty seconds; whether they did. A
    /// guard against a hang, not a measurement.
    public func waitForLockWaiters(_ count: Int) async throws -> Bool {
        for _ in 0..<400 where try await lockWaiters() < count { try await Task.sleep(for: .milliseconds(50)) }
        return try await lockWaiters() >= count
    }
}
