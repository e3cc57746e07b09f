import FakeSAES
import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import PatioPlatform
import SAESConnector
import Testing
@testable import Campus

extension CampusServerSuites {
    @Suite("Campus: one record, two sources — a student who links SAES reads their SAES on the same pages and API as the school's record")
    struct RecordSourceAPITests {
        /// The demo school with its student, Patio pointed at a fake SAES portal.
        private func withLinkableWorld(_ body: @escaping @Sendable (CampusWorld, FakeSAES) async throws -> Void) async throws {
            let fake = FakeSAES()
            try await fake.withRunning { base in
                try await TestPatio.with(
                    modules: moduleUnderTest,
                    configure: { configuration in
                        configuration.moduleSettings = ModuleSettings(environment: ["PATIO_CAMPUS_SAES_PORTAL": base + "{school}/"])
                    }
                ) { patio, client in
                    try await body(try await CampusWorld.make(patio, client), fake)
                }
            }
        }

        private func link(_ world: CampusWorld, _ fake: FakeSAES) async throws {
            _ = try await world.client.created("/api/v1/campus/saes/challenge", token: world.student, ["school": "escom"])
            let linked = try await world.client.api(
                .post, "/api/v1/campus/saes/link", token: world.student,
                body: [
                    "boleta": FakeStudent.demo.boleta, "password": FakeStudent.demo.password, "captcha": try #require(fake.latestCaptchaAnswer),
                ])
            try #require(linked.status == .ok)
        }

        @Test(
            """
            before linking every part says it is the school's; once SAES is read, grades, schedule, kardex, personal data and the photo come \
            from SAES with the time it was read
            """
        )
        func apiFollowsTheSource() async throws {
            try await withLinkableWorld { world, fake in
                let client = world.client, token = world.student
                for path in ["grades", "schedule", "kardex", "personal-data"] {
                    let answer = try await client.fetch("/api/v1/campus/me/\(path)", token: token)
                    #expect((answer["source"] as? [String: Any])?["kind"] as? String == "school", "\(path)")
                }
                #expect((try await world.grades()["rows"] as? [[String: Any]])?.count == 6)
                #expect(try await client.api(.get, "/api/v1/campus/me/photo", token: token).status == .notFound)
                #expect((try await client.fetch("/api/v1/campus/me/credential", token: token))["hasPhoto"] as? Bool == false)

                try await link(world, fake)
                // The photo SAES shows, until school services take one.
                let photo = try await client.api(.get, "/api/v1/campus/me/photo", token: token)
                #expect(
                    photo.status == .ok && photo.headers[.contentType] == "image/png"
                        && Array(photo.body.readableBytesView.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
                #expect((try await client.fetch("/api/v1/campus/me/credential", token: token))["hasPhoto"] as? Bool == true)
                // Its ETag names the bytes, as a stored photo's does: a phone that has them gets 304.
                let etag = try #require(photo.headers[.eTag])
                let again = try await client.execute(
                    uri: "/api/v1/campus/me/photo", method: .get, headers: [.authorization: "Bearer \(token)", .ifNoneMatch: etag])
                #expect(again.status == .notModified)
                let studentID = try #require(try await client.fetch("/api/v1/campus/me", token: token)["id"] as? String)
                let taken = try await client.execute(
                    uri: "/api/v1/campus/students/\(studentID)/photo", method: .put,
                    headers: [.authorization: "Bearer \(world.admin)", .contentType: "image/png"], body: ByteBuffer(bytes: CampusWorld.png))
                #expect(taken.status == .ok)
                let school = try await client.api(.get, "/api/v1/campus/me/photo", token: token)
                #expect(Array(school.body.readableBytesView) == CampusWorld.png && school.headers[.eTag] != etag)
                let grades = try await world.grades()
                let source = try #require(grades["source"] as? [String: Any])
                #expect(source["kind"] as? String == "saes" && source["status"] as? String == "current" && source["syncedAt"] as? String != nil)
                let rows = try #require(grades["rows"] as? [[String: Any]])
                #expect(
                    rows.map { $0["subject"] as? String } == [
                        "ANÁLISIS Y DISEÑO DE ALGORITMOS", "BASES DE DATOS", "INGENIERÍA DE SOFTWARE", "SISTEMAS OPERATIVOS",
                    ])
                let databases = rows[1]
                #expect(
                    databases["groupId"] == nil && databases["groupCode"] as? String == "3CV11"
                        && databases["teacher"] as? String == "LÓPEZ RAMÍREZ ELENA")
                #expect(
                    databases["partial1"] as? String == "10" && databases["partial2"] as? String == "NP" && databases["average"] as? String == "10.00"
                )
                #expect(grades["generalAverage"] == nil && grades["pending"] as? Int == 4)
                // An earlier period named explicitly is still the school's record.
                let period = try await world.currentPeriodID()
                let named = try await client.fetch("/api/v1/campus/me/grades?periodId=\(period)", token: token)
                #expect((named["source"] as? [String: Any])?["kind"] as? String == "school" && (named["rows"] as? [[String: Any]])?.count == 6)

                let week = try await client.fetch("/api/v1/campus/me/schedule", token: token)
                let entries = try #require(week["entries"] as? [[String: Any]])
                #expect(entries.count == 8 && (week["source"] as? [String: Any])?["kind"] as? String == "saes")
                #expect(entries.first?["subject"] as? String == "ANÁLISIS Y DISEÑO DE ALGORITMOS" && entries.first?["room"] as? String == "109")

                let kardex = try await client.fetch("/api/v1/campus/me/kardex", token: token)
                #expect((kardex["semesters"] as? [[String: Any]])?.map { $0["semester"] as? Int } == [1, 2])
                #expect(kardex["overallAverage"] as? String == "8.50" && kardex["approvedSubjects"] as? Int == 5)
                #expect(kardex["creditsEarned"] as? Double == 172.5 && kardex["creditsTotal"] as? Double == 392)

                let personal = try await client.fetch("/api/v1/campus/me/personal-data", token: token)
                #expect((personal["general"] as? [String: Any])?["curp"] as? String == "MOAV040312MDFNRLA8")
                #expect((personal["source"] as? [String: Any])?["kind"] as? String == "saes")

                // The receipt and the calendar feed follow the week the student sees.
                let receipt = try await client.api(.get, "/api/v1/campus/me/schedule/receipt.pdf", token: token)
                #expect(receipt.status == .ok && String(buffer: receipt.body).hasPrefix("%PDF-"))

                // Unlinking goes back to the school's record.
                #expect(try await client.api(.delete, "/api/v1/campus/saes/link", token: token).status == .noContent)
                #expect((try await world.grades()["source"] as? [String: Any])?["kind"] as? String == "school")
            }
        }

        @Test(
            """
            a page SAES stops showing keeps its last reading on the student's page, which says the reading failed; data from SAES is not edited \
            in Patio
            """
        )
        func pagesSayWhereTheyComeFrom() async throws {
            try await withLinkableWorld { world, fake in
                var student = try await WebSession.signIn(world.client, email: "estudiante@demo.patio", password: "demo-password")
                let before = String(buffer: try await student.get("/campus/personal").body)
                #expect(before.contains("action=\"/campus/personal\"") && !before.contains("data-source=\"saes\""))

                try await link(world, fake)
                let grades = String(buffer: try await student.get("/campus/grades").body)
                #expect(grades.contains("data-source=\"saes\"") && grades.contains("Leído de tu SAES") && grades.contains("BASES DE DATOS"))
                #expect(!grades.contains("Redes de Computadoras") && !grades.contains("data-source-stale"))
                let personal = String(buffer: try await student.get("/campus/personal").body)
                #expect(
                    personal.contains("MOAV040312MDFNRLA8") && !personal.contains("action=\"/campus/personal\"")
                        && personal.contains("hazlo en el SAES"))

                fake.setBroken(.kardex)
                world.patio.clock.advance(by: 3600)
                #expect(try await world.client.api(.post, "/api/v1/campus/saes/sync", token: world.student).status == .ok)
                let kardex = String(buffer: try await student.get("/campus/kardex").body)
                #expect(kardex.contains("data-source-stale") && kardex.contains("Lbl_Kardex") && kardex.contains("ESTRUCTURAS DE DATOS"))
                let api = try await world.client.fetch("/api/v1/campus/me/kardex", token: world.student)
                #expect((api["source"] as? [String: Any])?["status"] as? String == "unreadable" && api["overallAverage"] as? String == "8.50")
            }
        }
    }
}
