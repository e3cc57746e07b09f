import Foundation
import Mustache

/// Template folders, each read from disk once per process.
///
/// Templates are resources shipped with the binary and never change while it runs, so every Patio built in
/// one process (a test run builds hundreds) shares one parse of each folder. It also keeps directory
/// enumeration — which swift-corelibs-foundation does not make safe to run on many threads at once — to
/// one walk per folder.
actor TemplateFolders {
    static let shared = TemplateFolders()

    /// A folder's templates and the names of the `*.mustache` files it holds.
    struct Folder: Sendable {
        let library: MustacheLibrary
        let names: [String]
    }

    private var loads: [String: Task<Folder, any Error>] = [:]

    /// The folder at `path`, parsed on first use; a failed read is tried again next time.
    func folder(at path: String) async throws -> Folder {
        if let load = loads[path] { return try await load.value }
        let load = Task { try Self.read(path) }
        loads[path] = load
        do {
            return try await load.value
        } catch {
            loads[path] = nil
            throw error
        }
    }

    /// Every `*.mustache` file of the folder, each parsed with Patio's HTML escaping (`PatioHTML`) in force from
    /// its first character: the pragma is put before the file's text, on the same line, so nothing it renders moves.
    private static func read(_ path: String) throws -> Folder {
        MustacheContentTypes.register(PatioHTML(), named: PatioHTML.name)
        let names = try FileManager.default.contentsOfDirectory(atPath: path)
            .filter { $0.hasSuffix(".mustache") }
            .map { String($0.dropLast(".mustache".count)) }
            .sorted()
        var templates: [String: MustacheTemplate] = [:]
        for name in names {
            let file = URL(fileURLWithPath: path).appendingPathComponent(name + ".mustache")
            let text = try String(contentsOf: file, encoding: .utf8)
            do {
                templates[name] = try MustacheTemplate(string: "{{% CONTENT_TYPE: \(PatioHTML.name)}}" + text)
            } catch {
                throw TemplateError(file: file.path, error: error)
            }
        }
        return Folder(library: MustacheLibrary(templates: templates), names: names)
    }

    /// A template that does not parse, named by its file.
    struct TemplateError: Error, CustomStringConvertible {
        let file: String
        let error: any Error
        var description: String { "\(file): \(error)" }
    }
}
