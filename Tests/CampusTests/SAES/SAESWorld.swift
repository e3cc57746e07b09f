import FakeSAES
import Foundation
import HummingbirdTesting
import PatioPlatform
import PatioServer
import Testing
@testable import Campus

/// Patio built with Campus alone and pointed at a fake SAES portal, with a signed-in student.
struct SAESWorld {
    let patio: TestPatio
    let client: any TestClientProtocol
    let fake: FakeSAES
    let student: String

    /// Runs `body` with the fake portal serving and Patio using it for every school (or `portal`, an address
    /// template of its own), with `settings` added to Patio's environment.
    static func with(
        settings: [String: String] = [:], portal: String? = nil,
        _ body: @escaping @Sendable (SAESWorld) async throws -> Void
    ) async throws {
        let fake = FakeSAES()
        try await fake.withRunning { base in
            var environment = settings
            environment["PATIO_CAMPUS_SAES_PORTAL"] = portal ?? base + "{school}/"
            let finalEnvironment = environment
            try await TestPatio.with(
                modules: moduleUnderTest,
                configure: { configuration in
                    configuration.moduleSettings = ModuleSettings(environment: finalEnvironment)
                }
            ) { patio, client in
                let student = try await patio.token(for: "valeria@test.patio", roles: [CampusRoles.student], client: client)
                try await body(SAESWorld(patio: patio, client: client, fake: fake, student: student))
            }
        }
    }

    /// Shows the CAPTCHA for `school` and answers it as the student reads it.
    func link(
        school: String = "escom", password: String = FakeStudent.demo.password, keepPassword: Bool = false,
        token: String? = nil, boleta: String = FakeStudent.demo.boleta
    ) async throws -> TestResponse {
        let token = token ?? student
        _ = try await client.created("/api/v1/campus/saes/challenge", token: token, ["school": school])
        return try await client.api(
            .post, "/api/v1/campus/saes/link", token: token,
            body: [
                "boleta": boleta, "password": password, "captcha": try #require(fake.latestCaptchaAnswer), "keepPassword": keepPassword,
            ])
    }

    func linkState() async throws -> [String: Any] { try await client.fetch("/api/v1/campus/saes/link", token: student) }

    /// Each page's time of last change, by page.
    func changeTimes() async throws -> [String: String] {
        let pages = try #require(try await linkState()["pages"] as? [[String: Any]])
        return Dictionary(
            uniqueKeysWithValues: pages.compactMap { page in
                (page["page"] as? String).flatMap { name in (page["changedAt"] as? String).map { (name, $0) } }
            })
    }
}
