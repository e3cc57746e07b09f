import Foundation
import HTTPTypes
import HummingbirdTesting
import PatioCore
import Testing
@testable import Campus

extension CampusServerSuites {
    @Suite("Campus API: the schedule, its PDF receipt and calendar feed, the credential, personal data and school content")
    struct StudentDocumentsTests {
        @Test(
            """
            the calendar feed is valid RFC 5545 as a real parser reads it: weekly classes until the period ends, with room and teacher, plus \
            the calendar
            """
        )
        func calendarFeed() async throws {
            try await TestPatio.with(modules: moduleUnderTest) { patio, client in
                let world = try await CampusWorld.make(patio, client)
                let url = try #require(try await client.fetch("/api/v1/campus/me/calendar-feed", token: world.student)["url"] as? String)
                let path = try #require(URL(string: url)?.path)
                let feed = try await client.api(.get, path)
                #expect(feed.status == .ok && feed.headers[.contentType] == "text/calendar; charset=utf-8")
                let script = """
                    import sys, json, icalendar
                    cal = icalendar.Calendar.from_ical(sys.stdin.read())
                    out = []
                    for e in cal.walk('VEVENT'):
                        start = e.decoded('DTSTART')
                        rule = e.get('RRULE')
                        out.append({'summary': str(e.get('SUMMARY')), 'location': str(e.get('LOCATION') or ''), 'description': \
                    str(e.get('DESCRIPTION') or ''),
                                    'start': start.isoformat(), 'offset': start.utcoffset().total_seconds() if hasattr(start, 'utcoffset') and \
                    start.utcoffset() is not None else None,
                                    'until': rule['UNTIL'][0].isoformat() if rule else None})
                    print(json.dumps(out))
                    """
                let parsed = try ExternalTool.run("python3", ["-c", script], input: Data(buffer: feed.body), package: "python3 and pip's icalendar")
                try #require(parsed.status == 0, "icalendar refused the feed: \(parsed.errors)")
                let events = try #require(try JSONSerialization.jsonObject(with: Data(parsed.output.utf8)) as? [[String: Any]])
                let classes = events.filter { $0["until"] is String }
                #expect(classes.count == 15)
                let compilers = try #require(classes.first { $0["summary"] as? String == "Compiladores" })
                #expect(
                    compilers["location"] as? String == "Edificio 2, salón 201"
                        && (compilers["description"] as? String)?.contains("Mtra. Rocío Hernández Juárez") == true)
                #expect(compilers["offset"] as? Double == -21_600)
                #expect(events.contains { $0["summary"] as? String == "Vacaciones de invierno" && $0["until"] is NSNull })
                // Renewing the link revokes the old one.
                let renewed = try await client.api(.post, "/api/v1/campus/me/calendar-feed/renew", token: world.student)
                #expect(try object(renewed)["url"] as? String != url)
                #expect(try await client.api(.get, path).status == .notFound)
                #expect(try await client.api(.get, "/campus/calendar/not-a-token.ics").status == .notFound)
            }
        }

        @Test("the schedule receipt is a PDF a real renderer draws, and its QR code decodes to a link that confirms the receipt")
        func receipt() async throws {
            try await TestPatio.with(modules: moduleUnderTest) { patio, client in
                let world = try await CampusWorld.make(patio, client)
                let response = try await client.api(.get, "/api/v1/campus/me/schedule/receipt.pdf", token: world.student)
                #expect(response.status == .ok && response.headers[.contentType] == "application/pdf")
                let folder = try ExternalTool.temporaryDirectory()
                defer { try? FileManager.default.removeItem(at: folder) }
                let pdf = folder.appendingPathComponent("horario.pdf")
                try Data(buffer: response.body).write(to: pdf)
                let text = try ExternalTool.run("pdftotext", ["-layout", pdf.path, "-"], package: "poppler-utils")
                #expect(
                    text.status == 0 && text.output.contains("Ana Sofía Martínez López") && text.output.contains("2022630101")
                        && text.output.contains("Compiladores"))
                let rendered = try ExternalTool.run(
                    "pdftoppm", ["-r", "150", "-png", pdf.path, folder.appendingPathComponent("page").path], package: "poppler-utils")
                #expect(rendered.status == 0)
                let image = try #require(try FileManager.default.contentsOfDirectory(atPath: folder.path).first { $0.hasSuffix(".png") })
                let decoded = try ExternalTool.run("zbarimg", ["--quiet", "--raw", folder.appendingPathComponent(image).path], package: "zbar-tools")
                let link = try #require(
                    URL(string: decoded.output.trimmingCharacters(in: .whitespacesAndNewlines)), "no QR code in the receipt: \(decoded.errors)")
                let token = try #require(link.path.split(separator: "/").last.map(String.init))
                #expect(link.path.hasPrefix("/campus/receipt/"))
                let check = try await client.fetch("/api/v1/campus/receipts/\(token)")
                let current = try await world.services.record.currentPeriod()?.code
                #expect(check["authentic"] as? Bool == true && check["enrolled"] as? Bool == true && check["period"] as? String == current)
                let forged = try await client.fetch("/api/v1/campus/receipts/\(String(token.dropLast(2)))AA")
                #expect(forged["authentic"] as? Bool == false)
            }
        }

        @Test(
            """
            the credential's QR says whether it is valid today with the holder's name, and it stops being valid when the student is no longer \
            enrolled
            """
        )
        func credential() async throws {
            try await TestPatio.with(modules: moduleUnderTest) { patio, client in
                let world = try await CampusWorld.make(patio, client)
                let credential = try await client.fetch("/api/v1/campus/me/credential", token: world.student)
                #expect(
                    credential["boleta"] as? String == "2022630101" && credential["school"] as? String == "Escuela Superior de Cómputo"
                        && credential["enrolled"] as? Bool == true)
                let token = try #require((credential["verifyURL"] as? String)?.split(separator: "/").last.map(String.init))
                let valid = try await client.fetch("/api/v1/campus/credentials/\(token)")
                #expect(valid["valid"] as? Bool == true && valid.keys.sorted() == ["checkedOn", "hasPhoto", "name", "valid"])
                let ana = try #require(try await world.services.students.list(query: "2022630101").first)
                for row in try await world.services.reader.enrolments(
                    student: try await world.services.students.find(ana.id), periodID: try await world.currentPeriodID())
                {
                    #expect(try await client.api(.delete, "/api/v1/campus/enrolments/\(row.enrolmentID)", token: world.admin).status == .noContent)
                }
                #expect(try await client.fetch("/api/v1/campus/credentials/\(token)")["valid"] as? Bool == false)
                #expect(try await client.fetch("/api/v1/campus/credentials/garbage")["valid"] as? Bool == false)
            }
        }

        @Test("personal data: every group shown; the student changes address and contact only; school services change the rest")
        func personalData() async throws {
            try await TestPatio.with(modules: moduleUnderTest) { patio, client in
                let world = try await CampusWorld.make(patio, client)
                let data = try await client.fetch("/api/v1/campus/me/personal-data", token: world.student)
                #expect((data["general"] as? [String: Any])?["curp"] as? String == "MALA040512MDFRPNA1")
                #expect((data["family"] as? [String: Any])?["father"] as? String == "Miguel Martínez Soto")
                let moved = try await client.api(
                    .patch, "/api/v1/campus/me/personal-data", token: world.student,
                    body: [
                        "address": ["street": "Calle Wilfrido Massieu", "exteriorNumber": "12", "postalCode": "07738", "state": "Ciudad de México"],
                        "contact": ["mobile": "55 8765 4321", "email": "ana@example.com"],
                    ])
                #expect(try moved.status == .ok && (object(moved)["address"] as? [String: Any])?["street"] as? String == "Calle Wilfrido Massieu")
                let curp = try await client.api(
                    .patch, "/api/v1/campus/me/personal-data", token: world.student, body: ["general": ["curp": "XXXX000000XXXXXX00"]])
                #expect(try curp.status == .forbidden && problem(curp).code == "personal_data_school_owned")
                let badEmail = try await client.api(
                    .patch, "/api/v1/campus/me/personal-data", token: world.student, body: ["contact": ["email": "sin-arroba"]])
                #expect(badEmail.status == .unprocessableContent)
                #expect(
                    (try await client.fetch("/api/v1/campus/me/personal-data", token: world.student)["general"] as? [String: Any])?["curp"] as? String
                        == "MALA040512MDFRPNA1")
            }
        }

        @Test("school content is public to read and only school services publish it")
        func content() async throws {
            try await TestPatio.with(modules: moduleUnderTest) { patio, client in
                let world = try await CampusWorld.make(patio, client)
                let announcements = try #require(try await client.fetch("/api/v1/campus/news?kind=announcement")["items"] as? [[String: Any]])
                #expect(announcements.count == 3 && announcements.first?["category"] as? String == "urgent")
                let scholarships = try #require(try await client.fetch("/api/v1/campus/scholarships?status=open")["items"] as? [[String: Any]])
                #expect(scholarships.map { $0["name"] as? String } == ["Beca Institucional IPN"])
                #expect(try await client.fetch("/api/v1/campus/calendar")["items"] as? [Any] != nil)
                let post: [String: Any] = ["kind": "news", "title": "Nueva cafetería", "body": "Abre el lunes.", "importance": 1]
                #expect(try await client.api(.post, "/api/v1/campus/news", token: world.student, body: post).status == .forbidden)
                #expect(try await client.api(.post, "/api/v1/campus/news", body: post).status == .unauthorized)
                let created = try await client.created("/api/v1/campus/news", token: world.admin, post)
                let postID = try #require(created["id"] as? String)
                var edited = post
                edited["title"] = "Nueva cafetería en el edificio 2"
                let changed = try await client.api(.put, "/api/v1/campus/news/\(postID)", token: world.admin, body: edited)
                #expect(
                    try changed.status == .ok && object(changed)["title"] as? String == "Nueva cafetería en el edificio 2"
                        && object(changed)["publishedAt"] as? String == created["publishedAt"] as? String)
                #expect(try await client.api(.put, "/api/v1/campus/news/\(postID)", token: world.student, body: edited).status == .forbidden)
                #expect(try await client.api(.put, "/api/v1/campus/news/\(UUID())", token: world.admin, body: edited).status == .notFound)
                edited["kind"] = "rumour"
                #expect(try await client.api(.put, "/api/v1/campus/news/\(postID)", token: world.admin, body: edited).status == .unprocessableContent)
                #expect(try await client.api(.delete, "/api/v1/campus/news/\(postID)", token: world.admin).status == .noContent)
                let scholarship = try #require(scholarships.first?["id"] as? String)
                var closed = try #require(scholarships.first)
                closed["status"] = "closed"
                closed.removeValue(forKey: "id")
                let closing = try await client.api(.put, "/api/v1/campus/scholarships/\(scholarship)", token: world.admin, body: closed)
                #expect(try closing.status == .ok && object(closing)["status"] as? String == "closed")
                #expect((try await client.fetch("/api/v1/campus/scholarships?status=open")["items"] as? [Any])?.isEmpty == true)
                let bad = try await client.api(
                    .post, "/api/v1/campus/scholarships", token: world.admin,
                    body: [
                        "name": "X", "description": "Y", "status": "maybe", "amountMinor": -1, "periodicity": "daily", "benefitType": "x",
                        "link": "http://x",
                    ])
                #expect(
                    try Set(problem(bad).errors?.compactMap(\.code) ?? []).isSuperset(of: [
                        "status_unknown", "amount_range", "periodicity_unknown", "benefit_unknown", "link_format",
                    ]))
            }
        }
    }
}
