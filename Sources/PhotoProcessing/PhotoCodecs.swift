import Foundation

/// Where the C codecs (libjpeg-turbo, libpng, libheif) run for an upload: thumbnail and pixel size of one image.
///
/// The server uses `live`: each image in a `patio photo-worker` process with its own CPU-time, memory and
/// wall-clock limits, at most two at once, so a hostile image costs one bounded worker and never the server
/// (docs/DECISIONS.md, "Photo codecs run in a worker process"). `inProcess` runs the same codecs with the same
/// header limits in this process, on a thread of its own, for tests of the rules around them.
public struct PhotoCodecs: Sendable {
    /// The image's size and its thumbnail, or a `PhotoError` (unreadable, tooLarge, tooComplex, busy, workerUnavailable).
    /// `owner` (the uploading agent) may hold at most one worker at a time.
    public var thumbnail: @Sendable (_ bytes: [UInt8], _ format: PhotoFormat, _ maxSide: Int, _ owner: String) async throws -> Thumbnail.Result

    public init(
        thumbnail: @escaping @Sendable (_ bytes: [UInt8], _ format: PhotoFormat, _ maxSide: Int, _ owner: String) async throws -> Thumbnail.Result
    ) {
        self.thumbnail = thumbnail
    }

    /// Environment: the `patio` binary to run workers from (default: this executable when it is `patio`, else a
    /// `patio` next to it — the test bundle's case).
    public static let workerVariable = "PATIO_PHOTO_WORKER"
    /// Workers at once: two, so hostile images take at most two cores' worth of niced CPU, and a place frees
    /// within one image's limit. One of them per agent, so one account's images wait for each other.
    public static let concurrentWorkers = 2
    public static let workersPerOwner = 1
    /// How long an upload waits for a worker before it is answered 503 `photo_processing_busy`.
    public static let queueWait: Duration = .seconds(15)

    /// Environment: how many workers at once (1–16, default 2). `0` decodes in the server process instead, without
    /// the isolation — only to measure what the isolation costs (Benchmarks/courier).
    public static let workersVariable = "PATIO_PHOTO_WORKERS"
    public static let workersRange = 0...16

    /// The server's runner, shared by every upload in this process (one gate for all of them).
    public static let live: PhotoCodecs = {
        let configured = ProcessInfo.processInfo.environment[workersVariable].flatMap { Int($0) }.flatMap { workersRange.contains($0) ? $0 : nil }
        let workers = configured ?? concurrentWorkers
        if workers == 0 { return inProcess() }
        return worker(gate: PhotoWorkerGate(limit: workers, perOwner: workersPerOwner, wait: queueWait))
    }()

    /// Runs each image in a worker process from `executable` (located as `live` does when nil).
    public static func worker(
        executable: String? = nil, limits: PhotoWorker.Limits = .init(), wallClockSeconds: Double = 30,
        environment: [String: String] = [:], gate: PhotoWorkerGate
    ) -> PhotoCodecs {
        PhotoCodecs { bytes, format, maxSide, owner in
            guard let path = executable ?? locateWorker() else {
                throw PhotoError.workerUnavailable("No patio executable found for the photo worker; set \(workerVariable).")
            }
            let process = PhotoWorkerProcess(executable: path, limits: limits, wallClockSeconds: wallClockSeconds, environment: environment)
            return try await gate.withPlace(owner: owner) {
                try await onOwnThread { process.run(bytes, format: format, maxSide: maxSide) }.get()
            }
        }
    }

    /// The codecs in this process with the same header limits, one image per core at a time, each on a thread of its
    /// own; no CPU, memory or crash isolation (a crash here is the server's crash).
    public static func inProcess(gate: PhotoWorkerGate = PhotoWorkerGate(limit: ProcessInfo.processInfo.activeProcessorCount, wait: queueWait))
        -> PhotoCodecs
    {
        PhotoCodecs { bytes, format, maxSide, owner in
            try await gate.withPlace(owner: owner) {
                try await onOwnThread {
                    Result { () throws(PhotoError) in try Thumbnail.make(from: bytes, format: format, maxSide: maxSide) }
                }.get()
            }
        }
    }

    /// `PATIO_PHOTO_WORKER`, else this executable when it is `patio`, else `patio` in this executable's folder.
    public static func locateWorker(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let configured = environment[workerVariable], !configured.isEmpty { return configured }
        guard let current = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? Bundle.main.executablePath else {
            return nil
        }
        let url = URL(fileURLWithPath: current)
        if url.lastPathComponent == "patio" { return current }
        let sibling = url.deletingLastPathComponent().appendingPathComponent("patio").path
        return FileManager.default.isExecutableFile(atPath: sibling) ? sibling : nil
    }

    /// Runs blocking work on a new thread and waits for it without holding one of the cooperative pool's few
    /// threads (two on a two-core machine: two blocked there would stop every request).
    static func onOwnThread<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            let thread = Thread { continuation.resume(returning: work()) }
            thread.stackSize = 8 * 1024 * 1024
            thread.start()
        }
    }
}
