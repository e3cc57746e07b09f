import Foundation
import HTTPTypes
import HummingbirdTesting
import PatioCore
import Testing
@testable import Campus

extension CampusServerSuites {
    @Suite("Campus pages: the student's record, the teacher's capture form, school services' page")
    struct CampusPagesTests {
        @Test("the student's pages: grades with the pending average, the week as a grid with Saturday and a list, the kardex with search, personal data without empty fields, the credential")
        func studentPages() async throws {
            try await TestPatio.with(modules: moduleUnderTest) { patio, client in
                _ = try await CampusWorld.make(patio, client)
                var ana = try await WebSession.signIn(client, email: "estudiante@demo.patio", password: "demo-password")
                let home = String(buffer: try await ana.get("/campus").body)
                #expect(home.contains("Tus próximas clases") && home.contains("Compiladores") && home.contains("1 urgentes"))
                #expect(home.contains("ESCOM gana el concurso nacional") && home.contains("Beca Institucional IPN") && !home.contains("Beca Benito Juárez"))
                #expect(home.contains("src=\"/static/campus/offline.js\" data-account=\"") && home.contains("Actualizado:"))
                let grades = String(buffer: try await ana.get("/campus/grades").body)
                #expect(grades.contains("Redes de Computadoras") && grades.contains("8.75") && grades.contains("pendiente"))
                let schedule = String(buffer: try await ana.get("/campus/schedule").body)
                #expect(schedule.contains("Sábado") && schedule.components(separatedBy: "class=\"schedule-block\"").count - 1 == 15)
                #expect(schedule.contains("/campus/calendar/") && schedule.contains("schedule-now"))
                let kardex = String(buffer: try await ana.get("/campus/kardex?q=calculo").body)
                #expect(kardex.contains("Cálculo Aplicado") && !kardex.contains("Bases de Datos"))
                let personal = String(buffer: try await ana.get("/campus/personal").body)
                #expect(personal.contains("MALA040512MDFRPNA1") && personal.contains("Escolaridad anterior") && !personal.contains("passport"))
                let credential = String(buffer: try await ana.get("/campus/credential").body)
                #expect(credential.contains("2022630101") && credential.contains("<svg"))
                let worker = try await ana.get("/campus/sw.js?account=x")
                #expect(worker.headers[HTTPField.Name("Service-Worker-Allowed")!] == "/campus" && String(buffer: worker.body).contains("'/campus/kardex'"))
                // A teacher's group page is not the student's.
                let groupID = try #require(try await CampusServices(environment: patio.components.environment).groups.list(.init()).first?.id)
                #expect(try await ana.get("/campus/groups/\(groupID)").status == .forbidden)
            }
        }

        @Test("the teacher's form captures the open partial only; a malformed grade shows the page again with its message and changes nothing")
        func teacherForm() async throws {
            try await TestPatio.with(modules: moduleUnderTest) { patio, client in
                let world = try await CampusWorld.make(patio, client)
                let groupID = try #require(try await world.teacherGroups().first { ($0["subject"] as? [String: Any])?["clave"] as? String == "C502" }?["id"] as? String)
                let ana = try #require(try await world.roster(groupID).first { $0["boleta"] as? String == "2022630101" })
                let enrolment = try #require(ana["enrolmentId"] as? String).uppercased()
                var teacher = try await WebSession.signIn(client, email: "docente@demo.patio", password: "demo-password")
                let page = String(buffer: try await teacher.get("/campus/groups/\(groupID)").body)
                #expect(page.contains("name=\"\(enrolment).partial2\" value=\"\"") && page.contains("name=\"\(enrolment).partial1\" value=\"9\""))
                let bad = try await teacher.post("/campus/groups/\(groupID)/grades", form: ["\(enrolment).partial2": "11"])
                #expect(bad.status == .unprocessableContent)
                // A closed window's cell sent anyway is ignored, the open one is captured.
                let saved = try await teacher.post("/campus/groups/\(groupID)/grades", form: ["\(enrolment).partial2": "7", "\(enrolment).partial1": "2"])
                #expect(saved.status == .seeOther)
                let row = try #require(try await world.roster(groupID).first { $0["boleta"] as? String == "2022630101" })
                #expect(row["partial2"] as? String == "7" && row["partial1"] as? String == "9")
            }
        }

        @Test("school services set a window, import, publish and close a period from their page; a refused import shows each line")
        func adminPage() async throws {
            try await TestPatio.with(modules: moduleUnderTest) { patio, client in
                let world = try await CampusWorld.make(patio, client)
                try await patio.account("jefa@test.patio", roles: [CampusRoles.admin])
                var admin = try await WebSession.signIn(client, email: "jefa@test.patio", password: TestPatio.password)
                let periodID = try await world.currentPeriodID()
                let page = String(buffer: try await admin.get("/campus/admin").body)
                #expect(page.contains("/campus/admin/periods/\(periodID.uuidString)/close"))
                let window = try await admin.post("/campus/admin/periods/\(periodID.uuidString)/windows", form: ["assessment": "partial3", "opensAt": "2026-11-20T08:00", "closesAt": "2026-11-30T20:00"])
                #expect(window.status == .ok && String(buffer: window.body).contains("Ventana guardada."))
                #expect(try await world.services.grades.windows(periodID: periodID).first { $0.assessment == "partial3" }?.isOpen == true)
                let refused = try await admin.post("/campus/admin/import", form: ["kind": "enrolments", "csv": "boleta,period,clave,group\n9999999999,2027/1,C501,5CM1\n"])
                #expect(refused.status == .unprocessableContent && String(buffer: refused.body).contains("Line 2"))
                let published = try await admin.post("/campus/admin/posts", form: ["kind": "announcement", "category": "urgent", "title": "Simulacro", "body": "Hoy.", "importance": "3"])
                #expect(String(buffer: published.body).contains("Publicado."))
                let scholarship = try await admin.post("/campus/admin/scholarships", form: ["name": "Beca de Alimentación", "description": "Comida en la cafetería.", "status": "open",
                                                                                             "amount": "450.50", "periodicity": "monthly", "benefitType": "food", "link": "https://www.ipn.mx/becas/"])
                #expect(String(buffer: scholarship.body).contains("Beca de Alimentación"))
                #expect(try await ContentService(database: world.services.database, clock: world.services.clock).scholarships(status: "open").first { $0.name == "Beca de Alimentación" }?.amountMinor == 45_050)
                let badAmount = try await admin.post("/campus/admin/scholarships", form: ["name": "X", "description": "Y", "status": "open", "amount": "mucho",
                                                                                          "periodicity": "monthly", "benefitType": "food", "link": "https://x.mx"])
                #expect(badAmount.status == .unprocessableContent)
                let closed = try await admin.post("/campus/admin/periods/\(periodID.uuidString)/close", form: [:])
                #expect(String(buffer: closed.body).contains("Periodo cerrado: 0 líneas al kárdex, 24 sin final."))
                var student = try await WebSession.signIn(client, email: "estudiante@demo.patio", password: "demo-password")
                #expect(try await student.get("/campus/admin").status == .forbidden)
            }
        }

        @Test("the public checks: a scanned credential says valid or not, nothing more; school content needs no sign-in")
        func publicPages() async throws {
            try await TestPatio.with(modules: moduleUnderTest) { patio, client in
                let world = try await CampusWorld.make(patio, client)
                let credential = try await client.fetch("/api/v1/campus/me/credential", token: world.student)
                let url = try #require(credential["verifyURL"] as? String)
                let path = try #require(URL(string: url)?.path)
                var visitor = try await WebSession.anonymous(client)
                let page = String(buffer: try await visitor.get(path).body)
                #expect(page.contains("Credencial vigente hoy") && !page.contains("2022630101") && !page.contains("Ana Sofía"))
                #expect(String(buffer: try await visitor.get("/campus/credential/forged").body).contains("no es válida"))
                let school = String(buffer: try await visitor.get("/campus/school").body)
                #expect(school.contains("Beca Institucional IPN") && school.contains("$900.00"))
            }
        }
    }
}
