import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import PatioCore
import Testing
@testable import Campus

extension CampusServerSuites {
    @Suite("Campus API: the school's rules — quota, clashes, a subject once per period, CSV imports refused whole, closing a period")
    struct RecordRulesAPITests {
        @Test("enrolling: a full group, a clash with the student's week and a subject already taken are refused with their own codes")
        func enrolmentRules() async throws {
            try await TestPatio.with(modules: moduleUnderTest) { patio, client in
                let world = try await CampusWorld.make(patio, client)
                let periodID = try await world.currentPeriodID()
                let ana = try #require(try await world.services.students.list(query: "2022630101").first)
                let plan = try #require(try await client.fetch("/api/v1/campus/plans", token: world.admin)["items"] as? [[String: Any]]).first
                let planID = try #require(plan?["id"] as? String)
                let subjects = try #require(
                    try await client.fetch("/api/v1/campus/plans/\(planID)/subjects", token: world.admin)["items"] as? [[String: Any]])
                let distributed = try #require(subjects.first { $0["clave"] as? String == "C601" }?["id"] as? String)
                // Monday 07:30 overlaps Ana's Compiladores (Monday 07:00–08:30).
                let clash = try await client.created(
                    "/api/v1/campus/groups", token: world.admin,
                    [
                        "periodId": periodID.uuidString, "subjectId": distributed, "code": "6CM1", "shift": "morning", "quota": 1,
                        "slots": [["weekday": 1, "startsAt": "07:30", "endsAt": "09:00", "building": "2", "room": "210"]],
                    ])
                let refused = try await client.api(
                    .post, "/api/v1/campus/enrolments", token: world.admin,
                    body: ["studentId": ana.id.uuidString, "groupId": try #require(clash["id"] as? String)])
                #expect(
                    try refused.status == .conflict && problem(refused).code == "schedule_clash" && problem(refused).detail.contains("Compiladores"))
                // A quota of one: the first classmate gets the seat, the next is refused.
                let classmates = try await world.services.students.list(query: "20226301").filter { $0.boleta != "2022630101" }
                let late = try await client.created(
                    "/api/v1/campus/groups", token: world.admin,
                    [
                        "periodId": periodID.uuidString, "subjectId": distributed, "code": "6CV1", "shift": "evening", "quota": 1,
                        "slots": [["weekday": 5, "startsAt": "20:00", "endsAt": "21:30", "building": "3", "room": "310"]],
                    ])
                let lateID = try #require(late["id"] as? String)
                #expect(
                    try await client.api(
                        .post, "/api/v1/campus/enrolments", token: world.admin, body: ["studentId": classmates[0].id.uuidString, "groupId": lateID]
                    ).status == .created)
                let full = try await client.api(
                    .post, "/api/v1/campus/enrolments", token: world.admin, body: ["studentId": classmates[1].id.uuidString, "groupId": lateID])
                #expect(try full.status == .conflict && problem(full).code == "group_full")
                // Compiladores again in the evening group: once per period.
                let evening = try #require(
                    try await client.fetch("/api/v1/campus/availability?shift=evening", token: world.student)["items"] as? [[String: Any]]
                )
                .first { ($0["subject"] as? [String: Any])?["clave"] as? String == "C501" }
                let twice = try await client.api(
                    .post, "/api/v1/campus/enrolments", token: world.admin,
                    body: ["studentId": ana.id.uuidString, "groupId": try #require(evening?["id"] as? String)])
                #expect(try twice.status == .conflict && problem(twice).code == "subject_already_taken")
                let badGroup = try await client.api(
                    .post, "/api/v1/campus/groups", token: world.admin,
                    body: [
                        "periodId": periodID.uuidString, "subjectId": distributed, "code": "6 CM", "shift": "night", "quota": 0,
                        "slots": [["weekday": 7, "startsAt": "9:00", "endsAt": "08:00", "building": "", "room": "1"]],
                    ])
                let codes = Set(try problem(badGroup).errors?.compactMap(\.code) ?? [])
                #expect(
                    badGroup.status == .unprocessableContent
                        && codes.isSuperset(of: ["group_code_format", "shift_unknown", "quota_range", "weekday_range", "time_format"]))
            }
        }

        @Test("course availability: groups offered by career, plan and shift with seats left and times per day")
        func availability() async throws {
            try await TestPatio.with(modules: moduleUnderTest) { patio, client in
                let world = try await CampusWorld.make(patio, client)
                let groups = try #require(
                    try await client.fetch("/api/v1/campus/availability?career=ISC&plan=2020&shift=morning", token: world.student)["items"]
                        as? [[String: Any]])
                #expect(groups.count == 6)
                let compilers = try #require(groups.first { ($0["subject"] as? [String: Any])?["clave"] as? String == "C501" })
                #expect(
                    compilers["enrolled"] as? Int == 4 && compilers["seatsLeft"] as? Int == 26
                        && compilers["teacherName"] as? String == "Mtra. Rocío Hernández Juárez")
                #expect((compilers["slots"] as? [[String: Any]])?.count == 3)
                #expect(try await client.fetch("/api/v1/campus/availability?career=LCD", token: world.student)["items"] as? [Any] != nil)
                #expect((try await client.fetch("/api/v1/campus/availability?career=LCD", token: world.student)["items"] as? [Any])?.isEmpty == true)
                #expect(try await client.api(.get, "/api/v1/campus/availability?shift=night", token: world.student).status == .unprocessableContent)
                #expect(try await client.api(.get, "/api/v1/campus/availability").status == .unauthorized)
            }
        }

        @Test("an enrolments CSV with any bad line is refused whole, each line's problem listed; a good one goes in")
        func enrolmentImport() async throws {
            try await TestPatio.with(modules: moduleUnderTest) { patio, client in
                let world = try await CampusWorld.make(patio, client)
                let code = try #require(try await world.services.record.currentPeriod()?.code)
                let extra = try await world.services.students.create(
                    .init(
                        email: "nuevo.alumno@test.patio", password: TestPatio.password, name: "Nuevo Alumno",
                        boleta: "2023630999", planId: try #require(try await world.services.record.plans().first?.id)))
                let bad = """
                    boleta,period,clave,group\r\n\
                    \(extra.boleta),\(code),C501,5CM1\r\n\
                    0000000000,\(code),C502,5CM1\r\n\
                    \(extra.boleta),\(code),C501,5CV1\r\n
                    """
                var headers = HTTPFields()
                headers[.authorization] = "Bearer \(world.admin)"
                headers[.contentType] = "text/csv"
                let refused = try await client.execute(
                    uri: "/api/v1/campus/enrolments/import", method: .post, headers: headers, body: ByteBuffer(string: bad))
                let lines = try problem(refused).errors?.map(\.field) ?? []
                #expect(
                    refused.status == .unprocessableContent && lines.contains { $0.hasPrefix("line 3") } && lines.contains { $0.hasPrefix("line 4") })
                #expect(
                    try await client.fetch("/api/v1/campus/availability?shift=morning", token: world.student)["items"].map {
                        ($0 as? [[String: Any]])?.first { ($0["subject"] as? [String: Any])?["clave"] as? String == "C501" }?["enrolled"] as? Int
                    } == 4)
                let good = "boleta,period,clave,group\n\(extra.boleta),\(code),C501,5CM1\n\(extra.boleta),\(code),C502,5CM1\n"
                let imported = try await client.execute(
                    uri: "/api/v1/campus/enrolments/import", method: .post, headers: headers, body: ByteBuffer(string: good))
                #expect(try imported.status == .ok && object(imported)["imported"] as? Int == 2)
                headers[.contentType] = "application/json"
                #expect(
                    try await client.execute(uri: "/api/v1/campus/enrolments/import", method: .post, headers: headers, body: ByteBuffer(string: good))
                        .status == .unsupportedMediaType)
            }
        }

        @Test("closing a period turns every final into a kardex line and freezes its grades; closing twice is refused")
        func closing() async throws {
            try await TestPatio.with(modules: moduleUnderTest) { patio, client in
                let world = try await CampusWorld.make(patio, client)
                let periodID = try await world.currentPeriodID()
                let groupID = try #require(try await world.teacherGroups().first?["id"] as? String)
                let roster = try await world.roster(groupID)
                let ana = try #require(roster.first { $0["boleta"] as? String == "2022630101" }?["enrolmentId"] as? String)
                let other = try #require(roster.first { $0["boleta"] as? String != "2022630101" }?["enrolmentId"] as? String)
                let finals = try await client.api(
                    .put, "/api/v1/campus/groups/\(groupID)/grades", token: world.admin,
                    body: [
                        "grades": [
                            ["enrolmentId": ana, "final": "9.5"], ["enrolmentId": other, "extraordinary": "6", "final": "6"],
                        ]
                    ])
                #expect(finals.status == .ok)
                let before = try await client.fetch("/api/v1/campus/me/kardex", token: world.student)
                let closed = try await client.api(.post, "/api/v1/campus/periods/\(periodID)/close", token: world.admin)
                let summary = try object(closed)
                #expect(closed.status == .ok && summary["linesWritten"] as? Int == 2 && summary["withoutFinal"] as? Int == 22)
                let after = try await client.fetch("/api/v1/campus/me/kardex", token: world.student)
                let fifth = try #require((after["semesters"] as? [[String: Any]])?.first { $0["semester"] as? Int == 5 })
                let line = try #require((fifth["lines"] as? [[String: Any]])?.first)
                #expect(line["clave"] as? String == "C501" && line["grade"] as? String == "9.5" && line["evaluation"] as? String == "ORD")
                #expect((after["creditsEarned"] as? Double ?? 0) - (before["creditsEarned"] as? Double ?? 0) == 7.5)
                let frozen = try await client.api(
                    .put, "/api/v1/campus/groups/\(groupID)/grades", token: world.admin, body: ["grades": [["enrolmentId": ana, "final": "10"]]])
                #expect(try frozen.status == .conflict && problem(frozen).code == "period_closed")
                let again = try await client.api(.post, "/api/v1/campus/periods/\(periodID)/close", token: world.admin)
                #expect(try again.status == .conflict && problem(again).code == "period_closed")
            }
        }
    }
}
