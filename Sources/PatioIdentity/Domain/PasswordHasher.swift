import HummingbirdBcrypt
import NIOCore
import NIOPosix

/// Hashes and verifies passwords. bcrypt is deliberately slow, so it runs on a thread pool of its own:
/// it never blocks an event loop, and a burst of sign-ins never queues database I/O (which runs on
/// NIO's shared pool) behind hashing.
public struct PasswordHasher: Sendable {
    public var hash: @Sendable (String) async throws -> String
    public var verify: @Sendable (_ password: String, _ hash: String) async throws -> Bool

    public init(
        hash: @escaping @Sendable (String) async throws -> String,
        verify: @escaping @Sendable (String, String) async throws -> Bool
    ) {
        self.hash = hash
        self.verify = verify
    }

    /// bcrypt at `cost` (Patio refuses anything under 12).
    public static func bcrypt(cost: UInt8 = 12) -> PasswordHasher {
        precondition(cost >= 12, "bcrypt cost must be at least 12")
        return PasswordHasher(
            hash: { password in
                try await hashingPool.runIfActive { Bcrypt.hash(password, cost: cost) }
            },
            verify: { password, hash in
                try await hashingPool.runIfActive { Bcrypt.verify(password, hash: hash) }
            }
        )
    }

    /// One thread per core, started on first use and kept for the life of the process.
    private static let hashingPool: NIOThreadPool = {
        let pool = NIOThreadPool(numberOfThreads: System.coreCount)
        pool.start()
        return pool
    }()
}
