import Foundation
import HTTPTypes
import HummingbirdTesting
import PatioCore
import PatioTestSupport
import PatioWeb
import PatioModules
import Testing

/// Every decoder of client-supplied text — query strings, headers, form and JSON bodies — answers a value
/// or a clean 4xx problem. A trap would stop the whole process, every module with it.
@Suite("Client text under hostile input")
struct ClientTextFuzzTests {
    @Test("property: form bodies, languages, dates, times and app versions from random and mutated text never trap")
    func pureDecoders() {
        var fuzz = FuzzInputs(seed: 0xF0F0)
        let forms = fuzz.strings(1_000) + fuzz.mutations(of: "_csrf=abc&name=Ana+L%C3%B3pez&classes=8&next=%2Facademy", 2_000)
        for text in forms {
            let form = FormBody(encoded: text)
            var validator = Validator()
            _ = form.integer("classes", into: &validator)
            _ = form.text("name")
        }
        for text in fuzz.strings(1_000) + fuzz.mutations(of: "es-MX,es;q=0.9,en;q=0.8", 1_000) {
            _ = PatioLocale.negotiate(acceptLanguage: text)
        }
        for text in fuzz.strings(1_000) + fuzz.mutations(of: "2026-11-23", 1_000) {
            if let day = LocalDate(text) { #expect((1900...2200).contains(day.year)) }
        }
        for text in fuzz.strings(500) + fuzz.mutations(of: "2026-11-22T15:04:05.000Z", 1_000) { _ = Timestamp.parse(text) }
        for text in fuzz.strings(500) + fuzz.mutations(of: "2.4.10", 1_000) { _ = AppVersion(text) }
        struct Body: Decodable { var name: String?; var classes: Int?; var when: Date? }
        for text in fuzz.strings(500) + fuzz.mutations(of: #"{"name":"Ana","classes":8,"when":"2026-11-22T15:04:05.000Z"}"#, 1_500) {
            do { _ = try JSONBody.decodeJSON(Body.self, from: Data(text.utf8)) } catch let error as AppError {
                #expect([400, 422].contains(error.status.code), "\(text.debugDescription): \(error.code)")
            } catch {
                Issue.record("\(text.debugDescription) threw \(error), not a problem")
            }
        }
    }

    @Test("property: hostile cursors, limits, dates and Idempotency-Keys on real endpoints answer 4xx, and Patio keeps serving")
    func endpoints() async throws {
        try await TestPatio.with(modules: availableModules) { patio, client in
            let admin = try await patio.token(for: "root@test.patio", roles: ["admin"], client: client)
            var fuzz = FuzzInputs(seed: 0xE7D)
            let values =
                fuzz.strings(40) + fuzz.mutations(of: "djE6NQ", 20) + fuzz.mutations(of: "2026-11-23", 20) + [
                    "1e300", "nan", "-1", "0", "99999999999999999999",
                ]
            let queries = [
                "/api/v1/academy/students?cursor=", "/api/v1/academy/students?limit=", "/api/v1/academy/payments?cursor=",
                "/api/v1/academy/payments?from=", "/api/v1/admin/accounts?cursor=", "/api/v1/payments/businesses?cursor=",
                "/api/v1/sync/onboarding.tasks?cursor=", "/api/v1/sync/onboarding.tasks?limit=", "/api/v1/apps/classly/version?current=",
            ]
            for query in queries {
                for value in values {
                    let response = try await client.api(.get, query + WebSession.encode(value), token: admin)
                    #expect(response.status.code < 500, "\(query)\(value.debugDescription) answered \(response.status)")
                }
            }
            for key in fuzz.strings(30) where !key.contains(where: { $0.isNewline || $0 == "\0" }) {
                guard let name = HTTPField.Name("Idempotency-Key") else { continue }
                var headers = HTTPFields()
                headers[name] = key
                let response = try await client.api(
                    .post, "/api/v1/payments/requests/\(UUID())/accept", token: admin, body: [String: String](), headers: headers)
                #expect(response.status.code < 500, "Idempotency-Key \(key.debugDescription) answered \(response.status)")
            }
            // Authorization, Cookie, Accept-Language and X-Forwarded-For written by the client.
            let headerValues =
                fuzz.strings(60).filter { !$0.contains(where: { $0.isNewline || $0 == "\0" }) }
                + fuzz.mutations(of: "Bearer \(admin)", 30)
                .filter { !$0.contains(where: { $0.isNewline || $0 == "\0" }) }
            for value in headerValues {
                for (name, path) in [
                    ("Authorization", "/api/v1/me"), ("Cookie", "/account"), ("Accept-Language", "/login"), ("X-Forwarded-For", "/api/v1/auth/login"),
                ] {
                    guard let field = HTTPField.Name(name) else { continue }
                    var headers = HTTPFields()
                    headers[field] = value
                    let response =
                        path.hasSuffix("login") && name == "X-Forwarded-For"
                        ? try await client.api(.post, path, body: ["email": "x@test.patio", "password": "wrong-password"], headers: headers)
                        : try await client.execute(uri: path, method: .get, headers: headers)
                    #expect(response.status.code < 500, "\(name): \(value.debugDescription) on \(path) answered \(response.status)")
                }
            }
            #expect(try await client.execute(uri: "/healthz", method: .get).status == .ok)
        }
    }
}
