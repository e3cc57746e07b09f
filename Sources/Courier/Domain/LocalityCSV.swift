import Foundation
import PatioCore

/// Reads and writes the pickup network as CSV (RFC 4180: comma separated, double-quote quoting with `""` escapes,
/// CRLF or LF line ends, optional UTF-8 BOM, header row required).
///
/// Import is all or nothing: `parse` answers every record, or every problem it found (up to `maxErrors`), each with
/// the line it is on. Lines are the file's rows as a spreadsheet numbers them: the header is line 1, the first
/// locality line 2, and a row whose quoted text spans several lines still counts as one. Rows with nothing in them
/// (a blank line, or only commas) are skipped but keep their number. Fields that are not quoted are trimmed of
/// surrounding spaces and tabs; quoted fields are kept exactly.
///
/// The parser reads UTF-8 bytes with every index checked, so no input — random bytes, a cut-off file, another
/// separator — can make it trap; the worst it answers is a list of errors.
enum LocalityCSV {
    typealias LineError = CSVLineError
    typealias Tokenizer = CSVTokenizer

    /// Why a file was refused: its errors in line order, and whether there were more than `maxErrors` (reading
    /// stopped at the limit, so the rest of the file was not checked).
    struct ImportErrors: Error, Equatable, Sendable {
        var errors: [LineError]
        var truncated: Bool = false
    }

    /// Error codes, stable: the pages translate by these.
    enum Code {
        static let empty = "empty"
        static let encoding = "encoding"
        static let headerMismatch = "header_mismatch"
        static let unterminatedQuote = CSVTokenizer.unterminatedQuote
        static let quoteFormat = CSVTokenizer.quoteFormat
        static let tooManyRows = "too_many_rows"
        static let columnCount = "column_count"
        static let idFormat = "id_format"
        static let duplicateID = "duplicate_id"
        static let required = "required"
        static let tooLong = "too_long"
        static let formula = "formula"
        static let postalCodeFormat = "postal_code_format"
        static let diallingCodeFormat = "dialling_code_format"
        static let boolean = "boolean"
        static let integer = "integer"
        static let hoursRange = "hours_range"
        static let priceRange = "price_range"
        static let status = "status"
        static let timeZone = "time_zone"
    }

    static let maxRows = 50_000
    static let maxErrors = 100
    static let maxTextLength = 120
    static let maxPrice = 10_000_000

    // MARK: Parsing

    /// Every record, or every error found (a file with errors is refused whole).
    static func parse(_ text: String) -> Result<[LocalityRecord], ImportErrors> {
        parse(utf8: Array(text.utf8))
    }

    /// Like `parse(_:)` for an upload's bytes: bytes that are not UTF-8 (a spreadsheet's "CSV" saved as Windows-1252,
    /// say, where `Bogotá` would become `Bogot�`) are refused with `encoding` instead of being imported garbled.
    static func parse(data: some Collection<UInt8>) -> Result<[LocalityRecord], ImportErrors> {
        let bytes = Array(data)
        if let bad = CSVTokenizer.firstInvalidUTF8(bytes) {
            let line = Tokenizer.lineNumber(of: bad, in: bytes)
            return .failure(
                ImportErrors(errors: [
                    LineError(
                        line: line, column: nil, code: Code.encoding,
                        message:
                            """
                            The file is not UTF-8 text (the first bad byte is on line \(line)). Save it from the spreadsheet as \"CSV UTF-8\" \
                            and import it again.
                            """
                    )
                ]))
        }
        return parse(utf8: bytes)
    }

    private static func parse(utf8 input: [UInt8]) -> Result<[LocalityRecord], ImportErrors> {
        var report = Report()
        var tokenizer = Tokenizer(bytes: input)
        guard let header = tokenizer.next() else {
            report.add(
                LineError(line: 1, column: nil, code: Code.empty, message: "The file is empty: it needs the header row and at least one locality."))
            return report.result([])
        }
        if let problem = headerProblem(header) {
            // Without the right header no column can be trusted; the rows are not read.
            report.add(problem)
            return report.result([])
        }
        var records: [LocalityRecord] = []
        var firstLine: [String: Int] = [:]
        var zones = ZoneCache()
        var rows = 0
        while !report.full, let row = tokenizer.next() {
            if let failure = row.failure {
                report.add(failure)
                if row.fields.isEmpty { break }  // an unterminated quote ate the rest of the file
                continue
            }
            if row.fields.allSatisfy(\.isEmpty) { continue }
            rows += 1
            if rows > maxRows {
                report.add(
                    LineError(
                        line: row.line, column: nil, code: Code.tooManyRows,
                        message: "The file has more than 50,000 localities; split it into smaller files."))
                break
            }
            var reader = RowReader(fields: row.fields, line: row.line)
            if let record = reader.record(zones: &zones) {
                if !reader.errors.contains(where: { $0.column == Column.id.name }) {
                    if let earlier = firstLine[record.id] {
                        reader.fail(.id, Code.duplicateID, "The id \(record.id) is already on line \(earlier); each locality can appear once.")
                    } else {
                        firstLine[record.id] = row.line
                    }
                }
                if reader.errors.isEmpty { records.append(record) }
            }
            for error in reader.errors { report.add(error) }
        }
        if rows == 0 && report.errors.isEmpty {
            report.add(LineError(line: 1, column: nil, code: Code.empty, message: "The file has only the header row; add at least one locality."))
        }
        return report.result(records)
    }

    private static func headerProblem(_ header: Tokenizer.Row) -> LineError? {
        if let failure = header.failure { return failure }
        let expected = LocalityRecord.csvColumns
        let found = header.fields.map { $0.lowercased() }
        guard found != expected else { return nil }
        let line = header.line
        if found.count == 1, let only = found.first, let separator = [";", "\t", "|"].first(where: { only.contains($0) }) {
            let name = separator == "\t" ? "tabs" : "'\(separator)'"
            return LineError(
                line: line, column: nil, code: Code.headerMismatch,
                message: "The columns are separated by \(name), not commas. Save the file as \"CSV UTF-8 (comma delimited)\" and import it again.")
        }
        for (index, name) in expected.enumerated() {
            guard index < found.count else {
                return LineError(
                    line: line, column: name, code: Code.headerMismatch,
                    message:
                        "The header has \(found.count) columns; it needs all \(expected.count), in this order: \(expected.joined(separator: ",")).")
            }
            if found[index] != name {
                return LineError(
                    line: line, column: name, code: Code.headerMismatch,
                    message:
                        """
                        Column \(index + 1) of the header is '\(clip(header.fields[index]))' where '\(name)' was expected. The header must be: \
                        \(expected.joined(separator: ",")).
                        """
                )
            }
        }
        return LineError(
            line: line, column: nil, code: Code.headerMismatch,
            message: "The header has \(found.count) columns; it needs exactly \(expected.count): \(expected.joined(separator: ",")).")
    }

    /// Errors so far, and whether the limit was reached.
    private struct Report {
        var errors: [LineError] = []
        var truncated = false
        var full: Bool { truncated }

        mutating func add(_ error: LineError) {
            guard !truncated else { return }
            if errors.count >= LocalityCSV.maxErrors { truncated = true } else { errors.append(error) }
        }

        func result(_ records: [LocalityRecord]) -> Result<[LocalityRecord], ImportErrors> {
            errors.isEmpty ? .success(records) : .failure(ImportErrors(errors: errors, truncated: truncated))
        }
    }

    /// `TimeZoneName.isIANA` looks through every known zone; a file names the same one on every row.
    private struct ZoneCache {
        var known: [String: Bool] = [:]
        mutating func isValid(_ name: String) -> Bool {
            if let answer = known[name] { return answer }
            let answer = TimeZoneName.isIANA(name)
            known[name] = answer
            return answer
        }
    }

    // MARK: Rows to records

    /// The columns by position; `columnNamesMatch` in the tests keeps this in step with `LocalityRecord.csvColumns`.
    enum Column: Int, CaseIterable {
        case id, typeId, typeName, name, shortName, fullName, abbreviation
        case ancestor1Id, ancestor1Name, ancestor2Id, ancestor2Name, ancestor3Id, ancestor3Name
        case postalCode, diallingCode, zone, assignedToZone, assignedToZoneOrig, available
        case serviceCentreId, status, pickupAllowed, pickupHourMin, pickupHourMax, pickupPrice
        case geoReferenced, preShipmentPoints, deliveryLabel, timeZone

        var name: String {
            LocalityRecord.csvColumns.indices.contains(rawValue) ? LocalityRecord.csvColumns[rawValue] : "column \(rawValue + 1)"
        }
    }

    /// Reads one row's fields into a record, noting each field's problem.
    private struct RowReader {
        let fields: [String]
        let line: Int
        var errors: [LineError] = []

        mutating func fail(_ column: Column?, _ code: String, _ message: String) {
            errors.append(LineError(line: line, column: column?.name, code: code, message: message))
        }

        func raw(_ column: Column) -> String {
            fields.indices.contains(column.rawValue) ? fields[column.rawValue] : ""
        }

        /// Text: at most `maxTextLength` characters, not starting like a spreadsheet formula, present when required.
        mutating func text(_ column: Column, required: Bool = false) -> String {
            let value = raw(column)
            if value.isEmpty {
                if required { fail(column, Code.required, "\(column.name) is required.") }
                return value
            }
            if value.unicodeScalars.count > LocalityCSV.maxTextLength && value.count > LocalityCSV.maxTextLength {
                fail(column, Code.tooLong, "\(column.name) is \(value.count) characters long; the most is \(LocalityCSV.maxTextLength).")
            } else if let first = value.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first) {
                fail(
                    column, Code.formula,
                    """
                    \(column.name) starts with '\(first == "\t" ? "\\t" : first == "\r" ? "\\r" : String(first))', which spreadsheets run as a \
                    formula; remove it.
                    """
                )
            }
            return value
        }

        /// ASCII digits only, `lengths` long (an empty value passes when `optional`).
        mutating func digits(_ column: Column, _ lengths: ClosedRange<Int>, optional: Bool, code: String, what: String) -> String {
            let value = raw(column)
            if value.isEmpty && optional { return value }
            let utf8 = value.utf8
            if !lengths.contains(utf8.count) || !utf8.allSatisfy({ (0x30...0x39).contains($0) }) {
                fail(column, code, "\(column.name) must be \(what) (found '\(clip(value))').")
            }
            return value
        }

        mutating func bool(_ column: Column) -> Bool {
            switch raw(column).lowercased() {
            case "true", "1": return true
            case "false", "0": return false
            default:
                fail(column, Code.boolean, "\(column.name) must be true or false (found '\(clip(raw(column)))').")
                return false
            }
        }

        /// A whole number: an optional minus and up to 18 ASCII digits (so it always fits an Int).
        mutating func integer(_ column: Column) -> Int? {
            let value = raw(column)
            if let number = LocalityCSV.integer(value) { return number }
            fail(column, Code.integer, "\(column.name) must be a whole number (found '\(clip(value))').")
            return nil
        }

        mutating func record(zones: inout ZoneCache) -> LocalityRecord? {
            guard fields.count == LocalityRecord.csvColumns.count, fields.count == Column.allCases.count else {
                fail(
                    nil, Code.columnCount,
                    """
                    This line has \(fields.count) column\(fields.count == 1 ? "" : "s"); every line needs \(LocalityRecord.csvColumns.count). A \
                    comma inside a value needs the value in double quotes.
                    """
                )
                return nil
            }
            let id = digits(
                .id, 8...8, optional: false, code: Code.idFormat,
                what: "eight digits: the DANE municipality code and the populated centre, such as 11001000")
            let typeId = text(.typeId, required: true)
            let typeName = text(.typeName, required: true)
            let name = text(.name, required: true)
            let shortName = text(.shortName, required: true)
            let fullName = text(.fullName, required: true)
            let abbreviation = text(.abbreviation, required: true)
            let ancestors = [Column.ancestor1Id, .ancestor1Name, .ancestor2Id, .ancestor2Name, .ancestor3Id, .ancestor3Name].map { text($0) }
            let postalCode = digits(.postalCode, 6...6, optional: true, code: Code.postalCodeFormat, what: "six digits, such as 110111")
            let diallingCode = digits(.diallingCode, 1...4, optional: true, code: Code.diallingCodeFormat, what: "one to four digits, such as 601")
            let zone = text(.zone)
            let assignedToZone = bool(.assignedToZone)
            let assignedToZoneOrig = bool(.assignedToZoneOrig)
            let available = bool(.available)
            var serviceCentreId = integer(.serviceCentreId) ?? 0
            if serviceCentreId < 0 {
                fail(.serviceCentreId, Code.integer, "service_centre_id must be 0 or more (found \(serviceCentreId)).")
                serviceCentreId = 0
            }
            let statusText = raw(.status)
            let status = statusText == "1" ? 1 : 0
            if statusText != "0" && statusText != "1" {
                fail(.status, Code.status, "status must be 1 (active) or 0 (inactive) (found '\(clip(statusText))').")
            }
            let pickupAllowed = bool(.pickupAllowed)
            let hourMin = integer(.pickupHourMin)
            let hourMax = integer(.pickupHourMax)
            if let hourMin, let hourMax {
                if !(0...23).contains(hourMin) {
                    fail(.pickupHourMin, Code.hoursRange, "pickup_hour_min must be an hour from 0 to 23 (found \(hourMin)).")
                } else if !(1...24).contains(hourMax) {
                    fail(.pickupHourMax, Code.hoursRange, "pickup_hour_max must be an hour from 1 to 24 (found \(hourMax)).")
                } else if hourMin >= hourMax {
                    fail(.pickupHourMax, Code.hoursRange, "pickup_hour_max (\(hourMax)) must be later than pickup_hour_min (\(hourMin)).")
                }
            }
            var price = 0
            if let pesos = integer(.pickupPrice) {
                if (0...LocalityCSV.maxPrice).contains(pesos) {
                    price = pesos
                } else {
                    fail(.pickupPrice, Code.priceRange, "pickup_price must be whole pesos from 0 to 10,000,000 (found \(pesos)).")
                }
            }
            let geoReferenced = bool(.geoReferenced)
            let preShipmentPoints = bool(.preShipmentPoints)
            let deliveryLabel = bool(.deliveryLabel)
            let timeZone = text(.timeZone, required: true)
            if !timeZone.isEmpty, timeZone.count <= LocalityCSV.maxTextLength, !zones.isValid(timeZone) {
                fail(.timeZone, Code.timeZone, "time_zone must be an IANA time zone such as America/Bogota (found '\(clip(timeZone))').")
            }
            return LocalityRecord(
                id: id, typeId: typeId, typeName: typeName, name: name, shortName: shortName, fullName: fullName, abbreviation: abbreviation,
                ancestor1Id: ancestors[0], ancestor1Name: ancestors[1], ancestor2Id: ancestors[2], ancestor2Name: ancestors[3],
                ancestor3Id: ancestors[4], ancestor3Name: ancestors[5], postalCode: postalCode, diallingCode: diallingCode, zone: zone,
                assignedToZone: assignedToZone, assignedToZoneOrig: assignedToZoneOrig, available: available, serviceCentreId: serviceCentreId,
                status: status, pickupAllowed: pickupAllowed, pickupHourMin: hourMin ?? 0, pickupHourMax: hourMax ?? 0, pickupPrice: price,
                geoReferenced: geoReferenced, preShipmentPoints: preShipmentPoints, deliveryLabel: deliveryLabel, timeZone: timeZone)
        }
    }

    /// An optional `-` and 1…18 ASCII digits; anything else (`+5`, `5.0`, `1e3`, `٣`) is not a whole number here.
    static func integer(_ text: String) -> Int? {
        var utf8 = Substring(text).utf8
        let negative = utf8.first == UInt8(ascii: "-")
        if negative { utf8 = utf8.dropFirst() }
        guard (1...18).contains(utf8.count) else { return nil }
        var value = 0
        for byte in utf8 {
            guard (0x30...0x39).contains(byte) else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        return negative ? -value : value
    }

    /// A value as it may appear in a message: at most 40 characters, with line breaks shown as spaces.
    static func clip(_ value: String) -> String { CSVTokenizer.clip(value) }

    // MARK: Rendering

    /// Header and one row per record, CRLF line ends; a value is quoted only when it has to be (a comma, quote or
    /// line break in it, or spaces at either end). What `render` writes, `parse` reads back as the same records.
    static func render(_ records: [LocalityRecord]) -> String {
        CSVWriter.document(header: LocalityRecord.csvColumns, rows: records.map { record in Column.allCases.map { value(record, $0) } })
    }

    static func value(_ record: LocalityRecord, _ column: Column) -> String {
        switch column {
        case .id: record.id
        case .typeId: record.typeId
        case .typeName: record.typeName
        case .name: record.name
        case .shortName: record.shortName
        case .fullName: record.fullName
        case .abbreviation: record.abbreviation
        case .ancestor1Id: record.ancestor1Id
        case .ancestor1Name: record.ancestor1Name
        case .ancestor2Id: record.ancestor2Id
        case .ancestor2Name: record.ancestor2Name
        case .ancestor3Id: record.ancestor3Id
        case .ancestor3Name: record.ancestor3Name
        case .postalCode: record.postalCode
        case .diallingCode: record.diallingCode
        case .zone: record.zone
        case .assignedToZone: String(record.assignedToZone)
        case .assignedToZoneOrig: String(record.assignedToZoneOrig)
        case .available: String(record.available)
        case .serviceCentreId: String(record.serviceCentreId)
        case .status: String(record.status)
        case .pickupAllowed: String(record.pickupAllowed)
        case .pickupHourMin: String(record.pickupHourMin)
        case .pickupHourMax: String(record.pickupHourMax)
        case .pickupPrice: String(record.pickupPrice)
        case .geoReferenced: String(record.geoReferenced)
        case .preShipmentPoints: String(record.preShipmentPoints)
        case .deliveryLabel: String(record.deliveryLabel)
        case .timeZone: record.timeZone
        }
    }
}
