import Crypto
import Foundation
import PatioServerTestSupport
import Testing

@Suite("Start-up says how notifications reach phones")
struct APNsStartupTests {
    @Test("without APNs settings Patio starts and says iPhones get no pushes; with them it names the host; half of them stops it")
    func startupLine() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("patio-apns-cli-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let data = folder + "/data"

        let plain = try await PatioProcess.runOffPool(["migrate", "--data-dir", data])
        #expect(plain.status == 0)
        #expect((plain.stdout + plain.stderr).contains("APNs is not configured (PATIO_APNS_*)"))

        let keyFile = folder + "/AuthKey_ABC123DEFG.p8"
        try P256.Signing.PrivateKey().pemRepresentation.write(toFile: keyFile, atomically: true, encoding: .utf8)
        var settings = [
            "PATIO_APNS_KEY_FILE": keyFile, "PATIO_APNS_KEY_ID": "ABC123DEFG", "PATIO_APNS_TEAM_ID": "TEAM123456",
            "PATIO_APNS_TOPIC": "mx.patio.app", "PATIO_APNS_HOST": "sandbox",
        ]
        let configured = try await PatioProcess.runOffPool(["migrate", "--data-dir", data], environment: settings)
        #expect(configured.status == 0)
        #expect((configured.stdout + configured.stderr).contains("APNs: pushing to api.sandbox.push.apple.com for mx.patio.app"))

        settings["PATIO_APNS_TOPIC"] = nil
        let half = try await PatioProcess.runOffPool(["migrate", "--data-dir", data], environment: settings)
        #expect(half.status != 0)
        #expect((half.stdout + half.stderr).contains("PATIO_APNS_TOPIC"))
    }
}
