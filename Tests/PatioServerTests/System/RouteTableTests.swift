import Foundation
import HTTPTypes
import HummingbirdTesting
import PatioCore
import PatioModules
import PatioServer
import Testing

/// The access rule of every route, as a table checked into the repository (`docs/access-rules.md`): a
/// changed rule is a visible diff in review, and this test fails until the table says the same as the router.
@Suite("The reviewed table of access rules")
struct RouteTableTests {
    static let tablePath = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../../docs/access-rules.md").standardized.path

    static func render(_ routes: [RouteDescriptor]) -> String {
        let rows = routes.map { "| \($0.method.rawValue) | `\($0.path)` | \($0.access) |" }.sorted()
        return """
            # Who may call each route

            Generated from the router and checked by `RouteTableTests`: every route Patio serves with every module
            enabled, and the rule checked before its handler runs. `everyone` needs no session; `signed-in` any
            active account; `role X` that role (the platform `admin` holds every `*.admin`); `any of …` one of those
            roles; `monitoring` a scraper on loopback or with `PATIO_METRICS_TOKEN`. After changing a route, run
            `PATIO_WRITE_ACCESS_TABLE=1 swift test --filter RouteTableTests` and review the diff.

            | Method | Path | Who |
            |---|---|---|

            """ + rows.joined(separator: "\n") + "\n"
    }

    /// Rows the router serves that the table lacks, and rows the table has that the router does not serve.
    static func differences(table: String, routes: [RouteDescriptor]) -> (unlisted: [String], stale: [String]) {
        func rows(_ text: String) -> Set<Substring> { Set(text.split(separator: "\n").filter { $0.hasPrefix("| ") && !$0.hasPrefix("| Method") }) }
        let expected = rows(table), actual = rows(render(routes))
        return (actual.subtracting(expected).map(String.init).sorted(), expected.subtracting(actual).map(String.init).sorted())
    }

    @Test("the checked-in table lists exactly the routes the router serves, with the same rules")
    func tableMatchesRouter() async throws {
        try await TestPatio.with(modules: availableModules) { patio, _ in
            if ProcessInfo.processInfo.environment["PATIO_WRITE_ACCESS_TABLE"] == "1" {
                try Self.render(patio.routes).write(toFile: Self.tablePath, atomically: true, encoding: .utf8)
            }
            let (unlisted, stale) = Self.differences(table: try String(contentsOfFile: Self.tablePath, encoding: .utf8), routes: patio.routes)
            #expect(unlisted.isEmpty, "served but not in docs/access-rules.md: \(unlisted)")
            #expect(stale.isEmpty, "in docs/access-rules.md but not served: \(stale)")
        }
    }

    @Test("the comparison can fail: a widened rule in the table is reported on both sides")
    func comparisonCanFail() async throws {
        try await TestPatio.with(modules: availableModules) { patio, _ in
            let table = Self.render(patio.routes)
            let row = "| GET | `/api/v1/academy/students` | role academy.admin |"
            #expect(table.contains(row))
            let widened = table.replacingOccurrences(of: row, with: "| GET | `/api/v1/academy/students` | signed-in |")
            let (unlisted, stale) = Self.differences(table: widened, routes: patio.routes)
            #expect(unlisted == [row] && stale == ["| GET | `/api/v1/academy/students` | signed-in |"])
        }
    }
}
