import FakeSAES
import FluentKit
import Foundation
import HTTPTypes
import HummingbirdTesting
import PatioCore
import SAESConnector
import Testing
@testable import Campus

@Suite("Campus SAES: linking a student's SAES through its CAPTCHA, syncing into Campus, expiry, unlinking")
struct SAESLinkAPITests {
    @Test(
        """
        linking: an unknown school and a post before any CAPTCHA are refused; a wrong CAPTCHA and a wrong password come back with a new image; \
        the right answer links and reads every page
        """
    )
    func linking() async throws {
        try await SAESWorld.with { world in
            let client = world.client, token = world.student
            let unknown = try await client.api(.post, "/api/v1/campus/saes/challenge", token: token, body: ["school": "hogwarts"])
            #expect(try unknown.status == .unprocessableContent && problem(unknown).errors?.first?.code == "unknown_school")
            let early = try await client.api(
                .post, "/api/v1/campus/saes/link", token: token, body: ["boleta": "1", "password": "x", "captcha": "ABC"])
            #expect(try early.status == .conflict && problem(early).code == "saes_no_challenge")

            let challenge = try await client.created("/api/v1/campus/saes/challenge", token: token, ["school": "escom"])
            let firstImage = try #require(challenge["captchaImage"] as? String)
            #expect(firstImage.hasPrefix("data:image/png;base64,") && challenge["schoolName"] as? String == "ESCOM")
            let wrong = try await client.api(
                .post, "/api/v1/campus/saes/link", token: token,
                body: [
                    "boleta": FakeStudent.demo.boleta, "password": FakeStudent.demo.password, "captcha": "XXXXX",
                ])
            #expect(try wrong.status == .unprocessableContent && problem(wrong).code == "saes_wrong_captcha")
            let retry = try await client.fetch("/api/v1/campus/saes/challenge", token: token)
            #expect(retry["captchaImage"] as? String != firstImage)
            let badPassword = try await client.api(
                .post, "/api/v1/campus/saes/link", token: token,
                body: [
                    "boleta": FakeStudent.demo.boleta, "password": "nope", "captcha": try #require(world.fake.latestCaptchaAnswer),
                ])
            #expect(try badPassword.status == .unprocessableContent && problem(badPassword).code == "saes_wrong_credentials")
            let blank = try await client.api(.post, "/api/v1/campus/saes/link", token: token, body: ["boleta": "20 22", "captcha": ""])
            #expect(try Set(problem(blank).errors?.map(\.field) ?? []) == ["boleta", "password", "captcha"])

            let linked = try await client.api(
                .post, "/api/v1/campus/saes/link", token: token,
                body: [
                    "boleta": FakeStudent.demo.boleta, "password": FakeStudent.demo.password,
                    "captcha": try #require(world.fake.latestCaptchaAnswer).lowercased(), "keepPassword": true,
                ])
            #expect(linked.status == .ok)
            let state = try object(linked)
            #expect(
                state["status"] as? String == "linked" && state["passwordKept"] as? Bool == true
                    && state["boleta"] as? String == FakeStudent.demo.boleta)
            let pages = try #require(state["pages"] as? [[String: Any]])
            #expect(Set(pages.compactMap { $0["page"] as? String }) == ["grades", "schedule", "kardex", "personal_data", "credits", "photo"])
            #expect(pages.allSatisfy { $0["status"] as? String == "current" })

            let record = try await client.fetch("/api/v1/campus/saes/record", token: token)
            let grades = try #require((record["grades"] as? [String: Any])?["rows"] as? [[String: Any]])
            #expect(grades.count == 4 && grades.first?["subject"] as? String == "ANÁLISIS Y DISEÑO DE ALGORITMOS")
            #expect((record["schedule"] as? [[String: Any]])?.count == 4)
            #expect((record["kardex"] as? [String: Any])?["averageHundredths"] as? Int == 865)
            #expect((record["personalData"] as? [String: String])?["general.curp"] == "MOAV040312MDFNRLA8")
            #expect((record["photo"] as? String)?.hasPrefix("data:image/png;base64,") == true)
        }
    }

    @Test("what Patio keeps is sealed: neither the session ticket nor the kept password is readable in the database")
    func sealedAtRest() async throws {
        try await SAESWorld.with { world in
            #expect(try await world.link(keepPassword: true).status == .ok)
            let db = try world.patio.components.database.reader
            let row = try #require(try await SAESLinkModel.query(on: db).first())
            let sealedSession = try #require(row.sealedSession), sealedPassword = try #require(row.sealedPassword)
            #expect(!sealedPassword.contains(FakeStudent.demo.password) && !sealedSession.contains("ASPXFORMSAUTH"))
            #expect(Data(base64Encoded: sealedSession).map { String(decoding: $0, as: UTF8.self).contains("ASPXFORMSAUTH") } == false)
            // Opened with Patio's key it is the session again: the check above can fail.
            let vault = SAESVault(secrets: world.patio.components.environment.secrets)
            #expect(try await vault.open(SAESCookies.self, sealedSession)?.isSignedIn == true)
            #expect(try await vault.open(String.self, sealedPassword) == FakeStudent.demo.password)
        }
    }

    @Test(
        "sync: an unchanged SAES writes nothing; a new grade changes only the grades page; a page SAES stops showing keeps its last data and says so")
    func sync() async throws {
        try await SAESWorld.with { world in
            #expect(try await world.link().status == .ok)
            let first = try await world.changeTimes()
            world.patio.clock.advance(by: 3600)
            let again = try await world.client.api(.post, "/api/v1/campus/saes/sync", token: world.student)
            #expect(again.status == .ok)
            #expect(try await world.changeTimes() == first)

            world.fake.update(boleta: FakeStudent.demo.boleta) { $0.grades[0].partials[2] = .tenths(95) }
            world.patio.clock.advance(by: 3600)
            #expect(try await world.client.api(.post, "/api/v1/campus/saes/sync", token: world.student).status == .ok)
            let afterGrade = try await world.changeTimes()
            #expect(afterGrade["grades"] != first["grades"])
            #expect(afterGrade.filter { $0.key != "grades" } == first.filter { $0.key != "grades" })
            let rows = try #require(
                ((try await world.client.fetch("/api/v1/campus/saes/record", token: world.student))["grades"] as? [String: Any])?["rows"]
                    as? [[String: Any]])
            #expect((rows[0]["partials"] as? [[String: Any]])?[2]["tenths"] != nil)

            world.fake.setBroken(.kardex)
            #expect(try await world.client.api(.post, "/api/v1/campus/saes/sync", token: world.student).status == .ok)
            let pages = try #require(try await world.linkState()["pages"] as? [[String: Any]])
            let kardex = try #require(pages.first { $0["page"] as? String == "kardex" })
            #expect(kardex["status"] as? String == "unreadable" && (kardex["problems"] as? [String])?.first?.contains("Lbl_Kardex") == true)
            let record = try await world.client.fetch("/api/v1/campus/saes/record", token: world.student)
            #expect((record["kardex"] as? [String: Any])?["averageHundredths"] as? Int == 865)
        }
    }

    @Test("SAES down answers 503; an ended session asks for a new CAPTCHA, and with the password kept the CAPTCHA alone links again")
    func downAndExpiry() async throws {
        try await SAESWorld.with { world in
            #expect(try await world.link(keepPassword: true).status == .ok)
            world.fake.setTrouble(.crashing)
            let down = try await world.client.api(.post, "/api/v1/campus/saes/sync", token: world.student)
            #expect(try down.status == .serviceUnavailable && problem(down).code == "saes_unavailable")
            world.fake.setTrouble(.none)

            world.fake.expireSessions()
            let ended = try await world.client.api(.post, "/api/v1/campus/saes/sync", token: world.student)
            #expect(try ended.status == .conflict && problem(ended).code == "saes_session_ended")
            #expect(try await world.linkState()["status"] as? String == "session_ended")
            // Data read before stays readable while the session is gone.
            #expect((try await world.client.fetch("/api/v1/campus/saes/record", token: world.student)["grades"]) != nil)

            _ = try await world.client.created("/api/v1/campus/saes/challenge", token: world.student, ["school": "escom"])
            let relinked = try await world.client.api(
                .post, "/api/v1/campus/saes/link", token: world.student,
                body: ["captcha": try #require(world.fake.latestCaptchaAnswer)])
            #expect(relinked.status == .ok)
            #expect(try object(relinked)["status"] as? String == "linked")
        }
    }

    @Test("when SAES wants the teacher evaluation, the link says so, names the teachers and links to SAES's own form")
    func evaluation() async throws {
        try await SAESWorld.with { world in
            world.fake.setEvaluationRequired(true)
            let linked = try await world.link(school: "upiicsa")
            let state = try object(linked)
            #expect(state["status"] as? String == "evaluation_required")
            #expect(
                (state["teachersToEvaluate"] as? [[String: Any]])?.compactMap { $0["teacher"] as? String } == [
                    "LÓPEZ RAMÍREZ ELENA", "HERNÁNDEZ CRUZ MARIO",
                ])
            #expect((state["evaluationURL"] as? String)?.hasSuffix("/upiicsa/Alumnos/Evaluacion_docente/califica_profe.aspx") == true)
            let record = try await world.client.fetch("/api/v1/campus/saes/record", token: world.student)
            #expect((record["grades"] as? [String: Any])?["evaluationRequired"] as? Bool == true)
            // Nothing was posted to an evaluation form.
            #expect(!world.fake.requestLog.contains { $0.contains("evaluacion.aspx") })
        }
    }

    @Test("unlinking erases the session, the password and every page; only the student's own link is reachable")
    func unlink() async throws {
        try await SAESWorld.with { world in
            #expect(try await world.link(keepPassword: true).status == .ok)
            let teacher = try await world.patio.token(for: "profe@test.patio", roles: [CampusRoles.teacher], client: world.client)
            #expect(try await world.client.api(.get, "/api/v1/campus/saes/record", token: teacher).status == .forbidden)
            let other = try await world.patio.token(for: "otra@test.patio", roles: [CampusRoles.student], client: world.client)
            let theirs = try await world.client.api(.get, "/api/v1/campus/saes/record", token: other)
            #expect(try theirs.status == .notFound && problem(theirs).code == "saes_not_linked")

            #expect(try await world.client.api(.delete, "/api/v1/campus/saes/link", token: world.student).status == .noContent)
            let db = try world.patio.components.database.reader
            #expect(try await SAESLinkModel.query(on: db).count() == 0)
            #expect(try await SAESPageModel.query(on: db).count() == 0)
            #expect(try await world.client.api(.get, "/api/v1/campus/saes/link", token: world.student).status == .notFound)
            #expect(try await world.client.api(.delete, "/api/v1/campus/saes/link", token: world.student).status == .notFound)
        }
    }
}
