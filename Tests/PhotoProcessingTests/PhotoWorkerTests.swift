import Foundation
@testable import PhotoProcessing
import Testing

/// The worker process run from the built `patio` (next to this test bundle, as the server finds it).
@Suite("Each photo is decoded in a limited worker process")
struct PhotoWorkerTests {
    static func process(limits: PhotoWorker.Limits = .init(), wallClockSeconds: Double = 30, fault: String? = nil) throws -> PhotoWorkerProcess {
        let executable = try #require(PhotoCodecs.locateWorker(environment: [:]), "build patio first: swift build --build-tests")
        return PhotoWorkerProcess(
            executable: executable, limits: limits, wallClockSeconds: wallClockSeconds,
            environment: fault.map { [PhotoWorker.faultVariable: $0] } ?? [:])
    }

    @Test(
        "the worker answers what the codecs answer in this process, for photos and for every hostile image",
        arguments: ["plain.jpg", "gps.png", "plain.heic", "scans.jpg", "wide.png", "wide.heic"])
    func sameAnswers(name: String) throws {
        let bytes = try Fixture.bytes(name)
        let format = try #require(PhotoFormat.detect(bytes))
        let inProcess = Result { () throws(PhotoError) in try Thumbnail.make(from: bytes, format: format, maxSide: 320) }
        #expect(try Self.process().run(bytes, format: format, maxSide: 320) == inProcess)
    }

    @Test("a decoder that crashes takes only its worker down: the image is refused as unreadable")
    func crash() throws {
        let outcome = try Self.process(fault: "crash").run(try Fixture.bytes("plain.jpg"), format: .jpeg, maxSide: 320)
        guard case .failure(.unreadable(let reason)) = outcome else { Issue.record("\(outcome)"); return }
        #expect(reason.contains("signal 6"))
    }

    @Test("a decoder that loops is stopped by its CPU-time limit and the image is too complex")
    func cpuLimit() throws {
        let outcome = try Self.process(limits: .init(cpuSeconds: 1), fault: "spin").run(try Fixture.bytes("plain.jpg"), format: .jpeg, maxSide: 320)
        #expect(outcome == .failure(.tooComplex))
    }

    @Test("a worker still running at the wall-clock limit is killed and the image is too complex")
    func wallClock() throws {
        let outcome = try Self.process(limits: .init(cpuSeconds: 60), wallClockSeconds: 0.5, fault: "spin")
            .run(try Fixture.bytes("plain.jpg"), format: .jpeg, maxSide: 320)
        #expect(outcome == .failure(.tooComplex))
    }

    @Test("a worker whose image needs more memory than its limit refuses it instead of growing")
    func memoryLimit() throws {
        // A 12000 × 4000 PNG is inside the pixel cap; its 144 MB of pixels do not fit in 220 MB beside the worker itself.
        let bytes = try Fixture.bytes("strip.png")
        #expect(try Self.process().run(bytes, format: .png, maxSide: 320).map(\.width) == .success(12000))
        let limited = try Self.process(limits: .init(memoryBytes: 220 * 1024 * 1024)).run(bytes, format: .png, maxSide: 320)
        #expect(limited == .failure(.tooComplex))
    }

    @Test("a worker that cannot be started is reported as unavailable, not as the image's fault")
    func missingExecutable() {
        let outcome = PhotoWorkerProcess(executable: "/nonexistent/patio").run([0xFF, 0xD8, 0xFF], format: .jpeg, maxSide: 320)
        guard case .failure(.workerUnavailable) = outcome else { Issue.record("\(outcome)"); return }
    }
}

@Suite("At most a few photo workers run at once")
struct PhotoWorkerGateTests {
    /// A place held until the test lets it go: `entered` is awaited before anything else runs, so no test
    /// depends on how soon the scheduler starts the holder.
    struct Holder {
        let task: Task<Int, any Error>
        let release: AsyncStream<Void>.Continuation

        static func take(_ gate: PhotoWorkerGate, owner: String = "") async -> Holder {
            let (entered, enteredSignal) = AsyncStream<Void>.makeStream()
            let (released, release) = AsyncStream<Void>.makeStream()
            let task = Task {
                try await gate.withPlace(owner: owner) {
                    enteredSignal.yield()
                    for await _ in released { break }
                    return 1
                }
            }
            for await _ in entered { break }
            return Holder(task: task, release: release)
        }

        func free() async throws -> Int {
            release.yield()
            return try await task.value
        }
    }

    @Test("with one place taken for longer than the wait, the next caller is turned away busy; after it frees, the next gets in")
    func busy() async throws {
        let gate = PhotoWorkerGate(limit: 1, wait: .milliseconds(200))
        let holder = await Holder.take(gate)
        await #expect(throws: PhotoError.busy) { try await gate.withPlace { 2 } }
        #expect(try await holder.free() == 1)
        #expect(try await gate.withPlace { 3 } == 3)
    }

    @Test("one owner holds at most its own place: while its images wait for each other, another owner's image gets the free one")
    func perOwner() async throws {
        let gate = PhotoWorkerGate(limit: 2, perOwner: 1, wait: .milliseconds(300))
        let attacker = await Holder.take(gate, owner: "attacker")
        await #expect(throws: PhotoError.busy) { try await gate.withPlace(owner: "attacker") { 2 } }
        #expect(try await gate.withPlace(owner: "someone else") { 3 } == 3)
        #expect(try await attacker.free() == 1)
    }

    @Test("waiters get the places in turn as they free; none is lost")
    func queue() async throws {
        let gate = PhotoWorkerGate(limit: 2, wait: .seconds(30))
        let results = try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<20 {
                group.addTask {
                    try await gate.withPlace {
                        try await Task.sleep(for: .milliseconds(10)); return index
                    }
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.sorted() == Array(0..<20))
    }
}
