import FakeSAES
import Foundation
import HummingbirdTesting
import PatioCore
import PatioPlatform
import Testing
@testable import Campus

@Suite("Campus SAES: a student links only the SAES account of the boleta on their Campus record")
struct SAESBoletaTests {
    /// Someone else at the same school, with a real SAES account.
    static let someoneElse: FakeStudent = {
        var other = FakeStudent.demo
        other.boleta = "2022630417"
        other.password = "her-own-password"
        return other
    }()

    /// The demo school (its student has boleta 2022630101) with Patio pointed at a fake SAES portal.
    private func withDemoSchool(_ body: @escaping @Sendable (CampusWorld, FakeSAES) async throws -> Void) async throws {
        let fake = FakeSAES()
        fake.add(Self.someoneElse)
        try await fake.withRunning { base in
            try await TestPatio.with(
                modules: moduleUnderTest,
                configure: { configuration in
                    configuration.moduleSettings = ModuleSettings(environment: ["PATIO_CAMPUS_SAES_PORTAL": base + "{school}/"])
                }
            ) { patio, client in
                try await body(try await CampusWorld.make(patio, client), fake)
            }
        }
    }

    @Test("API: another person's boleta is refused 409 saes_boleta_mismatch before SAES is asked; the student's own links")
    func api() async throws {
        try await withDemoSchool { world, fake in
            _ = try await world.client.created("/api/v1/campus/saes/challenge", token: world.student, ["school": "escom"])
            let answer = try #require(fake.latestCaptchaAnswer)
            let theirs = try await world.client.api(
                .post, "/api/v1/campus/saes/link", token: world.student,
                body: [
                    "boleta": Self.someoneElse.boleta, "password": Self.someoneElse.password, "captcha": answer,
                ])
            #expect(try theirs.status == .conflict && problem(theirs).code == "saes_boleta_mismatch")
            #expect(!fake.requestLog.contains("POST escom/default.aspx"))
            let pending = try await world.client.fetch("/api/v1/campus/saes/link", token: world.student)
            #expect(pending["status"] as? String == "pending" && pending["boleta"] == nil)

            // The same CAPTCHA still stands: nothing was posted to SAES.
            let own = try await world.client.api(
                .post, "/api/v1/campus/saes/link", token: world.student,
                body: [
                    "boleta": FakeStudent.demo.boleta, "password": FakeStudent.demo.password, "captcha": answer,
                ])
            #expect(own.status == .ok)
            #expect(try object(own)["boleta"] as? String == FakeStudent.demo.boleta)
        }
    }

    @Test(
        "page: the refusal is shown in the student's language and the form keeps the boleta and the choice to keep the password, never the password")
    func page() async throws {
        try await withDemoSchool { world, fake in
            var ana = try await WebSession.signIn(world.client, email: "estudiante@demo.patio", password: "demo-password")
            _ = try await ana.post("/campus/saes/challenge", form: ["school": "escom"])
            let refused = try await ana.post(
                "/campus/saes/link",
                form: [
                    "boleta": Self.someoneElse.boleta, "password": Self.someoneElse.password, "keepPassword": "on",
                    "captcha": try #require(fake.latestCaptchaAnswer),
                ])
            let body = String(buffer: refused.body)
            #expect(refused.status == .unprocessableContent)
            #expect(body.contains("Esa boleta no es la de tu expediente en Campus"))
            #expect(body.contains("value=\"\(Self.someoneElse.boleta)\"") && body.contains("name=\"keepPassword\" checked"))
            #expect(!body.contains(Self.someoneElse.password))
            let strings = CampusStrings.all
            #expect(strings[.en]?["problem.saes_boleta_mismatch"]?.contains("not the one on your Campus record") == true)
        }
    }

    @Test(
        """
        school services see the link: 404 saes_not_linked before, then the boleta, school and status on the API and the student's page; a \
        student cannot ask
        """
    )
    func schoolServicesSeeLinks() async throws {
        try await withDemoSchool { world, fake in
            let ana = try #require(try await world.services.students.list(query: FakeStudent.demo.boleta).first)
            let path = "/api/v1/campus/students/\(ana.id)/saes-link"
            let before = try await world.client.api(.get, path, token: world.admin)
            #expect(try before.status == .notFound && problem(before).code == "saes_not_linked")
            #expect(try await world.client.api(.get, path, token: world.student).status == .forbidden)

            _ = try await world.client.created("/api/v1/campus/saes/challenge", token: world.student, ["school": "escom"])
            let linked = try await world.client.api(
                .post, "/api/v1/campus/saes/link", token: world.student,
                body: [
                    "boleta": FakeStudent.demo.boleta, "password": FakeStudent.demo.password, "captcha": try #require(fake.latestCaptchaAnswer),
                ])
            #expect(linked.status == .ok)
            let seen = try await world.client.fetch(path, token: world.admin)
            #expect(seen["boleta"] as? String == FakeStudent.demo.boleta && seen["status"] as? String == "linked" && seen["linkedAt"] is String)

            try await world.patio.account("jefa@test.patio", roles: [CampusRoles.admin])
            var admin = try await WebSession.signIn(world.client, email: "jefa@test.patio", password: TestPatio.password)
            let page = String(buffer: try await admin.get("/campus/admin/students/\(ana.id)").body)
            #expect(page.contains("Boleta en el SAES") && page.contains(FakeStudent.demo.boleta) && page.contains("Vinculado"))
            #expect(!page.contains("No ha vinculado su SAES"))
        }
    }
}
