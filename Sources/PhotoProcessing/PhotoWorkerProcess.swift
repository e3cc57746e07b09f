import CPhotoCodecs
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs one photo worker (`<executable> photo-worker`) for one image: spawns it, writes the request, reads the
/// reply, and kills it when the wall-clock limit passes. Blocking: call it from a thread of its own, never from
/// Swift's cooperative pool (see `PhotoCodecs`).
public struct PhotoWorkerProcess: Sendable {
    /// The `patio` binary the worker runs from.
    public var executable: String
    public var limits: PhotoWorker.Limits
    /// How long a worker may take from spawn to exit, whatever it spends it on (waiting for a core included).
    public var wallClockSeconds: Double
    /// Added to the server's environment for the worker (tests set `PhotoWorker.faultVariable` this way).
    public var environment: [String: String]

    public init(executable: String, limits: PhotoWorker.Limits = .init(), wallClockSeconds: Double = 30, environment: [String: String] = [:]) {
        self.executable = executable
        self.limits = limits
        self.wallClockSeconds = wallClockSeconds
        self.environment = environment
    }

    /// The worker's thumbnail or refusal. A worker that is killed (its CPU limit, the wall clock) refuses the
    /// image as too complex; one that crashes or answers nonsense, as unreadable; one that cannot start is
    /// `workerUnavailable`.
    public func run(_ bytes: [UInt8], format: PhotoFormat, maxSide: Int) -> Result<Thumbnail.Result, PhotoError> {
        _ = Self.ignoreBrokenPipes
        let request = PhotoWorkerMessage.request(bytes, format: format, maxSide: maxSide)
        var input: [Int32] = [-1, -1], output: [Int32] = [-1, -1]
        // Close-on-exec from the start, so a worker spawned at the same moment on another thread never holds
        // this worker's pipe ends (which would keep its end-of-file from arriving).
        guard cphoto_pipe_cloexec(&input) == 0 else { return .failure(.workerUnavailable("pipe: errno \(errno)")) }
        guard cphoto_pipe_cloexec(&output) == 0 else {
            close(input[0]); close(input[1])
            return .failure(.workerUnavailable("pipe: errno \(errno)"))
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input[0], 0)
        posix_spawn_file_actions_adddup2(&actions, output[1], 1)
        let arguments = [executable, "photo-worker"] + limits.arguments
        // One malloc arena: the address-space limit then measures the image's memory, not per-thread reservations.
        // No Swift backtrace on a crash: the server reports the refusal; a page of registers in its log helps nobody.
        let added = ["MALLOC_ARENA_MAX": "1", "SWIFT_BACKTRACE": "enable=no"].merging(self.environment) { $1 }
        let environment =
            Self.inherited.filter { entry in !added.keys.contains { entry.hasPrefix($0 + "=") } } + added.map { "\($0.key)=\($0.value)" }
        var pid: pid_t = 0
        let spawned = withCStrings(arguments) { argv in
            withCStrings(environment) { envp in posix_spawn(&pid, executable, &actions, nil, argv, envp) }
        }
        close(input[0])
        close(output[1])
        guard spawned == 0 else {
            close(input[1]); close(output[0])
            return .failure(.workerUnavailable("\(executable): \(String(cString: strerror(spawned)))"))
        }
        let (reply, timedOut) = exchange(request, input: input[1], output: output[0], pid: pid)
        let status = reap(pid, killFirst: timedOut)
        let signal = status & 0x7F
        if timedOut || signal == SIGXCPU || signal == SIGKILL { return .failure(.tooComplex) }
        if signal != 0 { return .failure(.unreadable("The image decoder stopped on this image (signal \(signal)).")) }
        return PhotoWorkerMessage.parseReply(reply) ?? .failure(.unreadable("The photo worker gave no answer."))
    }

    /// Writes the request and reads the reply at the same time (poll), until the reply ends or the wall clock runs out.
    private func exchange(_ request: [UInt8], input: Int32, output: Int32, pid: pid_t) -> (reply: [UInt8], timedOut: Bool) {
        let deadline = Self.now() + wallClockSeconds
        _ = fcntl(input, F_SETFL, fcntl(input, F_GETFL) | O_NONBLOCK)
        var writing: Int32? = input
        var written = 0
        var reply: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        defer {
            if let writing { close(writing) }
            close(output)
        }
        while true {
            let left = deadline - Self.now()
            if left <= 0 { return (reply, true) }
            var fds = [pollfd(fd: output, events: Int16(POLLIN), revents: 0)]
            if let writing { fds.append(pollfd(fd: writing, events: Int16(POLLOUT), revents: 0)) }
            let ready = poll(&fds, nfds_t(fds.count), Int32(min(left * 1000, 1000).rounded(.up)))
            if ready < 0 && errno != EINTR { return (reply, false) }
            if fds.count > 1, fds[1].revents != 0, let descriptor = writing {
                let count = request[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, min($0.count, 64 * 1024)) }
                if count > 0 { written += count }
                if count < 0 && errno != EAGAIN && errno != EINTR || written == request.count {
                    close(descriptor)  // all sent, or the worker is gone (EPIPE)
                    writing = nil
                }
            }
            if fds[0].revents != 0 {
                let count = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
                if count > 0 {
                    reply.append(contentsOf: chunk[0..<count])
                } else if count == 0 || errno != EINTR && errno != EAGAIN {
                    return (reply, false)
                }
            }
        }
    }

    /// Waits for the worker to exit (killing it when asked, or when it outlives its reply by the wall clock)
    /// and answers its wait status.
    private func reap(_ pid: pid_t, killFirst: Bool) -> Int32 {
        if killFirst { kill(pid, SIGKILL) }
        var status: Int32 = 0
        let deadline = Self.now() + (killFirst ? 0 : min(wallClockSeconds, 5))
        while true {
            let done = waitpid(pid, &status, killFirst ? 0 : WNOHANG)
            if done == pid || done < 0 && errno != EINTR { return killFirst ? SIGKILL : status }
            if Self.now() > deadline {
                kill(pid, SIGKILL)
                while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
                return SIGKILL
            }
            usleep(1000)
        }
    }

    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// The server's environment, passed on (PATIO_PHOTO_WORKER_FAULT reaches the worker this way in tests).
    private static let inherited: [String] = {
        var entries: [String] = []
        var pointer = environ
        while let entry = pointer.pointee {
            entries.append(String(cString: entry))
            pointer += 1
        }
        return entries
    }()

    /// A worker that exits before reading all of its request must fail the write (EPIPE), not kill the server.
    private static let ignoreBrokenPipes: Void = { _ = signal(SIGPIPE, SIG_IGN) }()
}

/// Runs `body` with `strings` as a NULL-terminated array of C strings.
private func withCStrings<T>(_ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> T) -> T {
    let pointers = strings.map { strdup($0) } + [nil]
    defer { pointers.forEach { free($0) } }
    return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
}
