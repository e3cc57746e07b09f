import FakeSAES
import Foundation
import HummingbirdTesting
import PatioCore
import Testing
@testable import Campus

@Suite("Campus SAES availability: the groups a school offers, searched live on the student's own SAES")
struct SAESAvailabilityTests {
    @Test(
        "without filters SAES's lists come back; choosing the other career changes the plans and lists its groups; next period posts the other choice"
    )
    func search() async throws {
        try await SAESWorld.with { world in
            #expect(try await world.link().status == .ok)
            let lists: [String: Any] = try await world.client.fetch("/api/v1/campus/saes/availability", token: world.student)
            #expect(lists["searched"] as? Bool == false && (lists["groups"] as? [Any])?.isEmpty == true)
            let filters = try #require(lists["filters"] as? [[String: Any]])
            #expect(filters.map { $0["name"] as? String } == ["career", "plan", "shift", "semester"])
            let plans = try #require(filters[1]["options"] as? [[String: Any]])
            #expect(plans.map { $0["value"] as? String } == ["20", "09"])

            let other: [String: Any] = try await world.client.fetch("/api/v1/campus/saes/availability?career=I&shift=M", token: world.student)
            #expect(other["searched"] as? Bool == true)
            let groups = try #require(other["groups"] as? [[String: Any]])
            #expect(groups.map { $0["subject"] as? String } == ["APRENDIZAJE DE MÁQUINA"])
            #expect((groups.first?["times"] as? [String])?.first == "7:00 - 8:30")
            let otherPlans = try #require((other["filters"] as? [[String: Any]])?[1]["options"] as? [[String: Any]])
            #expect(otherPlans.map { $0["value"] as? String } == ["20"])

            // Plan 2009 exists only for ISC: SAES shows its own choice and Patio says so instead of pretending.
            let mismatched: [String: Any] = try await world.client.fetch("/api/v1/campus/saes/availability?career=I&plan=09", token: world.student)
            #expect((mismatched["problems"] as? [String])?.first?.contains("does not offer that plan") == true)

            _ = try await world.client.fetch("/api/v1/campus/saes/availability?career=C&period=next", token: world.student) as [String: Any]
            #expect(world.fake.requestLog.filter { $0 == "POST escom/Academica/horarios.aspx" }.count == 3)
        }
    }

    @Test("a value none of SAES's lists offer and an unknown period are refused before anything is posted; without a link it is 404")
    func refusals() async throws {
        try await SAESWorld.with { world in
            let unlinked = try await world.client.api(.get, "/api/v1/campus/saes/availability", token: world.student)
            #expect(try unlinked.status == .notFound && problem(unlinked).code == "saes_not_linked")
            #expect(try await world.link().status == .ok)
            for (query, field) in [
                ("career=X", "career"), ("shift=Z", "shift"), ("period=later", "period"),
                ("semester=\(String(repeating: "9", count: 41))", "semester"),
            ] {
                let refused = try await world.client.api(.get, "/api/v1/campus/saes/availability?\(query)", token: world.student)
                let body = try problem(refused)
                #expect(
                    refused.status == .unprocessableContent && body.errors?.first?.code == "unknown_option" && body.errors?.first?.field == field,
                    "\(query)")
            }
            #expect(!world.fake.requestLog.contains("POST escom/Academica/horarios.aspx"))
        }
    }

    @Test("SAES down answers 503; a session SAES ended answers 409 and the link asks for a new CAPTCHA")
    func saesTrouble() async throws {
        try await SAESWorld.with { world in
            #expect(try await world.link().status == .ok)
            world.fake.setTrouble(.crashing)
            let down = try await world.client.api(.get, "/api/v1/campus/saes/availability?career=C", token: world.student)
            #expect(try down.status == .serviceUnavailable && problem(down).code == "saes_unavailable")
            world.fake.setTrouble(.none)
            world.fake.expireSessions()
            let ended = try await world.client.api(.get, "/api/v1/campus/saes/availability?career=C", token: world.student)
            #expect(try ended.status == .conflict && problem(ended).code == "saes_session_ended")
            #expect(try await world.linkState()["status"] as? String == "session_ended")
        }
    }

    @Test("the page shows SAES's lists, the groups found with their days, and an ended session with the way back")
    func page() async throws {
        try await SAESWorld.with { world in
            var valeria = try await WebSession.signIn(world.client, email: "valeria@test.patio", password: TestPatio.password)
            let unlinked = try await valeria.get("/campus/saes/availability")
            // Pages answer a refusal as 422 with the reason in words, and the way back to link SAES.
            #expect(unlinked.status == .unprocessableContent && String(buffer: unlinked.body).contains("href=\"/campus/saes\""))
            _ = try await valeria.post("/campus/saes/challenge", form: ["school": "escom"])
            _ = try await valeria.post(
                "/campus/saes/link",
                form: [
                    "boleta": FakeStudent.demo.boleta, "password": FakeStudent.demo.password, "captcha": try #require(world.fake.latestCaptchaAnswer),
                ])
            #expect(String(buffer: try await valeria.get("/campus/saes").body).contains("href=\"/campus/saes/availability\""))
            let lists = String(buffer: try await valeria.get("/campus/saes/availability").body)
            #expect(
                lists.contains("INGENIERÍA EN INTELIGENCIA ARTIFICIAL") && lists.contains("name=\"plan\"") && !lists.contains("saes-availability\""))
            let found = String(buffer: try await valeria.get("/campus/saes/availability?career=C&plan=20&shift=M&semester=1&period=current").body)
            #expect(found.contains("BASES DE DATOS") && found.contains("Martes 8:30 - 10:00") && found.contains("1-204"))
            world.fake.expireSessions()
            let ended = try await valeria.get("/campus/saes/availability?career=C")
            #expect(ended.status == .unprocessableContent && String(buffer: ended.body).contains("El SAES cerró la sesión. Escribe una imagen nueva"))
        }
    }
}
