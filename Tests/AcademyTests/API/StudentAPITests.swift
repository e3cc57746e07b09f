import Foundation
import HummingbirdTesting
import PatioCore
import Testing

@Suite("Students of the academy")
struct StudentAPITests {
    @Test("a duplicate email or DNI is refused with a code saying which; bad fields are all reported at once")
    func duplicates() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let academy = try await AcademyFixture.make(patio, client)
            _ = try await academy.student("rosa@test.patio", dni: "45678912")
            let base: [String: Any] = ["name": "Otra", "phone": "999", "password": TestPatio.password]
            let email = try await client.api(
                .post, "/api/v1/academy/students", token: academy.admin, body: base.merging(["email": "ROSA@test.patio", "dni": "99999999"]) { $1 })
            #expect(email.status == .conflict)
            #expect(try problem(email).code == "email_taken")
            let dni = try await client.api(
                .post, "/api/v1/academy/students", token: academy.admin,
                body: base.merging(["email": "otra@test.patio", "dni": " 4567 8912 "]) { $1 })
            #expect(try problem(dni).code == "dni_taken")
            // The refused DNI left no half-made account behind.
            #expect(try await patio.components.identity.accounts.find(email: "otra@test.patio") == nil)
            let invalid = try await client.api(
                .post, "/api/v1/academy/students", token: academy.admin,
                body: ["name": "", "email": "no-at", "dni": "1", "password": "short", "birthdate": "2001-02-30"])
            #expect(Set(try problem(invalid).errors!.map(\.field)) == ["name", "email", "dni", "password", "birthdate"])
        }
    }

    @Test("the academy edits its own record; the account's name, email and password are refused and nothing is written")
    func edit() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let academy = try await AcademyFixture.make(patio, client)
            let (id, _) = try await academy.student("rosa@test.patio", dni: "45678912", name: "Rosa")
            let edited = try await client.api(
                .put, "/api/v1/academy/students/\(id)", token: academy.admin,
                body: ["name": "Rosa", "email": "ROSA@test.patio", "phone": "01 444 5555", "password": ""])
            #expect(edited.status == .ok)
            #expect(try object(edited)["phone"] as? String == "01 444 5555")
            for body in [["name": "Rosa Quispe"], ["email": "otra@test.patio"], ["password": "nueva-contraseña-1", "phone": "1"]] as [[String: Any]] {
                let refused = try await client.api(.put, "/api/v1/academy/students/\(id)", token: academy.admin, body: body)
                #expect(refused.status == .forbidden)
                #expect(try problem(refused).code == "account_fields_not_editable")
                #expect(try problem(refused).errors?.map(\.field) == Array(body.keys.filter { $0 != "phone" }))
            }
            let student = try await client.fetch("/api/v1/academy/students/\(id)", token: academy.admin)["student"] as! [String: Any]
            #expect(
                student["name"] as? String == "Rosa" && student["email"] as? String == "rosa@test.patio"
                    && student["phone"] as? String == "01 444 5555")
            _ = try await patio.login("rosa@test.patio", client: client)
        }
    }

    @Test("a teacher cannot take over a student who is also a platform admin: credentials and the account stay the owner's")
    func noAccountTakeover() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let academy = try await AcademyFixture.make(patio, client)
            let (id, _) = try await academy.student("jefa@test.patio", dni: "45678912", name: "Jefa")
            let account = try #require(try await patio.components.identity.accounts.find(email: "jefa@test.patio"))
            _ = try await patio.components.identity.accounts.grant(role: "admin", to: account.id)
            let takeover = try await client.api(
                .put, "/api/v1/academy/students/\(id)", token: academy.admin,
                body: ["email": "teacher@evil.example", "password": "the-teachers-own-1"])
            #expect(takeover.status == .forbidden)
            #expect(
                try await client.api(.post, "/api/v1/auth/login", body: ["email": "teacher@evil.example", "password": "the-teachers-own-1"]).status
                    == .unauthorized)
            let admin = try await patio.login("jefa@test.patio", client: client)
            #expect(try await client.api(.get, "/api/v1/admin/accounts", token: admin).status == .ok)
        }
    }

    @Test("search ignores case and accents and matches name, email or DNI")
    func search() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let academy = try await AcademyFixture.make(patio, client)
            _ = try await academy.student("jose@test.patio", dni: "45678912", name: "José Peña")
            _ = try await academy.student("maria@test.patio", dni: "12345678", name: "María Ñahui")
            func names(_ query: String) async throws -> [String] {
                let page = try await client.fetch("/api/v1/academy/students?q=\(query)", token: academy.admin)
                return (page["items"] as! [[String: Any]]).map { $0["name"] as! String }
            }
            #expect(try await names("jose") == ["José Peña"])
            #expect(try await names("PENA") == ["José Peña"])
            #expect(try await names("nahui") == ["María Ñahui"])
            #expect(try await names("1234") == ["María Ñahui"])
            #expect(try await names("maria%40test") == ["María Ñahui"])
            #expect(try await names("zzz") == [])
            let first = try await client.fetch("/api/v1/academy/students?limit=1", token: academy.admin)
            let next = try await client.fetch("/api/v1/academy/students?limit=1&cursor=\(first["nextCursor"] as! String)", token: academy.admin)
            #expect((next["items"] as! [[String: Any]]).first?["name"] as? String == "María Ñahui")
        }
    }

    @Test("deactivating a student pauses them in the academy only: no check-in, but the account still signs in and is active again after activation")
    func deactivate() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let academy = try await AcademyFixture.make(patio, client)
            let (id, token) = try await academy.student("rosa@test.patio", dni: "45678912")
            try await academy.pay(id, classes: 3)
            let off = try await client.api(.post, "/api/v1/academy/students/\(id)/deactivate", token: academy.admin)
            #expect(try object(off)["isActive"] as? Bool == false)
            let refused = try await academy.checkIn(token, token: try await academy.token())
            #expect(refused.status == .forbidden)
            #expect(try problem(refused).code == "student_inactive")
            #expect(try await client.api(.get, "/api/v1/academy/me/classes", token: token).status == .ok)
            #expect(try await patio.components.identity.accounts.find(email: "rosa@test.patio")?.isActive == true)
            _ = try await patio.login("rosa@test.patio", client: client)
            _ = try await client.api(.post, "/api/v1/academy/students/\(id)/activate", token: academy.admin)
            #expect(try await academy.checkIn(token, token: try await academy.token()).status == .created)
        }
    }

    @Test("a student reads only their own classes and history and no admin route")
    func privacy() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let academy = try await AcademyFixture.make(patio, client)
            let (roseID, rose) = try await academy.student("rosa@test.patio", dni: "45678912")
            let (luzID, luz) = try await academy.student("luz@test.patio", dni: "12345678")
            try await academy.pay(roseID, classes: 3)
            #expect(try await academy.checkIn(rose, token: try await academy.token()).status == .created)
            let luzClasses = try await client.fetch("/api/v1/academy/me/classes", token: luz)
            #expect((luzClasses["items"] as! [Any]).isEmpty)
            let luzHistory = try await client.fetch("/api/v1/academy/me/attendances", token: luz)
            #expect((luzHistory["items"] as! [Any]).isEmpty)
            let roseHistory = try await client.fetch("/api/v1/academy/me/attendances", token: rose)
            #expect((roseHistory["items"] as! [Any]).count == 1)
            #expect((roseHistory["byMonth"] as! [[String: Any]]).first?["month"] as? String == "2026-11")

            let adminRoutes = patio.routes.filter { $0.path.hasPrefix("/api/v1/academy") && $0.access == .role("academy.admin") }
            #expect(adminRoutes.count > 25)
            for route in adminRoutes {
                let path = route.path.replacingOccurrences(of: "{id}", with: roseID)
                let response = try await client.api(
                    route.method, path, token: luz, body: route.method == .get || route.method == .delete ? nil : [String: Any]())
                #expect(response.status == .forbidden, "\(route.method) \(route.path)")
            }
            _ = luzID
        }
    }
}
