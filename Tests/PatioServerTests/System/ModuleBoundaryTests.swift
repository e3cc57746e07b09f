import Foundation
import PatioModules
import PatioPlatform
import Testing

/// The platform and the host know no module: every module's id, roles, paths, apps, compatibility
/// prefixes and contract are its own, so adding or removing one never edits them. Read from the source tree, like a
/// reviewer's grep, with the words taken from the modules themselves (a new module is covered as it lands).
@Suite("Module boundary: the platform and the host name no module")
struct ModuleBoundaryTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let platformTargets = ["PatioCore", "PatioData", "PatioIdentity", "PatioPlatform", "PatioWeb", "PatioServer"]

    /// Each module's words: its id, role ids, client-app slugs and compatibility path prefixes.
    static var moduleWords: [String] {
        var words: [String] = []
        for module in availableModules {
            words.append(module.id)
            words += module.roles.map(\.id)
            words += module.clientApps.map(\.slug)
            for contract in module.compatContracts {
                words.append(contract.name)
                words += contract.pathPrefixes.map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "/")) }
            }
        }
        return words
    }

    /// `word` as a whole word, any case, in `text`: the line numbers where it occurs.
    static func lines(naming word: String, in text: String) -> [Int] {
        let pattern = "(?i)(?<![A-Za-z0-9_])" + NSRegularExpression.escapedPattern(for: word) + "(?![A-Za-z0-9_])"
        guard let expression = try? NSRegularExpression(pattern: pattern) else { return [] }
        return text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { index, line in
            let line = String(line)
            return expression.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) == nil ? nil : index + 1
        }
    }

    static func files(in target: String) -> [URL] {
        let folder = root.appendingPathComponent("Sources/\(target)")
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey]) else { return [] }
        return walker.compactMap { $0 as? URL }.filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true }
    }

    @Test("no file of the platform or the host names a module's id, role, app or compatibility path")
    func platformNamesNoModule() throws {
        let words = Self.moduleWords
        #expect(
            words.contains("courier") && words.contains("campus.teacher") && words.contains("controller-app")
                && words.contains("apicontrollerpruebas"))
        var found: [String] = []
        var read = 0
        for target in Self.platformTargets {
            for file in Self.files(in: target) {
                guard let text = try? String(contentsOf: file, encoding: .utf8) else { continue }
                read += 1
                for word in words {
                    for line in Self.lines(naming: word, in: text) {
                        found.append("\(file.path.replacingOccurrences(of: Self.root.path + "/", with: "")):\(line) names \(word)")
                    }
                }
            }
        }
        #expect(read > 100, "the walk read only \(read) files")
        #expect(found.isEmpty, "\(found.count) places:\n\(found.prefix(40).joined(separator: "\n"))")
    }

    @Test("the check finds a module's name where one is written")
    func theCheckCanFail() {
        #expect(Self.lines(naming: "courier.agent", in: "let a = 1\nroles: [\"Courier.Agent\"]") == [2])
        #expect(Self.lines(naming: "courier", in: "couriers and courierX") == [])
        #expect(Self.lines(naming: "apicontrollerpruebas", in: "\"/apicontrollerpruebas/api\"") == [1])
    }
}
