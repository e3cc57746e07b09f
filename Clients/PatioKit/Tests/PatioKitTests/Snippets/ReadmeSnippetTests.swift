import Foundation
import Testing

@Suite("README: the first PatioKit snippet and each app's are the compiled ones")
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

    @Test("the first snippet and one per app, each in the README word for word")
    func snippetsMatch() throws {
        var snippets = try Self.snippets()
        #expect(Set(snippets.keys) == ["generic", "classly", "controller-app", "saes", "interpay", "jappical"])
        // The first snippet opens with the import ReadmeSnippets.swift itself starts with.
        let source = try String(contentsOf: Self.here.appendingPathComponent("ReadmeSnippets.swift"), encoding: .utf8)
        #expect(source.contains("\nimport PatioKit\n"))
        snippets["generic"] = snippets["generic"].map { "import PatioKit\n\n\($0)" }
        let readme = try String(contentsOf: Self.readme, encoding: .utf8)
        for (name, code) in snippets.sorted(by: { $0.key < $1.key }) {
            #expect(
                readme.contains("```swift\n\(code)\n```"), "README's \(name) snippet differs from Tests/PatioKitTests/Snippets/ReadmeSnippets.swift")
        }
    }

    /// On Linux the first snippet's `KeychainTokenStore` is KeychainStandIn.swift's: it must keep the real
    /// one's initializer (compiled only on Apple platforms), or the snippet would build here and not there.
    @Test("the Keychain stand-in the first snippet builds against on Linux has the real KeychainTokenStore's initializer")
    func keychainStandIn() throws {
        let kit = Self.here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let real = try String(contentsOf: kit.appendingPathComponent("Sources/PatioKit/Session/TokenStore.swift"), encoding: .utf8)
        let standIn = try String(contentsOf: Self.here.appendingPathComponent("KeychainStandIn.swift"), encoding: .utf8)
        let initializer = "public init(service: String, account: String = \"patio-session\")"
        #expect(real.contains("public struct KeychainTokenStore: TokenStore") && real.contains(initializer))
        #expect(standIn.contains(initializer))
    }
}
