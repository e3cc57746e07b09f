import NIOCore

/// Runs a task's jobs on one NIO event loop.
///
/// SQLiteNIO completes every statement on its connection's event loop. A task that prefers this executor
/// resumes right there after each statement, instead of being handed to another thread first: the SQLite
/// writer's statements then cost one thread switch each way rather than two.
final class EventLoopTaskExecutor: TaskExecutor, @unchecked Sendable {
    private let loop: any EventLoop

    init(_ loop: any EventLoop) {
        self.loop = loop
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        loop.execute { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
