/// Writes CSV as spreadsheets open it safely, for every module's exports: RFC 4180 (CRLF line ends, a field
/// quoted when it holds a comma, a quote, a line break or leading or trailing blanks, quotes doubled), and a
/// text that would start a formula (`=`, `+`, `-`, `@`, a tab or a carriage return first, and not a number)
/// gets a leading `'`, so a spreadsheet shows it instead of running it.
public enum CSVWriter {
    /// One field, guarded and quoted as needed.
    public static func field(_ text: String) -> String {
        // Bytes, not Characters: "\r\n" is one Character, so a lone "\n" would not be found among them.
        var value = text
        typealias Byte = CSVTokenizer
        if let first = value.utf8.first, formulaStarts.contains(first), Double(value) == nil { value = "'" + value }
        let needsQuotes =
            value.utf8.contains { $0 == Byte.comma || $0 == Byte.quote || $0 == Byte.cr || $0 == Byte.lf }
            || value.utf8.first.map { $0 == Byte.space || $0 == Byte.tab } == true
            || value.utf8.last.map { $0 == Byte.space || $0 == Byte.tab } == true
        return needsQuotes ? "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : value
    }

    private static let formulaStarts = Set("=+-@\t\r".utf8)

    /// A whole document: the header line, then one line per row, each ending in CRLF.
    public static func document(header: [String], rows: [[String]]) -> String {
        ([header] + rows).map { $0.map(field).joined(separator: ",") + "\r\n" }.joined()
    }
}
