import Foundation
import HTTPTypes
import HummingbirdTesting
import PatioCore
import Testing
@testable import Campus

extension CampusServerSuites {
    /// School services' typed forms post to their page's own address naming themselves in `form`
    /// (docs/web-pages.md): refused, the page is shown again there with what was typed; done, the browser is
    /// sent to the page with a notice. Codes are picked by name; amounts are read as the page writes them.
    @Suite("Campus school services' forms: the page's own address, picked by name, amounts in pesos")
    struct CampusAdminFormsTests {
        static func scholarship(_ amount: String, name: String) -> [String: String] {
            [
                "form": "scholarship", "name": name, "description": "Apoyo.", "status": "upcoming", "amount": amount,
                "periodicity": "semester", "benefitType": "transport", "link": "https://www.ipn.mx/becas/",
            ]
        }

        @Test("the admin page's forms stay at /campus/admin when refused, with what was typed; done, they say so once; plans are picked by name")
        func adminForms() async throws {
            try await TestPatio.with(modules: moduleUnderTest) { patio, client in
                let world = try await CampusWorld.make(patio, client)
                try await patio.account("jefa@test.patio", roles: [CampusRoles.admin])
                var admin = try await WebSession.signIn(client, email: "jefa@test.patio", password: TestPatio.password)
                let periodID = try await world.currentPeriodID().uuidString
                let page = String(buffer: try await admin.get("/campus/admin").body)
                #expect(page.contains("Ingeniería en Sistemas Computacionales (ISC) · 2020</option>"))
                for name in ["period", "window", "event", "import", "post", "scholarship"] {
                    #expect(page.contains("name=\"form\" value=\"\(name)\""))
                }
                #expect(
                    !page.contains("action=\"/campus/admin/periods\"") && !page.contains("action=\"/campus/admin/import\"")
                        && !page.contains("action=\"/campus/admin/scholarships\""))

                let period = try await admin.submit(
                    "/campus/admin", form: ["form": "period", "code": "2027-1", "startsOn": "2027-02-01", "endsOn": "2027-06-30"])
                #expect(period.at == "/campus/admin" && period.page.status == .unprocessableContent)
                let periodPage = String(buffer: period.page.body)
                #expect(
                    periodPage.contains("value=\"2027-1\"") && periodPage.contains("value=\"2027-02-01\"")
                        && periodPage.contains("<details class=\"card\" open>"))
                #expect(try await admin.get(period.at).status == .ok)

                let window = try await admin.submit(
                    "/campus/admin",
                    form: [
                        "form": "window", "periodId": periodID, "assessment": "final", "opensAt": "2026-11-30T20:00", "closesAt": "2026-11-20T08:00",
                    ])
                let windowPage = String(buffer: window.page.body)
                #expect(window.at == "/campus/admin" && window.page.status == .unprocessableContent)
                #expect(windowPage.contains("value=\"2026-11-30T20:00\"") && windowPage.contains("<option value=\"final\" selected>"))

                let event = try await admin.submit(
                    "/campus/admin", form: ["form": "event", "periodId": periodID, "kind": "vacations", "title": "Semana Santa", "startsOn": "abril"])
                let eventPage = String(buffer: event.page.body)
                #expect(event.at == "/campus/admin" && event.page.status == .unprocessableContent)
                #expect(eventPage.contains("value=\"Semana Santa\"") && eventPage.contains("<option value=\"vacations\" selected>"))
                // What was typed in one form stays in that form only.
                #expect(!eventPage.contains("value=\"2027-1\""))

                let csv = "boleta,period,clave,group\n9999999999,2027/1,C501,5CM1\n"
                let imported = try await admin.submit("/campus/admin", form: ["form": "import", "kind": "enrolments", "csv": csv])
                #expect(imported.at == "/campus/admin" && imported.page.status == .unprocessableContent)
                #expect(
                    String(buffer: imported.page.body).contains("9999999999,2027") && String(buffer: imported.page.body).contains("Línea 2 · Boleta"))

                let post = try await admin.submit(
                    "/campus/admin",
                    form: ["form": "post", "kind": "news", "category": "academic", "title": "", "body": "Inscripciones abiertas.", "importance": "2"])
                let postPage = String(buffer: post.page.body)
                #expect(post.at == "/campus/admin" && post.page.status == .unprocessableContent)
                #expect(
                    postPage.contains("Inscripciones abiertas.</textarea>") && postPage.contains("<option value=\"academic\" selected>")
                        && postPage.contains("<option value=\"2\" selected>"))

                let published = try await admin.submit(
                    "/campus/admin",
                    form: [
                        "form": "post", "kind": "news", "category": "academic", "title": "Reinscripciones", "body": "Del 3 al 7.", "importance": "2",
                    ])
                #expect(published.at == "/campus/admin" && published.page.status == .ok && String(buffer: published.page.body).contains("Publicado."))
                let created = try await admin.submit(
                    "/campus/admin", form: ["form": "period", "code": "2028/1", "startsOn": "2028-02-01", "endsOn": "2028-06-30"])
                #expect(created.at == "/campus/admin" && String(buffer: created.page.body).contains("Periodo 2028/1 creado."))
                let set = try await admin.submit(
                    "/campus/admin",
                    form: [
                        "form": "window", "periodId": periodID, "assessment": "partial3", "opensAt": "2026-11-20T08:00",
                        "closesAt": "2026-11-30T20:00",
                    ])
                #expect(set.at == "/campus/admin" && String(buffer: set.page.body).contains("Ventana guardada."))

                // Every route keeps its rule: a teacher cannot post the page's forms.
                var teacher = try await WebSession.signIn(client, email: "docente@demo.patio", password: "demo-password")
                #expect(
                    try await teacher.post(
                        "/campus/admin", form: ["form": "period", "code": "2029/1", "startsOn": "2029-02-01", "endsOn": "2029-06-30"]
                    ).status == .forbidden)
            }
        }

        @Test(
            """
            a scholarship's amount is read as the page writes pesos: 1,000, 1000 and $1,000.00 are one thousand; a bad one is refused on its \
            field, in Spanish and English
            """
        )
        func scholarshipAmount() async throws {
            try await TestPatio.with(modules: moduleUnderTest) { patio, client in
                let world = try await CampusWorld.make(patio, client)
                try await patio.account("jefa@test.patio", roles: [CampusRoles.admin])
                var admin = try await WebSession.signIn(client, email: "jefa@test.patio", password: TestPatio.password)
                let content = world.services.content
                for (index, amount) in ["1,000", "1000", "$1,000.00", "$1,000.00 MXN"].enumerated() {
                    let done = try await admin.submit("/campus/admin", form: Self.scholarship(amount, name: "Beca de Transporte \(index)"))
                    #expect(done.at == "/campus/admin" && String(buffer: done.page.body).contains("Publicado."))
                    #expect(try await content.scholarships(status: nil).first { $0.name == "Beca de Transporte \(index)" }?.amountMinor == 100_000)
                }
                let cents = try await admin.submit("/campus/admin", form: Self.scholarship("450.50", name: "Beca de Alimentación"))
                #expect(cents.at == "/campus/admin")
                #expect(try await content.scholarships(status: nil).first { $0.name == "Beca de Alimentación" }?.amountMinor == 45_050)

                let refused = try await admin.submit("/campus/admin", form: Self.scholarship("1.000,5", name: "Beca Mal Escrita"))
                let page = String(buffer: refused.page.body)
                #expect(refused.at == "/campus/admin" && refused.page.status == .unprocessableContent)
                #expect(page.contains("Monto: Escribe el monto en pesos, como 1,000 o $1,000.00."))
                #expect(
                    page.contains("value=\"Beca Mal Escrita\"") && page.contains("value=\"1.000,5\"")
                        && page.contains("<option value=\"upcoming\" selected>")
                        && page.contains("<option value=\"transport\" selected>") && page.contains("<option value=\"semester\" selected>"))
                #expect(try await content.scholarships(status: nil).contains { $0.name == "Beca Mal Escrita" } == false)
                let negative = String(buffer: try await admin.submit("/campus/admin", form: Self.scholarship("-5", name: "Beca Negativa")).page.body)
                #expect(negative.contains("Monto: Escribe un monto desde 0."))

                admin.cookies["patio_lang"] = "en"
                let english = String(buffer: try await admin.submit("/campus/admin", form: Self.scholarship("mucho", name: "Beca")).page.body)
                #expect(english.contains("Amount: Enter the amount in pesos, such as 1,000 or $1,000.00.") && english.contains("value=\"mucho\""))
            }
        }

        @Test(
            """
            the catalogue's forms pick a school, a career and a plan by name and stay at /campus/admin/catalogue when refused; done, they say \
            so once
            """
        )
        func catalogueForms() async throws {
            try await TestPatio.with(modules: moduleUnderTest) { patio, client in
                let world = try await CampusWorld.make(patio, client)
                try await patio.account("jefa@test.patio", roles: [CampusRoles.admin])
                var admin = try await WebSession.signIn(client, email: "jefa@test.patio", password: TestPatio.password)
                let page = String(buffer: try await admin.get("/campus/admin/catalogue").body)
                #expect(
                    page.contains("Escuela Superior de Cómputo (escom)</option>")
                        && page.contains("Ingeniería en Sistemas Computacionales (ISC)</option>")
                        && page.contains("Ingeniería en Sistemas Computacionales (ISC) · 2020</option>"))
                let schoolID = try #require(try await world.services.record.schools().first?.id)
                let refused = try await admin.submit(
                    "/campus/admin/catalogue", form: ["form": "career", "schoolId": schoolID.uuidString, "code": "IMT", "name": ""])
                let refusedPage = String(buffer: refused.page.body)
                #expect(refused.at == "/campus/admin/catalogue" && refused.page.status == .unprocessableContent)
                #expect(
                    refusedPage.contains("value=\"IMT\"") && refusedPage.contains("<details class=\"card\" open>")
                        && refusedPage.contains("value=\"\(schoolID.uuidString)\" selected"))
                let added = try await admin.submit(
                    "/campus/admin/catalogue",
                    form: ["form": "career", "schoolId": schoolID.uuidString, "code": "IMT", "name": "Ingeniería Mecatrónica"])
                #expect(added.at == "/campus/admin/catalogue" && added.page.status == .ok)
                let addedPage = String(buffer: added.page.body)
                #expect(addedPage.contains("Se agregó Ingeniería Mecatrónica.") && addedPage.contains("Ingeniería Mecatrónica (IMT)</option>"))
                #expect(!String(buffer: try await admin.get("/campus/admin/catalogue").body).contains("Se agregó"))

                admin.cookies["patio_lang"] = "en"
                let english = String(
                    buffer: try await admin.submit(
                        "/campus/admin/catalogue", form: ["form": "career", "schoolId": schoolID.uuidString, "code": "IMT", "name": "Otra"]
                    ).page.body)
                #expect(english.contains("Escuela Superior de Cómputo (escom)</option>") && english.contains("value=\"Otra\""))
            }
        }

        @Test(
            """
            a student's page: the kardex line picks the subject by name and both forms stay at the student's address when refused; a new \
            student is found by boleta
            """
        )
        func studentForms() async throws {
            try await TestPatio.with(modules: moduleUnderTest) { patio, client in
                let world = try await CampusWorld.make(patio, client)
                try await patio.account("jefa@test.patio", roles: [CampusRoles.admin])
                var admin = try await WebSession.signIn(client, email: "jefa@test.patio", password: TestPatio.password)
                let ana = try #require(try await world.services.students.list(query: "2022630101").first)
                let path = "/campus/admin/students/\(ana.id.uuidString)"
                let page = String(buffer: try await admin.get(path).body)
                #expect(page.contains("<option value=\"C601\" label=\"Sistemas Distribuidos (C601)\">") && page.contains("list=\"kardex-subjects\""))
                #expect(
                    page.contains("name=\"form\" value=\"kardex\"") && page.contains("name=\"form\" value=\"personal\"")
                        && !page.contains("\(path)/kardex"))

                let refused = try await admin.submit(
                    path, form: ["form": "kardex", "clave": "C601", "date": "2026-06-20", "period": "2026/1", "evaluation": "EXT", "grade": "once"])
                #expect(refused.at == path && refused.page.status == .unprocessableContent)
                let refusedPage = String(buffer: refused.page.body)
                #expect(
                    refusedPage.contains("value=\"once\"") && refusedPage.contains("value=\"C601\" list")
                        && refusedPage.contains("<option selected>EXT</option>"))
                let added = try await admin.submit(
                    path, form: ["form": "kardex", "clave": "C601", "date": "2026-06-20", "period": "2026/1", "evaluation": "ETS", "grade": "9"])
                #expect(added.at == path && String(buffer: added.page.body).contains("Se agregó Sistemas Distribuidos al kárdex."))

                let model = try await world.services.students.find(ana.id)
                var fields = Dictionary(
                    uniqueKeysWithValues: world.services.students.personalData(model).fields.map { ("\($0.group).\($0.name)", $0.value ?? "") })
                fields["form"] = "personal"
                fields["general.rfc"] = String(repeating: "X", count: 200)
                let personal = try await admin.submit(path, form: fields)
                #expect(
                    personal.at == path && personal.page.status == .unprocessableContent
                        && String(buffer: personal.page.body).contains(String(repeating: "X", count: 200)))

                let students = String(buffer: try await admin.get("/campus/admin/students").body)
                #expect(students.contains("Ingeniería en Sistemas Computacionales (ISC) · 2020</option>"))
                let planID = try #require(try await world.services.record.plans().first?.id).uuidString
                let refusedStudent = try await admin.submit(
                    "/campus/admin/students",
                    form: [
                        "name": "Luis Pérez Ramos", "boleta": "123", "email": "luis@test.patio", "password": "contraseña-segura", "planId": planID,
                    ])
                #expect(refusedStudent.at == "/campus/admin/students" && refusedStudent.page.status == .unprocessableContent)
                #expect(String(buffer: refusedStudent.page.body).contains("value=\"\(planID)\" selected"))
            }
        }
    }
}
