import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import PatioCore
import Testing
@testable import Courier

@Suite("Controller APP login under hostile input")
struct ControllerAppFuzzTests {
    @Test("property: the base64 reader takes any text — random, truncated, bit-flipped — and never traps")
    func base64() {
        var fuzz = FuzzInputs(seed: 0xC0_0124)
        let valid = Data("mensajero".utf8).base64EncodedString() + "\\n"
        #expect(ControllerAppBase64.decode(valid) == "mensajero")
        for text in fuzz.strings(4_000) + fuzz.mutations(of: valid, 4_000) {
            if let decoded = ControllerAppBase64.decode(text) { #expect(decoded.utf8.count <= text.utf8.count) }
        }
    }

    @Test("property: mangled login bodies and headers answer 400, 401 or 429 — never a server error — and the server keeps answering")
    func loginBodies() async throws {
        try await ControllerAppContractTests.withCompat { world in
            var fuzz = FuzzInputs(seed: 0xC0_0125)
            let good = ControllerAppContractTests.androidBody(usuario: "ana", password: TestPatio.password)
            let bodies = fuzz.mutations(of: good, 150) + fuzz.strings(50)
            for body in bodies {
                let response = try await world.appLogin(body: body)
                #expect(
                    [.ok, .badRequest, .unauthorized, .tooManyRequests].contains(response.status), "\(body.debugDescription) → \(response.status)")
            }
            for value in fuzz.strings(40) {
                var headers = ControllerAppContractTests.appHeaders()
                headers[HTTPField.Name("Usuario")!] = value.filter { $0.isASCII && !$0.isNewline && $0 != "\0" }
                let response = try await world.appLogin(headers: headers, body: good)
                #expect(response.status.code < 500, "\(value.debugDescription) → \(response.status)")
            }
            #expect(try await world.client.api(.get, "/healthz").status == .ok)
        }
    }
}
