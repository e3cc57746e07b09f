import FakeSAES
import FluentKit
import Foundation
import HummingbirdTesting
import PatioCore
import SAESConnector
import Testing
@testable import Campus

@Suite("Campus SAES down: its crash page (with a 500 or, as the real portals answer it, a 200), a closed port and no answer in time")
struct SAESDownTests {
    /// Lets the requests SAES held go and waits until each is answered: one of them may be a sign-in page,
    /// whose new CAPTCHA would otherwise replace the one the test is about to type.
    static func answerHeldRequests(_ fake: FakeSAES) async throws {
        fake.setTrouble(.none)
        for _ in 0..<500 where fake.requestsInFlight > 0 { try await Task.sleep(for: .milliseconds(10)) }
        try #require(fake.requestsInFlight == 0, "SAES still holds requests")
    }

    static func expectUnavailable(_ response: TestResponse, _ comment: Comment? = nil) throws {
        #expect(try response.status == .serviceUnavailable && problem(response).code == "saes_unavailable", comment)
    }

    @Test(
        "the crash page while showing the CAPTCHA and while posting the sign-in answers 503 and links nothing; once SAES is back the student links",
        arguments: [
            FakeSAES.Trouble.crashing, .crashingWithOK,
        ])
    func crashWhileLinking(trouble: FakeSAES.Trouble) async throws {
        try await SAESWorld.with { world in
            world.fake.setTrouble(trouble)
            let challenge = try await world.client.api(.post, "/api/v1/campus/saes/challenge", token: world.student, body: ["school": "escom"])
            try Self.expectUnavailable(challenge)
            #expect(try problem(challenge).detail.contains("error page"))
            #expect(try await world.client.api(.get, "/api/v1/campus/saes/challenge", token: world.student).status == .conflict)

            world.fake.setTrouble(.none)
            _ = try await world.client.created("/api/v1/campus/saes/challenge", token: world.student, ["school": "escom"])
            let answer = try #require(world.fake.latestCaptchaAnswer)
            world.fake.setTrouble(trouble)
            let link = try await world.client.api(
                .post, "/api/v1/campus/saes/link", token: world.student,
                body: [
                    "boleta": FakeStudent.demo.boleta, "password": FakeStudent.demo.password, "captcha": answer,
                ])
            try Self.expectUnavailable(link)
            let state = try await world.linkState()
            #expect(state["status"] as? String == "pending" && (state["pages"] as? [Any])?.isEmpty == true)

            world.fake.setTrouble(.none)
            #expect(try await world.link().status == .ok)
            #expect(try await world.linkState()["status"] as? String == "linked")
        }
    }

    @Test("a closed port: the CAPTCHA cannot be shown (503) and nothing is kept")
    func closedPort() async throws {
        try await SAESWorld.with(portal: "http://127.0.0.1:9/{school}/") { world in
            let challenge = try await world.client.api(.post, "/api/v1/campus/saes/challenge", token: world.student, body: ["school": "escom"])
            try Self.expectUnavailable(challenge)
            #expect(try await world.client.api(.get, "/api/v1/campus/saes/link", token: world.student).status == .notFound)
            let link = try await world.client.api(
                .post, "/api/v1/campus/saes/link", token: world.student,
                body: [
                    "boleta": FakeStudent.demo.boleta, "password": FakeStudent.demo.password, "captcha": "ABCDE",
                ])
            #expect(try link.status == .conflict && problem(link).code == "saes_no_challenge")
        }
    }

    // Eight seconds, not fewer: the steps meant to succeed share the limit, and on a machine busy with the whole suite
    // the fake SAES has taken over three seconds to answer one of them.
    @Test(
        """
        SAES that never answers: with PATIO_CAMPUS_SAES_TIMEOUT=8 showing the CAPTCHA, signing in and syncing each give up with 503; a sync \
        marks the pages failed and keeps their data
        """
    )
    func noAnswerInTime() async throws {
        try await SAESWorld.with(settings: ["PATIO_CAMPUS_SAES_TIMEOUT": "8"]) { world in
            world.fake.setTrouble(.silent)
            let challenge = try await world.client.api(.post, "/api/v1/campus/saes/challenge", token: world.student, body: ["school": "escom"])
            try Self.expectUnavailable(challenge)
            #expect(try problem(challenge).detail.contains("did not answer in time"))

            try await Self.answerHeldRequests(world.fake)
            _ = try await world.client.created("/api/v1/campus/saes/challenge", token: world.student, ["school": "escom"])
            let answer = try #require(world.fake.latestCaptchaAnswer)
            world.fake.setTrouble(.silent)
            let link = try await world.client.api(
                .post, "/api/v1/campus/saes/link", token: world.student,
                body: [
                    "boleta": FakeStudent.demo.boleta, "password": FakeStudent.demo.password, "captcha": answer,
                ])
            try Self.expectUnavailable(link)

            try await Self.answerHeldRequests(world.fake)
            #expect(try await world.link().status == .ok)
            world.fake.setTrouble(.silent)
            let sync = try await world.client.api(.post, "/api/v1/campus/saes/sync", token: world.student)
            try Self.expectUnavailable(sync)
            let pages = try #require(try await world.linkState()["pages"] as? [[String: Any]])
            #expect(pages.count == 6)
            #expect(pages.allSatisfy { $0["status"] as? String == "failed" && $0["problems"] as? [String] == ["SAES did not answer in time."] })
            try await Self.answerHeldRequests(world.fake)
            let record = try await world.client.fetch("/api/v1/campus/saes/record", token: world.student)
            #expect(((record["grades"] as? [String: Any])?["rows"] as? [Any])?.count == 4)
        }
    }

    @Test(
        """
        the crash page with a 200: a sync answers 503, marks every page failed and keeps the last good data; the link keeps its session and its \
        last reading time; SAES back, the pages are current again
        """
    )
    func crashPageWithOK() async throws {
        try await SAESWorld.with { world in
            #expect(try await world.link().status == .ok)
            let before = try await world.linkState()
            world.patio.clock.advance(by: 3600)
            world.fake.setTrouble(.crashingWithOK)
            let sync = try await world.client.api(.post, "/api/v1/campus/saes/sync", token: world.student)
            try Self.expectUnavailable(sync)
            #expect(try problem(sync).detail.contains("error page"))

            let state = try await world.linkState()
            #expect(state["status"] as? String == "linked" && state["syncedAt"] as? String == before["syncedAt"] as? String)
            let pages = try #require(state["pages"] as? [[String: Any]])
            #expect(Set(pages.compactMap { $0["page"] as? String }) == ["grades", "schedule", "kardex", "personal_data", "credits", "photo"])
            #expect(pages.allSatisfy { $0["status"] as? String == "failed" && $0["problems"] as? [String] == ["SAES answered its error page."] })
            let record = try await world.client.fetch("/api/v1/campus/saes/record", token: world.student)
            #expect(((record["grades"] as? [String: Any])?["rows"] as? [Any])?.count == 4)
            #expect((record["kardex"] as? [String: Any])?["averageHundredths"] as? Int == 865)
            #expect((record["personalData"] as? [String: String])?["general.curp"] == "MOAV040312MDFNRLA8")
            #expect((record["credits"] as? [String: Any])?["earned"] as? String == "172.50")
            #expect((record["photo"] as? String)?.hasPrefix("data:image/png;base64,") == true)

            // Still down: the same failure writes nothing again.
            let failedAt = try await world.changeTimes()
            world.patio.clock.advance(by: 60)
            try Self.expectUnavailable(try await world.client.api(.post, "/api/v1/campus/saes/sync", token: world.student))
            #expect(try await world.changeTimes() == failedAt)

            world.fake.setTrouble(.none)
            #expect(try await world.client.api(.post, "/api/v1/campus/saes/sync", token: world.student).status == .ok)
            let back = try #require(try await world.linkState()["pages"] as? [[String: Any]])
            #expect(back.allSatisfy { $0["status"] as? String == "current" })
        }
    }

    @Test(
        """
        SAES wanting the teacher evaluation after grades were read: the grades page keeps them, says why nothing new came, and the link names \
        the teachers; evaluated, the grades are current again
        """
    )
    func evaluationKeepsGrades() async throws {
        try await SAESWorld.with { world in
            #expect(try await world.link().status == .ok)
            world.fake.setEvaluationRequired(true)
            world.patio.clock.advance(by: 3600)
            #expect(try await world.client.api(.post, "/api/v1/campus/saes/sync", token: world.student).status == .ok)
            let state = try await world.linkState()
            #expect(state["status"] as? String == "evaluation_required")
            #expect((state["teachersToEvaluate"] as? [[String: Any]])?.count == 2)
            let pages = try #require(state["pages"] as? [[String: Any]])
            let grades = try #require(pages.first { $0["page"] as? String == "grades" })
            #expect(grades["status"] as? String == "unreadable")
            #expect(grades["problems"] as? [String] == [GradesParser.withheld])
            #expect(pages.filter { $0["page"] as? String != "grades" }.allSatisfy { $0["status"] as? String == "current" })
            let record = try await world.client.fetch("/api/v1/campus/saes/record", token: world.student)
            let kept = try #require(record["grades"] as? [String: Any])
            #expect((kept["rows"] as? [[String: Any]])?.compactMap { $0["subject"] as? String } == FakeStudent.demo.grades.map(\.subject))
            #expect(kept["evaluationRequired"] as? Bool == true)

            // Still withheld: nothing is written again.
            let withheldAt = try await world.changeTimes()
            world.patio.clock.advance(by: 3600)
            #expect(try await world.client.api(.post, "/api/v1/campus/saes/sync", token: world.student).status == .ok)
            #expect(try await world.changeTimes() == withheldAt)

            world.fake.setEvaluationRequired(false)
            world.fake.update(boleta: FakeStudent.demo.boleta) { $0.grades[0].final = .tenths(90) }
            #expect(try await world.client.api(.post, "/api/v1/campus/saes/sync", token: world.student).status == .ok)
            let after = try await world.linkState()
            #expect(after["status"] as? String == "linked" && (after["teachersToEvaluate"] as? [Any])?.isEmpty == true)
            let stored = try #require(try await world.pageRows(boleta: FakeStudent.demo.boleta)["grades"])
            #expect(stored.status == "current")
            let fresh = try JSONDecoder().decode(SAESGrades.self, from: Data(try #require(stored.data).utf8))
            #expect(!fresh.evaluationRequired && fresh.rows.first?.final == .tenths(90) && fresh.rows.count == 4)
        }
    }
}
