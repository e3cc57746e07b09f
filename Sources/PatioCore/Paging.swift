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

    /// A cursor for lists ordered newest first by (time, id).
    public static func cursor(after time: Date, id: UUID) -> String {
        cursor(for: "\(time.timeIntervalSince1970)|\(id.uuidString)")
    }

    /// The (time, id) a newest-first cursor points after, or nil on the first page.
    public func timeAndID() throws -> (time: Date, id: UUID)? {
        guard let after else { return nil }
        let parts = after.split(separator: "|").map(String.init)
        guard parts.count == 2, let time = Double(parts[0]), let id = UUID(uuidString: parts[1]) else {
            throw AppError.badRequest(code: "invalid_cursor", "The cursor is not one this server gave out.")
        }
        return (Date(timeIntervalSince1970: time), id)
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
