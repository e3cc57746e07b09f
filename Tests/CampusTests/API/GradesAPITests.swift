import Foundation
import HTTPTypes
import HummingbirdTesting
import PatioCore
import Testing
@testable import Campus

extension CampusServerSuites {
    @Suite("Campus API: grades — teachers capture their own groups inside the windows, students read theirs, every change is kept")
    struct GradesAPITests {
        @Test("the student reads their grades: partials, the pending average where there is nothing numeric, no finals yet")
        func studentGrades() async throws {
            try await TestPatio.with(modules: moduleUnderTest) { patio, client in
                let world = try await CampusWorld.make(patio, client)
                let grades = try await world.grades()
                let rows = try #require(grades["rows"] as? [[String: Any]])
                #expect(rows.count == 6)
                let compilers = try #require(rows.first { $0["clave"] as? String == "C501" })
                #expect(
                    compilers["partial1"] as? String == "8.5" && compilers["partial2"] as? String == "9" && compilers["average"] as? String == "8.75")
                let projects = try #require(rows.first { $0["clave"] as? String == "C506" })
                #expect(projects["partial1"] as? String == "NP" && projects["average"] == nil)
                #expect(grades["generalAverage"] == nil && grades["approved"] as? Int == 0 && grades["pending"] as? Int == 6)
            }
        }

        @Test("a teacher captures the open partial of their own group; the student sees it with the new average and the admin sees who changed what")
        func capture() async throws {
            try await TestPatio.with(modules: moduleUnderTest) { patio, client in
                let world = try await CampusWorld.make(patio, client)
                let group = try #require(try await world.teacherGroups().first { ($0["subject"] as? [String: Any])?["clave"] as? String == "C502" })
                let groupID = try #require(group["id"] as? String)
                let ana = try #require(try await world.roster(groupID).first { $0["boleta"] as? String == "2022630101" })
                let enrolmentID = try #require(ana["enrolmentId"] as? String)
                let saved = try await client.api(
                    .put, "/api/v1/campus/groups/\(groupID)/grades", token: world.teacher,
                    body: ["grades": [["enrolmentId": enrolmentID, "partial2": "7"]]])
                #expect(try saved.status == .ok && object(saved)["changed"] as? Int == 1)
                let row = try #require((try await world.grades()["rows"] as? [[String: Any]])?.first { $0["clave"] as? String == "C502" })
                #expect(row["partial2"] as? String == "7" && row["average"] as? String == "8.00")
                let history = try #require(
                    try await client.fetch("/api/v1/campus/groups/\(groupID)/grade-history", token: world.admin)["items"] as? [[String: Any]])
                let change = try #require(history.first)
                #expect(
                    change["assessment"] as? String == "partial2" && change["before"] == nil && change["after"] as? String == "7"
                        && change["actorName"] as? String == "Mtra. Rocío Hernández Juárez")
                // Clearing is a change too, and sending the same value again is not.
                let cleared = try await client.api(
                    .put, "/api/v1/campus/groups/\(groupID)/grades", token: world.teacher,
                    body: ["grades": [["enrolmentId": enrolmentID, "partial2": NSNull()]]])
                #expect(try object(cleared)["changed"] as? Int == 1)
                let again = try await client.api(
                    .put, "/api/v1/campus/groups/\(groupID)/grades", token: world.teacher,
                    body: ["grades": [["enrolmentId": enrolmentID, "partial2": ""]]])
                #expect(try object(again)["changed"] as? Int == 0)
                let twice = try #require(
                    try await client.fetch("/api/v1/campus/groups/\(groupID)/grade-history", token: world.admin)["items"] as? [[String: Any]]
                )
                .filter { $0["enrolmentId"] as? String == enrolmentID && $0["assessment"] as? String == "partial2" }
                #expect(twice.count == 2 && twice.first?["before"] as? String == "7" && twice.first?["after"] == nil)
            }
        }

        @Test("a teacher cannot grade outside the window, another teacher's group, or with a malformed grade; the student cannot grade at all")
        func captureRefused() async throws {
            try await TestPatio.with(modules: moduleUnderTest) { patio, client in
                let world = try await CampusWorld.make(patio, client)
                let group = try #require(try await world.teacherGroups().first)
                let groupID = try #require(group["id"] as? String)
                let enrolmentID = try #require(try await world.roster(groupID).first?["enrolmentId"] as? String)
                func send(_ token: String, _ field: String, _ value: String) async throws -> TestResponse {
                    try await client.api(
                        .put, "/api/v1/campus/groups/\(groupID)/grades", token: token, body: ["grades": [["enrolmentId": enrolmentID, field: value]]])
                }
                let closed = try await send(world.teacher, "partial3", "9")
                #expect(try closed.status == .forbidden && problem(closed).code == "capture_window_closed")
                let past = try await send(world.teacher, "partial1", "9")
                #expect(try past.status == .forbidden && problem(past).code == "capture_window_closed")
                let notTheirs = try await send(world.otherTeacher, "partial2", "9")
                #expect(try notTheirs.status == .forbidden && problem(notTheirs).code == "not_your_group")
                #expect(try await client.api(.get, "/api/v1/campus/groups/\(groupID)/roster", token: world.otherTeacher).status == .forbidden)
                for bad in ["10.5", "8.55", "diez", "-1"] {
                    let refused = try await send(world.teacher, "partial2", bad)
                    #expect(try refused.status == .unprocessableContent && problem(refused).errors?.first?.code == "grade_format")
                }
                #expect(try await send(world.student, "partial2", "10").status == .forbidden)
                #expect(try await client.api(.get, "/api/v1/campus/groups/\(groupID)/grade-history", token: world.teacher).status == .forbidden)
                // School services may correct a closed window's grade; nothing above was written.
                #expect(try await send(world.admin, "partial1", "9.5").status == .ok)
                let history = try #require(
                    try await client.fetch("/api/v1/campus/groups/\(groupID)/grade-history", token: world.admin)["items"] as? [[String: Any]])
                let teachers = history.compactMap { $0["actorName"] as? String }.filter { $0 == "Mtra. Rocío Hernández Juárez" }
                #expect(teachers.isEmpty && history.first?["after"] as? String == "9.5")
            }
        }

        @Test("a student reads only their own record: no rosters, no other students, no school services")
        func studentAccess() async throws {
            try await TestPatio.with(modules: moduleUnderTest) { patio, client in
                let world = try await CampusWorld.make(patio, client)
                let groupID = try #require(try await world.teacherGroups().first?["id"] as? String)
                #expect(try await client.api(.get, "/api/v1/campus/groups/\(groupID)/roster", token: world.student).status == .forbidden)
                #expect(try await client.api(.get, "/api/v1/campus/students", token: world.student).status == .forbidden)
                #expect(try await client.api(.post, "/api/v1/campus/periods/\(UUID())/close", token: world.student).status == .forbidden)
                #expect(try await client.api(.get, "/api/v1/campus/me/grades").status == .unauthorized)
                let noRecord = try await client.api(
                    .get, "/api/v1/campus/me/grades",
                    token: try await patio.token(for: "sin.boleta@test.patio", roles: [CampusRoles.student], client: client))
                #expect(try noRecord.status == .forbidden && problem(noRecord).code == "student_record_missing")
            }
        }
    }
}
