import FakeSAES
import Foundation
import HummingbirdTesting
import PatioCore
import Testing
@testable import Campus

extension CampusServerSuites {
    /// What a student and school services read on a phone, in Spanish and in English: every message in the
    /// reader's words, a schedule a day at a time, summaries that say what they count.
    @Suite("Campus pages people can trust on a phone")
    struct CampusPhonePagesTests {
        /// The part of `page` from `start` to the next `end` (empty when absent).
        static func part(_ page: String, from start: String, to end: String) -> String {
            guard let from = page.range(of: start) else { return "" }
            let rest = page[from.lowerBound...]
            return String(rest[..<(rest.range(of: end)?.upperBound ?? rest.endIndex)])
        }

        @Test(
            """
            the schedule shows a tab per day with today's selected and that day's classes with their times and room 2-201; ?day= picks another \
            day; the week's grid blocks say the same room
            """
        )
        func scheduleByDay() async throws {
            try await TestPatio.with(modules: moduleUnderTest) { patio, client in
                _ = try await CampusWorld.make(patio, client)
                var ana = try await WebSession.signIn(client, email: "estudiante@demo.patio", password: "demo-password")
                // The world's clock is on a Monday.
                let monday = String(buffer: try await ana.get("/campus/schedule").body)
                let tabs = Self.part(monday, from: "<nav class=\"day-tabs\"", to: "</nav>")
                #expect(tabs.components(separatedBy: "<a href=\"/campus/schedule?day=").count - 1 == 6)
                #expect(tabs.contains("href=\"/campus/schedule?day=1#schedule-day\" title=\"Lunes\" aria-current=\"true\">Lun"))
                #expect(tabs.contains("title=\"Sábado\">Sáb") && tabs.components(separatedBy: "aria-current").count - 1 == 1)
                let day = Self.part(monday, from: "id=\"schedule-day\"", to: "</section>")
                #expect(day.contains("<h2>Lunes</h2>") && day.contains("class=\"schedule-card\""))
                #expect(day.contains(/<strong>[0-9]{2}:[0-9]{2}–[0-9]{2}:[0-9]{2}<\/strong>/) && day.contains("Salón 2-20"))
                #expect(!day.contains("Martes"))
                // The grid's blocks name the room as the list does, with the times of each class.
                let blocks = monday.components(separatedBy: "class=\"schedule-block\"").dropFirst()
                #expect(blocks.count == 15 && blocks.allSatisfy { $0.contains(/<small>[0-9]{2}:[0-9]{2}–[0-9]{2}:[0-9]{2} · 2-20[1-6]<\/small>/) })
                #expect(monday.contains("· 2-201</span></li>") && !monday.contains("· 201<"))

                let saturday = String(buffer: try await ana.get("/campus/schedule?day=6").body)
                #expect(Self.part(saturday, from: "<nav class=\"day-tabs\"", to: "</nav>").contains("title=\"Sábado\" aria-current=\"true\">Sáb"))
                #expect(Self.part(saturday, from: "id=\"schedule-day\"", to: "</section>").contains("<h2>Sábado</h2>"))
                // A day that is not in the week shows today's.
                #expect(String(buffer: try await ana.get("/campus/schedule?day=9").body).contains("title=\"Lunes\" aria-current=\"true\">Lun"))

                ana.cookies["patio_lang"] = "en"
                let english = String(buffer: try await ana.get("/campus/schedule").body)
                #expect(english.contains("title=\"Monday\" aria-current=\"true\">Mon") && english.contains("aria-label=\"Days of the week\""))
                #expect(Self.part(english, from: "id=\"schedule-day\"", to: "</section>").contains("Room 2-20"))
            }
        }

        @Test(
            """
            the grades page and the home page say their average and approved subjects are this period's, beside the kardex's general average, \
            approved subjects and credits
            """
        )
        func summaries() async throws {
            try await TestPatio.with(modules: moduleUnderTest) { patio, client in
                let world = try await CampusWorld.make(patio, client)
                let student = try await world.services.students.find(
                    try #require(try await world.services.students.list(query: "2022630101").first).id)
                let kardex = try await world.services.kardex.report(student, search: nil)
                let period = RecordService.view(try await world.services.record.period(try await world.currentPeriodID())).code
                #expect(kardex.approvedSubjects > 0 && kardex.overallAverage != nil)
                let earned = CampusPageHandlers.decimal(kardex.creditsEarned), total = CampusPageHandlers.decimal(kardex.creditsTotal)
                var ana = try await WebSession.signIn(client, email: "estudiante@demo.patio", password: "demo-password")
                for path in ["/campus/grades", "/campus"] {
                    let summary = Self.part(String(buffer: try await ana.get(path).body), from: "<dl class=\"summary\"", to: "</dl>")
                    #expect(
                        summary.contains("<dt>Este periodo · \(period)</dt>")
                            && summary.contains("Promedio: <strong>pendiente</strong> · Aprobadas: 0"), "\(path)")
                    #expect(summary.contains("<dt>Toda tu carrera (kárdex)</dt>"), "\(path)")
                    #expect(
                        summary.contains(
                            """
                            Promedio general: <strong>\(kardex.overallAverage ?? "")</strong> · Aprobadas: \(kardex.approvedSubjects) · \
                            Créditos: \(earned) de \(total)
                            """
                        ), "\(path)")
                }
                ana.cookies["patio_lang"] = "en"
                let english = Self.part(String(buffer: try await ana.get("/campus/grades").body), from: "<dl class=\"summary\"", to: "</dl>")
                #expect(english.contains("<dt>This period · \(period)</dt>") && english.contains("Average: <strong>pending</strong> · Approved: 0"))
                #expect(
                    english.contains(
                        """
                        General average: <strong>\(kardex.overallAverage ?? "")</strong> · Approved: \(kardex.approvedSubjects) · Credits: \
                        \(earned) of \(total)
                        """
                    ))
            }
        }

        @Test(
            "a refused CSV import lists each line's problem once in the reader's language, and the posts list names each kind (Aviso, Announcement)")
        func importAndPosts() async throws {
            try await TestPatio.with(modules: moduleUnderTest) { patio, client in
                _ = try await CampusWorld.make(patio, client)
                try await patio.account("jefa@test.patio", roles: [CampusRoles.admin])
                var admin = try await WebSession.signIn(client, email: "jefa@test.patio", password: TestPatio.password)
                let csv = "boleta,period,clave,group\n9999999999,2027/1,C501,5CM1\n2022630101,2031/2,C501,5CM1\n"
                let refused = try await admin.post("/campus/admin", form: ["form": "import", "kind": "enrolments", "csv": csv])
                let page = String(buffer: refused.body)
                #expect(refused.status == .unprocessableContent)
                #expect(page.contains("El archivo tiene errores; no se importó nada. Corrige estas líneas e impórtalo de nuevo:"))
                #expect(
                    page.contains("<li>Línea 2 · Boleta: Ningún estudiante tiene esa boleta.</li>")
                        && page.contains("<li>Línea 3 · Periodo: Ningún periodo se llama así.</li>"))
                #expect(page.components(separatedBy: "Línea 2").count - 1 == 1 && !page.contains("Line ") && !page.contains("line 2"))
                let header = String(
                    buffer: try await admin.post("/campus/admin", form: ["form": "import", "kind": "enrolments", "csv": "clave,name\nC1,X\n"]).body)
                #expect(header.contains("<li>Línea 1: La primera línea debe ser la cabecera de lo que importas (ver «Qué importar»).</li>"))
                #expect(!header.contains("The header must be"))

                let posts = Self.part(String(buffer: try await admin.get("/campus/admin").body), from: "<h2>Publicar</h2>", to: "</section>")
                #expect(posts.contains("Mantenimiento de SAES el sábado <span class=\"muted\">· Aviso</span>") && !posts.contains("· announcement"))

                admin.cookies["patio_lang"] = "en"
                let english = String(buffer: try await admin.post("/campus/admin", form: ["form": "import", "kind": "enrolments", "csv": csv]).body)
                #expect(
                    english.contains("<li>Line 2 · Boleta: No student has that boleta.</li>")
                        && english.contains("<li>Line 3 · Period: No period has that name.</li>"))
                #expect(english.components(separatedBy: "Line 2").count - 1 == 1)
                let englishPosts = Self.part(String(buffer: try await admin.get("/campus/admin").body), from: "<h2>Publish</h2>", to: "</section>")
                #expect(englishPosts.contains("Mantenimiento de SAES el sábado <span class=\"muted\">· Announcement</span>"))
            }
        }

        @Test("school services' refused forms read in Spanish: a subject with every field wrong names each field and rule")
        func refusedFormsInSpanish() async throws {
            try await TestPatio.with(modules: moduleUnderTest) { patio, client in
                let world = try await CampusWorld.make(patio, client)
                try await patio.account("jefa@test.patio", roles: [CampusRoles.admin])
                var admin = try await WebSession.signIn(client, email: "jefa@test.patio", password: TestPatio.password)
                let planID = try #require(try await world.services.record.plans().first?.id)
                let refused = String(
                    buffer: try await admin.post(
                        "/campus/admin/catalogue",
                        form: [
                            "what": "subject", "planId": planID.uuidString, "clave": "M-1", "name": "Cálculo",
                            "semester": "trece", "credits": "mucho",
                        ]
                    ).body)
                #expect(refused.contains("Clave: Solo letras y dígitos, como C101.") && refused.contains("Semestre: Un semestre del 1 al 12."))
                #expect(
                    refused.contains("Créditos: Créditos de 0 a 99.99, con dos decimales como máximo.") && !refused.contains("Letters and digits"))
            }
        }
    }
}

/// The SAES link form after a refusal, with Patio pointed at a fake SAES.
@Suite("Campus SAES link form: a refusal keeps what was typed and says why in the reader's words")
struct SAESLinkFormTests {
    @Test(
        """
        SAES failing keeps the school chosen; a mistyped CAPTCHA keeps the boleta, the school and the keep-password choice, never the password \
        (the browser's password manager may fill it), in Spanish and English
        """
    )
    func refusedLinkKeepsTheForm() async throws {
        try await SAESWorld.with { world in
            var valeria = try await WebSession.signIn(world.client, email: "valeria@test.patio", password: TestPatio.password)
            world.fake.setTrouble(.crashing)
            let down = try await valeria.post("/campus/saes/challenge", form: ["school": "esimecu"])
            let downPage = String(buffer: down.body)
            #expect(down.status == .serviceUnavailable)
            #expect(downPage.contains("El SAES no responde o está fallando ahora. Inténtalo más tarde.") && !downPage.contains("SAES is failing"))
            #expect(downPage.contains("<option value=\"esimecu\" selected>ESIME Culhuacán</option>"))
            world.fake.setTrouble(.none)

            _ = try await valeria.post("/campus/saes/challenge", form: ["school": "escom"])
            let mistyped = try await valeria.post(
                "/campus/saes/link",
                form: [
                    "boleta": FakeStudent.demo.boleta, "password": FakeStudent.demo.password, "keepPassword": "on", "captcha": "ZZZZZ",
                ])
            let body = String(buffer: mistyped.body)
            #expect(mistyped.status == .unprocessableContent)
            #expect(
                body.contains("El SAES dice que los caracteres no coinciden con la imagen. Escribe los de la imagen nueva.")
                    && !body.contains("SAES says"))
            #expect(body.contains("<h2>ESCOM</h2>") && body.contains("name=\"boleta\" value=\"\(FakeStudent.demo.boleta)\""))
            #expect(body.contains("name=\"keepPassword\" checked"))
            #expect(!body.contains(FakeStudent.demo.password))
            #expect(body.contains("name=\"password\" type=\"password\" maxlength=\"100\" autocomplete=\"current-password\" required>"))
            #expect(body.contains("autocomplete=\"username\"") && !body.contains("autocomplete=\"off\">"))

            let empty = String(buffer: try await valeria.post("/campus/saes/link", form: ["boleta": "", "password": "", "captcha": ""]).body)
            #expect(
                empty.contains("Boleta: Escribe tu boleta (solo letras y dígitos).") && empty.contains("Contraseña: Escribe tu contraseña del SAES."))
            #expect(empty.contains("Caracteres de la imagen: Escribe los caracteres de la imagen."))

            valeria.cookies["patio_lang"] = "en"
            let english = String(
                buffer: try await valeria.post(
                    "/campus/saes/link",
                    form: [
                        "boleta": FakeStudent.demo.boleta, "password": FakeStudent.demo.password, "captcha": "ZZZZZ",
                    ]
                ).body)
            #expect(english.contains("SAES says the characters did not match the image. Type the ones in the new image."))
            #expect(english.contains("name=\"boleta\" value=\"\(FakeStudent.demo.boleta)\"") && !english.contains(FakeStudent.demo.password))
        }
    }

    @Test("Mi SAES: each grade cell carries its column's name for a phone, and the schedule's rooms read 2-201 in either language")
    func gradeLabels() async throws {
        try await SAESWorld.with { world in
            var valeria = try await WebSession.signIn(world.client, email: "valeria@test.patio", password: TestPatio.password)
            #expect(try await world.link().status == .ok)
            _ = try await valeria.post("/campus/saes/sync", form: [:])
            let page = String(buffer: try await valeria.get("/campus/saes").body)
            let grades = CampusServerSuites.CampusPhonePagesTests.part(page, from: "id=\"saes-grades\"", to: "</section>")
            #expect(
                grades.contains("<th>1er parcial</th>") && grades.contains("data-label=\"1er parcial\"")
                    && grades.contains("data-label=\"3er parcial\""))
            // Every cell but the subject's (a plain <td>) has its label.
            let cells = grades.components(separatedBy: "<td").count - 1, subjects = grades.components(separatedBy: "<td>").count - 1
            #expect(
                grades.contains("data-label=\"Final\"") && cells > subjects
                    && cells - subjects == grades.components(separatedBy: "data-label=").count - 1)
            #expect(!page.contains("Edif."))
            valeria.cookies["patio_lang"] = "en"
            let english = String(buffer: try await valeria.get("/campus/saes").body)
            #expect(english.contains("data-label=\"1st partial\"") && !english.contains("Salón"))
        }
    }
}
