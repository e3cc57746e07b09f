import Foundation
import HummingbirdTesting
import PatioCore
import Testing

@Suite("Session cancellations over the API: the admin's list, who may cancel, and a cancelled session at check-in")
struct SessionCancellationAPITests {
    static let day: TimeInterval = 86_400

    @Test("the list shows the schedule's cancelled sessions from today on, soonest first; only an admin cancels or lists")
    func listAndAccess() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let academy = try await AcademyFixture.make(patio, client)
            let rosa = try await academy.student("rosa@test.patio", dni: "45678912", name: "Rosa Quispe")
            try await academy.pay(rosa.id, classes: 4)
            let path = "/api/v1/academy/schedules/\(academy.scheduleID)/cancellations"

            #expect(try await client.fetch(path, token: academy.admin)["items"] as? [Any] != nil)
            #expect(try await academy.cancel("2026-12-15", reason: "Feriado").status == .created)
            #expect(try await academy.cancel("2026-12-01").status == .created)
            let items = try #require(try await client.fetch(path, token: academy.admin)["items"] as? [[String: Any]])
            #expect(items.map { $0["date"] as? String } == ["2026-12-01", "2026-12-15"])
            #expect(items.map { $0["reason"] as? String } == ["La profesora está enferma", "Feriado"])
            #expect(items.allSatisfy { $0["notified"] == nil && $0["createdAt"] is String && $0["scheduleId"] is String })

            // Once 2026-12-01 is over it is no longer coming.
            patio.clock.advance(by: 8 * Self.day)
            let later = try #require(try await client.fetch(path, token: academy.admin)["items"] as? [[String: Any]])
            #expect(later.map { $0["date"] as? String } == ["2026-12-15"])

            // A student can neither cancel nor list; nobody signed in either; an unknown schedule is not found.
            let byStudent = try await academy.cancel("2026-12-22", token: rosa.token)
            #expect(byStudent.status == .forbidden)
            #expect(try await client.api(.get, path, token: rosa.token).status == .forbidden)
            #expect(try await client.api(.get, path).status == .unauthorized)
            let unknown = try await client.api(.get, "/api/v1/academy/schedules/\(UUID().uuidString)/cancellations", token: academy.admin)
            #expect(unknown.status == .notFound)
            #expect(try problem(unknown).code == "schedule_not_found")
            #expect(try await academy.inbox(rosa.token).count == 2)
        }
    }

    @Test("a cancelled session refuses check-in with its own code and spends no class; it is no next session; the week after works")
    func checkInToCancelledSession() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let academy = try await AcademyFixture.make(patio, client)
            let rosa = try await academy.student("rosa@test.patio", dni: "45678912", name: "Rosa Quispe")
            try await academy.pay(rosa.id, classes: 4)
            func mine() async throws -> [String: Any] {
                try #require((try await client.fetch("/api/v1/academy/me/classes", token: rosa.token)["items"] as? [[String: Any]])?.first)
            }

            // Tuesday 21:00, today's class over: the next session is next Tuesday until it is cancelled.
            patio.clock.advance(by: 110 * 60)
            #expect(try await mine()["nextSession"] as? String == "2026-12-01")
            #expect(try await academy.cancel("2026-12-01").status == .created)
            #expect(try await mine()["nextSession"] as? String == "2026-12-08")

            // Tuesday 2026-12-01 at 19:10: the session would be open, but it is cancelled.
            patio.clock.set(AcademyFixture.classTime.addingTimeInterval(7 * Self.day))
            let refused = try await academy.checkIn(rosa.token, token: try await academy.token())
            #expect(refused.status == .conflict)
            #expect(try problem(refused).code == "session_cancelled")
            #expect(try await mine()["remainingClasses"] as? Int == 4)
            #expect(try await mine()["attendedThisWeek"] as? Int == 0)
            let history = try await client.fetch("/api/v1/academy/me/attendances", token: rosa.token)
            #expect((history["items"] as? [Any])?.isEmpty == true)

            // A week later the class is held again, and checking in spends one class.
            patio.clock.set(AcademyFixture.classTime.addingTimeInterval(14 * Self.day))
            let held = try await academy.checkIn(rosa.token, token: try await academy.token())
            #expect(held.status == .created)
            #expect(try object(held)["remainingClasses"] as? Int == 3)
            #expect((try object(held)["attendance"] as? [String: Any])?["sessionDate"] as? String == "2026-12-08")
        }
    }

    @Test("a cancellation and a check-in into the same session at once: one of them wins, never both, and no class is spent for nothing")
    func raceWithCheckIn() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let academy = try await AcademyFixture.make(patio, client)
            let rosa = try await academy.student("rosa@test.patio", dni: "45678912", name: "Rosa Quispe")
            try await academy.pay(rosa.id, classes: 20)
            var attended = 0
            // Each coming Tuesday at 18:30: check-in is open (30 minutes before) and the session can still be cancelled.
            for (week, date) in ["2026-12-01", "2026-12-08", "2026-12-15", "2026-12-22", "2026-12-29", "2027-01-05"].enumerated() {
                patio.clock.set(AcademyFixture.classTime.addingTimeInterval(Double(week + 1) * 7 * Self.day - 40 * 60))
                let token = try await academy.token()
                async let checkIn = academy.checkIn(rosa.token, token: token)
                async let cancel = academy.cancel(date)
                let (checked, cancelled) = try await (checkIn, cancel)
                let codes = [
                    checked.status == .created ? "checked_in" : try problem(checked).code,
                    cancelled.status == .created ? "cancelled" : try problem(cancelled).code,
                ]
                #expect(
                    codes == ["checked_in", "session_has_attendance"] || codes == ["session_cancelled", "cancelled"], "week \(week): \(codes)")
                if checked.status == .created { attended += 1 }
            }
            let mine = try #require((try await client.fetch("/api/v1/academy/me/classes", token: rosa.token)["items"] as? [[String: Any]])?.first)
            #expect(mine["remainingClasses"] as? Int == 20 - attended)
        }
    }
}
