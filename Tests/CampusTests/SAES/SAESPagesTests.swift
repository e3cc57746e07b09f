import FakeSAES
import Foundation
import HummingbirdTesting
import PatioCore
import Testing
@testable import Campus

@Suite("Campus SAES page: the student links by typing the CAPTCHA shown and sees their SAES grades")
struct SAESPagesTests {
    @Test(
        """
        choose the school, see SAES's image, a mistyped CAPTCHA shows a new one with the reason, the right one shows grades, schedule and \
        kardex from SAES; unlinking forgets them
        """
    )
    func linkInTheBrowser() async throws {
        try await SAESWorld.with { world in
            var valeria = try await WebSession.signIn(world.client, email: "valeria@test.patio", password: TestPatio.password)
            let start = String(buffer: try await valeria.get("/campus/saes").body)
            #expect(start.contains("<option value=\"escom\"") && start.contains("CECyT 19") && start.contains("/campus/saes\">Mi SAES</a>"))

            let shown = try await valeria.post("/campus/saes/challenge", form: ["school": "escom"])
            let page = String(buffer: shown.body)
            #expect(page.contains("src=\"data:image/png;base64,") && page.contains("name=\"captcha\""))

            let mistyped = try await valeria.post(
                "/campus/saes/link", form: ["boleta": FakeStudent.demo.boleta, "password": FakeStudent.demo.password, "captcha": "ZZZZZ"])
            #expect(mistyped.status == .unprocessableContent)
            #expect(
                String(buffer: mistyped.body).contains("El SAES dice que los caracteres no coinciden con la imagen.")
                    && String(buffer: mistyped.body).contains("src=\"data:image/png;base64,"))

            let linked = try await valeria.post(
                "/campus/saes/link",
                form: [
                    "boleta": FakeStudent.demo.boleta, "password": FakeStudent.demo.password, "captcha": try #require(world.fake.latestCaptchaAnswer),
                ])
            let body = String(buffer: linked.body)
            #expect(linked.status == .ok)
            #expect(body.contains("Tu SAES quedó vinculado.") && body.contains("ANÁLISIS Y DISEÑO DE ALGORITMOS") && body.contains("8.5"))
            #expect(
                body.contains(/class="fail" data-label="[^"]+">NP/) && body.contains("Sábado") && body.contains("PRIMER SEMESTRE")
                    && body.contains("8.65"))
            #expect(body.contains("MOAV040312MDFNRLA8") && body.contains("Al día"))

            let synced = String(buffer: try await valeria.post("/campus/saes/sync", form: [:]).body)
            #expect(synced.contains("Nada cambió en el SAES."))

            let gone = String(buffer: try await valeria.submit("/campus/saes/unlink", form: ["confirm": "yes"]).page.body)
            #expect(gone.contains("Se borró todo") && !gone.contains("ANÁLISIS Y DISEÑO DE ALGORITMOS") && gone.contains("<option value=\"escom\""))
        }
    }
}
