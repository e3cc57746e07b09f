import Foundation
import Testing

@Suite("README: each app's PatioKit snippet is the compiled one")
struct ReadmeSnippetTests {
    static let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    // Tests/PatioKitTests/Snippets → the repository's README, five folders up.
    static let readme = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("README.md")

    /// The snippets of ReadmeSnippets.swift by name, without their indentation.
    static func snippets() throws -> [String: String] {
        let source = try String(contentsOf: here.appendingPathComponent("ReadmeSnippets.swift"), encoding: .utf8)
        var found: [String: String] = [:]
        var name: String?
        var lines: [String] = []
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("// snippet: ") {
                name = String(trimmed.dropFirst("// snippet: ".count))
                lines = []
            } else if trimmed == "// end snippet", let current = name {
                found[current] = lines.map { String($0.dropFirst(8)) }.joined(separator: "\n")
                name = nil
            } else if name != nil {
                lines.append(String(line))
            }
        }
        return found
    }

    @Test("five apps, five snippets, each in the README word for word")
    func snippetsMatch() throws {
        let snippets = try Self.snippets()
        #expect(Set(snippets.keys) == ["classly", "controller-app", "saes", "interpay", "jappical"])
        let readme = try String(contentsOf: Self.readme, encoding: .utf8)
        for (name, code) in snippets.sorted(by: { $0.key < $1.key }) {
            #expect(readme.contains("```swift\n\(code)\n```"), "README's \(name) snippet differs from Tests/PatioKitTests/Snippets/ReadmeSnippets.swift")
        }
    }
}
