import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import PatioCore
import Testing
@testable import Campus

extension CampusServerSuites {
    @Suite(
        "Campus API: school services' routes — what each answers, each refusal's status and code, and a teacher reading only the groups they teach")
    struct SchoolServicesRoutesTests {
        @Test(
            """
            schools, careers, periods, capture windows, groups, rosters, students, enrolments and the calendar on the demo school: answers, \
            404s, 409s, refused bodies
            """
        )
        func schoolServicesRoutes() async throws {
            try await TestPatio.with(modules: moduleUnderTest) { patio, client in
                let world = try await CampusWorld.make(patio, client)
                let admin = world.admin, s = world.services
                let period = try await world.currentPeriodID()
                let periodCode = try #require(try await s.record.currentPeriod()?.code)
                let previous = try #require(try await s.record.periods().first { $0.id != period })

                // Schools and careers: what the demo loaded, a filter by school, a malformed filter.
                let schools = try #require(try await client.fetch("/api/v1/campus/schools", token: world.student)["items"] as? [[String: Any]])
                #expect(schools.map { $0["code"] as? String } == ["escom"] && schools.first?["name"] as? String == "Escuela Superior de Cómputo")
                let escom = try #require(schools.first?["id"] as? String)
                let careers = try #require(
                    try await client.fetch("/api/v1/campus/careers?schoolId=\(escom)", token: world.teacher)["items"] as? [[String: Any]])
                #expect(
                    careers.map { $0["code"] as? String } == ["ISC"] && careers.first?["name"] as? String == "Ingeniería en Sistemas Computacionales")
                #expect((try await client.fetch("/api/v1/campus/careers?schoolId=\(UUID())", token: admin)["items"] as? [Any])?.isEmpty == true)
                let badSchool = try await client.api(.get, "/api/v1/campus/careers?schoolId=escom", token: admin)
                #expect(
                    try badSchool.status == .unprocessableContent && problem(badSchool).errors?.first?.code == "invalid_id"
                        && problem(badSchool).errors?.first?.field == "schoolId")

                // Periods, newest first; the previous one closed by the demo.
                let periods = try #require(try await client.fetch("/api/v1/campus/periods", token: world.student)["items"] as? [[String: Any]])
                #expect(periods.map { $0["code"] as? String } == [periodCode, previous.code])
                #expect(periods.map { $0["isClosed"] as? Bool } == [false, true])

                // Capture windows: one per assessment, only the 2nd partial open now.
                func windows(_ token: String) async throws -> [[String: Any]] {
                    try #require(try await client.fetch("/api/v1/campus/periods/\(period)/windows", token: token)["items"] as? [[String: Any]])
                }
                let shown = try await windows(world.teacher)
                #expect(shown.map { $0["assessment"] as? String } == ["partial1", "partial2", "partial3", "extraordinary", "final"])
                #expect(shown.filter { $0["isOpen"] as? Bool == true }.map { $0["assessment"] as? String } == ["partial2"])
                let now = s.clock.now()
                func window(_ assessment: String, opens: TimeInterval, closes: TimeInterval) -> [String: Any] {
                    [
                        "assessment": assessment, "opensAt": ISO8601DateFormatter().string(from: now.addingTimeInterval(opens)),
                        "closesAt": ISO8601DateFormatter().string(from: now.addingTimeInterval(closes)),
                    ]
                }
                let path = "/api/v1/campus/periods/\(period)/windows"
                let malformed = try await client.execute(
                    uri: path, method: .put, headers: [.authorization: "Bearer \(admin)", .contentType: "application/json"],
                    body: ByteBuffer(string: "{\"assessment\":"))
                #expect(try malformed.status == .badRequest && problem(malformed).code == "malformed_json")
                let empty = try await client.execute(
                    uri: path, method: .put, headers: [.authorization: "Bearer \(admin)", .contentType: "application/json"], body: nil)
                #expect(try empty.status == .badRequest && problem(empty).code == "body_required")
                let notADate = try await client.api(
                    .put, path, token: admin, body: ["assessment": "partial3", "opensAt": "mañana", "closesAt": "2026-12-01T00:00:00Z"])
                #expect(try notADate.status == .unprocessableContent && problem(notADate).errors?.first?.field == "opensAt")
                let unknown = try await client.api(.put, path, token: admin, body: window("partial4", opens: 0, closes: 3_600))
                #expect(try unknown.status == .unprocessableContent && problem(unknown).errors?.map(\.code) == ["assessment_unknown"])
                let backwards = try await client.api(.put, path, token: admin, body: window("partial3", opens: 3_600, closes: 0))
                #expect(
                    try backwards.status == .unprocessableContent && problem(backwards).errors?.map(\.code) == ["dates_order"]
                        && problem(backwards).errors?.first?.field == "closesAt")
                let sameInstant = try await client.api(.put, path, token: admin, body: window("partial3", opens: 3_600, closes: 3_600))
                #expect(try problem(sameInstant).errors?.map(\.code) == ["dates_order"])
                let missing = try await client.api(.put, path, token: admin, body: ["assessment": "partial3"])
                #expect(try Set(problem(missing).errors?.map(\.field) ?? []) == ["opensAt", "closesAt"])
                let nowhere = try await client.api(
                    .put, "/api/v1/campus/periods/\(UUID())/windows", token: admin, body: window("partial3", opens: 0, closes: 3_600))
                #expect(try nowhere.status == .notFound && problem(nowhere).code == "period_not_found")
                let frozen = try await client.api(
                    .put, "/api/v1/campus/periods/\(previous.id)/windows", token: admin, body: window("partial3", opens: 0, closes: 3_600))
                #expect(try frozen.status == .conflict && problem(frozen).code == "period_closed")
                #expect(try await windows(admin).filter { $0["isOpen"] as? Bool == true }.count == 1, "a refused window changed nothing")
                let unknownWindows = try await client.api(.get, "/api/v1/campus/periods/\(UUID())/windows", token: admin)
                #expect(try unknownWindows.status == .notFound && problem(unknownWindows).code == "period_not_found")

                // Opening the 3rd partial now lets the teacher capture it, which a closed window refused.
                let group = try #require(try await world.teacherGroups().first { ($0["subject"] as? [String: Any])?["clave"] as? String == "C501" })
                let groupID = try #require(group["id"] as? String)
                let enrolment = try #require(try await world.roster(groupID).first?["enrolmentId"] as? String)
                let grade: [String: Any] = ["grades": [["enrolmentId": enrolment, "partial3": "9"]]]
                let before = try await client.api(.put, "/api/v1/campus/groups/\(groupID)/grades", token: world.teacher, body: grade)
                #expect(try before.status == .forbidden && problem(before).code == "capture_window_closed")
                let opened = try await client.api(.put, path, token: admin, body: window("partial3", opens: -60, closes: 86_400))
                #expect(
                    try opened.status == .ok && object(opened)["assessment"] as? String == "partial3" && object(opened)["isOpen"] as? Bool == true)
                #expect(
                    try await windows(world.teacher).filter { $0["isOpen"] as? Bool == true }.map { $0["assessment"] as? String } == [
                        "partial2", "partial3",
                    ])
                let captured = try await client.api(.put, "/api/v1/campus/groups/\(groupID)/grades", token: world.teacher, body: grade)
                #expect(try captured.status == .ok && object(captured)["changed"] as? Int == 1)

                // One group: the teacher who teaches it and school services read it; any other teacher gets the
                // roster's refusal, even a teacher who has groups of their own.
                let jgarcia = try await patio.login("jgarcia@demo.patio", password: "demo-password", client: client)
                let theirs = try #require(try await client.fetch("/api/v1/campus/teacher/groups", token: jgarcia)["items"] as? [[String: Any]])
                    .first { $0["code"] as? String == "5CM1" && ($0["subject"] as? [String: Any])?["clave"] as? String == "C503" }
                let theirID = try #require(theirs?["id"] as? String)
                let own = try await client.fetch("/api/v1/campus/groups/\(groupID)", token: world.teacher)
                #expect(own["code"] as? String == "5CM1" && (own["subject"] as? [String: Any])?["name"] as? String == "Compiladores")
                #expect(
                    own["teacherName"] as? String == "Mtra. Rocío Hernández Juárez" && own["enrolled"] as? Int == 4 && own["seatsLeft"] as? Int == 26
                        && (own["slots"] as? [Any])?.count == 3)
                let bySchool = try await client.fetch("/api/v1/campus/groups/\(groupID)", token: admin)
                #expect(bySchool["id"] as? String == groupID && bySchool["teacherName"] as? String == "Mtra. Rocío Hernández Juárez")
                #expect(
                    try await client.fetch("/api/v1/campus/groups/\(theirID)", token: jgarcia)["teacherName"] as? String == "Dr. Jorge García Salinas"
                )
                #expect(try await client.fetch("/api/v1/campus/groups/\(theirID)", token: admin)["code"] as? String == "5CM1")
                for (token, groupID) in [(world.teacher, theirID), (jgarcia, groupID), (world.otherTeacher, groupID)] {
                    let read = try await client.api(.get, "/api/v1/campus/groups/\(groupID)", token: token)
                    let roster = try await client.api(.get, "/api/v1/campus/groups/\(groupID)/roster", token: token)
                    #expect(try read.status == .forbidden && problem(read).code == "not_your_group")
                    #expect(try roster.status == .forbidden && problem(roster).code == "not_your_group")
                }
                for suffix in ["", "/roster", "/grade-history"] {
                    let missingGroup = try await client.api(.get, "/api/v1/campus/groups/\(UUID())\(suffix)", token: admin)
                    #expect(try missingGroup.status == .notFound && problem(missingGroup).code == "group_not_found", "GET groups/{unknown}\(suffix)")
                }
                let missingToTeacher = try await client.api(.get, "/api/v1/campus/groups/\(UUID())", token: world.teacher)
                #expect(try missingToTeacher.status == .notFound && problem(missingToTeacher).code == "group_not_found")
                #expect(try await client.api(.get, "/api/v1/campus/groups/not-an-id", token: admin).status == .notFound)

                // Students: a search by boleta or name, one student, an unknown one.
                let all = try #require(try await client.fetch("/api/v1/campus/students", token: admin)["items"] as? [[String: Any]])
                #expect(all.map { $0["boleta"] as? String } == ["2022630101", "2022630102", "2022630103", "2022630104"])
                let byBoleta = try #require(try await client.fetch("/api/v1/campus/students?q=2022630101", token: admin)["items"] as? [[String: Any]])
                #expect(byBoleta.map { $0["name"] as? String } == ["Ana Sofía Martínez López"])
                let byName = try #require(try await client.fetch("/api/v1/campus/students?q=Castillo", token: admin)["items"] as? [[String: Any]])
                #expect(byName.map { $0["boleta"] as? String } == ["2022630103"])
                #expect((try await client.fetch("/api/v1/campus/students?q=2099", token: admin)["items"] as? [Any])?.isEmpty == true)
                let anaID = try #require(byBoleta.first?["id"] as? String)
                let ana = try await client.fetch("/api/v1/campus/students/\(anaID)", token: admin)
                #expect(
                    ana["boleta"] as? String == "2022630101" && ana["email"] as? String == "estudiante@demo.patio"
                        && ana["planCode"] as? String == "2020")
                #expect(
                    (ana["career"] as? [String: Any])?["code"] as? String == "ISC" && (ana["school"] as? [String: Any])?["code"] as? String == "escom"
                        && ana["hasPhoto"] as? Bool == false)
                let nobody = try await client.api(.get, "/api/v1/campus/students/\(UUID())", token: admin)
                #expect(try nobody.status == .notFound && problem(nobody).code == "student_not_found")

                // Unenrolling: the seat comes back and the class leaves the student's week; twice is 404; a closed period's is 409.
                let networks = try #require(
                    try await world.teacherGroups().first { ($0["subject"] as? [String: Any])?["clave"] as? String == "C502" }?["id"] as? String)
                let anasSeat = try #require(
                    try await world.roster(networks, token: admin).first { $0["boleta"] as? String == "2022630101" }?["enrolmentId"] as? String)
                #expect(try await client.api(.delete, "/api/v1/campus/enrolments/\(anasSeat)", token: admin).status == .noContent)
                #expect(try await client.fetch("/api/v1/campus/groups/\(networks)", token: admin)["enrolled"] as? Int == 3)
                let week = try #require(try await client.fetch("/api/v1/campus/me/schedule", token: world.student)["entries"] as? [[String: Any]])
                #expect(week.count == 12 && !week.contains { $0["clave"] as? String == "C502" })
                let twice = try await client.api(.delete, "/api/v1/campus/enrolments/\(anasSeat)", token: admin)
                #expect(try twice.status == .notFound && problem(twice).code == "enrolment_not_found")
                let anaModel = try await s.students.find(try #require(UUID(uuidString: anaID)))
                let past = try #require(try await s.reader.enrolments(student: anaModel, periodID: previous.id).first?.enrolmentID)
                let closed = try await client.api(.delete, "/api/v1/campus/enrolments/\(past)", token: admin)
                #expect(try closed.status == .conflict && problem(closed).code == "period_closed")
                #expect(try await s.reader.enrolments(student: anaModel, periodID: previous.id).count == 6)

                // The calendar: an event added is listed from its day, removed is gone, removed twice is 404.
                let fair = try await client.created(
                    "/api/v1/campus/calendar", token: admin,
                    ["periodId": period.uuidString, "kind": "other", "title": "Feria de proyectos", "startsOn": "2026-12-04"])
                let fairID = try #require(fair["id"] as? String)
                func titles() async throws -> [String] {
                    try #require(try await client.fetch("/api/v1/campus/calendar?from=2026-12-01")["items"] as? [[String: Any]]).compactMap {
                        $0["title"] as? String
                    }
                }
                #expect(try await titles().contains("Feria de proyectos"))
                #expect(try await client.api(.delete, "/api/v1/campus/calendar/\(fairID)", token: admin).status == .noContent)
                #expect(try await titles().contains("Feria de proyectos") == false)
                let gone = try await client.api(.delete, "/api/v1/campus/calendar/\(fairID)", token: admin)
                #expect(try gone.status == .notFound && problem(gone).code == "calendar_event_not_found")
            }
        }
    }
}
