import Foundation
import HummingbirdTesting
import PatioCore
import Testing

@Suite("Students of the academy")
struct StudentAPITests {
    @Test("a duplicate email or DNI is refused with a code saying which; bad fields are all reported at once")
    func duplicates() async throws {
        try await TestPatio.with { patio, client in
            let academy = try await AcademyFixture.make(patio, client)
            _ = try await academy.student("rosa@test.patio", dni: "45678912")
            let base: [String: Any] = ["name": "Otra", "phone": "999", "password": TestPatio.password]
            let email = try await client.api(.post, "/api/v1/academy/students", token: academy.admin, body: base.merging(["email": "ROSA@test.patio", "dni": "99999999"]) { $1 })
            #expect(email.status == .conflict)
            #expect(try problem(email).code == "email_taken")
            let dni = try await client.api(.post, "/api/v1/academy/students", token: academy.admin, body: base.merging(["email": "otra@test.patio", "dni": " 4567 8912 "]) { $1 })
            #expect(try problem(dni).code == "dni_taken")
            // The refused DNI left no half-made account behind.
            #expect(try await patio.components.identity.accounts.find(email: "otra@test.patio") == nil)
            let invalid = try await client.api(.post, "/api/v1/academy/students", token: academy.admin,
                                               body: ["name": "", "email": "no-at", "dni": "1", "password": "short", "birthdate": "2001-02-30"])
            #expect(Set(try problem(invalid).errors!.map(\.field)) == ["name", "email", "dni", "password", "birthdate"])
        }
    }

    @Test("editing without a password keeps the old one; a new password replaces it")
    func edit() async throws {
        try await TestPatio.with { patio, client in
            let academy = try await AcademyFixture.make(patio, client)
            let (id, _) = try await academy.student("rosa@test.patio", dni: "45678912")
            let edited = try await client.api(.put, "/api/v1/academy/students/\(id)", token: academy.admin,
                                              body: ["name": "Rosa Quispe", "phone": "01 444 5555", "password": ""])
            #expect(edited.status == .ok)
            #expect(try object(edited)["name"] as? String == "Rosa Quispe")
            _ = try await patio.login("rosa@test.patio", client: client)
            _ = try await client.api(.put, "/api/v1/academy/students/\(id)", token: academy.admin, body: ["password": "nueva-contraseña-1"])
            let old = try await client.api(.post, "/api/v1/auth/login", body: ["email": "rosa@test.patio", "password": TestPatio.password])
            #expect(old.status == .unauthorized)
            _ = try await patio.login("rosa@test.patio", password: "nueva-contraseña-1", client: client)
        }
    }

    @Test("search ignores case and accents and matches name, email or DNI")
    func search() async throws {
        try await TestPatio.with { patio, client in
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

    @Test("a deactivated student cannot sign in, and is active again after activation")
    func deactivate() async throws {
        try await TestPatio.with { patio, client in
            let academy = try await AcademyFixture.make(patio, client)
            let (id, token) = try await academy.student("rosa@test.patio", dni: "45678912")
            let off = try await client.api(.post, "/api/v1/academy/students/\(id)/deactivate", token: academy.admin)
            #expect(try object(off)["isActive"] as? Bool == false)
            #expect(try await client.api(.get, "/api/v1/academy/me/classes", token: token).status == .unauthorized)
            let login = try await client.api(.post, "/api/v1/auth/login", body: ["email": "rosa@test.patio", "password": TestPatio.password])
            #expect(login.status == .unauthorized)
            _ = try await client.api(.post, "/api/v1/academy/students/\(id)/activate", token: academy.admin)
            _ = try await patio.login("rosa@test.patio", client: client)
        }
    }

    @Test("a student reads only their own classes and history and no admin route")
    func privacy() async throws {
        try await TestPatio.with { patio, client in
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
                let response = try await client.api(route.method, path, token: luz, body: route.method == .get || route.method == .delete ? nil : [String: Any]())
                #expect(response.status == .forbidden, "\(route.method) \(route.path)")
            }
            _ = luzID
        }
    }
}
