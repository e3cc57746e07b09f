import Foundation

/// An app version such as `2.4.10` or `100`, compared numerically part by part; missing parts are zero,
/// so `100` equals `100.0.0` and `1.10` is newer than `1.9`.
public struct AppVersion: Comparable, Sendable, CustomStringConvertible {
    public let parts: [Int]
    public let description: String

    public init?(_ text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let pieces = trimmed.split(separator: ".", omittingEmptySubsequences: false)
        guard !trimmed.isEmpty, pieces.count <= 4 else { return nil }
        var parts: [Int] = []
        for piece in pieces {
            guard !piece.isEmpty, piece.count <= 9, piece.allSatisfy(\.isASCII), let value = Int(piece), value >= 0 else {
                return nil
            }
            parts.append(value)
        }
        self.parts = parts
        self.description = trimmed
    }

    private func padded(to count: Int) -> [Int] { parts + Array(repeating: 0, count: max(0, count - parts.count)) }

    public static func == (lhs: AppVersion, rhs: AppVersion) -> Bool {
        let width = max(lhs.parts.count, rhs.parts.count)
        return lhs.padded(to: width) == rhs.padded(to: width)
    }

    public static func < (lhs: AppVersion, rhs: AppVersion) -> Bool {
        let width = max(lhs.parts.count, rhs.parts.count)
        return lhs.padded(to: width).lexicographicallyPrecedes(rhs.padded(to: width))
    }
}
