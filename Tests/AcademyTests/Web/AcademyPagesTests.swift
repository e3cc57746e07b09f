import Foundation
import HummingbirdTesting
import PatioCore
import PatioServer
import Testing

@Suite("Academy web pages")
struct AcademyPagesTests {
    @Test("the teacher builds a class on the web, the room screen shows a QR with the check-in link, and the student checks in once")
    func checkInFlow() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            patio.clock.set(AcademyFixture.classTime)
            try await patio.account("maestra@test.patio", roles: ["academy.admin"])
            var teacher = try await WebSession.signIn(client, email: "maestra@test.patio", password: TestPatio.password)
            #expect(try await teacher.post("/academy/admin/locations", form: ["name": "San Borja", "address": "Av. San Luis 1"]).status == .seeOther)
            let locations = String(buffer: try await teacher.get("/academy/admin/locations").body)
            let locationID = try #require(locations.firstMatch(of: /\/academy\/locations\/([0-9A-F-]{36})\/qr/)?.1)
            let created = try await teacher.post(
                "/academy/admin/classes", form: ["locationId": String(locationID), "name": "Marinera Limeña", "level": "advanced", "capacity": ""])
            let classPath = try #require(created.headers[.location])
            #expect(
                try await teacher.post(classPath, form: ["form": "schedule", "weekday": "2", "startTime": "19:00", "endTime": "20:30"]).status
                    == .seeOther)

            let screen = try await teacher.get("/academy/locations/\(locationID)/qr")
            let html = String(buffer: screen.body)
            #expect(html.contains("<svg") && html.contains("<noscript><meta http-equiv=\"refresh\"") && html.contains("/static/refresh.js"))
            let link = try #require(html.firstMatch(of: /href="https?:\/\/[^\/"]+(\/academy\/checkin\?t=[A-Za-z0-9_-]+)"/)?.1)

            let (studentID, _) = try await AcademyFixture(
                patio: patio, client: client, admin: try await patio.login("maestra@test.patio", client: client),
                locationID: String(locationID), classID: "", scheduleID: ""
            ).student("alumna@test.patio", dni: "45678912")
            let admin = try await patio.login("maestra@test.patio", client: client)
            let classes = try await client.fetch("/api/v1/academy/classes", token: admin)
            let scheduleID = (((classes["items"] as! [[String: Any]])[0]["schedules"] as! [[String: Any]])[0]["id"] as! String)
            _ = try await client.created(
                "/api/v1/academy/payments", token: admin, ["studentId": studentID, "scheduleId": scheduleID, "classes": 2, "amount": 7000])

            var student = try await WebSession.anonymous(client)
            let toLogin = try await student.get(String(link))
            #expect(toLogin.status == .seeOther && toLogin.headers[.location]?.hasPrefix("/login?next=") == true)
            student = try await WebSession.signIn(client, email: "alumna@test.patio", password: TestPatio.password)
            // Opening the link only shows the button: nothing is recorded until the student taps it.
            let form = String(buffer: try await student.get(String(link)).body)
            #expect(form.contains("<form method=\"post\" action=\"/academy/checkin\">") && form.contains("Marcar mi asistencia</button>"))
            #expect(!form.contains("autosubmit") && !form.contains(".submit()"))
            let studentToken = try await patio.login("alumna@test.patio", client: client)
            let untouched = try await client.fetch("/api/v1/academy/me/attendances", token: studentToken)
            #expect((untouched["items"] as! [Any]).isEmpty, "opening the check-in link recorded attendance")
            #expect(try await client.execute(uri: "/static/autosubmit.js", method: .get).status == .notFound)
            let token = String(link.split(separator: "=").last!)
            let done = try await student.post("/academy/checkin", form: ["t": token])
            #expect(done.status == .ok)
            #expect(String(buffer: done.body).contains("Marinera Limeña"))
            let again = try await student.post("/academy/checkin", form: ["t": token])
            #expect(again.status == .conflict)
            #expect(String(buffer: again.body).contains("Ya marcaste tu asistencia"))
            let mine = String(buffer: try await student.get("/academy/me").body)
            #expect(mine.contains("Martes") && mine.contains(">1</strong>"))
            let history = String(buffer: try await student.get("/academy/me/attendances").body)
            #expect(history.contains("mar 24 nov") && history.contains("<svg") && !history.contains("2026-11-24<"))
        }
    }

    @Test("a refused student form is shown again with its message and what was typed, and no admin page opens for a student")
    func forms() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let academy = try await AcademyFixture.make(patio, client)
            _ = try await academy.student("rosa@test.patio", dni: "45678912")
            var teacher = try await WebSession.signIn(client, email: "maestra@test.patio", password: TestPatio.password)
            let refused = try await teacher.post(
                "/academy/admin/students/new",
                form: ["name": "Luz Díaz", "email": "luz@test.patio", "dni": "45678912", "password": TestPatio.password])
            #expect(refused.status == .conflict || refused.status == .unprocessableContent)
            let body = String(buffer: refused.body)
            #expect(body.contains("DNI") && body.contains("value=\"Luz Díaz\"") && body.contains("value=\"luz@test.patio\""))

            let student = try await WebSession.signIn(client, email: "rosa@test.patio", password: TestPatio.password)
            for route in patio.routes where route.path.hasPrefix("/academy/admin") || route.path.hasPrefix("/academy/locations") {
                let path = route.path.replacingOccurrences(of: "{id}", with: academy.locationID)
                #expect(try await student.send(route.method, path).status == .forbidden, "\(route.method) \(path)")
            }
        }
    }

    @Test("every academy page renders for the teacher in Spanish and English, with empty states")
    func everyPage() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let academy = try await AcademyFixture.make(patio, client)
            let (studentID, _) = try await academy.student("rosa@test.patio", dni: "45678912")
            let receipt = try await academy.pay(studentID, classes: 2)
            let enrolmentID = (receipt["enrolment"] as! [String: Any])["id"] as! String
            let pages = [
                "/academy", "/academy/classes", "/academy/admin", "/academy/admin/settings", "/academy/admin/locations",
                "/academy/admin/classes", "/academy/admin/classes/\(academy.classID)",
                "/academy/admin/schedules/\(academy.scheduleID)/attendance?date=2026-11-24",
                "/academy/admin/packs", "/academy/admin/students", "/academy/admin/students/new", "/academy/admin/students/\(studentID)",
                "/academy/admin/enrolments/\(enrolmentID)", "/academy/admin/payments", "/academy/locations/\(academy.locationID)/qr",
            ]
            for language in ["es", "en"] {
                var teacher = try await WebSession.signIn(client, email: "maestra@test.patio", password: TestPatio.password)
                _ = try await teacher.post("/locale", form: ["locale": language])
                for page in pages {
                    let response = try await teacher.get(page)
                    #expect(response.status == .ok || response.status == .seeOther, "\(page) answered \(response.status)")
                    #expect(!String(buffer: response.body).contains("{{"), "\(page) left a template tag")
                }
                let payments = String(buffer: try await teacher.get("/academy/admin/payments").body)
                #expect(payments.contains("S/\u{00A0}50.00"))
                #expect(payments.contains(language == "es" ? "Pagos" : "Payments"))
            }
            let anonymous = String(buffer: try await client.execute(uri: "/academy/classes", method: .get).body)
            #expect(anonymous.contains("Marinera Limeña Avanzado") && anonymous.contains("Martes"))
        }
    }

    @Test("the demo seed loads sedes, classes, packs and a student with a pack and past attendance, once")
    func demo() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            try await DemoSeed.run(patio.components)
            try await DemoSeed.run(patio.components)
            let student = try await patio.login("alumna@demo.patio", password: DemoSeed.password, client: client)
            let classes = try await client.fetch("/api/v1/academy/me/classes", token: student)
            let mine = try #require((classes["items"] as! [[String: Any]]).first)
            #expect(mine["remainingClasses"] as? Int == 5)
            let history = try await client.fetch("/api/v1/academy/me/attendances", token: student)
            #expect((history["items"] as! [Any]).count == 3)
            let teacher = try await patio.login("maestra@demo.patio", password: DemoSeed.password, client: client)
            #expect((try await client.fetch("/api/v1/academy/locations", token: teacher)["items"] as! [Any]).count == 2)
            #expect((try await client.fetch("/api/v1/academy/classes")["items"] as! [Any]).count == 3)
        }
    }

    @Test(
        """
        a refused form says each field in the page's language, by the rule's code: Spanish words from Academy's strings, the service's English \
        on English pages
        """
    )
    func refusalsInSpanish() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            _ = try await AcademyFixture.make(patio, client)
            var teacher = try await WebSession.signIn(client, email: "maestra@test.patio", password: TestPatio.password)
            let form = ["name": "Luz Díaz", "email": "luz@test.patio", "dni": "12", "phone": "abc", "password": TestPatio.password]
            _ = try await teacher.post("/locale", form: ["locale": "es"])
            let spanish = try await teacher.post("/academy/admin/students/new", form: form)
            #expect(spanish.status == .unprocessableContent)
            let es = String(buffer: spanish.body)
            #expect(es.contains("Revisa estos campos:"))
            #expect(es.contains("DNI: Escribe el DNI o documento: de 6 a 12 letras y dígitos."))
            #expect(es.contains("Teléfono: Escribe un teléfono con dígitos, espacios, + - ( )."))
            #expect(!es.contains("Enter the DNI"))
            _ = try await teacher.post("/locale", form: ["locale": "en"])
            let en = String(buffer: try await teacher.post("/academy/admin/students/new", form: form).body)
            #expect(en.contains("DNI: Enter the DNI or ID number: 6 to 12 letters and digits."))
        }
    }
}
