import Foundation

/// Pages saved the way SAES writes them (`Fixtures/*.html`).
enum Fixture {
    static func html(_ name: String) throws -> String {
        guard let url = Bundle.module.url(forResource: name, withExtension: "html", subdirectory: "Fixtures") else {
            throw FixtureMissing(name: name)
        }
        return try String(contentsOf: url, encoding: .utf8)
    }

    struct FixtureMissing: Error { let name: String }
}
