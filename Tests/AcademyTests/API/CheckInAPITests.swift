import Foundation
import HummingbirdTesting
import PatioCore
import Testing
@testable import Academy

@Suite("Check-in with the room's signed QR code")
struct CheckInAPITests {
    @Test("a student in class time checks in once: one class is consumed and the attendance names the class")
    func checksIn() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let academy = try await AcademyFixture.make(patio, client)
            let (studentID, student) = try await academy.student("alumna@test.patio", dni: "45678912")
            try await academy.pay(studentID, classes: 4)
            let code = try await client.fetch("/api/v1/academy/locations/\(academy.locationID)/checkin-code", token: academy.admin)
            #expect((code["url"] as! String).hasSuffix("/academy/checkin?t=\(code["token"] as! String)"))

            let response = try await academy.checkIn(student, token: code["token"] as! String)
            #expect(response.status == .created)
            let result = try object(response)
            #expect(result["remainingClasses"] as? Int == 3)
            let attendance = result["attendance"] as! [String: Any]
            #expect(attendance["className"] as? String == "Marinera Limeña Avanzado")
            #expect(attendance["locationName"] as? String == "San Borja")
            #expect(attendance["sessionDate"] as? String == "2026-11-24")
            // The answer is built from what the check-in read; it is the attendance the history then shows, field for field.
            let history = try await client.fetch("/api/v1/academy/me/attendances", token: student)
            let stored = try #require((history["items"] as? [[String: Any]])?.first)
            #expect(Set(stored.keys) == Set(attendance.keys))
            for key in stored.keys where key != "checkedInAt" {
                #expect("\(stored[key] ?? "")" == "\(attendance[key] ?? "")", "\(key)")
            }
            #expect(attendance["studentName"] as? String == "Alumna de Prueba")

            let again = try await academy.checkIn(student, token: code["token"] as! String)
            #expect(again.status == .conflict)
            #expect(try problem(again).code == "already_checked_in")
            let classes = try await client.fetch("/api/v1/academy/me/classes", token: student)
            let mine = (classes["items"] as! [[String: Any]]).first!
            #expect(mine["remainingClasses"] as? Int == 3)
            #expect(mine["attendedThisWeek"] as? Int == 1)
        }
    }

    @Test("a student who spent their last class on this session and scans again is told they are checked in, not that no class is left")
    func lastClassScannedTwice() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let academy = try await AcademyFixture.make(patio, client)
            let (studentID, student) = try await academy.student("alumna@test.patio", dni: "45678912")
            try await academy.pay(studentID, classes: 1)
            let token = try await academy.token()
            let first = try await academy.checkIn(student, token: token)
            #expect(first.status == .created)
            #expect(try object(first)["remainingClasses"] as? Int == 0)

            // Read before anything is written: the session is already attended, so no balance is even looked at.
            let again = try await academy.checkIn(student, token: token)
            #expect(again.status == .conflict)
            #expect(try problem(again).code == "already_checked_in")
        }
    }

    @Test("a forged, tampered or malformed token is refused as invalid")
    func forged() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let academy = try await AcademyFixture.make(patio, client)
            let (studentID, student) = try await academy.student("alumna@test.patio", dni: "45678912")
            try await academy.pay(studentID, classes: 4)
            let real = try await academy.token()
            // The original app's QR was just the sede id; Patio refuses that and any edit of a signed token.
            var bytes = Array(Data(base64URLEncoded: real)!)
            bytes[bytes.count - 1] ^= 0x01
            for token in [academy.locationID, "", Data(bytes).base64URLEncodedString(), String(real.dropLast(2))] {
                let response = try await academy.checkIn(student, token: token)
                #expect(response.status == .badRequest, "token \(token)")
                #expect(try problem(response).code == "checkin_token_invalid")
            }
            let balance = try await client.fetch("/api/v1/academy/me/classes", token: student)
            #expect((balance["items"] as! [[String: Any]]).first!["remainingClasses"] as? Int == 4)
        }
    }

    @Test("a token is accepted in its own and the next 30-second window, then expires")
    func expiry() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let academy = try await AcademyFixture.make(patio, client)
            let (firstID, first) = try await academy.student("uno@test.patio", dni: "11111111")
            let (secondID, second) = try await academy.student("dos@test.patio", dni: "22222222")
            try await academy.pay(firstID, classes: 2)
            try await academy.pay(secondID, classes: 2)
            let token = try await academy.token()
            patio.clock.advance(by: 30)
            #expect(try await academy.checkIn(first, token: token).status == .created)
            patio.clock.advance(by: 31)
            let late = try await academy.checkIn(second, token: token)
            #expect(late.status == .gone)
            #expect(try problem(late).code == "checkin_token_expired")
        }
    }

    @Test("check-in is refused outside the class's window, with a token of another sede, and with no classes left")
    func refusals() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let academy = try await AcademyFixture.make(patio, client)
            let (studentID, student) = try await academy.student("alumna@test.patio", dni: "45678912")
            let (_, stranger) = try await academy.student("otra@test.patio", dni: "87654321")
            let other = try await client.created("/api/v1/academy/locations", token: academy.admin, ["name": "Miraflores", "address": "Calle 2"])

            // Enrolled (by paying 1 class) but the class balance is spent below.
            try await academy.pay(studentID, classes: 1)

            let notEnrolled = try await academy.checkIn(stranger, token: try await academy.token())
            #expect(notEnrolled.status == .forbidden)
            #expect(try problem(notEnrolled).code == "not_enrolled_at_location")

            let elsewhere = try await academy.checkIn(student, token: try await academy.token(location: other["id"] as? String))
            #expect(try problem(elsewhere).code == "not_enrolled_at_location")

            // 18:29 Lima: one minute before the window opens (30 minutes before 19:00).
            patio.clock.set(AcademyFixture.classTime.addingTimeInterval(-41 * 60))
            let early = try await academy.checkIn(student, token: try await academy.token())
            #expect(early.status == .unprocessableContent)
            #expect(try problem(early).code == "no_class_now")
            // 18:30 opens it.
            patio.clock.set(AcademyFixture.classTime.addingTimeInterval(-40 * 60))
            #expect(try await academy.checkIn(student, token: try await academy.token()).status == .created)

            // Next Tuesday, with the only class used up.
            patio.clock.set(AcademyFixture.classTime.addingTimeInterval(7 * 86_400))
            let empty = try await academy.checkIn(student, token: try await academy.token())
            #expect(empty.status == .unprocessableContent)
            #expect(try problem(empty).code == "no_classes_left")

            // 20:31 Lima, after the class ended (window closes at the end by default).
            try await academy.pay(studentID, classes: 1)
            patio.clock.set(AcademyFixture.classTime.addingTimeInterval(7 * 86_400 + 81 * 60))
            let after = try await academy.checkIn(student, token: try await academy.token())
            #expect(try problem(after).code == "no_class_now")
        }
    }

    @Test("the window follows the academy's settings and time zone")
    func settingsWindow() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let academy = try await AcademyFixture.make(patio, client)
            let (studentID, student) = try await academy.student("alumna@test.patio", dni: "45678912")
            try await academy.pay(studentID, classes: 3)
            // In Madrid it is already 01:10 on Wednesday: no Tuesday class is running there.
            let put = try await client.api(.put, "/api/v1/academy/settings", token: academy.admin, body: ["timeZone": "Europe/Madrid"])
            #expect(put.status == .ok)
            #expect(try problem(try await academy.checkIn(student, token: try await academy.token())).code == "no_class_now")
            let bad = try await client.api(
                .put, "/api/v1/academy/settings", token: academy.admin, body: ["timeZone": "Mars/Olympus", "checkInOpensMinutesBefore": 999])
            #expect(Set(try problem(bad).errors!.map(\.field)) == ["timeZone", "checkInOpensMinutesBefore"])
            // Back in Lima, with check-in closing 60 minutes before the end: 19:10 is still fine, 19:31 is not.
            _ = try await client.api(
                .put, "/api/v1/academy/settings", token: academy.admin, body: ["timeZone": "America/Lima", "checkInClosesMinutesAfterEnd": -60])
            patio.clock.advance(by: 21 * 60)
            #expect(try problem(try await academy.checkIn(student, token: try await academy.token())).code == "no_class_now")
            patio.clock.advance(by: -2 * 60)
            #expect(try await academy.checkIn(student, token: try await academy.token()).status == .created)
        }
    }

    @Test("after the academy moves to a zone a day away, the next check-in looks at that zone's days, not those the last one saw")
    func zoneChanged() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let academy = try await AcademyFixture.make(patio, client)
            let (studentID, student) = try await academy.student("alumna@test.patio", dni: "45678912")
            let wednesday = try await client.created(
                "/api/v1/academy/classes/\(academy.classID)/schedules", token: academy.admin,
                ["weekday": 3, "startTime": "00:00", "endTime": "01:00"])
            try await academy.pay(studentID, classes: 2, schedule: wednesday["id"] as? String)
            // 10:10 UTC on Tuesday 1 December: 23:10 on Monday in Pago Pago, 00:10 on Wednesday 2 in Kiritimati.
            patio.clock.set(Timestamp.parse("2026-12-01T10:10:00.000Z")!)
            let toPagoPago = try await client.api(.put, "/api/v1/academy/settings", token: academy.admin, body: ["timeZone": "Pacific/Pago_Pago"])
            #expect(toPagoPago.status == .ok)
            // A check-in in Pago Pago looks at Sunday to Tuesday: nothing runs at 23:10 on Monday.
            #expect(try problem(try await academy.checkIn(student, token: try await academy.token())).code == "no_class_now")
            let toKiritimati = try await client.api(.put, "/api/v1/academy/settings", token: academy.admin, body: ["timeZone": "Pacific/Kiritimati"])
            #expect(toKiritimati.status == .ok)
            // Wednesday is none of the days Pago Pago's check-in looked at; the Wednesday class is running in Kiritimati.
            let response = try await academy.checkIn(student, token: try await academy.token())
            #expect(response.status == .created)
            let attendance = try #require(try object(response)["attendance"] as? [String: Any])
            #expect(attendance["sessionDate"] as? String == "2026-12-02" && attendance["startTime"] as? String == "00:00")
        }
    }

    @Test("only admins get room codes; only students check in")
    func access() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let academy = try await AcademyFixture.make(patio, client)
            let (_, student) = try await academy.student("alumna@test.patio", dni: "45678912")
            #expect(try await client.api(.get, "/api/v1/academy/locations/\(academy.locationID)/checkin-code", token: student).status == .forbidden)
            let token = try await academy.token()
            #expect(try await client.api(.post, "/api/v1/academy/checkins", body: ["token": token]).status == .unauthorized)
            let outsider = try await patio.token(for: "nadie@test.patio", client: client)
            #expect(try await academy.checkIn(outsider, token: token).status == .forbidden)
        }
    }
}

@Suite("Check-in under concurrency", .timeLimit(.minutes(3)))
struct CheckInConcurrencyTests {
    @Test(
        """
        on PostgreSQL a check-in that waits for the front desk's change to the same enrolment sees that change's ledger \
        lines: both are kept, and the balance counts both
        """,
        .enabled(if: TestDatabase.isPostgres, "only PostgreSQL runs two writes at once; SQLite has one writer"))
    func waitsForTheDesk() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let academy = try await AcademyFixture.make(patio, client)
            let (studentID, student) = try await academy.student("alumna@test.patio", dni: "45678912")
            let receipt = try await academy.pay(studentID, classes: 2)
            let enrolment = try #require(UUID(uuidString: (receipt["enrolment"] as? [String: Any])?["id"] as? String ?? ""))
            let token = try await academy.token()
            let database = patio.components.database
            // The desk's change in progress: it holds the enrolment and has written its ledger line, until the block ends.
            let checkIn = try await withWriteHeld(
                on: database,
                { db in
                    var ledger = try await LedgerSession.open(enrolment: enrolment, now: AcademyFixture.classTime, on: db)
                    try await ledger.addLot(classes: 3, payment: nil, expiresAt: nil, kind: .adjustment, note: "desk", actor: nil)
                }
            ) {
                let checkIn = Task { try await academy.checkIn(student, token: token) }
                try #require(try await database.waitForLockWaiters(1), "the check-in waits for the enrolment")
                return checkIn
            }
            let response = try await checkIn.value
            #expect(response.status == .created, "\(String(buffer: response.body))")
            #expect(try object(response)["remainingClasses"] as? Int == 4)
        }
    }

    @Test("the same student scanning twice at once is checked in once and pays one class; others in the room all get in")
    func simultaneous() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let academy = try await AcademyFixture.make(patio, client)
            var students: [(id: String, token: String)] = []
            for index in 0..<6 {
                let student = try await academy.student("alumna\(index)@test.patio", dni: "4000000\(index)")
                try await academy.pay(student.id, classes: 3)
                students.append(student)
            }
            let token = try await academy.token()
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for student in students {
                    for _ in 0..<2 { group.addTask { Int(try await academy.checkIn(student.token, token: token).status.code) } }
                }
                return try await group.reduce(into: [Int]()) { $0.append($1) }
            }
            #expect(statuses.filter { $0 == 201 }.count == 6)
            #expect(statuses.filter { $0 == 409 }.count == 6)
            for student in students {
                let mine = try await client.fetch("/api/v1/academy/me/classes", token: student.token)
                #expect((mine["items"] as! [[String: Any]]).first?["remainingClasses"] as? Int == 2)
            }
        }
    }
}
