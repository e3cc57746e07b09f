import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import PatioCore
import Testing
@testable import Campus

extension CampusServerSuites {
    @Suite("Campus: the pages a receipt's and a credential's QR codes open show what a person checking the paper or the card can compare")
    struct CheckPagesTests {
        /// The path the QR code of the student's receipt PDF opens, read from the PDF as a phone would.
        private func receiptPath(_ world: CampusWorld) async throws -> String {
            let response = try await world.client.api(.get, "/api/v1/campus/me/schedule/receipt.pdf", token: world.student)
            try #require(response.status == .ok)
            let folder = try ExternalTool.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: folder) }
            let pdf = folder.appendingPathComponent("horario.pdf")
            try Data(buffer: response.body).write(to: pdf)
            let rendered = try ExternalTool.run(
                "pdftoppm", ["-r", "150", "-f", "1", "-l", "1", "-png", pdf.path, folder.appendingPathComponent("page").path],
                package: "poppler-utils")
            try #require(rendered.status == 0)
            let image = try #require(try FileManager.default.contentsOfDirectory(atPath: folder.path).first { $0.hasSuffix(".png") })
            let decoded = try ExternalTool.run("zbarimg", ["--quiet", "--raw", folder.appendingPathComponent(image).path], package: "zbar-tools")
            return try #require(
                URL(string: decoded.output.trimmingCharacters(in: .whitespacesAndNewlines))?.path, "no QR code in the receipt: \(decoded.errors)")
        }

        /// Each table row of `html` as its cells' text joined by " | ".
        private func rows(_ html: String) -> [String] {
            html.matches(of: /<tr[^>]*>(.*?)<\/tr>/.dotMatchesNewlines()).map { row in
                String(row.1).matches(of: /<t[dh][^>]*>(.*?)<\/t[dh]>/.dotMatchesNewlines()).map { cell in
                    String(cell.1).replacing(/<[^>]+>/, with: "").trimmingCharacters(in: .whitespacesAndNewlines)
                }.joined(separator: " | ")
            }
        }

        private func get(_ client: any TestClientProtocol, _ path: String, language: String = "es") async throws -> TestResponse {
            try await client.execute(uri: path, method: .get, headers: [.acceptLanguage: language])
        }

        static let days = ["", "Lunes", "Martes", "Miércoles", "Jueves", "Viernes", "Sábado"]

        @Test(
            """
            the receipt's check page shows what was printed — name, boleta, period and every class with its group, day and times — and says in \
            green that it is authentic and current
            """
        )
        func receiptShowsThePrintedContent() async throws {
            try await TestPatio.with(modules: moduleUnderTest) { patio, client in
                let world = try await CampusWorld.make(patio, client)
                let path = try await receiptPath(world)
                #expect(path.hasPrefix("/campus/receipt/"))
                let week = try await client.fetch("/api/v1/campus/me/schedule", token: world.student)
                let entries = try #require(week["entries"] as? [[String: Any]])
                let period = try #require((week["period"] as? [String: Any])?["code"] as? String)
                try #require(entries.count == 15)

                let page = try await get(client, path)
                #expect(page.status == .ok)
                let html = String(buffer: page.body)
                #expect(html.contains("Ana Sofía Martínez López") && html.contains("2022630101") && html.contains(period))
                #expect(html.contains("verdict valid") && html.contains("Comprobante auténtico y vigente"))
                let shown = rows(html)
                for entry in entries {
                    let day = Self.days[try #require(entry["weekday"] as? Int)]
                    let expected =
                        """
                        \(day) | \(entry["startsAt"] as? String ?? "")–\(entry["endsAt"] as? String ?? "") | \
                        \(entry["subject"] as? String ?? "") | \(entry["group"] as? String ?? "")
                        """
                    #expect(shown.contains(expected), "\(expected) not on the check page")
                }
                let english = String(buffer: try await get(client, path, language: "en").body)
                #expect(english.contains("Authentic, current receipt") && english.contains("Monday"))

                let token = String(path.dropFirst("/campus/receipt/".count))
                let api = try await client.fetch("/api/v1/campus/receipts/\(token)")
                #expect(api["authentic"] as? Bool == true && api["valid"] as? Bool == true && api["matchesPrinted"] as? Bool == true)
                #expect(
                    api["name"] as? String == "Ana Sofía Martínez López" && api["boleta"] as? String == "2022630101"
                        && (api["classes"] as? [Any])?.count == 15)
            }
        }

        @Test("a tampered receipt link is refused, in red and in words, and shows no one's timetable")
        func tamperedReceipt() async throws {
            try await TestPatio.with(modules: moduleUnderTest) { patio, client in
                let world = try await CampusWorld.make(patio, client)
                let path = try await receiptPath(world)
                let token = String(path.dropFirst("/campus/receipt/".count))
                var bytes = try #require(Data(base64URLEncoded: token))
                // Another student's id in the link, the signature left as it was.
                bytes[0] ^= 0x01
                let tampered = try await get(client, "/campus/receipt/" + bytes.base64URLEncodedString())
                let html = String(buffer: tampered.body)
                #expect(html.contains("verdict invalid") && html.contains("no fue emitido por la escuela"))
                #expect(!html.contains("Ana Sofía") && !html.contains("Compiladores"))
                let api = try await client.fetch("/api/v1/campus/receipts/\(bytes.base64URLEncodedString())")
                #expect(api["authentic"] as? Bool == false && api["valid"] as? Bool == false && api["classes"] == nil)
            }
        }

        @Test(
            """
            a receipt whose timetable changed after it was printed no longer checks as current: the page says so in red and shows today's \
            classes to compare
            """
        )
        func changedTimetable() async throws {
            try await TestPatio.with(modules: moduleUnderTest) { patio, client in
                let world = try await CampusWorld.make(patio, client)
                let path = try await receiptPath(world)
                let ana = try await world.services.students.find(try #require(try await world.services.students.list(query: "2022630101").first).id)
                let rows = try await world.services.reader.enrolments(student: ana, periodID: try await world.currentPeriodID())
                let dropped = try #require(rows.first { $0.subject == "Compiladores" })
                #expect(try await client.api(.delete, "/api/v1/campus/enrolments/\(dropped.enrolmentID)", token: world.admin).status == .noContent)
                let html = String(buffer: try await get(client, path).body)
                #expect(html.contains("verdict invalid") && html.contains("cambió después de imprimir"))
                #expect(html.contains("Ana Sofía Martínez López") && !html.contains("Compiladores"))
                let api = try await client.fetch("/api/v1/campus/receipts/\(path.dropFirst("/campus/receipt/".count))")
                #expect(api["authentic"] as? Bool == true && api["matchesPrinted"] as? Bool == false && api["valid"] as? Bool == false)
            }
        }

        @Test(
            """
            the credential's check page shows the student's name and photo and says valid in green, or invalid in red, in words, in Spanish and \
            English; a deactivated student's says invalid and shows no one
            """
        )
        func credentialCheck() async throws {
            try await TestPatio.with(modules: moduleUnderTest) { patio, client in
                let world = try await CampusWorld.make(patio, client)
                let ana = try #require(try await world.services.students.list(query: "2022630101").first)
                let photo = try await client.execute(
                    uri: "/api/v1/campus/students/\(ana.id)/photo", method: .put,
                    headers: [.authorization: "Bearer \(world.admin)", .contentType: "image/png"], body: ByteBuffer(bytes: CampusWorld.png))
                try #require(photo.status == .ok)
                let credential = try await client.fetch("/api/v1/campus/me/credential", token: world.student)
                let verifyURL = try #require(credential["verifyURL"] as? String)
                let path = try #require(URL(string: verifyURL)?.path)

                let spanish = String(buffer: try await get(client, path).body)
                #expect(
                    spanish.contains("Ana Sofía Martínez López") && spanish.contains("verdict valid") && spanish.contains("Credencial vigente hoy"))
                #expect(spanish.contains("<img src=\"\(path)/photo\""))
                let served = try await get(client, path + "/photo")
                #expect(served.status == .ok && Array(served.body.readableBytesView) == CampusWorld.png)
                let english = String(buffer: try await get(client, path, language: "en").body)
                #expect(english.contains("Credential valid today") && english.contains("Ana Sofía Martínez López"))
                #expect(try await get(client, "/campus/credential/forged/photo").status == .notFound)

                _ = try await patio.components.identity.accounts.setActive(false, id: ana.accountId, actor: nil)
                let invalid = String(buffer: try await get(client, path).body)
                #expect(invalid.contains("verdict invalid") && invalid.contains("Esta credencial no es válida hoy"))
                #expect(!invalid.contains("Ana Sofía") && !invalid.contains("<img"))
                #expect(try await get(client, path + "/photo").status == .notFound)
                let invalidEnglish = String(buffer: try await get(client, path, language: "en").body)
                #expect(invalidEnglish.contains("This credential is not valid today"))
            }
        }

        @Test(
            """
            read at arm's length: the whole card takes the verdict's colour; without a photo the check and the student's own credential show \
            the initials, never an empty frame
            """
        )
        func credentialWithoutPhoto() async throws {
            try await TestPatio.with(modules: moduleUnderTest) { patio, client in
                let world = try await CampusWorld.make(patio, client)
                let credential = try await client.fetch("/api/v1/campus/me/credential", token: world.student)
                let verifyURL = try #require(credential["verifyURL"] as? String)
                let path = try #require(URL(string: verifyURL)?.path)
                let check = String(buffer: try await get(client, path).body)
                #expect(check.contains("card check valid") && !check.contains("<img"))
                #expect(check.contains("class=\"photo-placeholder\" aria-hidden=\"true\">AS<"), "Ana Sofía Martínez López")
                var student = try await WebSession.signIn(client, email: "estudiante@demo.patio", password: "demo-password")
                let own = String(buffer: try await student.get("/campus/credential").body)
                #expect(own.contains("photo-placeholder") && own.contains(">AS<") && own.contains("<svg"))

                let ana = try #require(try await world.services.students.list(query: "2022630101").first)
                _ = try await patio.components.identity.accounts.setActive(false, id: ana.accountId, actor: nil)
                let invalid = String(buffer: try await get(client, path).body)
                #expect(invalid.contains("card check invalid") && !invalid.contains("photo-placeholder"))
            }
        }
    }
}
