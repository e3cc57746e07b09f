import Foundation
import HummingbirdTesting
import PatioCore
import Testing

@Suite("Payments, the class ledger and enrolment")
struct PaymentLedgerAPITests {
    @Test("every balance is explained by the ledger: purchase, attendance, adjustment, refund")
    func ledgerArithmetic() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let academy = try await AcademyFixture.make(patio, client)
            let (studentID, student) = try await academy.student("alumna@test.patio", dni: "45678912")
            let pack = try await client.created(
                "/api/v1/academy/packs", token: academy.admin, ["name": "Pack 8 clases", "classes": 8, "price": 24000])
            let receipt = try await client.created(
                "/api/v1/academy/payments", token: academy.admin,
                ["studentId": studentID, "scheduleId": academy.scheduleID, "packId": pack["id"]!])
            let payment = receipt["payment"] as! [String: Any]
            #expect(payment["amount"] as? Int == 24000 && payment["classes"] as? Int == 8 && payment["currency"] as? String == "PEN")
            let enrolmentID = (receipt["enrolment"] as! [String: Any])["id"] as! String
            #expect((receipt["enrolment"] as! [String: Any])["remainingClasses"] as? Int == 8)

            #expect(try await academy.checkIn(student, token: try await academy.token()).status == .created)
            _ = try await client.created(
                "/api/v1/academy/enrolments/\(enrolmentID)/adjustments", token: academy.admin,
                ["classes": -1, "reason": "Clase de prueba descontada"])
            let refund = try await client.created(
                "/api/v1/academy/payments/\(payment["id"]!)/refunds", token: academy.admin,
                ["amount": 6000, "classes": 2, "reason": "Lesión"])
            #expect(refund["remainingClasses"] as? Int == 4)

            let ledger = try await client.fetch("/api/v1/academy/enrolments/\(enrolmentID)", token: academy.admin)
            let totals = ledger["totals"] as! [String: Int]
            #expect(totals == ["purchase": 8, "attendance": -1, "adjustment": -1, "refund": -2, "expiry": 0])
            #expect(ledger["balance"] as? Int == 4)
            #expect((ledger["entries"] as! [[String: Any]]).map { $0["kind"] as! String } == ["purchase", "attendance", "adjustment", "refund"])

            let tooMuch = try await client.api(
                .post, "/api/v1/academy/payments/\(payment["id"]!)/refunds", token: academy.admin,
                body: ["amount": 18001, "reason": "error"])
            #expect(try problem(tooMuch).code == "refund_exceeds_payment")
            let tooMany = try await client.api(
                .post, "/api/v1/academy/payments/\(payment["id"]!)/refunds", token: academy.admin,
                body: ["classes": 5, "reason": "error"])
            #expect(try problem(tooMany).code == "refund_exceeds_classes")
            let below = try await client.api(
                .post, "/api/v1/academy/enrolments/\(enrolmentID)/adjustments", token: academy.admin,
                body: ["classes": -5, "reason": "error"])
            #expect(try problem(below).code == "insufficient_classes")
        }
    }

    @Test("classes of a pack with validity expire, soonest-expiring lot is used first, and expiry is written to the ledger")
    func expiry() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let academy = try await AcademyFixture.make(patio, client)
            let (studentID, student) = try await academy.student("alumna@test.patio", dni: "45678912")
            let monthly = try await client.created(
                "/api/v1/academy/packs", token: academy.admin, ["name": "Semanal", "classes": 4, "price": 12000, "validDays": 7])
            let receipt = try await academy.pay(studentID, classes: 2)
            _ = try await client.created(
                "/api/v1/academy/payments", token: academy.admin,
                ["studentId": studentID, "scheduleId": academy.scheduleID, "packId": monthly["id"]!])
            let enrolmentID = (receipt["enrolment"] as! [String: Any])["id"] as! String
            #expect(try await academy.checkIn(student, token: try await academy.token()).status == .created)
            // 8 days later the 3 unused classes of the weekly pack have expired; the 2 without expiry remain.
            patio.clock.advance(by: 8 * 86_400)
            let mine = try await client.fetch("/api/v1/academy/me/classes", token: student)
            #expect((mine["items"] as! [[String: Any]]).first!["remainingClasses"] as? Int == 2)
            let ledger = try await client.fetch("/api/v1/academy/enrolments/\(enrolmentID)", token: academy.admin)
            #expect(ledger["totals"] as? [String: Int] == ["purchase": 6, "attendance": -1, "adjustment": 0, "refund": 0, "expiry": -3])
            #expect(ledger["balance"] as? Int == 2)
        }
    }

    @Test("capacity is respected: a full class refuses a new student but tops up an enrolled one")
    func capacity() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let academy = try await AcademyFixture.make(patio, client, capacity: 1)
            let (firstID, _) = try await academy.student("uno@test.patio", dni: "11111111")
            let (secondID, _) = try await academy.student("dos@test.patio", dni: "22222222")
            try await academy.pay(firstID, classes: 1)
            let full = try await client.api(
                .post, "/api/v1/academy/payments", token: academy.admin,
                body: ["studentId": secondID, "scheduleId": academy.scheduleID, "classes": 1, "amount": 3000])
            #expect(full.status == .conflict)
            #expect(try problem(full).code == "class_full")
            let topUp = try await academy.pay(firstID, classes: 2)
            #expect((topUp["enrolment"] as! [String: Any])["remainingClasses"] as? Int == 3)
            let payments = try await client.fetch("/api/v1/academy/payments", token: academy.admin)
            #expect((payments["items"] as! [Any]).count == 2)
        }
    }

    @Test("unenrolling is refused while classes are left and succeeds once none are; the place is freed")
    func unenrol() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let academy = try await AcademyFixture.make(patio, client, capacity: 1)
            let (studentID, _) = try await academy.student("uno@test.patio", dni: "11111111")
            let (otherID, _) = try await academy.student("dos@test.patio", dni: "22222222")
            let receipt = try await academy.pay(studentID, classes: 2)
            let enrolmentID = (receipt["enrolment"] as! [String: Any])["id"] as! String
            let refused = try await client.api(.delete, "/api/v1/academy/enrolments/\(enrolmentID)", token: academy.admin)
            #expect(refused.status == .conflict)
            #expect(try problem(refused).code == "enrolment_has_classes")
            _ = try await client.created(
                "/api/v1/academy/enrolments/\(enrolmentID)/adjustments", token: academy.admin, ["classes": -2, "reason": "Traslado a otra academia"])
            let done = try await client.api(.delete, "/api/v1/academy/enrolments/\(enrolmentID)", token: academy.admin)
            #expect(done.status == .ok)
            #expect(try object(done)["isActive"] as? Bool == false)
            try await academy.pay(otherID, classes: 1)
            let removal = try await client.api(.delete, "/api/v1/academy/schedules/\(academy.scheduleID)", token: academy.admin)
            #expect(try problem(removal).code == "schedule_has_enrolments")
        }
    }

    @Test("payments list filters by student, sede and dates with totals net of refunds, and exports CSV")
    func listAndExport() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let academy = try await AcademyFixture.make(patio, client)
            let (firstID, _) = try await academy.student("uno@test.patio", dni: "11111111", name: "=HYPERLINK(\"x\")")
            let (secondID, _) = try await academy.student("dos@test.patio", dni: "22222222")
            let first = try await academy.pay(firstID, classes: 1, amount: 3000)
            patio.clock.advance(by: 2 * 86_400)
            try await academy.pay(secondID, classes: 4, amount: 11000)
            _ = try await client.created(
                "/api/v1/academy/payments/\((first["payment"] as! [String: Any])["id"]!)/refunds", token: academy.admin,
                ["amount": 1000, "reason": "Descuento"])

            let all = try await client.fetch("/api/v1/academy/payments", token: academy.admin)
            let totals = all["totals"] as! [String: Any]
            #expect(totals["count"] as? Int == 2 && totals["amount"] as? Int == 14000 && totals["refunded"] as? Int == 1000)
            #expect(totals["net"] as? Int == 13000 && totals["currency"] as? String == "PEN")
            let byStudent = try await client.fetch("/api/v1/academy/payments?studentId=\(secondID)", token: academy.admin)
            #expect((byStudent["totals"] as! [String: Any])["amount"] as? Int == 11000)
            let firstDay = try await client.fetch("/api/v1/academy/payments?from=2026-11-24&to=2026-11-24", token: academy.admin)
            #expect((firstDay["totals"] as! [String: Any])["count"] as? Int == 1)
            let paged = try await client.fetch("/api/v1/academy/payments?limit=1", token: academy.admin)
            let cursor = try #require(paged["nextCursor"] as? String)
            let rest = try await client.fetch("/api/v1/academy/payments?limit=1&cursor=\(cursor)", token: academy.admin)
            #expect((rest["items"] as! [[String: Any]]).first!["amount"] as? Int == 3000)
            let bad = try await client.api(.get, "/api/v1/academy/payments?from=24/11/2026", token: academy.admin)
            #expect(try problem(bad).errors?.first?.field == "from")

            let csv = try await client.api(.get, "/api/v1/academy/payments/export.csv", token: academy.admin)
            #expect(csv.headers[.contentType] == "text/csv; charset=utf-8")
            let lines = String(buffer: csv.body).split(separator: "\r\n")
            #expect(lines.count == 3)
            #expect(lines[1].contains("\"'=HYPERLINK(\"\"x\"\")\"") && lines[1].contains(",30.00,10.00,PEN,"))
        }
    }
}
