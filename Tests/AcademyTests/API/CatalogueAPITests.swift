import Foundation
import HummingbirdTesting
import PatioCore
import Testing

@Suite("The academy's catalogue: sedes, classes, schedules, packs")
struct CatalogueAPITests {
    @Test("anyone browses classes by sede and level, with weekly schedules and the next sessions")
    func browse() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let academy = try await AcademyFixture.make(patio, client)
            let beginner = try await client.created(
                "/api/v1/academy/classes", token: academy.admin,
                ["locationId": academy.locationID, "name": "Marinera Norteña Básico", "level": "beginner"])
            _ = try await client.created(
                "/api/v1/academy/classes/\(beginner["id"]!)/schedules", token: academy.admin,
                ["weekday": 6, "startTime": "10:00", "endTime": "11:00"])
            let all = try await client.fetch("/api/v1/academy/classes?locationId=\(academy.locationID)")
            #expect((all["items"] as! [[String: Any]]).map { $0["name"] as! String } == ["Marinera Limeña Avanzado", "Marinera Norteña Básico"])
            let level = try await client.fetch("/api/v1/academy/classes?level=beginner")
            let only = (level["items"] as! [[String: Any]])
            #expect(only.count == 1)
            let schedule = (only[0]["schedules"] as! [[String: Any]])[0]
            #expect(schedule["startTime"] as? String == "10:00")
            #expect(schedule["nextSessions"] as? [String] == ["2026-11-28", "2026-12-05"])
            let tuesday = (try await client.fetch("/api/v1/academy/classes?level=advanced")["items"] as! [[String: Any]])[0]
            // 19:10 on the Tuesday: today's session has not ended, so it is still the next.
            #expect(((tuesday["schedules"] as! [[String: Any]])[0]["nextSessions"] as? [String])?.first == "2026-11-24")
            let bad = try await client.api(.get, "/api/v1/academy/classes?level=expert")
            #expect(try problem(bad).errors?.first?.field == "level")
        }
    }

    @Test("schedules must end after they start and may not overlap within a class")
    func schedules() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let academy = try await AcademyFixture.make(patio, client)
            let path = "/api/v1/academy/classes/\(academy.classID)/schedules"
            let backwards = try await client.api(.post, path, token: academy.admin, body: ["weekday": 3, "startTime": "20:00", "endTime": "19:00"])
            #expect(try problem(backwards).errors?.map(\.field) == ["endTime"])
            let invalid = try await client.api(.post, path, token: academy.admin, body: ["weekday": 8, "startTime": "25:00", "endTime": "7pm"])
            #expect(Set(try problem(invalid).errors!.map(\.field)) == ["weekday", "startTime", "endTime"])
            let overlap = try await client.api(.post, path, token: academy.admin, body: ["weekday": 2, "startTime": "20:00", "endTime": "21:00"])
            #expect(overlap.status == .conflict)
            #expect(try problem(overlap).code == "schedule_overlaps")
            let adjacent = try await client.api(.post, path, token: academy.admin, body: ["weekday": 2, "startTime": "20:30", "endTime": "21:30"])
            #expect(adjacent.status == .created)
        }
    }

    @Test("deleting what has no history removes it; what has history is archived and stays in reports")
    func archive() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let academy = try await AcademyFixture.make(patio, client)
            let empty = try await client.created("/api/v1/academy/locations", token: academy.admin, ["name": "Surco", "address": "Av. Primavera 1"])
            #expect(try await client.fetch("/api/v1/academy/locations/\(empty["id"]!)", token: academy.admin).isEmpty == false)
            let gone = try await client.api(.delete, "/api/v1/academy/locations/\(empty["id"]!)", token: academy.admin)
            #expect(try object(gone)["result"] as? String == "deleted")
            #expect(try await client.api(.get, "/api/v1/academy/locations/\(empty["id"]!)").status == .notFound)

            let (studentID, _) = try await academy.student("rosa@test.patio", dni: "45678912")
            let receipt = try await academy.pay(studentID, classes: 1)
            let enrolmentID = (receipt["enrolment"] as! [String: Any])["id"] as! String
            _ = try await client.created(
                "/api/v1/academy/enrolments/\(enrolmentID)/adjustments", token: academy.admin, ["classes": -1, "reason": "Baja"])
            _ = try await client.api(.delete, "/api/v1/academy/enrolments/\(enrolmentID)", token: academy.admin)
            let archived = try await client.api(.delete, "/api/v1/academy/locations/\(academy.locationID)", token: academy.admin)
            #expect(try object(archived)["result"] as? String == "archived")
            #expect((try await client.fetch("/api/v1/academy/classes")["items"] as! [Any]).isEmpty)
            let classView = try await client.fetch("/api/v1/academy/classes/\(academy.classID)")
            #expect(classView["isArchived"] as? Bool == true)
            #expect((try await client.fetch("/api/v1/academy/payments", token: academy.admin)["items"] as! [Any]).count == 1)
        }
    }

    @Test("packs: validation, the public price list, archive once sold")
    func packs() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let academy = try await AcademyFixture.make(patio, client)
            let invalid = try await client.api(
                .post, "/api/v1/academy/packs", token: academy.admin, body: ["name": "", "classes": 0, "price": -5, "validDays": 0])
            #expect(Set(try problem(invalid).errors!.map(\.field)) == ["name", "classes", "price", "validDays"])
            let single = try await client.created(
                "/api/v1/academy/packs", token: academy.admin, ["name": "Clase suelta", "classes": 1, "price": 3500])
            let list = try await client.fetch("/api/v1/academy/packs")
            #expect((list["items"] as! [[String: Any]]).map { $0["name"] as! String } == ["Clase suelta"])
            let (studentID, _) = try await academy.student("rosa@test.patio", dni: "45678912")
            _ = try await client.created(
                "/api/v1/academy/payments", token: academy.admin, ["studentId": studentID, "scheduleId": academy.scheduleID, "packId": single["id"]!])
            let deleted = try await client.api(.delete, "/api/v1/academy/packs/\(single["id"]!)", token: academy.admin)
            #expect(try object(deleted)["result"] as? String == "archived")
            #expect((try await client.fetch("/api/v1/academy/packs")["items"] as! [Any]).isEmpty)
        }
    }

    @Test("admin attendance views: dates of a schedule, who came, today at a sede")
    func attendanceViews() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let academy = try await AcademyFixture.make(patio, client)
            let (roseID, rose) = try await academy.student("rosa@test.patio", dni: "45678912", name: "Rosa")
            let (luzID, _) = try await academy.student("luz@test.patio", dni: "12345678", name: "Luz")
            try await academy.pay(roseID, classes: 2)
            try await academy.pay(luzID, classes: 2)
            #expect(try await academy.checkIn(rose, token: try await academy.token()).status == .created)
            let dates = try await client.fetch("/api/v1/academy/schedules/\(academy.scheduleID)/attendance", token: academy.admin)
            #expect((dates["items"] as! [[String: Any]]).map { "\($0["date"]!):\($0["attendees"]!)" } == ["2026-11-24:1"])
            let who = try await client.fetch("/api/v1/academy/schedules/\(academy.scheduleID)/attendance/2026-11-24", token: academy.admin)
            #expect((who["items"] as! [[String: Any]]).map { $0["studentName"] as! String } == ["Rosa"])
            let badDate = try await client.api(.get, "/api/v1/academy/schedules/\(academy.scheduleID)/attendance/24-11-2026", token: academy.admin)
            #expect(badDate.status == .unprocessableContent)
            let today = try await client.fetch("/api/v1/academy/locations/\(academy.locationID)/today", token: academy.admin)
            let session = (today["sessions"] as! [[String: Any]])[0]
            #expect(today["date"] as? String == "2026-11-24")
            #expect(session["expected"] as? Int == 2 && session["checkedIn"] as? Int == 1)
            let history = try await client.fetch("/api/v1/academy/students/\(roseID)/attendances", token: academy.admin)
            #expect((history["items"] as! [Any]).count == 1)
        }
    }
}
