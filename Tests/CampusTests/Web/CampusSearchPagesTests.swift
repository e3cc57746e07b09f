import Foundation
import HummingbirdTesting
import PatioCore
import Testing
@testable import Campus

extension CampusServerSuites {
    /// A search box sends its words joined by `+` (a GET form); the pages read them as the words typed.
    @Suite("Campus pages: searches of several words")
    struct CampusSearchPagesTests {
        @Test("the student's kardex finds a subject searched with two words, and a search that finds nothing says so instead of an empty kardex")
        func kardexSearch() async throws {
            try await TestPatio.with(modules: moduleUnderTest) { patio, client in
                _ = try await CampusWorld.make(patio, client)
                var ana = try await WebSession.signIn(client, email: "estudiante@demo.patio", password: "demo-password")
                let found = String(buffer: try await ana.get("/campus/kardex?q=sistemas+operativos").body)
                #expect(found.contains("Sistemas Operativos") && !found.contains("Teoría de la Computación"))
                #expect(found.contains("value=\"sistemas operativos\"") && !found.contains("Tu kárdex aún no tiene materias."))
                let nothing = String(buffer: try await ana.get("/campus/kardex?q=cocina+molecular").body)
                #expect(nothing.contains("Ninguna materia de tu kárdex coincide con “cocina molecular”."))
                #expect(!nothing.contains("Tu kárdex aún no tiene materias."))
                ana.cookies["patio_lang"] = "en"
                let english = String(buffer: try await ana.get("/campus/kardex?q=cocina+molecular").body)
                #expect(english.contains("No subject in your kardex matches “cocina molecular”."))
            }
        }

        @Test("school services find a student by two words of their name, and a search that finds nothing names what was searched")
        func studentSearch() async throws {
            try await TestPatio.with(modules: moduleUnderTest) { patio, client in
                _ = try await CampusWorld.make(patio, client)
                try await patio.account("jefa@test.patio", roles: [CampusRoles.admin])
                var admin = try await WebSession.signIn(client, email: "jefa@test.patio", password: TestPatio.password)
                let found = String(buffer: try await admin.get("/campus/admin/students?q=mariana+castillo").body)
                #expect(found.contains("Mariana Castillo Peña") && !found.contains("Luis Fernando Ortega Ruiz"))
                #expect(found.contains("value=\"mariana castillo\""))
                let nothing = String(buffer: try await admin.get("/campus/admin/students?q=nadie+aqui").body)
                #expect(nothing.contains("Ningún estudiante coincide con “nadie aqui”."))
                admin.cookies["patio_lang"] = "en"
                #expect(String(buffer: try await admin.get("/campus/admin/students?q=nadie+aqui").body).contains("No student matches “nadie aqui”."))
            }
        }
    }
}
