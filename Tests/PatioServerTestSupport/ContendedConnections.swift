import NIOCore
import NIOPosix
import PatioServer

extension PatioConfiguration {
    /// A connection on every loop for each of `concurrent` transactions that wait for one another's locks.
    ///
    /// On PostgreSQL a transaction waiting for a row's lock holds its connection meanwhile, and each takes it from
    /// a loop picked at random. With the default four per loop, a request could wait for a connection behind the
    /// lock's queue instead of for the lock, and on a busy machine give up (503) before its turn: a test of who
    /// waits for whom would then fail for a reason it does not test.
    public mutating func connectionForEach(of concurrent: Int) {
        databaseConnections = concurrent * System.coreCount
    }
}
