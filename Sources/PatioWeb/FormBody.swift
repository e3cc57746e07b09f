import Foundation
import Hummingbird
import PatioCore

/// An `application/x-www-form-urlencoded` body, as browsers post forms without JavaScript.
public struct FormBody: Sendable {
    public let fields: [String: [String]]

    public init(encoded: String) {
        var fields: [String: [String]] = [:]
        for pair in encoded.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decode(_ text: Substring) -> String {
                String(text).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(text)
            }
            guard let name = parts.first.map(decode) else { continue }
            fields[name, default: []].append(parts.count > 1 ? decode(parts[1]) : "")
        }
        self.fields = fields
    }

    public static func parse(_ request: Request, limit: Int = 64 * 1024) async throws -> FormBody {
        let buffer = try await JSONBody.collect(request, limit: limit)
        return FormBody(encoded: String(buffer: buffer))
    }

    public subscript(name: String) -> String? { fields[name]?.first }

    public func all(_ name: String) -> [String] { fields[name] ?? [] }

    /// A trimmed value, nil when empty.
    public func text(_ name: String) -> String? {
        guard let value = self[name]?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty else { return nil }
        return value
    }
}
