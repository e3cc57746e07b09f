import Foundation

/// A sync page read from its bytes (`GET /api/v1/sync/{collection}`), each row's `data` kept as the exact
/// JSON text Patio sent, which is what the ``OfflineStore`` stores.
///
/// The generated client decoded every field of every row by trying each JSON type in turn, and the engine then
/// wrote the row as JSON again: most of a pull's time on the device. Here a small scanner walks the page once,
/// reads the few values it needs (`op`, `id`, `version`, `cursor`, `hasMore`) and cuts each row's `data` out
/// of the bytes as they are.
struct SyncPageBytes: Sendable {
    enum Op: String, Sendable { case put, delete }

    struct Change: Sendable {
        var op: Op
        var id: String
        var version: Int
        /// The row's fields as Patio sent them; nil for a tombstone.
        var data: String?
    }

    var changes: [Change]
    var cursor: String
    var hasMore: Bool

    /// The path and query of a page after `cursor`.
    static func path(_ collection: String, cursor: String?, limit: Int) -> String {
        var components = URLComponents()
        components.path = "/api/v1/sync/\(collection)"
        components.queryItems = [URLQueryItem(name: "limit", value: String(limit))] + (cursor.map { [URLQueryItem(name: "cursor", value: $0)] } ?? [])
        // `+` is a space to many servers; a cursor may hold one.
        components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        return components.percentEncodedPath + "?" + (components.percentEncodedQuery ?? "")
    }

    /// The page in `bytes`; an answer that is not a sync page throws ``PatioError/undecodable(_:)``.
    static func parse(_ bytes: Data) throws -> SyncPageBytes {
        var scanner = JSONScanner(Array(bytes))
        var changes: [Change] = []
        var cursor: String?
        var hasMore: Bool?
        try scanner.object { key, scanner in
            switch key {
            case "changes": try scanner.array { scanner in changes.append(try change(&scanner)) }
            case "cursor": cursor = try scanner.string()
            case "hasMore": hasMore = try scanner.bool()
            default: try scanner.skip()
            }
        }
        try scanner.end()
        guard let cursor, let hasMore else { throw JSONScanner.refusal("lacks its cursor or hasMore") }
        return SyncPageBytes(changes: changes, cursor: cursor, hasMore: hasMore)
    }

    private static func change(_ scanner: inout JSONScanner) throws -> Change {
        var op: Op?, id: String?, version: Int?, data: String?
        try scanner.object { key, scanner in
            switch key {
            case "op": op = Op(rawValue: try scanner.string())
            case "id": id = try scanner.string()
            case "version": version = try scanner.integer()
            case "data": data = try scanner.objectText()
            default: try scanner.skip()
            }
        }
        guard let op, let id, let version else { throw JSONScanner.refusal("has a change without its op, id or version") }
        return Change(op: op, id: id, version: version, data: op == .put ? data ?? "{}" : nil)
    }
}

/// Walks JSON bytes without building values: strings, integers and booleans are read where asked, anything
/// else is skipped or cut out as text. Every malformed input throws; none traps.
struct JSONScanner {
    private let bytes: [UInt8]
    private var index = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    static func refusal(_ what: String) -> PatioError { PatioError.undecodable("a sync page \(what)") }

    private mutating func space() {
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 { index += 1 }
    }

    private mutating func expect(_ byte: UInt8) throws {
        space()
        guard index < bytes.count, bytes[index] == byte else { throw Self.refusal("is not well-formed JSON") }
        index += 1
    }

    private mutating func peek() throws -> UInt8 {
        space()
        guard index < bytes.count else { throw Self.refusal("ends early") }
        return bytes[index]
    }

    /// Calls `field` with each key of an object, positioned at its value; `field` must consume the value.
    mutating func object(_ field: (String, inout JSONScanner) throws -> Void) throws {
        try expect(UInt8(ascii: "{"))
        if try peek() == UInt8(ascii: "}") { index += 1; return }
        while true {
            let key = try string()
            try expect(UInt8(ascii: ":"))
            try field(key, &self)
            if try peek() == UInt8(ascii: ",") { index += 1; continue }
            try expect(UInt8(ascii: "}"))
            return
        }
    }

    /// Calls `item` with each element of an array; `item` must consume it.
    mutating func array(_ item: (inout JSONScanner) throws -> Void) throws {
        try expect(UInt8(ascii: "["))
        if try peek() == UInt8(ascii: "]") { index += 1; return }
        while true {
            try item(&self)
            if try peek() == UInt8(ascii: ",") { index += 1; continue }
            try expect(UInt8(ascii: "]"))
            return
        }
    }

    /// A string value, its escapes decoded.
    mutating func string() throws -> String {
        let start = try stringEnd()
        let quoted = bytes[start..<index]
        guard quoted.contains(UInt8(ascii: "\\")) else { return String(decoding: quoted.dropFirst().dropLast(), as: UTF8.self) }
        guard let text = try? JSONDecoder().decode(String.self, from: Data(quoted)) else { throw Self.refusal("has a malformed string") }
        return text
    }

    /// Moves past a string, returning where it began (at its opening quote).
    private mutating func stringEnd() throws -> Int {
        try expect(UInt8(ascii: "\""))
        let start = index - 1
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                index += 1
                return start
            case UInt8(ascii: "\\"): index += 2
            case 0..<0x20: throw Self.refusal("has a control character in a string")
            default: index += 1
            }
        }
        throw Self.refusal("ends inside a string")
    }

    /// A whole number that fits an `Int`.
    mutating func integer() throws -> Int {
        space()
        let start = index
        while index < bytes.count, bytes[index] == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
        guard let value = Int(String(decoding: bytes[start..<index], as: UTF8.self)) else {
            throw Self.refusal("has a version that is not a whole number")
        }
        return value
    }

    mutating func bool() throws -> Bool {
        if try literal("true") { return true }
        if try literal("false") { return false }
        throw Self.refusal("has a flag that is not true or false")
    }

    private mutating func literal(_ word: String) throws -> Bool {
        space()
        let letters = Array(word.utf8)
        guard index + letters.count <= bytes.count, Array(bytes[index..<index + letters.count]) == letters else { return false }
        index += letters.count
        return true
    }

    /// An object value as its JSON text, exactly as written.
    mutating func objectText() throws -> String {
        guard try peek() == UInt8(ascii: "{") else { throw Self.refusal("has a row whose data is not an object") }
        let start = index
        try skip()
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    /// Moves past any value, checking it is well-formed.
    mutating func skip(depth: Int = 0) throws {
        guard depth < 64 else { throw Self.refusal("nests too deeply") }
        switch try peek() {
        case UInt8(ascii: "{"): try object { _, scanner in try scanner.skip(depth: depth + 1) }
        case UInt8(ascii: "["): try array { scanner in try scanner.skip(depth: depth + 1) }
        case UInt8(ascii: "\""): _ = try stringEnd()
        case UInt8(ascii: "t"), UInt8(ascii: "f"): _ = try bool()
        case UInt8(ascii: "n"): guard try literal("null") else { throw Self.refusal("is not well-formed JSON") }
        default:
            let start = index
            while index < bytes.count, "+-.eE0123456789".utf8.contains(bytes[index]) { index += 1 }
            guard index > start, Double(String(decoding: bytes[start..<index], as: UTF8.self)) != nil else {
                throw Self.refusal("is not well-formed JSON")
            }
        }
    }

    /// Checks nothing but white space follows.
    mutating func end() throws {
        space()
        guard index == bytes.count else { throw Self.refusal("has something after its end") }
    }
}
