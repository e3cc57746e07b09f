/// A subject cell, which schools write `CLAVE - NOMBRE`, `CLAVE-NOMBRE` (every real grades page seen) or just
/// the name.
struct SubjectCell {
    let code: String?
    let name: String

    init(_ text: String) {
        // Only the first dash can end a clave; a name may hold dashes of its own.
        if let dash = text.firstIndex(of: "-") {
            let code = text[..<dash].trimmingCharacters(in: .whitespaces)
            let name = text[text.index(after: dash)...].trimmingCharacters(in: .whitespaces)
            if Self.looksLikeClave(code), !name.isEmpty {
                self.code = code
                self.name = name
                return
            }
        }
        code = nil
        name = text
    }

    /// A clave and a name from cells of their own (ESIME's `Materia` and `Descripcion`).
    init(code: String, name: String) {
        self.code = code.isEmpty ? nil : code
        self.name = name
    }

    /// `C501`, `0101`, `ISC12`: ASCII letters and digits with at least one digit, so a name that merely has a
    /// dash (`TEORIA-PRACTICA`) is not cut.
    static func looksLikeClave(_ text: String) -> Bool {
        (2...12).contains(text.utf8.count)
            && text.utf8.allSatisfy { ByteScanner.isDigit($0) || ($0 | 0x20) >= UInt8(ascii: "a") && ($0 | 0x20) <= UInt8(ascii: "z") }
            && text.utf8.contains(where: ByteScanner.isDigit)
    }
}
