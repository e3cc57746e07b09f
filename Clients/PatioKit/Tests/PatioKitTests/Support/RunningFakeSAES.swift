import Foundation
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
import PatioKit
import Testing

/// `patio-fake-saes` (built beside `patio`) on a free loopback port, for one test: IPN's portal markup and sign-in with a CAPTCHA,
/// schools `escom` and `upiicsa`, and the demo student (boleta 2022630101, password saes-demo). Patio reads
/// it when started with ``environment``.
struct RunningFakeSAES: Sendable {
    static let boleta = "2022630101"
    static let password = "saes-demo"
    let base: URL

    /// What Patio needs to use this portal for every school.
    var environment: [String: String] { ["PATIO_CAMPUS_SAES_PORTAL": "\(base.absoluteString)/{school}/"] }

    /// The text of the CAPTCHA the portal showed last: what the student reads off the image.
    func captchaAnswer() async throws -> String {
        let (data, _) = try await URLSession.shared.data(from: base.appendingPathComponent("_fake/captcha"))
        return String(decoding: data, as: UTF8.self)
    }

    static func with(_ body: (RunningFakeSAES) async throws -> Void) async throws {
        let port = try RunningPatio.freePort()
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("patiokit-fake-saes-\(UUID().uuidString).log")
        defer { try? FileManager.default.removeItem(at: log) }
        let process = try RunningPatio.launch(["--port", "\(port)"], log: log, binary: RunningPatio.fakeSAESBinary)
        let fake = RunningFakeSAES(base: URL(string: "http://127.0.0.1:\(port)")!)
        for _ in 0..<600 {
            guard process.isRunning else { break }
            if let (_, response) = try? await URLSession.shared.data(from: fake.base.appendingPathComponent("_fake/captcha")),
                (response as? HTTPURLResponse)?.statusCode == 200
            {
                let outcome: Result<Void, any Error>
                do {
                    try await body(fake)
                    outcome = .success(())
                } catch {
                    outcome = .failure(error)
                }
                await process.stop()
                try outcome.get()
                return
            }
            try await Task.sleep(for: .milliseconds(100))
        }
        await process.stop()
        Issue.record("patio-fake-saes did not start: \(((try? String(contentsOf: log, encoding: .utf8)) ?? "").suffix(2000))")
        throw PatioError.offline("patio-fake-saes did not start")
    }
}
