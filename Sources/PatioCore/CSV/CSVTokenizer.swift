import Foundation

/// One problem with the file: the line it is on (1-based, the header is line 1), the column when it is about one
/// field (its CSV header name), a stable code the pages translate, and a plain-English message.
public struct CSVLineError: Error, Equatable, Sendable, CustomStringConvertible {
    public var line: Int
    public var column: String?
    public var code: String
    public var message: String

    public init(line: Int, column: String?, code: String, message: String) {
        self.line = line
        self.column = column
        self.code = code
        self.message = message
    }

    public var description: String { "line \(line)\(column.map { ", \($0)" } ?? ""): [\(code)] \(message)" }
}

/// Splits CSV (RFC 4180: comma separated, double-quote quoting with `""` escapes, CRLF, LF or CR line ends,
/// optional UTF-8 BOM) into rows; every module that imports spreadsheets reads through it. It splits only at
/// ASCII bytes (comma, quote, CR, LF), so every field of valid UTF-8 input is valid UTF-8.
public struct CSVTokenizer: Sendable {
    public struct Row: Sendable {
        public var line: Int
        public var fields: [String]
        public var failure: CSVLineError?
    }

    private let bytes: [UInt8]
    private var index = 0
    private var line = 0
    private var finished = false

    public static let comma = UInt8(ascii: ","), quote = UInt8(ascii: "\""), cr = UInt8(ascii: "\r"), lf = UInt8(ascii: "\n")
    public static let space = UInt8(ascii: " "), tab = UInt8(ascii: "\t")

    public init(bytes: [UInt8]) {
        self.bytes = bytes
        // A UTF-8 byte order mark is not part of the header's first name.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    }

    /// The next row, or nil at the end. A row with an unterminated quote has no fields and ends the file.
    public mutating func next() -> Row? {
        guard !finished, index < bytes.count else { return nil }
        line += 1
        var row = Row(line: line, fields: [])
        while true {
            let (field, failure) = readField()
            row.fields.append(field)
            if let failure {
                if failure.code == CSVTokenizer.unterminatedQuote {
                    finished = true
                    return Row(line: row.line, fields: [], failure: failure)
                }
                if row.failure == nil { row.failure = failure }
            }
            guard index < bytes.count else { return row }
            let byte = bytes[index]
            index += 1
            if byte == Self.comma { continue }
            // A line end: CRLF, LF or a lone CR.
            if byte == Self.cr, index < bytes.count, bytes[index] == Self.lf { index += 1 }
            return row
        }
    }

    /// Reads one field, leaving `index` on the comma or line end after it (or at the end of the bytes).
    private mutating func readField() -> (String, CSVLineError?) {
        var start = index
        while start < bytes.count, bytes[start] == Self.space || bytes[start] == Self.tab { start += 1 }
        if start < bytes.count, bytes[start] == Self.quote {
            index = start + 1
            return readQuoted()
        }
        var end = index
        while end < bytes.count, bytes[end] != Self.comma, bytes[end] != Self.cr, bytes[end] != Self.lf { end += 1 }
        let field = trimmed(index, end)
        index = end
        return (field, nil)
    }

    private mutating func readQuoted() -> (String, CSVLineError?) {
        let opened = line
        var value: [UInt8] = []
        while true {
            guard index < bytes.count else {
                return (
                    "",
                    CSVLineError(
                        line: opened, column: nil, code: CSVTokenizer.unterminatedQuote,
                        message:
                            """
                            A double quote opened on this line is never closed, so the rest of the file would be one value. Close the quote, or \
                            write a quote inside a value as two (\"\").
                            """
                    )
                )
            }
            let byte = bytes[index]
            index += 1
            if byte == Self.quote {
                if index < bytes.count, bytes[index] == Self.quote {
                    value.append(Self.quote)
                    index += 1
                    continue
                }
                break
            }
            value.append(byte)
        }
        // After the closing quote only spaces may come before the comma or line end.
        var end = index
        while end < bytes.count, bytes[end] == Self.space || bytes[end] == Self.tab { end += 1 }
        guard end < bytes.count, bytes[end] != Self.comma, bytes[end] != Self.cr, bytes[end] != Self.lf else {
            index = end
            return (String(decoding: value, as: UTF8.self), nil)
        }
        // Keep reading to the next comma so the following fields and rows line up again.
        while end < bytes.count, bytes[end] != Self.comma, bytes[end] != Self.cr, bytes[end] != Self.lf { end += 1 }
        let rest = trimmed(index, end)
        index = end
        let failure = CSVLineError(
            line: line, column: nil, code: CSVTokenizer.quoteFormat,
            message:
                """
                A quoted value is followed by '\(CSVTokenizer.clip(rest))' before the next comma. Put the whole value in quotes, and write a \
                quote inside it as two (\"\").
                """
        )
        return (String(decoding: value, as: UTF8.self) + rest, failure)
    }

    private func trimmed(_ from: Int, _ to: Int) -> String {
        var start = from, end = to
        while start < end, bytes[start] == Self.space || bytes[start] == Self.tab { start += 1 }
        while end > start, bytes[end - 1] == Self.space || bytes[end - 1] == Self.tab { end -= 1 }
        return start < end ? String(decoding: bytes[start..<end], as: UTF8.self) : ""
    }

    /// The row (as `next()` numbers them) that byte `offset` falls in.
    public static func lineNumber(of offset: Int, in bytes: [UInt8]) -> Int {
        var tokenizer = CSVTokenizer(bytes: Array(bytes.prefix(max(0, offset))))
        var line = 1
        while let row = tokenizer.next() { line = row.line }
        // The offset starts a new row when the bytes before it end with a line end.
        if let last = bytes.prefix(max(0, offset)).last, last == lf || last == cr, !tokenizer.finished { line += 1 }
        return line
    }

    /// Stable codes of the two problems the tokenizer itself finds.
    public static let unterminatedQuote = "unterminated_quote"
    public static let quoteFormat = "quote_format"

    /// A value quoted back in a message, cut so one bad line cannot flood the report.
    public static func clip(_ value: String) -> String {
        let flat = value.replacingOccurrences(of: "\r", with: " ").replacingOccurrences(of: "\n", with: " ")
        return flat.count > 40 ? String(flat.prefix(40)) + "…" : flat
    }

    /// The offset of the first byte that is not part of valid UTF-8, or nil.
    public static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var offset = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): offset += UTF8.width(scalar)
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }
}
