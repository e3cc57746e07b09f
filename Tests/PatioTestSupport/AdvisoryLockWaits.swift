import FluentKit
import Foundation
import PatioData
import SQLKit

extension PatioDatabase {
    /// How many sessions of this database wait for an advisory lock (PostgreSQL's `pg_locks`).
    public func advisoryLockWaiters() async throws -> Int {
        struct Count: Decodable { var count: Int }
        return try await (try reader.sql).raw(
            """
            SELECT count(*) AS count FROM pg_locks WHERE locktype = 'advisory' AND NOT granted
            AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
            """
        ).first(decoding: Count.self)?.count ?? 0
    }

    /// Waits until at least `count` sessions wait for an advisory lock, for at most twenty seconds; whether they
    /// did. A guard against a hang, not a measurement.
    public func waitForAdvisoryLockWaiters(_ count: Int) async throws -> Bool {
        for _ in 0..<400 where try await advisoryLockWaiters() < count { try await Task.sleep(for: .milliseconds(50)) }
        return try await advisoryLockWaiters() >= count
    }
}
