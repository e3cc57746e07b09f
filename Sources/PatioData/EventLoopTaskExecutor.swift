import NIOCore

/// Runs a task's jobs on one event loop's thread: the SQLite writer's, or a PostgreSQL connection's for a kept statement
/// (`KeptPreparedDatabase`), which PostgresNIO writes and answers on that loop.
///
/// The SQLite writer's connection (`InlineSQLite`) runs each statement on the calling thread and names this loop as its
/// own. A write's task that prefers this executor therefore runs its statements back to back on the loop's one
/// thread, and Fluent's futures, made on that loop, complete at once where they were made: no statement switches
/// thread, and nothing waits behind requests being served.
final class EventLoopTaskExecutor: TaskExecutor, @unchecked Sendable {
    let loop: any EventLoop

    /// For the SQLite writer, `loop` is a loop of its own (a one-thread group), so that nothing else runs between a write's
    /// jobs.
    init(_ loop: any EventLoop) {
        self.loop = loop
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        loop.execute { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}

extension EventLoop {
    /// `body` run as a task on this loop's thread (`EventLoopTaskExecutor`), its result as a future of this loop: NIO's
    /// `makeFutureWithTask`, for work whose statements PostgresNIO sends and answers on this loop.
    func makeFutureWithTaskOnThisLoop<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) -> EventLoopFuture<T> {
        let done = makePromise(of: T.self)
        Task(executorPreference: EventLoopTaskExecutor(self)) {
            do {
                done.succeed(try await body())
            } catch {
                done.fail(error)
            }
        }
        return done.futureResult
    }
}
