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
            guard let key = OpaqueCursor.decode(cursor) else { throw Self.invalidCursor }
            self.after = key
        }
    }

    static let invalidCursor = AppError.badRequest(code: "invalid_cursor", "The cursor is not one this server gave out.")

    public static func cursor(for key: String) -> String {
        OpaqueCursor.encode(key)
    }

    /// A cursor for lists ordered newest first by (time, id).
    public static func cursor(after time: Date, id: UUID) -> String {
        cursor(for: "\(time.timeIntervalSince1970)|\(id.uuidString)")
    }

    /// A cursor for lists ordered by (text, id), such as names.
    public static func cursor(afterText text: String, id: UUID) -> String {
        cursor(for: "\(text)\u{1F}\(id.uuidString)")
    }

    /// The (time, id) a newest-first cursor points after, or nil on the first page. Only plain decimal
    /// times from 1970 to 9999 are read: `1e300`, `nan`, hex and negative numbers are never given out and
    /// must not reach a query.
    public func timeAndID() throws -> (time: Date, id: UUID)? {
        guard let after else { return nil }
        let parts = after.split(separator: "|", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }), let time = Double(parts[0]), time.isFinite,
            (0...Self.latestCursorTime).contains(time),
            let id = UUID(uuidString: String(parts[1]))
        else {
            throw Self.invalidCursor
        }
        return (Date(timeIntervalSince1970: time), id)
    }

    /// The (text, id) a text-ordered cursor points after, or nil on the first page.
    public func textAndID() throws -> (text: String, id: UUID)? {
        guard let after else { return nil }
        let parts = after.split(separator: "\u{1F}", omittingEmptySubsequences: false)
        guard parts.count == 2, let id = UUID(uuidString: String(parts[1])) else { throw Self.invalidCursor }
        return (String(parts[0]), id)
    }

    /// 9999-12-31T23:59:59Z.
    static let latestCursorTime: Double = 253_402_300_799
}

/// The text inside an opaque cursor: base64url of UTF-8, decoded without trusting it. Anything that is not
/// what `encode` could have produced — another alphabet, an impossible length, bytes that are not UTF-8,
/// control characters other than the unit separator Patio uses between fields — decodes to nil.
public enum OpaqueCursor {
    /// Longer cursors are never given out (keys are a time or a name plus an id).
    public static let maximumLength = 1024

    public static func encode(_ key: String) -> String {
        Data(key.utf8).base64URLEncodedString()
    }

    public static func decode(_ text: String) -> String? {
        guard !text.isEmpty, text.utf8.count <= maximumLength,
            text.utf8.allSatisfy({ Self.alphabet.contains($0) }),
            let data = Data(base64URLEncoded: text), let key = String(data: data, encoding: .utf8),
            !key.unicodeScalars.contains(where: { $0.properties.generalCategory == .control && $0 != "\u{1F}" })
        else { return nil }
        return key
    }

    private static let alphabet = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
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

/// Base64url, mapped to and from standard base64 in one pass over the bytes: every request's id is written this
/// way, and three `replacingOccurrences` over a string cost more than the encoding.
extension Data {
    /// Decodes base64url with or without padding; nil for any other text.
    public init?(base64URLEncoded text: String) {
        guard text.utf8.count % 4 != 1 else { return nil }
        var base64 = Array(text.utf8)
        for index in base64.indices {
            switch base64[index] {
            case UInt8(ascii: "-"): base64[index] = UInt8(ascii: "+")
            case UInt8(ascii: "_"): base64[index] = UInt8(ascii: "/")
            default: break
            }
        }
        while base64.count % 4 != 0 { base64.append(UInt8(ascii: "=")) }
        self.init(base64Encoded: Data(base64))
    }

    public func base64URLEncodedString() -> String {
        let base64 = base64EncodedData()
        var text: [UInt8] = []
        text.reserveCapacity(base64.count)
        for byte in base64 {
            switch byte {
            case UInt8(ascii: "+"): text.append(UInt8(ascii: "-"))
            case UInt8(ascii: "/"): text.append(UInt8(ascii: "_"))
            case UInt8(ascii: "="): continue
            default: text.append(byte)
            }
        }
        return String(decoding: text, as: UTF8.self)
    }
}
