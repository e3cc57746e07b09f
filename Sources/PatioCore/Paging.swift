import Foundation

/// Keyset paging: `limit` plus an opaque cursor that encodes where the previous page ended.
public struct CursorPageRequest: Sendable {
    public static let defaultLimit = 50
    public static let maximumLimit = 200

    public var limit: Int
    public var after: String?

    /// Validates `limit` and decodes `cursor` from query parameters.
    public init(limit: String?, cursor: String?) throws {
        if let limit {
            guard let value = Int(limit), (1...Self.maximumLimit).contains(value) else {
                throw AppError.validation(field: "limit", "Use a whole number from 1 to \(Self.maximumLimit).")
            }
            self.limit = value
        } else {
            self.limit = Self.defaultLimit
        }
        if let cursor, !cursor.isEmpty {
            guard let data = Data(base64URLEncoded: cursor), let key = String(data: data, encoding: .utf8) else {
                throw AppError.badRequest(code: "invalid_cursor", "The cursor is not one this server gave out.")
            }
            self.after = key
        }
    }

    public static func cursor(for key: String) -> String {
        Data(key.utf8).base64URLEncodedString()
    }
}

/// One page of results and the cursor for the next, absent on the last page.
public struct CursorPage<Item: Codable & Sendable>: Codable, Sendable {
    public var items: [Item]
    public var nextCursor: String?
    public init(items: [Item], nextCursor: String?) {
        self.items = items
        self.nextCursor = nextCursor
    }
}

extension Data {
    public init?(base64URLEncoded text: String) {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64.append("=") }
        self.init(base64Encoded: base64)
    }

    public func base64URLEncodedString() -> String {
        base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
