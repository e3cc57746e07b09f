import Foundation

/// Text rules shared by locality search and codes: "bogota" finds "Bogotá", "MEDELLIN" finds "Medellín".
enum LocalitySearch {
    /// Lower case, accents removed, runs of spaces collapsed.
    static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).lowercased()
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// A DANE-based locality code: exactly eight ASCII digits.
    static func isCode(_ text: String) -> Bool {
        text.utf8.count == 8 && text.utf8.allSatisfy { (0x30...0x39).contains($0) }
    }
}
