import FakeSAES
import FluentKit
import Foundation
import HummingbirdTesting
import PatioCore
import SAESConnector
import Testing
@testable import Campus

/// The job Patio runs every fifteen minutes (`campus-saes-sync`), run here at the moments the tests choose
/// on the clock they control.
extension SAESWorld {
    /// A second student of the fake portal, at another school than Valeria's.
    static let otherStudent: FakeStudent = {
        var student = FakeStudent.demo
        student.boleta = "2021600123"
        student.password = "otra-clave"
        student.personalData["student.name"] = "JOSÉ ÁNGEL RÍOS PEÑA"
        student.grades = Array(student.grades.prefix(2))
        return student
    }()

    func runScheduledSync() async throws {
        let jobs = try #require(patio.components.started["campus"]).periodicJobs()
        let job = try #require(jobs.first { $0.name == "campus-saes-sync" })
        try await job.run()
    }

    func linkRow(boleta: String) async throws -> SAESLinkModel {
        try #require(try await SAESLinkModel.query(on: patio.components.database.reader).filter(\.$boleta == boleta).first())
    }

    func pageRows(boleta: String) async throws -> [String: SAESPageModel] {
        let link = try await linkRow(boleta: boleta)
        let pages = try await SAESPageModel.query(on: patio.components.database.reader).filter(\.$accountID == link.accountID).all()
        return Dictionary(uniqueKeysWithValues: pages.map { ($0.page, $0) })
    }

    /// Whether a stored time is the test clock's now (the database keeps times to the millisecond or so).
    func isNow(_ date: Date?) -> Bool {
        date.map { abs($0.timeIntervalSince(patio.clock.date)) < 1 } ?? false
    }

    /// Requests the fake portal got from `school` since `mark` (an earlier length of its log).
    func requests(to school: String, since mark: Int) -> [String] {
        fake.requestLog.dropFirst(mark).filter { $0.hasPrefix("GET \(school)/") || $0.hasPrefix("POST \(school)/") }
    }
}

@Suite("Campus SAES scheduled sync: every link read again once six hours have passed, each student on their own")
struct SAESScheduledSyncTests {
    @Test("a link read less than six hours ago is left alone; one read longer ago is read again and what changed on SAES is written")
    func dueOrNot() async throws {
        try await SAESWorld.with { world in
            world.fake.add(SAESWorld.otherStudent)
            #expect(try await world.link().status == .ok)
            let linkedAt = try #require(try await world.linkRow(boleta: FakeStudent.demo.boleta).syncedAt)
            world.patio.clock.advance(by: 3 * 3600)
            let jose = try await world.patio.token(for: "jose@test.patio", roles: [CampusRoles.student], client: world.client)
            #expect(try await world.link(school: "upiicsa", password: "otra-clave", token: jose, boleta: SAESWorld.otherStudent.boleta).status == .ok)
            let joseLinkedAt = try #require(try await world.linkRow(boleta: SAESWorld.otherStudent.boleta).syncedAt)

            // Five hours after Valeria's reading and two after José's: nobody is due, SAES is not asked anything.
            world.patio.clock.advance(by: 2 * 3600)
            var mark = world.fake.requestLog.count
            try await world.runScheduledSync()
            #expect(world.fake.requestLog.count == mark)
            #expect(try await world.linkRow(boleta: FakeStudent.demo.boleta).syncedAt == linkedAt)

            // Seven hours after Valeria's: she is read again, with the grade SAES now shows; José (four hours) is not.
            world.fake.update(boleta: FakeStudent.demo.boleta) { $0.grades[0].final = .tenths(90) }
            world.fake.update(boleta: SAESWorld.otherStudent.boleta) { $0.grades[0].final = .tenths(70) }
            world.patio.clock.advance(by: 2 * 3600)
            mark = world.fake.requestLog.count
            try await world.runScheduledSync()
            #expect(world.requests(to: "escom", since: mark).contains("GET escom/Alumnos/Informacion_semestral/calificaciones_sem.aspx"))
            #expect(world.requests(to: "upiicsa", since: mark).isEmpty)
            let valeria = try await world.linkRow(boleta: FakeStudent.demo.boleta)
            #expect(world.isNow(valeria.syncedAt) && valeria.status == "linked")
            #expect(try await world.linkRow(boleta: SAESWorld.otherStudent.boleta).syncedAt == joseLinkedAt)
            let grades = try #require(try await world.pageRows(boleta: FakeStudent.demo.boleta)["grades"]?.data)
            let read = try JSONDecoder().decode(SAESGrades.self, from: Data(grades.utf8))
            #expect(read.rows[0].final == .tenths(90))
            let joseGrades = try #require(try await world.pageRows(boleta: SAESWorld.otherStudent.boleta)["grades"]?.data)
            #expect(try JSONDecoder().decode(SAESGrades.self, from: Data(joseGrades.utf8)).rows[0].final == SAESMark.none)
        }
    }

    @Test("a link whose session SAES ended is not read by the schedule: SAES is not asked, the link keeps asking for a CAPTCHA")
    func endedSessionSkipped() async throws {
        try await SAESWorld.with { world in
            #expect(try await world.link().status == .ok)
            world.fake.expireSessions()
            let ended = try await world.client.api(.post, "/api/v1/campus/saes/sync", token: world.student)
            #expect(try ended.status == .conflict && problem(ended).code == "saes_session_ended")
            let before = try await world.linkRow(boleta: FakeStudent.demo.boleta)
            #expect(before.status == "session_ended")

            world.patio.clock.advance(by: 7 * 3600)
            let mark = world.fake.requestLog.count
            try await world.runScheduledSync()
            #expect(world.fake.requestLog.count == mark)
            let after = try await world.linkRow(boleta: FakeStudent.demo.boleta)
            #expect(after.status == "session_ended" && after.syncedAt == before.syncedAt && after.sealedSession == nil)
        }
    }

    @Test("one student's failure does not stop another's: an ended session, then SAES failing for the other student, whichever is read first")
    func oneFailureDoesNotStopOthers() async throws {
        try await SAESWorld.with { world in
            world.fake.add(SAESWorld.otherStudent)
            let jose = try await world.patio.token(for: "jose@test.patio", roles: [CampusRoles.student], client: world.client)
            #expect(try await world.link().status == .ok)
            #expect(try await world.link(school: "upiicsa", password: "otra-clave", token: jose, boleta: SAESWorld.otherStudent.boleta).status == .ok)

            // Valeria's SAES session ends; José's is read all the same.
            world.fake.expireSessions(boleta: FakeStudent.demo.boleta)
            world.fake.update(boleta: SAESWorld.otherStudent.boleta) { $0.grades[1].final = .tenths(100) }
            world.patio.clock.advance(by: 7 * 3600)
            try await world.runScheduledSync()
            #expect(try await world.linkRow(boleta: FakeStudent.demo.boleta).status == "session_ended")
            let josé = try await world.linkRow(boleta: SAESWorld.otherStudent.boleta)
            #expect(josé.status == "linked" && world.isNow(josé.syncedAt))
            let joseGrades = try #require(try await world.pageRows(boleta: SAESWorld.otherStudent.boleta)["grades"]?.data)
            #expect(try JSONDecoder().decode(SAESGrades.self, from: Data(joseGrades.utf8)).rows[1].final == .tenths(100))

            // Valeria types a new CAPTCHA; then SAES fails for José alone (its crash page): Valeria is read, José's
            // pages say they failed and keep what was read before.
            let valeriaToken = try await world.patio.login("valeria@test.patio", client: world.client)
            #expect(try await world.link(token: valeriaToken).status == .ok)
            let relinkedAt = try #require(try await world.linkRow(boleta: FakeStudent.demo.boleta).syncedAt)
            world.fake.setCrashing(boleta: SAESWorld.otherStudent.boleta)
            world.fake.update(boleta: FakeStudent.demo.boleta) { $0.grades[2].final = .tenths(80) }
            world.patio.clock.advance(by: 7 * 3600)
            try await world.runScheduledSync()
            let valeria = try await world.linkRow(boleta: FakeStudent.demo.boleta)
            #expect(valeria.status == "linked" && world.isNow(valeria.syncedAt) && valeria.syncedAt != relinkedAt)
            let valeriaGrades = try #require(try await world.pageRows(boleta: FakeStudent.demo.boleta)["grades"]?.data)
            #expect(try JSONDecoder().decode(SAESGrades.self, from: Data(valeriaGrades.utf8)).rows[2].final == .tenths(80))

            let failed = try await world.linkRow(boleta: SAESWorld.otherStudent.boleta)
            // Not read: still due, so the next run tries again; the session is still José's.
            #expect(failed.status == "linked" && failed.syncedAt == josé.syncedAt && failed.sealedSession != nil)
            let pages = try await world.pageRows(boleta: SAESWorld.otherStudent.boleta)
            #expect(Set(pages.keys) == ["grades", "schedule", "kardex", "personal_data", "credits", "photo"])
            #expect(pages.values.allSatisfy { $0.status == "failed" && $0.problems.contains("error page") })
            let kept = try #require(pages["grades"]?.data)
            #expect(try JSONDecoder().decode(SAESGrades.self, from: Data(kept.utf8)).rows[1].final == .tenths(100))

            // SAES recovers: the next run reads José again.
            world.fake.setCrashing(boleta: SAESWorld.otherStudent.boleta, false)
            world.patio.clock.advance(by: 15 * 60)
            try await world.runScheduledSync()
            #expect(world.isNow(try await world.linkRow(boleta: SAESWorld.otherStudent.boleta).syncedAt))
            #expect(try await world.pageRows(boleta: SAESWorld.otherStudent.boleta).values.allSatisfy { $0.status == "current" })
        }
    }
}
