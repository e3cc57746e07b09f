import PatioCore
import PatioTestSupport
import Testing

@Suite("Where sign-in may send a person")
struct LocalRedirectTests {
    @Test("local paths are kept as given", arguments: ["/", "/academy/me", "/payments/pay/123456?x=1", "/a%C3%B1o", "/onboarding#tasks"])
    func localPaths(path: String) {
        #expect(LocalRedirect.path(path) == path)
    }

    @Test(
        "anything a browser could follow to another site falls back to the home page",
        arguments: [
            "/%09/evil.example", "/\t/evil.example", "//evil.example", "/\\evil.example", "\\\\evil.example", "/%5Cevil.example",
            "/%2F/evil.example", "/%252F/evil.example", "/%25252F%25252Fevil.example", "https://evil.example", "evil.example",
            "javascript:alert(1)", "/%0d%0aSet-Cookie:x", "/\u{200B}/evil.example", " /x", "", "/%",
        ])
    func refused(path: String) {
        #expect(LocalRedirect.path(path) == "/")
    }

    @Test("property: whatever comes in, what goes out is one local path with no control characters or backslashes")
    func fuzz() {
        var fuzz = FuzzInputs(seed: 42)
        for input in fuzz.strings(3_000) + fuzz.mutations(of: "/%09/evil.example", 2_000) + fuzz.mutations(of: "/academy/me", 2_000) {
            let out = LocalRedirect.path(input)
            let decoded = out.removingPercentEncoding ?? out
            #expect(out.hasPrefix("/") && !decoded.hasPrefix("//") && !decoded.contains("\\"), "\(input.debugDescription) → \(out)")
            #expect(!decoded.unicodeScalars.contains { $0.properties.generalCategory == .control })
        }
        #expect(LocalRedirect.path(nil) == "/")
    }
}
