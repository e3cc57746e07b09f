import Foundation
import HTTPTypes
import HummingbirdTesting
import PatioCore
import PatioWeb
import Testing
@testable import Academy

/// Cancelling one session of a class: who is told, in their words, and every refusal, each of which tells nobody.
extension AcademyFixture {
    /// Cancels a session of the fixture's schedule (or `schedule`) through the API, as `token` (the admin by default).
    func cancel(_ date: String, reason: String = "La profesora está enferma", schedule: String? = nil, token: String? = nil) async throws
        -> TestResponse
    {
        try await client.api(
            .post, "/api/v1/academy/schedules/\(schedule ?? scheduleID)/cancellations", token: token ?? admin,
            body: ["date": date, "reason": reason])
    }

    /// The academy's services as this Patio runs them, for what the API cannot do (a write that rolls back).
    var services: AcademyServices {
        get throws { try #require(patio.components.started["academy"] as? RunningAcademy).services }
    }
}

@Suite("Session cancellations: one session cancelled, its enrolled students told once, refusals tell nobody")
struct SessionCancellationsTests {
    /// Tuesday 2026-12-01, the fixture's class's next session (the clock is Tuesday 2026-11-24 at 19:10, class started).
    static let nextTuesday = "2026-12-01"

    @Test("each student with an active enrolment gets one inbox item with the day in their language; others, and the teacher, nothing")
    func tellsEnrolledStudents() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let academy = try await AcademyFixture.make(patio, client)
            let rosa = try await academy.student("rosa@test.patio", dni: "45678912", name: "Rosa Quispe")
            try await academy.pay(rosa.id, classes: 4)
            let luis = try await academy.student("luis@test.patio", dni: "41234567", name: "Luis Mendoza")
            try await academy.pay(luis.id, classes: 4)
            // Ana left the class (inactive enrolment); Carmen takes the Thursday class of the same course.
            let ana = try await academy.student("ana@test.patio", dni: "47788990", name: "Ana Flores")
            let anaEnrolment = try #require((try await academy.pay(ana.id, classes: 1))["enrolment"] as? [String: Any])["id"] as? String
            _ = try await client.created(
                "/api/v1/academy/enrolments/\(try #require(anaEnrolment))/adjustments", token: academy.admin, ["classes": -1, "reason": "Baja"])
            #expect(try await client.api(.delete, "/api/v1/academy/enrolments/\(try #require(anaEnrolment))", token: academy.admin).status == .ok)
            let thursday = try await client.created(
                "/api/v1/academy/classes/\(academy.classID)/schedules", token: academy.admin,
                ["weekday": 4, "startTime": "19:00", "endTime": "20:30"])
            let carmen = try await academy.student("carmen@test.patio", dni: "40011223", name: "Carmen Ruiz")
            try await academy.pay(carmen.id, classes: 4, schedule: try #require(thursday["id"] as? String))

            let response = try await academy.cancel(Self.nextTuesday, reason: "  La profesora está enferma  ")
            #expect(response.status == .created)
            let made = try object(response)
            #expect(made["scheduleId"] as? String == academy.scheduleID.lowercased() || made["scheduleId"] as? String == academy.scheduleID)
            #expect(made["date"] as? String == Self.nextTuesday)
            #expect(made["reason"] as? String == "La profesora está enferma")
            #expect(made["notified"] as? Int == 2)
            #expect(made["createdAt"] is String)

            let tuesday = PageFormat.date(Self.nextTuesday, locale: .es)
            #expect(tuesday.hasPrefix("mar 1 dic"))
            let rosaItems = try await academy.inbox(rosa.token)
            #expect(rosaItems.count == 1)
            let item = try #require(rosaItems.first)
            #expect(item["kind"] as? String == "academy.class_cancelled")
            #expect(item["title"] as? String == "Tu clase se canceló")
            #expect(
                item["body"] as? String == "Marinera Limeña Avanzado del \(tuesday) a las 19:00 (San Borja) no se dictará: La profesora está enferma")
            #expect(item["link"] as? String == "/academy/me")

            try await academy.english(luis.token)
            let luisItems = try await academy.inbox(luis.token)
            #expect(luisItems.count == 1)
            let english = PageFormat.date(Self.nextTuesday, locale: .en)
            #expect(english.hasPrefix("Tue, Dec 1"))
            #expect(luisItems.first?["title"] as? String == "Your class is cancelled")
            #expect(
                luisItems.first?["body"] as? String
                    == "Marinera Limeña Avanzado on \(english) at 19:00 (San Borja) will not take place: La profesora está enferma")

            for token in [ana.token, carmen.token, academy.admin] {
                #expect(try await academy.inbox(token).isEmpty)
            }
        }
    }

    @Test("every refusal has its own code and tells nobody: bad fields, unknown or archived schedule, wrong day, started, twice, attended")
    func refusals() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let academy = try await AcademyFixture.make(patio, client)
            let rosa = try await academy.student("rosa@test.patio", dni: "45678912", name: "Rosa Quispe")
            try await academy.pay(rosa.id, classes: 4)

            func refused(_ response: TestResponse, _ status: HTTPResponse.Status, _ code: String, fields: [String]? = nil) throws {
                #expect(response.status == status, "\(code): \(String(buffer: response.body))")
                let problem = try problem(response)
                #expect(problem.code == code)
                if let fields { #expect(problem.errors?.map(\.field) == fields) }
            }
            try refused(
                try await academy.cancel("2026-12-32", reason: "   "), .unprocessableContent, "validation_failed", fields: ["date", "reason"])
            try refused(
                try await academy.cancel("1-12-2026", reason: String(repeating: "x", count: 201)), .unprocessableContent, "validation_failed",
                fields: ["date", "reason"])
            #expect(try await academy.cancel(Self.nextTuesday, reason: String(repeating: "x", count: 200)).status == .created)
            try refused(try await academy.cancel("2026-12-08", schedule: UUID().uuidString), .notFound, "schedule_not_found")
            // Thursday 2026-12-03: the class meets on Tuesdays.
            try refused(try await academy.cancel("2026-12-03"), .unprocessableContent, "session_not_scheduled")
            // Today's session started at 19:00; last week's long ago.
            try refused(try await academy.cancel("2026-11-24"), .unprocessableContent, "session_past")
            try refused(try await academy.cancel("2026-11-17"), .unprocessableContent, "session_past")
            try refused(try await academy.cancel(Self.nextTuesday), .conflict, "session_already_cancelled")

            // Next-but-one Tuesday at 18:40: check-in is open (30 minutes before), the class has not started.
            patio.clock.advance(by: 14 * 86_400 - 30 * 60)
            #expect(try await academy.checkIn(rosa.token, token: try await academy.token()).status == .created)
            try refused(try await academy.cancel("2026-12-08"), .conflict, "session_has_attendance")

            // An archived schedule has no sessions to cancel.
            let friday = try await client.created(
                "/api/v1/academy/classes/\(academy.classID)/schedules", token: academy.admin,
                ["weekday": 5, "startTime": "19:00", "endTime": "20:00"])
            let fridayID = try #require(friday["id"] as? String)
            let luis = try await academy.student("luis@test.patio", dni: "41234567", name: "Luis Mendoza")
            let enrolment = try #require((try await academy.pay(luis.id, classes: 1, schedule: fridayID))["enrolment"] as? [String: Any])
            let enrolmentID = try #require(enrolment["id"] as? String)
            _ = try await client.created(
                "/api/v1/academy/enrolments/\(enrolmentID)/adjustments", token: academy.admin, ["classes": -1, "reason": "Baja"])
            #expect(try await client.api(.delete, "/api/v1/academy/enrolments/\(enrolmentID)", token: academy.admin).status == .ok)
            #expect(try await client.api(.delete, "/api/v1/academy/schedules/\(fridayID)", token: academy.admin).status == .ok)
            try refused(try await academy.cancel("2026-12-11", schedule: fridayID), .unprocessableContent, "schedule_archived")

            // Only the one cancellation that was made told Rosa anything.
            #expect(try await academy.inbox(rosa.token).count == 1)
            #expect(try await academy.inbox(luis.token).isEmpty)
        }
    }

    @Test("a cancellation whose write rolls back leaves no cancelled session and tells nobody")
    func rolledBack() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let academy = try await AcademyFixture.make(patio, client)
            let rosa = try await academy.student("rosa@test.patio", dni: "45678912", name: "Rosa Quispe")
            try await academy.pay(rosa.id, classes: 4)
            struct Undone: Error {}
            let services = try academy.services
            let schedule = try #require(UUID(uuidString: academy.scheduleID))
            await #expect(throws: Undone.self) {
                try await services.cancellations.database.write { _ in
                    let made = try await services.cancellations.cancel(
                        schedule: schedule, .init(date: Self.nextTuesday, reason: "Feriado"), actor: nil)
                    #expect(made.notified == 1)
                    throw Undone()
                }
            }
            #expect(try await academy.inbox(rosa.token).isEmpty)
            let list = try await client.fetch("/api/v1/academy/schedules/\(academy.scheduleID)/cancellations", token: academy.admin)
            #expect((list["items"] as? [Any])?.isEmpty == true)
            // Nothing was left half-made: the same session can be cancelled now, and Rosa hears of it once.
            #expect(try await academy.cancel(Self.nextTuesday).status == .created)
            #expect(try await academy.inbox(rosa.token).count == 1)
        }
    }
}
