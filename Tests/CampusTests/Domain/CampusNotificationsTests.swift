import FakeSAES
import Foundation
import HTTPTypes
import HummingbirdTesting
import PatioCore
import SAESConnector
import Testing
@testable import Campus

@Suite("Campus notifications: a grade captured in Patio, and a grade found new or changed in SAES")
struct CampusNotificationsTests {
    static func row(_ subject: String, _ partials: [SAESMark], ext: SAESMark = .none, final: SAESMark = .none) -> SAESGradeRow {
        SAESGradeRow(group: "3CV11", subjectCode: nil, subject: subject, partials: partials, extraordinary: ext, final: final)
    }

    @Test("comparing two readings: each subject whose grade is new or changed, by its newest changed mark; the first reading is no news")
    func saesChanges() {
        let before = SAESGrades(
            rows: [Self.row("BASES DE DATOS", [.tenths(100), .notPresented, .none]), Self.row("REDES", [.tenths(70), .none, .none])],
            evaluationRequired: false)
        #expect(CampusNotifications.saesChanges(before: nil, after: before).isEmpty)
        #expect(CampusNotifications.saesChanges(before: before, after: before).isEmpty)

        let after = SAESGrades(
            rows: [
                Self.row("BASES DE DATOS", [.tenths(100), .tenths(85), .tenths(95)]),  // P2 and P3 captured: P3 is the newest
                Self.row("REDES", [.tenths(70), .none, .none], final: .tenths(80)),
                Self.row("COMPILADORES", [.tenths(60), .none, .none]),  // a subject seen for the first time
            ],
            evaluationRequired: false)
        let changes = CampusNotifications.saesChanges(before: before, after: after)
        #expect(changes.map { "\($0.subject) \($0.assessment) \($0.grade)" } == ["BASES DE DATOS P3 9.5", "REDES Final 8", "COMPILADORES P1 6"])

        // A grade taken away is not announced as news.
        let erased = SAESGrades(rows: [Self.row("BASES DE DATOS", [.tenths(100), .none, .none]), before.rows[1]], evaluationRequired: false)
        #expect(CampusNotifications.saesChanges(before: before, after: erased).isEmpty)
    }

    @Test("a teacher's capture tells the student, with the subject, the assessment and the grade; an erased grade tells nobody")
    func captured() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let world = try await CampusWorld.make(patio, client)
            let group = try #require(try await world.teacherGroups().first { ($0["subject"] as? [String: Any])?["clave"] as? String == "C502" })
            let groupID = try #require(group["id"] as? String)
            let subject = try #require((group["subject"] as? [String: Any])?["name"] as? String)
            let ana = try #require(try await world.roster(groupID).first { $0["boleta"] as? String == "2022630101" })
            let enrolmentID = try #require(ana["enrolmentId"] as? String)
            let before = try await client.fetch("/api/v1/notifications", token: world.student)["unreadCount"] as? Int ?? -1
            // The demo's own grades were captured at the world's start: this one comes later.
            patio.clock.advance(by: 60)

            _ = try await client.api(
                .put, "/api/v1/campus/groups/\(groupID)/grades", token: world.teacher,
                body: ["grades": [["enrolmentId": enrolmentID, "partial2": "7"]]])
            let inbox = try await client.fetch("/api/v1/notifications", token: world.student)
            #expect(inbox["unreadCount"] as? Int == before + 1)
            let newest = try #require((inbox["items"] as? [[String: Any]])?.first)
            #expect(newest["kind"] as? String == "campus.grade_captured")
            #expect(newest["title"] as? String == "Calificación nueva")
            #expect(newest["body"] as? String == "\(subject) · P2: 7")
            #expect(newest["link"] as? String == "/campus/grades")

            // Erasing the grade is a change of record, not news for the student.
            _ = try await client.api(
                .put, "/api/v1/campus/groups/\(groupID)/grades", token: world.teacher,
                body: ["grades": [["enrolmentId": enrolmentID, "partial2": ""]]])
            #expect(try await client.fetch("/api/v1/notifications", token: world.student)["unreadCount"] as? Int == before + 1)
            // A refused capture (a grade out of range) writes nothing and tells nobody.
            let refused = try await client.api(
                .put, "/api/v1/campus/groups/\(groupID)/grades", token: world.teacher,
                body: ["grades": [["enrolmentId": enrolmentID, "partial2": "11"]]])
            #expect(refused.status == .unprocessableContent)
            #expect(try await client.fetch("/api/v1/notifications", token: world.student)["unreadCount"] as? Int == before + 1)
        }
    }

    @Test("an urgent announcement reaches the students of the schools it names at once; other posts reach nobody")
    func urgentAnnouncement() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let world = try await CampusWorld.make(patio, client)
            // The demo's grades were announced at the world's start; these come later.
            patio.clock.advance(by: 60)
            let kinds = { () async throws -> [String] in
                (try await client.fetch("/api/v1/notifications?limit=200", token: world.student)["items"] as? [[String: Any]] ?? []).compactMap {
                    $0["kind"] as? String == "campus.urgent_announcement" ? $0["body"] as? String : nil
                }
            }
            let post = { (title: String, category: String, schools: [String]) in
                patio.clock.advance(by: 1)
                _ = try await client.created(
                    "/api/v1/campus/news", token: world.admin,
                    ["kind": "announcement", "title": title, "body": "Detalles en Gestión Escolar.", "category": category, "schools": schools])
            }
            // The demo's own urgent announcement was announced when it was published.
            let before = try await kinds()
            #expect(before == ["Suspensión de clases por simulacro"])
            try await post("Simulacro a las 12:00", "urgent", ["escom"])
            #expect(try await kinds() == ["Simulacro a las 12:00"] + before)
            let newest = (try await client.fetch("/api/v1/notifications", token: world.student)["items"] as? [[String: Any]])?.first
            #expect(newest?["title"] as? String == "Aviso urgente de tu escuela" && newest?["link"] as? String == "/campus/school")
            // Another school's urgent announcement, and an ordinary one for this school, are not pushed to this student.
            try await post("Suspensión en UPIICSA", "urgent", ["upiicsa"])
            try await post("Ventanilla cerrada hoy", "informative", ["escom"])
            #expect(try await kinds() == ["Simulacro a las 12:00"] + before)
            // One for every school reaches every student, and a refused one (no title) reaches nobody.
            try await post("Sin clases el lunes", "urgent", [])
            #expect(try await kinds() == ["Sin clases el lunes", "Simulacro a las 12:00"] + before)
            let refused = try await client.api(
                .post, "/api/v1/campus/news", token: world.admin,
                body: ["kind": "announcement", "title": "", "body": "x", "category": "urgent", "schools": [] as [String]])
            #expect(refused.status == .unprocessableContent)
            #expect(try await kinds().count == 3)
        }
    }

    @Test("a sync that finds a teacher's new grade in SAES tells the student once; linking and an unchanged sync tell nothing")
    func saesGrade() async throws {
        try await SAESWorld.with { world in
            #expect(try await world.link().status == .ok)
            let inbox = { try await world.client.fetch("/api/v1/notifications", token: world.student) }
            #expect(try await inbox()["unreadCount"] as? Int == 0, "linking SAES is not news")

            #expect(world.fake.setGrade(boleta: FakeStudent.demo.boleta, subject: "BASES DE DATOS", assessment: "3", .tenths(95)))
            world.patio.clock.advance(by: 3600)
            #expect(try await world.client.api(.post, "/api/v1/campus/saes/sync", token: world.student).status == .ok)
            let items = try #require(try await inbox()["items"] as? [[String: Any]])
            #expect(items.count == 1)
            #expect(items.first?["kind"] as? String == "campus.saes_grade")
            #expect(items.first?["title"] as? String == "Calificación nueva en el SAES")
            #expect(items.first?["body"] as? String == "BASES DE DATOS · P3: 9.5")

            world.patio.clock.advance(by: 3600)
            #expect(try await world.client.api(.post, "/api/v1/campus/saes/sync", token: world.student).status == .ok)
            #expect((try await inbox()["items"] as? [[String: Any]])?.count == 1, "nothing changed in SAES: nothing new")
            #expect(!world.fake.setGrade(boleta: FakeStudent.demo.boleta, subject: "NO EXISTE", assessment: "1", .tenths(90)))
            #expect(!world.fake.setGrade(boleta: FakeStudent.demo.boleta, subject: "BASES DE DATOS", assessment: "4", .tenths(90)))
        }
    }
}
