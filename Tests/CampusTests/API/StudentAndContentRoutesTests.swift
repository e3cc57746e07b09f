import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import PatioCore
import Testing
@testable import Campus

extension CampusServerSuites {
    @Suite("Campus API: the student's own routes and the school's content — what each answers and each refusal's status and code")
    struct StudentAndContentRoutesTests {
        @Test(
            """
            schedule by period, kardex search, personal data, credential, calendar feed renewal, the receipt's headers, SAES schools; news \
            kinds, target schools and expiry; scholarships published, changed and removed
            """
        )
        func studentAndContentRoutes() async throws {
            try await TestPatio.with(modules: moduleUnderTest) { patio, client in
                let world = try await CampusWorld.make(patio, client)
                let admin = world.admin, student = world.student, s = world.services
                let periodCode = try #require(try await s.record.currentPeriod()?.code)
                let previous = try #require(try await s.record.periods().first { $0.code != periodCode })
                let noRecord = try await patio.token(for: "sin.boleta@test.patio", roles: [CampusRoles.student], client: client)

                // The week: this period's fifteen classes in day and time order, Saturday included; the previous
                // period's on request; a malformed or unknown period refused.
                let schedule = try await client.fetch("/api/v1/campus/me/schedule", token: student)
                #expect((schedule["period"] as? [String: Any])?["code"] as? String == periodCode)
                let entries = try #require(schedule["entries"] as? [[String: Any]])
                #expect(
                    entries.count == 15 && Set(entries.compactMap { $0["clave"] as? String }) == ["C501", "C502", "C503", "C504", "C505", "C506"])
                let first = try #require(entries.first)
                #expect(first["weekday"] as? Int == 1 && first["startsAt"] as? String == "07:00" && first["subject"] as? String == "Compiladores")
                #expect(
                    first["building"] as? String == "2" && first["room"] as? String == "201"
                        && first["teacher"] as? String == "Mtra. Rocío Hernández Juárez" && first["group"] as? String == "5CM1")
                #expect(entries.last?["weekday"] as? Int == 6 && entries.last?["clave"] as? String == "C504")
                let colours = Dictionary(grouping: entries, by: { $0["clave"] as? String ?? "" }).mapValues {
                    Set($0.compactMap { $0["colour"] as? String })
                }
                #expect(colours.values.allSatisfy { $0.count == 1 })
                let past = try await client.fetch("/api/v1/campus/me/schedule?periodId=\(previous.id)", token: student)
                #expect((past["period"] as? [String: Any])?["code"] as? String == previous.code)
                #expect(
                    Set((past["entries"] as? [[String: Any]] ?? []).compactMap { $0["clave"] as? String }) == [
                        "C401", "C402", "C403", "C404", "C405", "C406",
                    ])
                let malformed = try await client.api(.get, "/api/v1/campus/me/schedule?periodId=2027-1", token: student)
                #expect(try malformed.status == .unprocessableContent && problem(malformed).errors?.first?.code == "invalid_id")
                let unknownPeriod = try await client.api(.get, "/api/v1/campus/me/schedule?periodId=\(UUID())", token: student)
                #expect(try unknownPeriod.status == .notFound && problem(unknownPeriod).code == "period_not_found")

                // Every `me` route of an account that holds campus.student but has no record: 403 student_record_missing.
                for path in [
                    "me", "me/grades", "me/kardex", "me/schedule", "me/schedule/receipt.pdf", "me/personal-data", "me/photo", "me/credential",
                    "me/calendar-feed",
                ] {
                    let refused = try await client.api(.get, "/api/v1/campus/\(path)", token: noRecord)
                    #expect(try refused.status == .forbidden && problem(refused).code == "student_record_missing", "GET \(path)")
                }
                let renewNothing = try await client.api(.post, "/api/v1/campus/me/calendar-feed/renew", token: noRecord)
                #expect(try renewNothing.status == .forbidden && problem(renewNothing).code == "student_record_missing")

                // The kardex search keeps the averages and credits of the whole kardex and shows only matching lines.
                let kardex = try await client.fetch("/api/v1/campus/me/kardex", token: student)
                #expect((kardex["semesters"] as? [[String: Any]])?.map { $0["semester"] as? Int } == [1, 2, 3, 4])
                let found = try await client.fetch("/api/v1/campus/me/kardex?q=calculo", token: student)
                let foundLines = (found["semesters"] as? [[String: Any]] ?? []).flatMap { $0["lines"] as? [[String: Any]] ?? [] }
                #expect(foundLines.map { $0["clave"] as? String } == ["C103", "C203"])
                #expect(foundLines.map { $0["subject"] as? String } == ["Cálculo", "Cálculo Aplicado"])
                #expect((found["semesters"] as? [[String: Any]])?.map { $0["semester"] as? Int } == [1, 2])
                let firstSemester = { (report: [String: Any]) in (report["semesters"] as? [[String: Any]])?.first?["average"] as? String }
                #expect(firstSemester(found) != nil && firstSemester(found) == firstSemester(kardex))
                #expect(
                    found["overallAverage"] as? String == kardex["overallAverage"] as? String
                        && found["creditsEarned"] as? Double == kardex["creditsEarned"] as? Double)
                let byClave = try await client.fetch("/api/v1/campus/me/kardex?q=c30", token: student)
                #expect((byClave["semesters"] as? [[String: Any]])?.map { $0["semester"] as? Int } == [3])
                let nothing = try await client.fetch("/api/v1/campus/me/kardex?q=astronomia", token: student)
                #expect(
                    (nothing["semesters"] as? [Any])?.isEmpty == true && nothing["approvedSubjects"] as? Int == kardex["approvedSubjects"] as? Int)

                // Personal data and the credential, as the student reads them.
                let personal = try await client.fetch("/api/v1/campus/me/personal-data", token: student)
                #expect(Set(personal.keys).isSuperset(of: ["general", "birth", "address", "contact", "previousSchooling", "family"]))
                #expect(
                    (personal["birth"] as? [String: Any])?["date"] as? String == "2004-05-12"
                        && (personal["address"] as? [String: Any])?["postalCode"] as? String == "07738")
                let credential = try await client.fetch("/api/v1/campus/me/credential", token: student)
                #expect(
                    credential["name"] as? String == "Ana Sofía Martínez López"
                        && credential["career"] as? String == "Ingeniería en Sistemas Computacionales")
                #expect(
                    credential["enrolled"] as? Bool == true && credential["period"] as? String == periodCode
                        && credential["hasPhoto"] as? Bool == false)
                #expect((credential["verifyURL"] as? String)?.contains("/campus/credential/") == true)

                // The calendar feed link stays the same until renewed; the renewed link is served and is the one shown after.
                let feed = try #require(try await client.fetch("/api/v1/campus/me/calendar-feed", token: student)["url"] as? String)
                #expect(try await client.fetch("/api/v1/campus/me/calendar-feed", token: student)["url"] as? String == feed)
                #expect(feed.hasSuffix(".ics") && feed.contains("/campus/calendar/"))
                let renewed = try await client.api(.post, "/api/v1/campus/me/calendar-feed/renew", token: student)
                let fresh = try #require(try object(renewed)["url"] as? String)
                #expect(renewed.status == .ok && fresh != feed && fresh.hasSuffix(".ics"))
                #expect(try await client.fetch("/api/v1/campus/me/calendar-feed", token: student)["url"] as? String == fresh)
                let served = try await client.api(.get, try #require(URL(string: fresh)?.path))
                #expect(
                    served.status == .ok && served.headers[.contentType] == "text/calendar; charset=utf-8"
                        && String(buffer: served.body).hasPrefix("BEGIN:VCALENDAR"))

                // The receipt is a PDF download named after the boleta, kept by no shared cache.
                let receipt = try await client.api(.get, "/api/v1/campus/me/schedule/receipt.pdf", token: student)
                #expect(receipt.status == .ok && receipt.headers[.contentType] == "application/pdf")
                #expect(
                    receipt.headers[.contentDisposition] == "attachment; filename=\"horario-2022630101.pdf\""
                        && receipt.headers[.cacheControl] == "private, no-store")
                #expect(String(buffer: receipt.body).hasPrefix("%PDF-"))

                // SAES: the schools a student can link, every IPN school.
                let saesSchools = try #require(try await client.fetch("/api/v1/campus/saes/schools", token: student)["items"] as? [[String: Any]])
                #expect(saesSchools.count == 52 && saesSchools.contains { $0["code"] as? String == "escom" })
                #expect(Set(saesSchools.compactMap { $0["code"] as? String }).count == 52)

                // News: a kind filter, an unknown kind, target schools.
                func titles(_ query: String) async throws -> [String] {
                    try #require(try await client.fetch("/api/v1/campus/news\(query)")["items"] as? [[String: Any]]).compactMap {
                        $0["title"] as? String
                    }
                }
                #expect(try await titles("?kind=news").count == 2)
                let rumour = try await client.api(.get, "/api/v1/campus/news?kind=rumour")
                #expect(
                    try rumour.status == .unprocessableContent && problem(rumour).errors?.first?.code == "kind_unknown"
                        && problem(rumour).errors?.first?.field == "kind")
                let escomOnly = ["ESCOM gana el concurso nacional de programación", "Suspensión de clases por simulacro"]
                #expect(try await Set(titles("")).isSuperset(of: escomOnly))
                #expect(try await Set(titles("?school=ESCOM")).isSuperset(of: escomOnly))
                let elsewhere = try await titles("?school=upiicsa")
                #expect(elsewhere.count == 3 && Set(elsewhere).isDisjoint(with: escomOnly))

                // An announcement that expires is listed until it expires, then not.
                let expiring = try await client.created(
                    "/api/v1/campus/news", token: admin,
                    [
                        "kind": "announcement", "title": "Ventanilla cerrada hoy", "body": "Gestión Escolar atiende mañana.",
                        "category": "informative",
                        "expiresAt": ISO8601DateFormatter().string(from: s.clock.now().addingTimeInterval(3_600)), "schools": ["ESCOM"],
                    ])
                #expect(expiring["schools"] as? [String] == ["escom"])
                #expect(try await titles("?kind=announcement&school=escom").contains("Ventanilla cerrada hoy"))
                #expect(try await titles("?school=upiicsa").contains("Ventanilla cerrada hoy") == false)
                patio.clock.advance(by: 7_200)
                #expect(try await titles("?kind=announcement").contains("Ventanilla cerrada hoy") == false)
                #expect(try await titles("?kind=announcement").count == 3)

                // Publishing news: every wrong field named at once, malformed JSON, removing (twice is 404).
                let bad = try await client.api(
                    .post, "/api/v1/campus/news", token: admin,
                    body: [
                        "kind": "announcement", "title": " ", "body": "", "category": "gossip", "importance": 5,
                        "expiresAt": ISO8601DateFormatter().string(from: s.clock.now().addingTimeInterval(-60)), "schools": ["es com"],
                    ])
                #expect(try bad.status == .unprocessableContent && problem(bad).code == "validation_failed")
                #expect(
                    try Set(problem(bad).errors?.compactMap(\.code) ?? []) == [
                        "required", "category_unknown", "importance_range", "expiry_past", "schools_format",
                    ])
                #expect(try Set(problem(bad).errors?.map(\.field) ?? []) == ["title", "body", "category", "importance", "expiresAt", "schools"])
                let noKind = try await client.api(.post, "/api/v1/campus/news", token: admin, body: ["title": "Sin tipo", "body": "Texto"])
                #expect(try problem(noKind).errors?.map(\.code) == ["kind_unknown"])
                let broken = try await client.execute(
                    uri: "/api/v1/campus/news", method: .post, headers: [.authorization: "Bearer \(admin)", .contentType: "application/json"],
                    body: ByteBuffer(string: "{\"kind\": news}"))
                #expect(try broken.status == .badRequest && problem(broken).code == "malformed_json")
                let post = try await client.created(
                    "/api/v1/campus/news", token: admin, ["kind": "news", "title": "Nueva cafetería", "body": "Abre el lunes."])
                let postID = try #require(post["id"] as? String)
                #expect(try await titles("").contains("Nueva cafetería"))
                #expect(try await client.api(.delete, "/api/v1/campus/news/\(postID)", token: admin).status == .noContent)
                #expect(try await titles("").contains("Nueva cafetería") == false)
                let deletedTwice = try await client.api(.delete, "/api/v1/campus/news/\(postID)", token: admin)
                #expect(try deletedTwice.status == .notFound && problem(deletedTwice).code == "post_not_found")

                // Scholarships: an unknown status filter, one published, changed, removed.
                let maybe = try await client.api(.get, "/api/v1/campus/scholarships?status=maybe")
                #expect(
                    try maybe.status == .unprocessableContent && problem(maybe).errors?.first?.code == "status_unknown"
                        && problem(maybe).errors?.first?.field == "status")
                func scholarships(_ query: String = "") async throws -> [[String: Any]] {
                    try #require(try await client.fetch("/api/v1/campus/scholarships\(query)")["items"] as? [[String: Any]])
                }
                var excellence: [String: Any] = [
                    "name": "Beca de Excelencia", "description": "Para promedios de 9 o más.", "status": "registration_open", "amountMinor": 150_000,
                    "currency": "mxn", "periodicity": "semester", "benefitType": "tuition", "link": "https://www.ipn.mx/becas/excelencia",
                ]
                let published = try await client.created("/api/v1/campus/scholarships", token: admin, excellence)
                let scholarshipID = try #require(published["id"] as? String)
                #expect(
                    published["currency"] as? String == "MXN" && published["amountMinor"] as? Int == 150_000
                        && published["benefitType"] as? String == "tuition")
                #expect(
                    try await scholarships("?status=registration_open").compactMap { $0["name"] as? String } == [
                        "Beca de Excelencia", "Beca de Transporte",
                    ])
                // Open ones first, then registration, upcoming, closed.
                #expect(
                    try await scholarships().compactMap { $0["status"] as? String } == ["open", "registration_open", "registration_open", "upcoming"])
                excellence["status"] = "closed"
                excellence["amountMinor"] = 175_000
                let changed = try await client.api(.put, "/api/v1/campus/scholarships/\(scholarshipID)", token: admin, body: excellence)
                #expect(
                    try changed.status == .ok && object(changed)["status"] as? String == "closed" && object(changed)["amountMinor"] as? Int == 175_000
                )
                #expect(try await scholarships("?status=closed").compactMap { $0["amountMinor"] as? Int } == [175_000])
                var wrong = excellence
                wrong["link"] = "http://inseguro.example"
                let refused = try await client.api(.put, "/api/v1/campus/scholarships/\(scholarshipID)", token: admin, body: wrong)
                #expect(try refused.status == .unprocessableContent && problem(refused).errors?.map(\.code) == ["link_format"])
                #expect(try await scholarships("?status=closed").first?["link"] as? String == "https://www.ipn.mx/becas/excelencia")
                let unknownScholarship = try await client.api(.put, "/api/v1/campus/scholarships/\(UUID())", token: admin, body: excellence)
                #expect(try unknownScholarship.status == .notFound && problem(unknownScholarship).code == "scholarship_not_found")
                #expect(try await client.api(.delete, "/api/v1/campus/scholarships/\(scholarshipID)", token: admin).status == .noContent)
                #expect(try await scholarships("?status=closed").isEmpty)
                let removedTwice = try await client.api(.delete, "/api/v1/campus/scholarships/\(scholarshipID)", token: admin)
                #expect(try removedTwice.status == .notFound && problem(removedTwice).code == "scholarship_not_found")
            }
        }
    }
}
