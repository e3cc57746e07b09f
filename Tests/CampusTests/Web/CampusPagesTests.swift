import Foundation
import HTTPTypes
import HummingbirdTesting
import PatioCore
import Testing
@testable import Campus

extension CampusServerSuites {
    @Suite("Campus pages: the student's record, the teacher's capture form, school services' page")
    struct CampusPagesTests {
        @Test(
            """
            the student's pages: grades with the pending average, the week as a grid with Saturday and a list, the kardex with search, personal \
            data without empty fields, the credential
            """
        )
        func studentPages() async throws {
            try await TestPatio.with(modules: moduleUnderTest) { patio, client in
                _ = try await CampusWorld.make(patio, client)
                var ana = try await WebSession.signIn(client, email: "estudiante@demo.patio", password: "demo-password")
                let home = String(buffer: try await ana.get("/campus").body)
                #expect(
                    home.contains("Tus próximas clases") && home.contains("Compiladores") && home.contains("1 urgente<")
                        && !home.contains("1 urgentes"))
                #expect(
                    home.contains("ESCOM gana el concurso nacional") && home.contains("Beca Institucional IPN")
                        && !home.contains("Beca Benito Juárez"))
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
                #expect(
                    worker.headers[HTTPField.Name("Service-Worker-Allowed")!] == "/campus" && String(buffer: worker.body).contains("'/campus/kardex'")
                )
                // A teacher's group page is not the student's.
                let groupID = try #require(try await CampusServices(environment: patio.components.environment).groups.list(.init()).first?.id)
                #expect(try await ana.get("/campus/groups/\(groupID)").status == .forbidden)
            }
        }

        @Test("the teacher's form captures the open partial only; a malformed grade shows the page again with its message and changes nothing")
        func teacherForm() async throws {
            try await TestPatio.with(modules: moduleUnderTest) { patio, client in
                let world = try await CampusWorld.make(patio, client)
                let groupID = try #require(
                    try await world.teacherGroups().first { ($0["subject"] as? [String: Any])?["clave"] as? String == "C502" }?["id"] as? String)
                let ana = try #require(try await world.roster(groupID).first { $0["boleta"] as? String == "2022630101" })
                let enrolment = try #require(ana["enrolmentId"] as? String).uppercased()
                var teacher = try await WebSession.signIn(client, email: "docente@demo.patio", password: "demo-password")
                let page = String(buffer: try await teacher.get("/campus/groups/\(groupID)").body)
                #expect(page.contains("name=\"\(enrolment).partial2\" value=\"\"") && page.contains("name=\"\(enrolment).partial1\" value=\"9\""))
                let bad = try await teacher.post("/campus/groups/\(groupID)", form: ["\(enrolment).partial2": "11"])
                #expect(bad.status == .unprocessableContent)
                // Shown again at the page's own address, with what was typed.
                #expect(String(buffer: bad.body).contains("name=\"\(enrolment).partial2\" value=\"11\""))
                // A closed window's cell sent anyway is ignored, the open one is captured.
                let saved = try await teacher.post("/campus/groups/\(groupID)", form: ["\(enrolment).partial2": "7", "\(enrolment).partial1": "2"])
                #expect(saved.status == .seeOther)
                let row = try #require(try await world.roster(groupID).first { $0["boleta"] as? String == "2022630101" })
                #expect(row["partial2"] as? String == "7" && row["partial1"] as? String == "9")
            }
        }

        @Test(
            """
            four grades typed and one of them 11: all four come back as typed, the wrong one marked beside its student's name with the reason \
            in the page's language; nothing is saved until it is right, and then the page says so
            """
        )
        func refusedCaptureKeepsEverything() async throws {
            try await TestPatio.with(modules: moduleUnderTest) { patio, client in
                let world = try await CampusWorld.make(patio, client)
                let groupID = try #require(
                    try await world.teacherGroups().first { ($0["subject"] as? [String: Any])?["clave"] as? String == "C502" }?["id"] as? String)
                let roster = Array(try await world.roster(groupID).prefix(4))
                try #require(roster.count >= 2)
                let typed = ["8", "11", "9.5", "NP"]
                var form: [String: String] = [:]
                for (student, grade) in zip(roster, typed) {
                    form["\(try #require(student["enrolmentId"] as? String).uppercased()).partial2"] = grade
                }
                let wrong = roster[1]
                let wrongName = try #require(wrong["name"] as? String)
                let wrongCell = "\(try #require(wrong["enrolmentId"] as? String).uppercased()).partial2"
                let before = try await world.roster(groupID).map { $0["partial2"] as? String }

                var teacher = try await WebSession.signIn(client, email: "docente@demo.patio", password: "demo-password")
                let refused = try await teacher.post("/campus/groups/\(groupID)", form: form)
                #expect(refused.status == .unprocessableContent)
                let html = String(buffer: refused.body)
                for (name, value) in form { #expect(html.contains("name=\"\(name)\" value=\"\(value)\""), "\(name) keeps \(value)") }
                #expect(html.contains("aria-describedby=\"error-\(wrongCell)\""))
                #expect(html.contains("<span class=\"field-error\" id=\"error-\(wrongCell)\">Una calificación de 0 a 10"))
                #expect(html.contains("\(wrongName) · ") && !html.contains("grades["), "the list names the student, never the form's index")
                #expect(html.components(separatedBy: "class=\"refused\"").count - 1 == 1)
                #expect(try await world.roster(groupID).map { $0["partial2"] as? String } == before, "nothing saved")

                teacher.cookies["patio_lang"] = "en"
                let english = String(buffer: try await teacher.post("/campus/groups/\(groupID)", form: form).body)
                #expect(english.contains("A grade from 0 to 10 with at most one decimal, or NP.") && english.contains("\(wrongName) · "))

                form[wrongCell] = "10"
                let saved = try await teacher.submit("/campus/groups/\(groupID)", form: form)
                #expect(saved.page.status == .ok && saved.at == "/campus/groups/\(groupID)")
                #expect(String(buffer: saved.page.body).contains("class=\"notice\" role=\"status\""))
                #expect(try await world.roster(groupID).first { $0["name"] as? String == wrongName }?["partial2"] as? String == "10")
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
                let window = try await admin.submit(
                    "/campus/admin",
                    form: [
                        "form": "window", "periodId": periodID.uuidString, "assessment": "partial3", "opensAt": "2026-11-20T08:00",
                        "closesAt": "2026-11-30T20:00",
                    ])
                #expect(window.at == "/campus/admin" && String(buffer: window.page.body).contains("Ventana guardada."))
                #expect(try await world.services.grades.windows(periodID: periodID).first { $0.assessment == "partial3" }?.isOpen == true)
                let refused = try await admin.post(
                    "/campus/admin",
                    form: ["form": "import", "kind": "enrolments", "csv": "boleta,period,clave,group\n9999999999,2027/1,C501,5CM1\n"])
                #expect(
                    refused.status == .unprocessableContent
                        && String(buffer: refused.body).contains("Línea 2 · Boleta: Ningún estudiante tiene esa boleta."))
                let published = try await admin.submit(
                    "/campus/admin",
                    form: ["form": "post", "kind": "announcement", "category": "urgent", "title": "Simulacro", "body": "Hoy.", "importance": "3"])
                #expect(String(buffer: published.page.body).contains("Publicado."))
                // The notice is shown once: the page read again no longer says it.
                #expect(!String(buffer: try await admin.get("/campus/admin").body).contains("Publicado."))
                let scholarship = try await admin.submit(
                    "/campus/admin",
                    form: [
                        "form": "scholarship", "name": "Beca de Alimentación", "description": "Comida en la cafetería.", "status": "open",
                        "amount": "450.50", "periodicity": "monthly", "benefitType": "food", "link": "https://www.ipn.mx/becas/",
                    ])
                #expect(String(buffer: scholarship.page.body).contains("Beca de Alimentación"))
                #expect(
                    try await world.services.content.scholarships(status: "open").first {
                        $0.name == "Beca de Alimentación"
                    }?.amountMinor == 45_050)
                let badAmount = try await admin.post(
                    "/campus/admin",
                    form: [
                        "form": "scholarship", "name": "X", "description": "Y", "status": "open", "amount": "mucho",
                        "periodicity": "monthly", "benefitType": "food", "link": "https://x.mx",
                    ])
                #expect(badAmount.status == .unprocessableContent)
                let closed = try await admin.submit("/campus/admin/periods/\(periodID.uuidString)/close", form: ["confirm": "yes"])
                #expect(String(buffer: closed.page.body).contains("Periodo cerrado: 0 líneas al kárdex, 24 sin final."))
                var student = try await WebSession.signIn(client, email: "estudiante@demo.patio", password: "demo-password")
                #expect(try await student.get("/campus/admin").status == .forbidden)
            }
        }

        @Test("closing a period asks first with what it will do in numbers, and closes nothing until confirmed")
        func closingAsksFirst() async throws {
            try await TestPatio.with(modules: moduleUnderTest) { patio, client in
                let world = try await CampusWorld.make(patio, client)
                try await patio.account("jefa@test.patio", roles: [CampusRoles.admin])
                var admin = try await WebSession.signIn(client, email: "jefa@test.patio", password: TestPatio.password)
                let periodID = try await world.currentPeriodID()
                let period = RecordService.view(try await world.services.record.period(periodID))
                let early = LocalDate("2026-11-23")!.days(until: try #require(LocalDate(period.endsOn)))
                let admin_page = String(buffer: try await admin.get("/campus/admin").body)
                #expect(
                    admin_page.contains("action=\"/campus/admin/periods/\(periodID.uuidString)/close\" data-confirm")
                        && admin_page.contains("class=\"danger\""))

                let asked = try await admin.post("/campus/admin/periods/\(periodID.uuidString)/close", form: [:])
                let question = String(buffer: asked.body)
                #expect(asked.status == .ok)
                #expect(question.contains("¿Cerrar el periodo \(period.code)?"))
                #expect(question.contains("lo cerrarías \(early) días antes."))
                #expect(question.contains("Faltan 24 finales: esas materias no pasarán al kárdex."))
                #expect(question.contains("0 líneas pasarán al kárdex."))
                #expect(question.contains("Esto no se puede deshacer."))
                #expect(question.contains("name=\"confirm\" value=\"yes\"") && question.contains("href=\"/campus/admin\""))
                #expect(try await world.services.record.period(periodID).closedAt == nil)

                let closed = try await admin.submit("/campus/admin/periods/\(periodID.uuidString)/close", form: ["confirm": "yes"])
                #expect(closed.at == "/campus/admin" && closed.page.status == .ok)
                #expect(String(buffer: closed.page.body).contains("Periodo cerrado: 0 líneas al kárdex, 24 sin final."))
                #expect(try await world.services.record.period(periodID).closedAt != nil)
            }
        }

        @Test(
            """
            after the period closes, the teacher's page says capture is over (in Spanish and English) and the student's grades page shows what \
            was recorded
            """
        )
        func pagesAfterClosing() async throws {
            try await TestPatio.with(modules: moduleUnderTest) { patio, client in
                let world = try await CampusWorld.make(patio, client)
                let periodID = try await world.currentPeriodID()
                let code = RecordService.view(try await world.services.record.period(periodID)).code
                let groupID = try #require(try await world.teacherGroups().first?["id"] as? String)
                var teacher = try await WebSession.signIn(client, email: "docente@demo.patio", password: "demo-password")
                #expect(String(buffer: try await teacher.get("/campus/groups/\(groupID)").body).contains("Captura abierta"))
                _ = try await world.services.kardex.close(periodID: periodID)

                let spanish = String(buffer: try await teacher.get("/campus/groups/\(groupID)").body)
                #expect(spanish.contains("El periodo \(code) está cerrado: la captura terminó y sus calificaciones ya no cambian."))
                #expect(!spanish.contains("Captura abierta") && !spanish.contains("Guardar calificaciones"))
                // A capture sent anyway (a page left open) comes back to the page with the reason in the page's words.
                let refused = try await teacher.submit("/campus/groups/\(groupID)", form: ["x.partial1": "9"])
                #expect(refused.at == "/campus/groups/\(groupID)")
                #expect(String(buffer: refused.page.body).contains("El periodo está cerrado: su registro ya no cambia."))
                teacher.cookies["patio_lang"] = "en"
                let english = String(buffer: try await teacher.get("/campus/groups/\(groupID)").body)
                #expect(english.contains("Period \(code) is closed: capture is over and its grades no longer change."))
                #expect(!english.contains("Capture open") && !english.contains("Save grades"))

                var ana = try await WebSession.signIn(client, email: "estudiante@demo.patio", password: "demo-password")
                let grades = String(buffer: try await ana.get("/campus/grades").body)
                #expect(grades.contains("El periodo \(code) está cerrado: estas son las calificaciones que quedaron registradas."))
                #expect(grades.contains("Redes de Computadoras") && !grades.contains("Aún no tienes materias en este periodo."))
            }
        }

        @Test("the public checks: a scanned credential says valid or not with the holder's name, not their boleta; school content needs no sign-in")
        func publicPages() async throws {
            try await TestPatio.with(modules: moduleUnderTest) { patio, client in
                let world = try await CampusWorld.make(patio, client)
                let credential = try await client.fetch("/api/v1/campus/me/credential", token: world.student)
                let url = try #require(credential["verifyURL"] as? String)
                let path = try #require(URL(string: url)?.path)
                var visitor = try await WebSession.anonymous(client)
                let page = String(buffer: try await visitor.get(path).body)
                #expect(page.contains("Credencial vigente hoy") && page.contains("Ana Sofía") && !page.contains("2022630101"))
                #expect(String(buffer: try await visitor.get("/campus/credential/forged").body).contains("no es válida"))
                let school = String(buffer: try await visitor.get("/campus/school").body)
                #expect(school.contains("Beca Institucional IPN") && school.contains("$900.00"))
            }
        }
    }
}

extension CampusServerSuites.CampusPagesTests {
    @Test(
        """
        school services open a student, give them a photo, add a kardex line by hand and correct their personal data from the pages; each \
        refusal says why and keeps what was there
        """
    )
    func adminStudentPages() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let world = try await CampusWorld.make(patio, client)
            try await patio.account("jefa@test.patio", roles: [CampusRoles.admin])
            var admin = try await WebSession.signIn(client, email: "jefa@test.patio", password: TestPatio.password)
            let found = String(buffer: try await admin.get("/campus/admin/students?q=2022630101").body)
            let ana = try #require(try await world.services.students.list(query: "2022630101").first)
            #expect(found.contains("/campus/admin/students/\(ana.id.uuidString)") && found.contains("Ana Sofía"))
            #expect(String(buffer: try await admin.get("/campus/admin/students?q=zzzz").body).contains("Ningún estudiante coincide con “zzzz”."))

            // Opening a student: a bad boleta is refused and the name typed stays; a good form creates the account.
            let planID = try #require(try await world.services.record.plans().first?.id).uuidString
            let refused = try await admin.post(
                "/campus/admin/students",
                form: ["name": "Luis Pérez Ramos", "boleta": "123", "email": "luis@test.patio", "password": "contraseña-segura", "planId": planID])
            #expect(refused.status == .unprocessableContent)
            let refusedPage = String(buffer: refused.body)
            #expect(refusedPage.contains("value=\"Luis Pérez Ramos\"") && !refusedPage.contains("contraseña-segura"))
            let created = try await admin.submit(
                "/campus/admin/students",
                form: [
                    "name": "Luis Pérez Ramos", "boleta": "2027630001", "email": "luis@test.patio", "password": "contraseña-segura", "planId": planID,
                ])
            #expect(
                created.at == "/campus/admin/students?q=2027630001"
                    && String(buffer: created.page.body).contains("Luis Pérez Ramos quedó dado de alta."))
            #expect(try await patio.login("luis@test.patio", password: "contraseña-segura", client: client).isEmpty == false)

            // The photo goes up as the page's script sends it; without the page's CSRF token, or not an image, it is refused.
            let path = "/campus/admin/students/\(ana.id.uuidString)"
            #expect(String(buffer: try await admin.get(path).body).contains("Todavía no hay fotografía."))
            #expect(try await admin.post("\(path)/photo", bytes: CampusWorld.png, contentType: "image/png", includeCSRF: false).status == .forbidden)
            #expect(try await admin.post("\(path)/photo", bytes: Array("hola".utf8), contentType: "text/plain").status == .unsupportedMediaType)
            #expect(try await admin.post("\(path)/photo", bytes: CampusWorld.png, contentType: "image/png").status == .ok)
            let photo = try await admin.get("\(path)/photo")
            #expect(photo.status == .ok && Array(buffer: photo.body) == CampusWorld.png)
            #expect(String(buffer: try await admin.get(path).body).contains("src=\"\(path)/photo\""))

            // A kardex line by hand: a clave outside the plan is refused, a subject of the plan appears in its semester.
            let outside = try await admin.post(
                path, form: ["form": "kardex", "clave": "X999", "date": "2026-06-20", "period": "2026/1", "evaluation": "ETS", "grade": "8"])
            #expect(outside.status == .unprocessableContent && String(buffer: outside.body).contains("value=\"X999\""))
            #expect(
                String(buffer: outside.body).contains("Esa materia no es del plan de estudios del estudiante.")
                    && String(buffer: outside.body).contains("<option selected>ETS</option>"))
            let added = String(
                buffer: try await admin.submit(
                    path, form: ["form": "kardex", "clave": "C601", "date": "2026-06-20", "period": "2026/1", "evaluation": "ETS", "grade": "8.5"]
                ).page.body)
            #expect(added.contains("Se agregó Sistemas Distribuidos al kárdex.") && added.contains("Semestre 6"))

            // Personal data: the form sends every field; a value too long changes nothing, a correction keeps the rest.
            let model = try await world.services.students.find(ana.id)
            var fields = Dictionary(
                uniqueKeysWithValues: world.services.students.personalData(model).fields.map { ("\($0.group).\($0.name)", $0.value ?? "") })
            let place = try #require(fields["birth.place"])
            fields["general.rfc"] = String(repeating: "X", count: 200)
            fields["form"] = "personal"
            #expect(try await admin.post(path, form: fields).status == .unprocessableContent)
            fields["general.rfc"] = "MALA040512AB1"
            #expect(String(buffer: try await admin.submit(path, form: fields).page.body).contains("Guardado."))
            let saved = world.services.students.personalData(try await world.services.students.find(ana.id))
            #expect(saved.general.rfc == "MALA040512AB1" && saved.birth.place == place && !place.isEmpty)

            var student = try await WebSession.signIn(client, email: "estudiante@demo.patio", password: "demo-password")
            #expect(try await student.get("/campus/admin/students").status == .forbidden)
            #expect(try await student.post("\(path)/photo", bytes: CampusWorld.png, contentType: "image/png").status == .forbidden)
        }
    }

    @Test(
        """
        school services add a school, a career, a plan and a subject by hand; a subject with every field wrong is refused with each reason and \
        what was typed
        """
    )
    func adminCatalogue() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let world = try await CampusWorld.make(patio, client)
            try await patio.account("jefa@test.patio", roles: [CampusRoles.admin])
            var admin = try await WebSession.signIn(client, email: "jefa@test.patio", password: TestPatio.password)
            #expect(String(buffer: try await admin.get("/campus/admin/catalogue").body).contains("Compiladores"))
            let school = String(
                buffer: try await admin.submit(
                    "/campus/admin/catalogue",
                    form: ["form": "school", "code": "UPIITA", "name": "Unidad Profesional Interdisciplinaria en Ingeniería y Tecnologías Avanzadas"]
                ).page.body)
            #expect(school.contains("Se agregó Unidad Profesional Interdisciplinaria"))
            let schoolID = try #require(try await world.services.record.schools().first { $0.code == "upiita" }?.id)
            _ = try await admin.post(
                "/campus/admin/catalogue", form: ["what": "career", "schoolId": schoolID.uuidString, "code": "IMT", "name": "Ingeniería Mecatrónica"])
            let careerID = try #require(try await world.services.record.careers(schoolID: schoolID).first?.id)
            _ = try await admin.post("/campus/admin/catalogue", form: ["what": "plan", "careerId": careerID.uuidString, "code": "2009"])
            let planID = try #require(try await world.services.record.plans(careerID: careerID).first?.id)
            let refused = try await admin.post(
                "/campus/admin/catalogue",
                form: ["what": "subject", "planId": planID.uuidString, "clave": "M-1", "name": "Cálculo", "semester": "trece", "credits": "mucho"])
            let refusedPage = String(buffer: refused.body)
            #expect(refused.status == .unprocessableContent)
            #expect(
                refusedPage.contains("Solo letras y dígitos") && refusedPage.contains("Un semestre del 1 al 12.")
                    && refusedPage.contains("Créditos de 0 a 99.99"))
            #expect(refusedPage.contains("value=\"trece\""))
            let added = String(
                buffer: try await admin.submit(
                    "/campus/admin/catalogue",
                    form: [
                        "form": "subject", "planId": planID.uuidString, "clave": "M101", "name": "Cálculo Diferencial",
                        "semester": "1", "credits": "7,5",
                    ]
                ).page.body)
            #expect(added.contains("Se agregó Cálculo Diferencial.") && added.contains("IMT 2009"))
            #expect(try await world.services.record.subjects(planID: planID).map(\.credits) == [7.5])
            let taken = try await admin.post("/campus/admin/catalogue", form: ["what": "school", "code": "UPIITA", "name": "Otra"])
            #expect(taken.status == .unprocessableContent && String(buffer: taken.body).contains("Otro registro ya usa ese código."))
            var teacher = try await WebSession.signIn(client, email: "docente@demo.patio", password: "demo-password")
            #expect(try await teacher.post("/campus/admin/catalogue", form: ["what": "school", "code": "X", "name": "Y"]).status == .forbidden)
        }
    }

    @Test("school services open a period and keep its calendar from their page; a period code out of shape is refused")
    func adminCalendar() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let world = try await CampusWorld.make(patio, client)
            try await patio.account("jefa@test.patio", roles: [CampusRoles.admin])
            var admin = try await WebSession.signIn(client, email: "jefa@test.patio", password: TestPatio.password)
            let bad = try await admin.post(
                "/campus/admin", form: ["form": "period", "code": "2027-1", "startsOn": "2027-02-01", "endsOn": "2027-06-30"])
            #expect(bad.status == .unprocessableContent && String(buffer: bad.body).contains("2026/1"))
            let created = String(
                buffer: try await admin.submit(
                    "/campus/admin", form: ["form": "period", "code": "2028/1", "startsOn": "2028-02-01", "endsOn": "2028-06-30"]
                ).page.body)
            #expect(created.contains("Periodo 2028/1 creado."))
            let period = try #require(try await world.services.record.periods().first { $0.code == "2028/1" })
            let added = String(
                buffer: try await admin.submit(
                    "/campus/admin",
                    form: [
                        "form": "event", "periodId": period.id.uuidString, "kind": "vacations", "title": "Semana Santa",
                        "startsOn": "2028-04-10", "endsOn": "2028-04-21",
                    ]
                ).page.body)
            #expect(added.contains("Semana Santa") && added.contains("Vacaciones"))
            let event = try #require(try await world.services.record.calendar(periodID: period.id).first { $0.title == "Semana Santa" })
            // Removing asks first, naming the date; only the confirmed form removes it.
            let asked = String(buffer: try await admin.post("/campus/admin/calendar/\(event.id.uuidString)/delete", form: [:]).body)
            #expect(asked.contains("¿Quitar «Semana Santa»?") && asked.contains("Esto no se puede deshacer."))
            #expect(try await world.services.record.calendar(periodID: period.id).contains { $0.title == "Semana Santa" })
            let removed = String(
                buffer: try await admin.submit("/campus/admin/calendar/\(event.id.uuidString)/delete", form: ["confirm": "yes"]).page.body)
            #expect(removed.contains("Quitado.") && !removed.contains("Semana Santa"))
        }
    }
}
