import Foundation
import HummingbirdTesting
import PatioModules
import Testing

@Suite("Searching across pages")
struct SearchPagingTests {
    @Test("the next page keeps what the person searched for, even with & and spaces in it")
    func nextPageKeepsTheSearch() async throws {
        try await TestPatio.with(modules: availableModules) { patio, client in
            try await patio.account("root@test.patio", roles: ["admin"])
            for index in 0..<51 { try await patio.account("persona\(index)@test.patio", name: "Ana & Bea \(index)") }
            try await patio.account("otra@test.patio", name: "Ana Bea")
            var browser = try await WebSession.signIn(client, email: "root@test.patio", password: TestPatio.password)
            let first = String(buffer: try await browser.get("/admin/accounts?q=\(WebSession.encode("Ana & Bea"))").body)
            let next = try #require(first.firstMatch(of: /href="(\/admin\/accounts\?q=[^"]*)"/)?.1)
            let link = String(next).replacingOccurrences(of: "&amp;", with: "&")
            #expect(link.hasPrefix("/admin/accounts?q=Ana%20%26%20Bea&cursor="))
            let second = String(buffer: try await browser.get(link).body)
            #expect(second.contains("persona") && !second.contains("otra@test.patio"))
        }
    }
}
