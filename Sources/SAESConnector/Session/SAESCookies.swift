/// The cookies one SAES portal has set (`ASP.NET_SessionId`, `.ASPXFORMSAUTH`…): what a signed-in session
/// is. Patio keeps them encrypted and never shows them.
public struct SAESCookies: Sendable, Hashable, Codable {
    public private(set) var values: [String: String]

    public init(_ values: [String: String] = [:]) { self.values = values }

    /// Signed in ⇔ SAES has issued its forms-authentication ticket.
    public var isSignedIn: Bool { !(values[".ASPXFORMSAUTH"] ?? "").isEmpty }

    /// The `Cookie` request header, nil when there is nothing to send.
    public var header: String? {
        values.isEmpty ? nil : values.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")
    }

    /// Applies one `Set-Cookie` header: a value sets the cookie, an empty value or a past expiry removes it.
    public mutating func apply(setCookie header: String) {
        let attributes = header.split(separator: ";").map { $0.trimmingSpaces }
        guard let pair = attributes.first, let equals = pair.firstIndex(of: "=") else { return }
        let name = String(pair[..<equals]).trimmingSpaces
        let value = String(pair[pair.index(after: equals)...]).trimmingSpaces
        guard !name.isEmpty else { return }
        let expired = attributes.dropFirst().contains { attribute in
            let lower = attribute.lowercased()
            return lower.hasPrefix("expires=") && (lower.contains("1970") || lower.contains("1999")) || lower == "max-age=0"
        }
        if value.isEmpty || expired {
            values[name] = nil
        } else {
            values[name] = value
        }
    }
}

extension StringProtocol {
    var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
