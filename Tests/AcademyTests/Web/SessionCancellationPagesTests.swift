import Foundation
import HummingbirdTesting
import PatioCore
import PatioServer
import PatioWeb
import Testing

/// The class page's "Cancelar una clase" form: checked, then asked, then done, with what was typed kept on a refusal.
@Suite("Academy pages: cancelling one session of a class asks first, says how many students were told, keeps a refused form")
struct SessionCancellationPagesTests {
    @Test("the form asks first naming the day and the students told, cancels nothing until confirmed, then says so and lists the date")
    func asksThenCancels() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let academy = try await AcademyFixture.make(patio, client)
            // Tuesday 21:00: today's class is over, so Rosa's next session is next Tuesday.
            patio.clock.advance(by: 110 * 60)
            let rosa = try await academy.student("rosa@test.patio", dni: "45678912", name: "Rosa Quispe")
            try await academy.pay(rosa.id, classes: 4)
            let (classID, scheduleID) = (academy.classID.uppercased(), academy.scheduleID.uppercased())
            let classPath = "/academy/admin/classes/\(classID)"
            var teacher = try await WebSession.signIn(client, email: "maestra@test.patio", password: TestPatio.password)
            let page = String(buffer: try await teacher.get(classPath).body)
            #expect(page.contains("<summary>Cancelar una clase</summary>"))
            #expect(
                page.contains(
                    """
                    <form method="post" action="\(classPath)" class="row" data-form="cancel" data-confirm>
                          <input type="hidden" name="_csrf" value="\(teacher.csrf)"><input type="hidden" name="form" value="cancel">\
                    <input type="hidden" name="scheduleId" value="\(scheduleID)">
                    """))
            func cancelled() async throws -> [[String: Any]] {
                try #require(
                    try await client.fetch("/api/v1/academy/schedules/\(academy.scheduleID)/cancellations", token: academy.admin)["items"]
                        as? [[String: Any]])
            }

            let form = ["form": "cancel", "scheduleId": scheduleID, "date": "2026-12-01", "reason": "La profesora está enferma"]
            #expect(try await teacher.post(classPath, form: form, includeCSRF: false).status == .forbidden)
            let asked = try await teacher.post(classPath, form: form)
            let question = String(buffer: asked.body)
            let day = PageFormat.date("2026-12-01", locale: .es)
            #expect(asked.status == .ok)
            #expect(question.contains("¿Cancelar la clase de «Marinera Limeña Avanzado» del \(day)?"))
            #expect(question.contains("«Marinera Limeña Avanzado» no se dictará el \(day) a las 19:00 y nadie podrá marcar asistencia."))
            #expect(question.contains("Avisaremos a 1 alumno con este motivo: «La profesora está enferma»."))
            #expect(question.contains("name=\"confirm\" value=\"yes\"") && question.contains("Sí, cancelar la clase"))
            #expect(question.contains("action=\"\(classPath)\"") && question.contains("href=\"\(classPath)\""))
            #expect(try await cancelled().isEmpty, "the session was cancelled before it was confirmed")
            #expect(try await academy.inbox(rosa.token).isEmpty)

            var confirmed = form
            confirmed["confirm"] = "yes"
            let done = try await teacher.submit(classPath, form: confirmed)
            let after = String(buffer: done.page.body)
            #expect(done.at == classPath)
            #expect(after.contains("Clase cancelada · avisamos a 1 alumno"))
            #expect(after.contains("Clases canceladas:") && after.contains("<li><strong>\(day)</strong> · La profesora está enferma</li>"))
            #expect(try await cancelled().count == 1)
            #expect(try await academy.inbox(rosa.token).count == 1)

            // Rosa's page skips the cancelled Tuesday: her next class is the one after.
            var student = try await WebSession.signIn(client, email: "rosa@test.patio", password: TestPatio.password)
            let mine = String(buffer: try await student.get("/academy/me").body)
            #expect(mine.contains("Próxima: \(PageFormat.date("2026-12-08", locale: .es))"))
            #expect(!mine.contains(day))
        }
    }

    @Test("a refused cancellation comes back to the class page with the refusal and what was typed, in its schedule's open form")
    func refusedKeepsTyped() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let academy = try await AcademyFixture.make(patio, client)
            let (classID, scheduleID) = (academy.classID.uppercased(), academy.scheduleID.uppercased())
            let classPath = "/academy/admin/classes/\(classID)"
            var teacher = try await WebSession.signIn(client, email: "maestra@test.patio", password: TestPatio.password)

            // Thursday: the class meets on Tuesdays. Refused before anything is asked, confirmed or not.
            for confirm in ["", "yes"] {
                let refused = try await teacher.post(
                    classPath,
                    form: ["form": "cancel", "scheduleId": scheduleID, "date": "2026-12-03", "reason": "Feriado largo", "confirm": confirm])
                let again = String(buffer: refused.body)
                #expect(refused.status == .unprocessableContent)
                #expect(again.contains("La clase no se dicta ese día de la semana; elige una fecha de su horario."))
                #expect(again.contains("<details open>"))
                #expect(again.contains("name=\"date\" type=\"date\" value=\"2026-12-03\"") && again.contains("value=\"Feriado largo\""))
            }
            let empty = try await teacher.post(classPath, form: ["form": "cancel", "scheduleId": scheduleID, "date": "2026-12-01", "reason": "  "])
            let emptyPage = String(buffer: empty.body)
            #expect(empty.status == .unprocessableContent)
            #expect(emptyPage.contains("Explica el motivo en 1 a 200 caracteres.") && emptyPage.contains("value=\"2026-12-01\""))
            // The class's own details form is shown as saved, not with the cancellation's fields.
            #expect(emptyPage.contains("name=\"name\" value=\"Marinera Limeña Avanzado\""))

            // A schedule of another class is not this page's.
            let salsa = try await client.created(
                "/api/v1/academy/classes", token: academy.admin, ["locationId": academy.locationID, "name": "Salsa", "level": "beginner"])
            let other = try await client.created(
                "/api/v1/academy/classes/\(try #require(salsa["id"] as? String))/schedules", token: academy.admin,
                ["weekday": 2, "startTime": "10:00", "endTime": "11:00"])
            let foreign = try await teacher.post(
                classPath,
                form: [
                    "form": "cancel", "scheduleId": try #require(other["id"] as? String), "date": "2026-12-01", "reason": "Feriado", "confirm": "yes",
                ])
            #expect(foreign.status == .unprocessableContent)
            #expect(String(buffer: foreign.body).contains("Ese horario no existe; elige uno de la lista."))
            let list = try await client.fetch("/api/v1/academy/schedules/\(try #require(other["id"] as? String))/cancellations", token: academy.admin)
            #expect((list["items"] as? [Any])?.isEmpty == true)
        }
    }
}
