#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The child side of `patio photo-worker`: limits itself first, then reads one request on standard input,
/// decodes it with the C codecs and writes one reply on standard output. A codec that loops runs out of CPU
/// time (the kernel sends SIGXCPU, then SIGKILL), one that blows up runs out of address space (its allocation
/// fails), one that crashes takes only this process down; the server reads each as a refusal of that image.
public enum PhotoWorker {
    /// What one worker may use. The defaults fit a 48 MP phone photo with room to spare: on the reference
    /// machine an 8064 × 6048 HEIC (worst case, noise) decodes in 5.8 s of CPU and 430 MB resident.
    public struct Limits: Sendable, Equatable {
        public var cpuSeconds: Int
        public var memoryBytes: Int
        public init(cpuSeconds: Int = 10, memoryBytes: Int = 1024 * 1024 * 1024) {
            self.cpuSeconds = cpuSeconds
            self.memoryBytes = memoryBytes
        }

        /// `--cpu-seconds N --memory-mb M`, as the server passes them (defaults for anything missing or invalid).
        public init(arguments: [String]) {
            self.init()
            var index = 0
            while index + 1 < arguments.count {
                if let value = Int(arguments[index + 1]), value > 0 {
                    if arguments[index] == "--cpu-seconds" { cpuSeconds = min(value, 3600) }
                    if arguments[index] == "--memory-mb" { memoryBytes = min(value, 1 << 20) * 1024 * 1024 }
                }
                index += 1
            }
        }

        public var arguments: [String] { ["--cpu-seconds", String(cpuSeconds), "--memory-mb", String(memoryBytes / 1024 / 1024)] }
    }

    /// Test hook (never set in production): `PATIO_PHOTO_WORKER_FAULT=crash` aborts after reading the request,
    /// `spin` loops until the CPU limit stops it — a decoder that crashes or hangs, on demand.
    public static let faultVariable = "PATIO_PHOTO_WORKER_FAULT"

    /// Runs one request; the exit status is 0 whenever a reply was written.
    public static func main(arguments: [String]) -> Int32 {
        limit(Limits(arguments: arguments))
        let input = readAll(from: 0)
        switch getenv(faultVariable).map({ String(cString: $0) }) {
        case "crash": abort()
        case "spin": spin()
        default: break
        }
        let outcome: Result<Thumbnail.Result, PhotoError>
        if let request = PhotoWorkerMessage.parseRequest(input) {
            outcome = Result { () throws(PhotoError) in try Thumbnail.make(from: request.bytes, format: request.format, maxSide: request.maxSide) }
        } else {
            outcome = .failure(.unreadable("The photo worker received no request."))
        }
        return writeAll(PhotoWorkerMessage.reply(outcome), to: 1) ? 0 : 1
    }

    /// Limits set before a byte of the image is read. No core files: a crash must not fill the disk.
    /// A lower priority too, so the server's own threads win the CPU while a worker decodes.
    static func limit(_ limits: Limits) {
        func set(_ resource: Int32, soft: Int, hard: Int) {
            var value = rlimit(rlim_cur: rlim_t(soft), rlim_max: rlim_t(hard))
            _ = setrlimit(__rlimit_resource_t(UInt32(resource)), &value)
        }
        // SIGXCPU at the soft limit, SIGKILL one second later if it is caught or ignored.
        set(Int32(RLIMIT_CPU.rawValue), soft: limits.cpuSeconds, hard: limits.cpuSeconds + 1)
        set(Int32(RLIMIT_AS.rawValue), soft: limits.memoryBytes, hard: limits.memoryBytes)
        set(Int32(RLIMIT_CORE.rawValue), soft: 0, hard: 0)
        _ = nice(10)
    }

    static func readAll(from descriptor: Int32) -> [UInt8] {
        var data: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 { data.append(contentsOf: chunk[0..<count]) } else if count < 0 && errno == EINTR { continue } else { return data }
        }
    }

    static func writeAll(_ data: [UInt8], to descriptor: Int32) -> Bool {
        var offset = 0
        while offset < data.count {
            let count = data[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if count > 0 { offset += count } else if count < 0 && errno == EINTR { continue } else { return false }
        }
        return true
    }

    private static func spin() -> Never {
        var counter: UInt64 = 0
        while true { counter &+= 1; if counter == 0 { print("") } }
    }
}
