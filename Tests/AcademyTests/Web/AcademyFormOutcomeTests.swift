import Foundation
import HummingbirdTesting
import PatioCore
import PatioServer
import Testing

/// What cannot be undone asks first, and every form leaves the browser at an address that answers GET
/// (docs/web-pages.md), on the academy's admin pages.
@Suite("Academy pages: asking before what cannot be undone, forms that stay on their page")
struct AcademyFormOutcomeTests {
    static let nbsp = "\u{00A0}"

    @Test(
        """
        deleting a schedule, a class, a sede or a pack asks first, naming it with its numbers, removes nothing until confirmed, then says what \
        it did
        """
    )
    func removalsAskFirst() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let academy = try await AcademyFixture.make(patio, client)
            _ = try await client.created(
                "/api/v1/academy/classes", token: academy.admin, ["locationId": academy.locationID, "name": "Salsa", "level": "beginner"])
            let pack = try await client.created(
                "/api/v1/academy/packs", token: academy.admin, ["name": "Diez clases", "classes": 10, "price": 35_000])
            let packID = (pack["id"] as! String).uppercased()
            let (classID, scheduleID, locationID) = (academy.classID.uppercased(), academy.scheduleID.uppercased(), academy.locationID.uppercased())
            var teacher = try await WebSession.signIn(client, email: "maestra@test.patio", password: TestPatio.password)
            let classPath = "/academy/admin/classes/\(classID)"
            let page = String(buffer: try await teacher.get(classPath).body)
            #expect(
                page.contains(
                    """
                    action=\"/academy/admin/schedules/\(scheduleID)/delete\" class=\"inline\" data-confirm><input type=\"hidden\" \
                    name=\"_csrf\" value=\"\(teacher.csrf)\"><button type=\"submit\" class=\"link danger\">
                    """
                ))
            #expect(page.contains("action=\"/academy/admin/classes/\(classID)/delete\" data-confirm"))

            let asked = try await teacher.post("/academy/admin/schedules/\(scheduleID)/delete", form: [:])
            let question = String(buffer: asked.body)
            #expect(asked.status == .ok)
            #expect(question.contains("¿Eliminar el horario Martes 19:00 de «Marinera Limeña Avanzado»?"))
            #expect(question.contains("El horario Martes 19:00 de «Marinera Limeña Avanzado» deja de ofrecerse."))
            #expect(question.contains("Esto no se puede deshacer.") && question.contains("name=\"confirm\" value=\"yes\""))
            #expect(question.contains("action=\"/academy/admin/schedules/\(scheduleID)/delete\"") && question.contains("href=\"\(classPath)\""))
            #expect(
                String(buffer: try await teacher.get(classPath).body).contains("/academy/admin/schedules/\(scheduleID)/delete"),
                "the schedule went before it was confirmed")
            let removed = try await teacher.submit("/academy/admin/schedules/\(scheduleID)/delete", form: ["confirm": "yes"])
            #expect(removed.at == classPath && String(buffer: removed.page.body).contains("Eliminado."))
            #expect(!String(buffer: removed.page.body).contains("/academy/admin/schedules/\(scheduleID)/delete"))

            let sede = String(buffer: try await teacher.post("/academy/admin/locations/\(locationID)/delete", form: [:]).body)
            #expect(
                sede.contains("¿Eliminar la sede «San Borja»?")
                    && sede.contains("«San Borja» deja de ofrecerse y de aparecer en los horarios, con 2 clases."))
            #expect(try await client.fetch("/api/v1/academy/locations", token: academy.admin)["items"].map { ($0 as! [Any]).count } == 1)

            let askedPack = String(buffer: try await teacher.post("/academy/admin/packs/\(packID)/delete", form: [:]).body)
            #expect(
                askedPack.contains("¿Eliminar el paquete «Diez clases»?")
                    && askedPack.contains("«Diez clases» (10 clases por S/\(Self.nbsp)350.00) deja de venderse."))
            _ = try await teacher.post("/locale", form: ["locale": "en"])
            let english = String(buffer: try await teacher.post("/academy/admin/packs/\(packID)/delete", form: [:]).body)
            #expect(
                english.contains("Delete the pack “Diez clases”?")
                    && english.contains("“Diez clases” (10 classes for S/\(Self.nbsp)350.00) is no longer sold."))
            #expect(english.contains("This cannot be undone.") && english.contains("Yes, delete"))
            #expect(String(buffer: try await teacher.get("/academy/admin/packs").body).contains("Diez clases"))
            let deleted = try await teacher.submit("/academy/admin/packs/\(packID)/delete", form: ["confirm": "yes"])
            #expect(deleted.at == "/academy/admin/packs" && String(buffer: deleted.page.body).contains("Deleted."))
            #expect(!String(buffer: deleted.page.body).contains("Diez clases"))
        }
    }

    @Test(
        """
        a refund asks first with the money and classes going back to whom; refused, it comes back to the payments page at its own address with \
        its row open and what was typed
        """
    )
    func refundAsksFirst() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let academy = try await AcademyFixture.make(patio, client)
            let (studentID, _) = try await academy.student("rosa@test.patio", dni: "45678912", name: "Rosa Quispe")
            let receipt = try await academy.pay(studentID, classes: 4, amount: 12_000)
            let paymentID = ((receipt["payment"] as! [String: Any])["id"] as! String).uppercased()
            var teacher = try await WebSession.signIn(client, email: "maestra@test.patio", password: TestPatio.password)
            let address = "/academy/admin/payments?from=2026-11-01"
            let list = String(buffer: try await teacher.get(address).body)
            #expect(
                list.contains("<form method=\"post\" action=\"\(address)\" data-confirm>") && list.contains("name=\"payment\" value=\"\(paymentID)\"")
            )
            func refunded() async throws -> Int? {
                (try await client.fetch("/api/v1/academy/payments", token: academy.admin)["items"] as? [[String: Any]])?.first?["refundedAmount"]
                    as? Int
            }

            let refused = try await teacher.post(address, form: ["payment": paymentID, "amount": "40.00", "classes": "4", "reason": " "])
            let again = String(buffer: refused.body)
            #expect(refused.status == .unprocessableContent)
            #expect(again.contains("Explica el motivo en 1 a 200 caracteres."))
            #expect(
                again.contains("<details open>") && again.contains("name=\"amount\" inputmode=\"decimal\" value=\"40.00\"")
                    && again.contains("value=\"4\""))

            let asked = try await teacher.post(address, form: ["payment": paymentID, "amount": "40.00", "classes": "4", "reason": "Se mudó"])
            let question = String(buffer: asked.body)
            #expect(asked.status == .ok)
            #expect(question.contains("¿Devolver S/\(Self.nbsp)40.00 a Rosa Quispe?"))
            #expect(question.contains("Se devuelven S/\(Self.nbsp)40.00 a Rosa Quispe del pago de S/\(Self.nbsp)120.00 · Marinera Limeña Avanzado"))
            #expect(question.contains("Su saldo en Marinera Limeña Avanzado baja en 4 clases."))
            #expect(
                question.contains("action=\"\(address)\"") && question.contains("name=\"reason\" value=\"Se mudó\"")
                    && question.contains("Sí, devolver S/\(Self.nbsp)40.00"))
            #expect(try await refunded() == 0)

            let done = try await teacher.submit(
                address, form: ["payment": paymentID, "amount": "40.00", "classes": "4", "reason": "Se mudó", "confirm": "yes"])
            #expect(done.at == address)
            #expect(String(buffer: done.page.body).contains("Devuelto: S/\(Self.nbsp)40.00 a Rosa Quispe y 4 clases; ahora le quedan 0 clases."))
            #expect(try await refunded() == 4_000)
            #expect(!String(buffer: try await teacher.get(address).body).contains("Devuelto:"), "the notice is shown once")
        }
    }

    @Test("unenrolling asks first, naming the student and the class's day and time, and unenrols only when confirmed")
    func unenrolAsksFirst() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let academy = try await AcademyFixture.make(patio, client)
            let (studentID, _) = try await academy.student("rosa@test.patio", dni: "45678912", name: "Rosa Quispe")
            let receipt = try await academy.pay(studentID, classes: 1)
            let enrolmentID = ((receipt["enrolment"] as! [String: Any])["id"] as! String).uppercased()
            let studentPath = "/academy/admin/students/\(studentID.uppercased())"
            var teacher = try await WebSession.signIn(client, email: "maestra@test.patio", password: TestPatio.password)
            let unenrol = "/academy/admin/enrolments/\(enrolmentID)/unenrol"
            #expect(String(buffer: try await teacher.get(studentPath).body).contains("action=\"\(unenrol)\" class=\"inline\" data-confirm"))

            let asked = String(buffer: try await teacher.post(unenrol, form: [:]).body)
            #expect(asked.contains("¿Dar de baja a Rosa Quispe de Marinera Limeña Avanzado · Martes 19:00?"))
            // One class left is "1 clase", never "1 clases".
            #expect(asked.contains("En ese horario le queda 1 clase.") && asked.contains("Sí, dar de baja"))
            #expect(!asked.contains("1 clases"))
            var english = try await WebSession.signIn(client, email: "maestra@test.patio", password: TestPatio.password)
            english.cookies["patio_lang"] = "en"
            let askedInEnglish = String(buffer: try await english.post(unenrol, form: [:]).body)
            #expect(askedInEnglish.contains("On that schedule: 1 class left.") && !askedInEnglish.contains("1 classes"))
            // With a class left, the confirmed unenrolment is refused and the student page says why, once.
            let refused = try await teacher.submit(unenrol, form: ["confirm": "yes"])
            #expect(refused.at == studentPath && String(buffer: refused.page.body).contains("Aún le quedan clases en este horario"))

            _ = try await teacher.submit(studentPath, form: ["form": "adjust", "enrolment": enrolmentID, "classes": "-1", "reason": "Se mudó"])
            let done = try await teacher.submit(unenrol, form: ["confirm": "yes"])
            #expect(done.at == studentPath)
            #expect(String(buffer: done.page.body).contains("Baja hecha: Rosa Quispe ya no está en Marinera Limeña Avanzado · Martes 19:00."))
            #expect(!String(buffer: done.page.body).contains("action=\"\(unenrol)\""))
        }
    }

    @Test(
        """
        the class, student and sede pages' forms post to the page's own address: refused, the page is shown there with what was typed; saved, \
        it says so once
        """
    )
    func formsStayOnTheirPage() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let academy = try await AcademyFixture.make(patio, client)
            let (studentID, _) = try await academy.student("rosa@test.patio", dni: "45678912", name: "Rosa Quispe")
            var teacher = try await WebSession.signIn(client, email: "maestra@test.patio", password: TestPatio.password)
            let classPath = "/academy/admin/classes/\(academy.classID.uppercased())"

            let page = String(buffer: try await teacher.get(classPath).body)
            #expect(page.contains("<form method=\"post\" action=\"\(classPath)\" class=\"row card\" data-form=\"schedule\">"))
            let refused = try await teacher.post(classPath, form: ["form": "schedule", "weekday": "5", "startTime": "20:00", "endTime": "19:00"])
            let shown = String(buffer: refused.body)
            #expect(refused.status == .unprocessableContent && shown.contains("La clase debe terminar después de empezar."))
            #expect(
                shown.contains("<option value=\"5\" selected>Viernes</option>") && shown.contains("value=\"20:00\"")
                    && shown.contains("value=\"19:00\""))
            #expect(shown.contains("name=\"name\" value=\"Marinera Limeña Avanzado\""), "the class's own form keeps its saved details")
            let added = try await teacher.submit(classPath, form: ["form": "schedule", "weekday": "5", "startTime": "19:00", "endTime": "20:00"])
            #expect(
                added.at == classPath && String(buffer: added.page.body).contains("Horario agregado.")
                    && String(buffer: added.page.body).contains("Viernes"))
            #expect(!String(buffer: try await teacher.get(classPath).body).contains("Horario agregado."))
            let renamed = try await teacher.post(
                classPath, form: ["name": "Marinera Norteña", "description": "Pañuelo", "level": "advanced", "capacity": "0"])
            #expect(renamed.status == .unprocessableContent && String(buffer: renamed.body).contains("name=\"name\" value=\"Marinera Norteña\""))

            let studentPath = "/academy/admin/students/\(studentID.uppercased())"
            let unpaid = try await teacher.post(
                studentPath, form: ["form": "payment", "scheduleId": academy.scheduleID.uppercased(), "classes": "900", "amount": "30.00"])
            let unpaidPage = String(buffer: unpaid.body)
            #expect(unpaid.status == .unprocessableContent)
            #expect(
                unpaidPage.contains("value=\"900\"") && unpaidPage.contains("value=\"30.00\"")
                    && unpaidPage.contains("<option value=\"\(academy.scheduleID.uppercased())\" selected>"))
            let paid = try await teacher.submit(
                studentPath, form: ["form": "payment", "scheduleId": academy.scheduleID.uppercased(), "classes": "4", "amount": "30.00"])
            #expect(
                paid.at == studentPath
                    && String(buffer: paid.page.body).contains("Pago registrado: 4 clases de Marinera Limeña Avanzado; ahora le quedan 4 clases."))
            let enrolmentID = try #require(String(buffer: paid.page.body).firstMatch(of: /name="enrolment" value="([0-9A-F-]{36})"/)?.1)
            let unexplained = try await teacher.post(
                studentPath, form: ["form": "adjust", "enrolment": String(enrolmentID), "classes": "2", "reason": ""])
            #expect(unexplained.status == .unprocessableContent)
            #expect(String(buffer: unexplained.body).contains("name=\"classes\" type=\"number\" value=\"2\" required"))
            let profile = try await teacher.submit(studentPath, form: ["form": "profile", "dni": "45678912", "phone": "999 888 777"])
            #expect(
                profile.at == studentPath && String(buffer: profile.page.body).contains("Guardado.")
                    && String(buffer: profile.page.body).contains("999 888 777"))

            let sede = try await teacher.post(
                "/academy/admin/locations",
                form: ["id": academy.locationID.uppercased(), "name": String(repeating: "x", count: 121), "address": "Jr. Nuevo 5"])
            #expect(sede.status == .unprocessableContent && String(buffer: sede.body).contains("value=\"Jr. Nuevo 5\""))
            let created = try await teacher.submit("/academy/admin/locations", form: ["name": "Miraflores", "address": "Av. Larco 100"])
            #expect(created.at == "/academy/admin/locations" && String(buffer: created.page.body).contains("Sede «Miraflores» creada."))
            let newStudent = try await teacher.submit(
                "/academy/admin/students/new", form: ["name": "Luz Díaz", "email": "luz@test.patio", "dni": "12", "password": TestPatio.password])
            #expect(newStudent.at == "/academy/admin/students/new" && newStudent.page.status == .unprocessableContent)
            #expect(!String(buffer: newStudent.page.body).contains(TestPatio.password), "a password is never shown again")
        }
    }
}
