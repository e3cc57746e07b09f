import Dispatch
import NIOPosix

/// Runs a task's jobs on the SQLite writer's own thread.
///
/// SQLiteNIO runs each statement as a work item on its connection's thread pool and resumes the waiting task
/// from there. A task that prefers this executor is itself a work item of that one-thread pool: it queues a
/// statement, steps aside, the same thread runs the statement and then the task again. A write's statements
/// thus run back to back on one thread, with no switch to another thread and no wait behind requests being
/// served, where each used to cost two thread switches.
final class ThreadPoolTaskExecutor: TaskExecutor, @unchecked Sendable {
    private let pool: NIOThreadPool

    /// `pool` should have a single thread, so the task's jobs and its statements run in the order queued.
    init(_ pool: NIOThreadPool) {
        self.pool = pool
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        pool.submit { state in
            switch state {
            case .active:
                job.runSynchronously(on: self.asUnownedTaskExecutor())
            case .cancelled:
                // The pool is shutting down; a job must still run, or its task would never finish.
                DispatchQueue.global().async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
            }
        }
    }
}
