import Foundation
import HTTPTypes
import HummingbirdTesting
import PatioModules
import PatioServer
import Testing

/// What a person must never see on a page: Swift's `nil` or `Optional(…)` printed into it, a raw
/// `yyyy-MM-dd` date or a role id (`academy.admin`) in the text, a template tag left behind.
enum PageChecker {
    /// The problems of one HTML page, empty when it reads well.
    static func problems(in html: String) -> [String] {
        let markup = withoutScripts(html)
        var found: [String] = []
        // Text and attribute values both: `Cupo nil` and `href="…cursor=nil"` alike; "Nilo" is a name.
        for match in markup.matches(of: /\bnil\b/) { found.append("prints nil: …\(excerpt(markup, around: match.range))…") }
        for match in markup.matches(of: /Optional\(/) { found.append("prints Optional(: …\(excerpt(markup, around: match.range))…") }
        let text = visibleText(markup)
        for match in text.matches(of: /\b\d{4}-\d{2}-\d{2}\b/) { found.append("raw date in the text: …\(excerpt(text, around: match.range))…") }
        for match in text.matches(of: /\b(?:academy|payments|onboarding|courier|campus)\.[a-z]+\b/) {
            found.append("role id instead of its name: …\(excerpt(text, around: match.range))…")
        }
        if markup.contains("{{") { found.append("a template tag was left in the page") }
        return found
    }

    /// Same-origin GET links of a page, as paths with their query (fragments dropped), sign-out skipped.
    static func links(in html: String) -> [String] {
        withoutScripts(html).matches(of: /href="([^"]*)"/).compactMap { match in
            var link = String(match.1).replacingOccurrences(of: "&amp;", with: "&")
            if let absolute = URL(string: link), let host = absolute.host {
                guard ["localhost", "127.0.0.1"].contains(host) else { return nil }
                link = absolute.path + (absolute.query.map { "?\($0)" } ?? "")
            }
            if let hash = link.firstIndex(of: "#") { link = String(link[..<hash]) }
            guard link.hasPrefix("/"), !link.hasPrefix("//"), !link.contains("logout") else { return nil }
            return link
        }
    }

    /// A link's route: ids and codes replaced, query keys kept, so the crawl opens a few of each kind.
    static func shape(_ link: String) -> String {
        let parts = link.split(separator: "?", maxSplits: 1)
        let path = String(parts[0]).replacing(/[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}/, with: "{id}")
            .replacing(/\/\d{6}(\/|$)/) { "/{code}\($0.1)" }
        let keys = parts.count > 1 ? parts[1].split(separator: "&").map { String($0.split(separator: "=")[0]) }.sorted() : []
        return keys.isEmpty ? path : "\(path)?\(keys.joined(separator: "&"))"
    }

    static func withoutScripts(_ html: String) -> String {
        html.replacing(/<script[^>]*>[\s\S]*?<\/script>/, with: "").replacing(/<style[^>]*>[\s\S]*?<\/style>/, with: "")
    }

    static func visibleText(_ markup: String) -> String {
        markup.replacing(/<[^>]*>/, with: " ")
    }

    static func excerpt(_ text: String, around range: Range<String.Index>) -> String {
        let start = text.index(range.lowerBound, offsetBy: -40, limitedBy: text.startIndex) ?? text.startIndex
        let end = text.index(range.upperBound, offsetBy: 40, limitedBy: text.endIndex) ?? text.endIndex
        return String(text[start..<end]).replacingOccurrences(of: "\n", with: " ")
    }
}

/// A bounded walk through every page a person can reach by following links.
struct PageCrawl {
    static let maxPages = 250
    static let perShape = 3

    var visited: [String: HTTPResponse.Status] = [:]
    var failures: [String] = []
    var refused: [String] = []
    private var shapes: [String: Int] = [:]

    static func run(_ session: inout WebSession, from starts: [String], language: String) async throws -> PageCrawl {
        var crawl = PageCrawl()
        var queue = starts
        while !queue.isEmpty, crawl.visited.count < maxPages {
            let link = queue.removeFirst()
            guard crawl.visited[link] == nil else { continue }
            let shape = PageChecker.shape(link)
            guard crawl.shapes[shape, default: 0] < perShape else { continue }
            crawl.shapes[shape, default: 0] += 1
            let response = try await session.get(link)
            crawl.visited[link] = response.status
            let code = response.status.code
            if code >= 500 || code == 400 || code == 404 {
                crawl.failures.append("\(link) answered \(response.status)")
            } else if code == 401 || code == 403 {
                crawl.refused.append(link)
            }
            if (300..<400).contains(code), let location = response.headers[.location] {
                queue.append(contentsOf: PageChecker.links(in: "href=\"\(location)\""))
                continue
            }
            guard response.headers[.contentType]?.hasPrefix("text/html") == true else { continue }
            let html = String(buffer: response.body)
            crawl.failures += PageChecker.problems(in: html).map { "\(link): \($0)" }
            if !html.contains("<html lang=\"\(language)\">") { crawl.failures.append("\(link) is not in \(language)") }
            queue += PageChecker.links(in: html).filter { crawl.visited[$0] == nil }
        }
        return crawl
    }
}

@Suite("Page crawl")
struct PageCrawlTests {
    static let roles = ["admin", "maestra", "alumna", "negocio", "cliente", "rrhh", "nuevo", "docente", "estudiante"]

    @Test("the page checker catches what people must not see, and leaves words alone")
    func checker() {
        #expect(!PageChecker.problems(in: "<p class=\"muted\">Centro · Cupo nil</p>").isEmpty)
        #expect(!PageChecker.problems(in: "<p>Parte de tus clases vence el nil</p>").isEmpty)
        #expect(!PageChecker.problems(in: "<a href=\"/academy/admin/students?q=&amp;cursor=nil\">Página siguiente</a>").isEmpty)
        #expect(!PageChecker.problems(in: "<td>Optional(\"Salsa\")</td>").isEmpty)
        #expect(!PageChecker.problems(in: "<td>2026-11-23</td>").isEmpty)
        #expect(!PageChecker.problems(in: "<h1>{{t.title}}</h1>").isEmpty)
        #expect(!PageChecker.problems(in: "<span class=\"muted\">academy.admin</span>").isEmpty)
        #expect(
            PageChecker.problems(
                in: "<p>Nilo Vanilla, nilón, anil: Nil</p><input type=\"date\" value=\"2026-11-23\"><a href=\"?date=2026-11-23\">lun 23 nov</a>"
            ).isEmpty)
        #expect(PageChecker.problems(in: "<script>if (x === nil) {}</script><p>ok</p>").isEmpty)
        #expect(
            PageChecker.links(
                in:
                    """
                    <a href=\"/a?x=1&amp;y=2#top\">a</a><a href=\"https://example.org/\">b</a><a \
                    href=\"http://localhost/academy/checkin?t=abc\">c</a><a href=\"/logout\">d</a><a href=\"#main\">e</a>
                    """
            )
                == ["/a?x=1&y=2", "/academy/checkin?t=abc"])
        #expect(
            PageChecker.shape("/academy/admin/students/0F8FAD5B-D9CB-469F-A165-70867728950E?q=a&cursor=b") == "/academy/admin/students/{id}?cursor&q")
    }

    @Test("every demo role, in Spanish and English, reaches every page by its links without a server error, nil, Optional( or raw date")
    func crawlEveryRole() async throws {
        try await TestPatio.with(modules: availableModules, configure: { $0.demoMode = true }) { patio, client in
            try await DemoSeed.run(patio.components)
            var report: [String] = []
            var failures: [String] = []
            for language in ["es", "en"] {
                var visitor = try await WebSession.anonymous(client)
                _ = try await visitor.post("/locale", form: ["locale": language])
                let open = try await PageCrawl.run(
                    &visitor, from: ["/login", "/academy/classes", "/payments/signup", "/onboarding/signin"], language: language)
                report.append("visitor/\(language): \(open.visited.count)")
                failures += open.failures.map { "visitor/\(language) \($0)" }
                for role in Self.roles {
                    var person = try await WebSession.signIn(client, email: "\(role)@demo.patio", password: DemoSeed.password)
                    _ = try await person.post("/locale", form: ["locale": language])
                    let crawl = try await PageCrawl.run(&person, from: ["/"], language: language)
                    report.append("\(role)/\(language): \(crawl.visited.count)")
                    failures += crawl.failures.map { "\(role)/\(language) \($0)" }
                    #expect(crawl.visited.count > 3, "\(role) in \(language) reached only \(crawl.visited.keys.sorted())")
                }
            }
            print("Page crawl, pages visited per role and language: \(report.joined(separator: ", "))")
            #expect(failures.isEmpty, "\(failures.count) problems:\n\(failures.joined(separator: "\n"))")
        }
    }
}
