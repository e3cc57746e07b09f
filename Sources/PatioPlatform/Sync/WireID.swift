import Foundation
import PatioCore

extension UUID {
    /// An id as Patio writes it wherever a client reads it: lower-case hex (`162666a7-…`). Sync changes,
    /// their rows' `data` and the APIs around them must spell an id the same way, because devices compare
    /// ids as text (a SQLite `DELETE … WHERE id = ?` never matches another spelling). Reading stays
    /// case-insensitive: `UUID(uuidString:)` takes either case.
    public var wireText: String { lowerText }
}

/// What `WireID` can wrap: an id, or an id that may be absent.
public protocol WireIDValue: Sendable, Hashable {
    var wireID: UUID? { get }
    /// Nil when the value needs an id and `id` is nil.
    init?(wireID id: UUID?)
}

extension UUID: WireIDValue {
    public var wireID: UUID? { self }
    public init?(wireID id: UUID?) {
        guard let id else { return nil }
        self = id
    }
}

extension Optional: WireIDValue where Wrapped == UUID {
    public var wireID: UUID? { self }
    public init?(wireID id: UUID?) { self = id }
}

/// A `UUID` (or `UUID?`) property that encodes as `wireText`, so a Codable answer spells its ids as the
/// sync feed does. Decoding takes either case; an absent optional id is left out, as a plain `UUID?` is.
@propertyWrapper
public struct WireID<Value: WireIDValue>: Codable, Sendable, Hashable {
    public var wrappedValue: Value

    public init(wrappedValue: Value) { self.wrappedValue = wrappedValue }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let id = container.decodeNil() ? nil : try container.decode(UUID.self)
        guard let value = Value(wireID: id) else {
            throw DecodingError.valueNotFound(UUID.self, .init(codingPath: decoder.codingPath, debugDescription: "An id is required here."))
        }
        wrappedValue = value
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let id = wrappedValue.wireID { try container.encode(id.wireText) } else { try container.encodeNil() }
    }
}

extension KeyedDecodingContainer {
    public func decode(_ type: WireID<UUID?>.Type, forKey key: Key) throws -> WireID<UUID?> {
        try decodeIfPresent(type, forKey: key) ?? WireID(wrappedValue: nil)
    }
}

extension KeyedEncodingContainer {
    public mutating func encode(_ value: WireID<UUID?>, forKey key: Key) throws {
        try encodeIfPresent(value.wrappedValue == nil ? nil : value, forKey: key)
    }
}
