import PatioCore
import Testing

@Suite("CSV exports: what every module's download writes")
struct CSVWriterTests {
    @Test("text a spreadsheet would run as a formula is shown as text; numbers, even negative, stay numbers")
    func formulas() {
        #expect(CSVWriter.field("=HYPERLINK(\"http://evil\")") == "\"'=HYPERLINK(\"\"http://evil\"\")\"")
        #expect(CSVWriter.field("@SUM(A1)") == "'@SUM(A1)")
        #expect(CSVWriter.field("+57 300") == "'+57 300")
        #expect(CSVWriter.field("-74.0817") == "-74.0817")
        #expect(CSVWriter.field("\tcmd") == "'\tcmd")
        #expect(CSVWriter.field("Medellín") == "Medellín")
        // A line break alone, or a CR LF pair (one Character in Swift), is quoted either way.
        #expect(CSVWriter.field("a\nb") == "\"a\nb\"" && CSVWriter.field("a\r\nb") == "\"a\r\nb\"" && CSVWriter.field("\r\nx") == "\"'\r\nx\"")
    }

    @Test("whatever is written, the tokenizer that reads imports reads back field for field (formula text with its guard)")
    func roundTrip() {
        let alphabet: [Character] = ["a", "Z", "ñ", " ", ",", "\"", "\r", "\n", "\t", "=", "-", "@", "1", "."]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            let rows = (0..<Int.random(in: 1...4, using: &generator)).map { _ in
                (0..<3).map { _ in String((0..<Int.random(in: 0...8, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }) }
            }
            let text = CSVWriter.document(header: ["a", "b", "c"], rows: rows)
            var tokenizer = CSVTokenizer(bytes: Array(text.utf8))
            var read: [[String]] = []
            while let row = tokenizer.next() {
                #expect(row.failure == nil, "\(text.debugDescription)")
                read.append(row.fields)
            }
            let expected =
                [["a", "b", "c"]]
                + rows.map {
                    $0.map { field in
                        guard let first = field.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first), Double(field) == nil else {
                            return field
                        }
                        return "'" + field
                    }
                }
            #expect(read == expected, "\(text.debugDescription)")
        }
    }
}
