import Foundation
import HummingbirdTesting
import PatioCore
import PatioWeb
import Testing

/// What reaches a student's inbox from the academy, read as the student reads it (`GET /api/v1/notifications`).
extension AcademyFixture {
    /// The inbox of the account signed in with `token`, newest first.
    func inbox(_ token: String) async throws -> [[String: Any]] {
        try #require(try await client.fetch("/api/v1/notifications", token: token)["items"] as? [[String: Any]])
    }

    /// Runs the academy's expiry warning as Patio's timer would, at the test clock's now.
    func runExpiryJob() async throws {
        let jobs = try #require(patio.components.started["academy"]).periodicJobs()
        let job = try #require(jobs.first { $0.name == "academy.credit-expiry-notices" })
        try await job.run()
    }

    /// Records a payment of a pack from the price list for the fixture's schedule (or `schedule`).
    @discardableResult
    func payPack(_ studentID: String, pack: String, schedule: String? = nil) async throws -> [String: Any] {
        try await client.created(
            "/api/v1/academy/payments", token: admin, ["studentId": studentID, "scheduleId": schedule ?? scheduleID, "packId": pack])
    }

    func english(_ token: String) async throws {
        #expect(try await client.api(.patch, "/api/v1/me", token: token, body: ["locale": "en"]).status == .ok)
    }
}

@Suite("Academy notifications: packs about to expire and classes that move reach the students concerned")
struct AcademyNotificationsTests {
    static let day: TimeInterval = 86_400

    @Test("a pack's unused classes warn their student once, three days before they expire, with what is left; nobody else hears")
    func creditsExpiring() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let academy = try await AcademyFixture.make(patio, client)
            let pack = try await client.created(
                "/api/v1/academy/packs", token: academy.admin, ["name": "Pack 8 clases", "classes": 8, "price": 24000, "validDays": 10])
            let month = try await client.created(
                "/api/v1/academy/packs", token: academy.admin, ["name": "Pack mensual", "classes": 8, "price": 20000, "validDays": 30])
            let packID = try #require(pack["id"] as? String), monthID = try #require(month["id"] as? String)

            // Tuesday 2026-11-24 19:10 in Lima: Rosa's pack expires Friday 2026-12-04 at 19:10, and she uses one class now.
            let rosa = try await academy.student("rosa@test.patio", dni: "45678912", name: "Rosa Quispe")
            try await academy.payPack(rosa.id, pack: packID)
            #expect(try await academy.checkIn(rosa.token, token: try await academy.token()).status == .created)
            // Luis paid for classes without a pack (they never expire); Carmen's pack lasts a month; Ana's pack is used up.
            let luis = try await academy.student("luis@test.patio", dni: "41234567", name: "Luis Mendoza")
            try await academy.pay(luis.id, classes: 4)
            let carmen = try await academy.student("carmen@test.patio", dni: "40011223", name: "Carmen Ruiz")
            try await academy.payPack(carmen.id, pack: monthID)
            let ana = try await academy.student("ana@test.patio", dni: "47788990", name: "Ana Flores")
            let anaEnrolment = try #require((try await academy.payPack(ana.id, pack: packID))["enrolment"] as? [String: Any])
            _ = try await client.created(
                "/api/v1/academy/enrolments/\(try #require(anaEnrolment["id"] as? String))/adjustments", token: academy.admin,
                ["classes": -8, "reason": "Pasa a otra academia"])

            // Ten days ahead is not soon; neither is three days and an hour.
            try await academy.runExpiryJob()
            patio.clock.advance(by: 7 * Self.day - 3600)
            try await academy.runExpiryJob()
            #expect(try await academy.inbox(rosa.token).isEmpty)

            // Two hours later the expiry is within three days. Two runs at once (two instances) and a later run send one.
            patio.clock.advance(by: 2 * 3600)
            async let first: Void = academy.runExpiryJob()
            async let second: Void = academy.runExpiryJob()
            _ = try await (first, second)
            try await academy.runExpiryJob()
            let items = try await academy.inbox(rosa.token)
            #expect(items.count == 1)
            let item = try #require(items.first)
            #expect(item["kind"] as? String == "academy.credits_expiring")
            #expect(item["title"] as? String == "Tus clases están por vencer")
            let friday = PageFormat.date("2026-12-04", locale: .es)
            #expect(friday.hasPrefix("vie 4 dic"))
            #expect(item["body"] as? String == "Pack 8 clases (Marinera Limeña Avanzado) vence el \(friday) a las 19:10. Clases sin usar: 7.")
            #expect(item["link"] as? String == "/academy/me")
            #expect(try await client.fetch("/api/v1/notifications", token: rosa.token)["unreadCount"] as? Int == 1)

            // In her own language once she chooses English.
            try await academy.english(rosa.token)
            let english = try #require(try await academy.inbox(rosa.token).first)
            #expect(english["title"] as? String == "Your classes are about to expire")
            let fridayEnglish = PageFormat.date("2026-12-04", locale: .en)
            #expect(fridayEnglish.hasPrefix("Fri, Dec 4"))
            #expect(english["body"] as? String == "Pack 8 clases (Marinera Limeña Avanzado) expires on \(fridayEnglish) at 19:10. Classes left: 7.")

            // Nobody else has a lot expiring soon with classes left; the teacher hears nothing either.
            for token in [luis.token, carmen.token, ana.token, academy.admin] {
                #expect(try await academy.inbox(token).isEmpty)
            }

            // Once expired the lot is written off, never warned about again; Carmen's month is still far off.
            patio.clock.advance(by: 4 * Self.day)
            try await academy.runExpiryJob()
            #expect(try await academy.inbox(rosa.token).count == 1)
            #expect(try await academy.inbox(carmen.token).isEmpty)
        }
    }

    @Test("a sede's new address tells each student enrolled there, with their class's next session; a rename and other students hear nothing")
    func classMoved() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let academy = try await AcademyFixture.make(patio, client)
            let thursday = try await client.created(
                "/api/v1/academy/classes/\(academy.classID)/schedules", token: academy.admin,
                ["weekday": 4, "startTime": "19:00", "endTime": "20:30"])
            let thursdayID = try #require(thursday["id"] as? String)
            let surco = try await client.created("/api/v1/academy/locations", token: academy.admin, ["name": "Surco", "address": "Av. Primavera 1"])
            let festejo = try await client.created(
                "/api/v1/academy/classes", token: academy.admin,
                ["locationId": try #require(surco["id"] as? String), "name": "Festejo", "level": "beginner"])
            let saturday = try await client.created(
                "/api/v1/academy/classes/\(try #require(festejo["id"] as? String))/schedules", token: academy.admin,
                ["weekday": 6, "startTime": "10:00", "endTime": "11:00"])

            // Rosa takes the Tuesday class, Luis the Thursday one, Carmen dances in Surco; Ana left San Borja.
            let rosa = try await academy.student("rosa@test.patio", dni: "45678912", name: "Rosa Quispe")
            try await academy.pay(rosa.id, classes: 4)
            let luis = try await academy.student("luis@test.patio", dni: "41234567", name: "Luis Mendoza")
            try await academy.pay(luis.id, classes: 4, schedule: thursdayID)
            let carmen = try await academy.student("carmen@test.patio", dni: "40011223", name: "Carmen Ruiz")
            try await academy.pay(carmen.id, classes: 4, schedule: try #require(saturday["id"] as? String))
            let ana = try await academy.student("ana@test.patio", dni: "47788990", name: "Ana Flores")
            let anaReceipt = try #require((try await academy.pay(ana.id, classes: 1))["enrolment"] as? [String: Any])
            let anaEnrolment = try #require(anaReceipt["id"] as? String)
            _ = try await client.created(
                "/api/v1/academy/enrolments/\(anaEnrolment)/adjustments", token: academy.admin, ["classes": -1, "reason": "Baja"])
            #expect(try await client.api(.delete, "/api/v1/academy/enrolments/\(anaEnrolment)", token: academy.admin).status == .ok)

            // A new name moves nobody; nor does saving the same address again.
            let path = "/api/v1/academy/locations/\(academy.locationID)"
            #expect(try await client.api(.put, path, token: academy.admin, body: ["name": "San Borja Norte"]).status == .ok)
            #expect(try await client.api(.put, path, token: academy.admin, body: ["address": "Av. San Luis 1234"]).status == .ok)
            #expect(try await academy.inbox(rosa.token).isEmpty)

            // Tuesday 19:10: today's class has started where it was, so Rosa's first class at the new address is next Tuesday.
            let moved = try await client.api(.put, path, token: academy.admin, body: ["address": "  Av. Javier Prado Este 500  "])
            #expect(moved.status == .ok)
            let rosaItems = try await academy.inbox(rosa.token)
            #expect(rosaItems.count == 1)
            let item = try #require(rosaItems.first)
            #expect(item["kind"] as? String == "academy.class_moved")
            #expect(item["title"] as? String == "Tu clase cambió de lugar")
            let tuesday = PageFormat.date("2026-12-01", locale: .es)
            #expect(tuesday.hasPrefix("mar 1 dic"))
            #expect(
                item["body"] as? String
                    == "Marinera Limeña Avanzado ahora es en Av. Javier Prado Este 500 (San Borja Norte). Próxima clase: \(tuesday), 19:00.")
            #expect(item["link"] as? String == "/academy/me")

            try await academy.english(luis.token)
            let luisItems = try await academy.inbox(luis.token)
            #expect(luisItems.count == 1)
            let thursdayEnglish = PageFormat.date("2026-11-26", locale: .en)
            #expect(thursdayEnglish.hasPrefix("Thu, Nov 26"))
            #expect(luisItems.first?["title"] as? String == "Your class has moved")
            #expect(
                luisItems.first?["body"] as? String
                    == "Marinera Limeña Avanzado is now at Av. Javier Prado Este 500 (San Borja Norte). Next class: \(thursdayEnglish), 19:00.")

            for token in [carmen.token, ana.token, academy.admin] {
                #expect(try await academy.inbox(token).isEmpty)
            }
        }
    }

    @Test("changes the academy refuses send nothing: removing or moving a class with students, a sede's invalid address")
    func refusedChanges() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let academy = try await AcademyFixture.make(patio, client)
            let surco = try await client.created("/api/v1/academy/locations", token: academy.admin, ["name": "Surco", "address": "Av. Primavera 1"])
            let rosa = try await academy.student("rosa@test.patio", dni: "45678912", name: "Rosa Quispe")
            try await academy.pay(rosa.id, classes: 4)

            let removeClass = try await client.api(.delete, "/api/v1/academy/classes/\(academy.classID)", token: academy.admin)
            #expect(removeClass.status == .conflict)
            #expect(try problem(removeClass).code == "schedule_has_enrolments")
            let removeSchedule = try await client.api(.delete, "/api/v1/academy/schedules/\(academy.scheduleID)", token: academy.admin)
            #expect(try problem(removeSchedule).code == "schedule_has_enrolments")
            let removeSede = try await client.api(.delete, "/api/v1/academy/locations/\(academy.locationID)", token: academy.admin)
            #expect(try problem(removeSede).code == "schedule_has_enrolments")
            let otherSede = try await client.api(
                .put, "/api/v1/academy/classes/\(academy.classID)", token: academy.admin, body: ["locationId": try #require(surco["id"] as? String)])
            #expect(otherSede.status == .unprocessableContent)
            #expect(try problem(otherSede).errors?.map(\.code) == ["location_fixed"])
            let path = "/api/v1/academy/locations/\(academy.locationID)"
            for address in ["   ", String(repeating: "x", count: 201)] {
                let invalid = try await client.api(.put, path, token: academy.admin, body: ["address": address])
                #expect(invalid.status == .unprocessableContent)
                #expect(try problem(invalid).errors?.map(\.field) == ["address"])
            }

            #expect(try await client.fetch(path)["address"] as? String == "Av. San Luis 1234")
            #expect(try await academy.inbox(rosa.token).isEmpty)
            #expect(try await client.fetch("/api/v1/notifications", token: rosa.token)["unreadCount"] as? Int == 0)
        }
    }
}
