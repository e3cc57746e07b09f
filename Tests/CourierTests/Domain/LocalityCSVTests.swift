import Foundation
import PatioTestSupport
import Testing
@testable import Courier

/// The demo pickup network as shipped (read from the source tree, the same bytes the Courier bundle copies).
private let demoCSV: String = {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/Courier/Demo/Network/localities.csv")
    return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
}()

/// A valid record to vary: Bogotá as the demo file has it.
private let bogota = LocalityRecord(
    id: "11001000", typeId: "3", typeName: "MUNICIPIO", name: "Bogotá D.C.", shortName: "BOGOTA", fullName: "BOGOTA\\CUNDINAMARCA\\COL",
    abbreviation: "BOG", ancestor1Id: "11", ancestor1Name: "BOGOTA D.C.", ancestor2Id: "057", ancestor2Name: "COLOMBIA", ancestor3Id: "",
    ancestor3Name: "", postalCode: "110111", diallingCode: "601", zone: "ZONA CENTRO", assignedToZone: true, assignedToZoneOrig: true,
    available: true, serviceCentreId: 1001, status: 1, pickupAllowed: true, pickupHourMin: 7, pickupHourMax: 18, pickupPrice: 4500,
    geoReferenced: true, preShipmentPoints: true, deliveryLabel: true, timeZone: "America/Bogota")

private let header = LocalityRecord.csvColumns.joined(separator: ",")

/// `record` as a CSV line with `column` set to `value` (written as given, so it may need its own quotes).
private func line(_ record: LocalityRecord = bogota, setting column: String? = nil, to value: String = "") -> String {
    LocalityCSV.Column.allCases.map { column == $0.name ? value : LocalityCSV.value(record, $0) }.joined(separator: ",")
}

private func record(id: String, name: String) -> LocalityRecord {
    var record = bogota
    record.id = id
    record.name = name
    return record
}

private func errors(_ text: String) -> [LocalityCSV.LineError] {
    switch LocalityCSV.parse(text) {
    case .success: return []
    case .failure(let failure): return failure.errors
    }
}

/// (line, column, code) of each error, for comparing without the wording.
private func problems(_ text: String) -> [String] {
    errors(text).map { "\($0.line) \($0.column ?? "-") \($0.code)" }
}

@Suite("Locality CSV: the demo pickup network")
struct LocalityCSVDemoTests {
    /// DIVIPOLA codes of the 32 department capitals (Bogotá D.C. is Cundinamarca's).
    static let capitals = [
        "91001",  // Leticia, Amazonas
        "05001",  // Medellín, Antioquia
        "81001",  // Arauca, Arauca
        "08001",  // Barranquilla, Atlántico
        "13001",  // Cartagena de Indias, Bolívar
        "15001",  // Tunja, Boyacá
        "17001",  // Manizales, Caldas
        "18001",  // Florencia, Caquetá
        "85001",  // Yopal, Casanare
        "19001",  // Popayán, Cauca
        "20001",  // Valledupar, Cesar
        "27001",  // Quibdó, Chocó
        "23001",  // Montería, Córdoba
        "11001",  // Bogotá D.C., Cundinamarca
        "94001",  // Inírida, Guainía
        "95001",  // San José del Guaviare, Guaviare
        "41001",  // Neiva, Huila
        "44001",  // Riohacha, La Guajira
        "47001",  // Santa Marta, Magdalena
        "50001",  // Villavicencio, Meta
        "52001",  // Pasto, Nariño
        "54001",  // Cúcuta, Norte de Santander
        "86001",  // Mocoa, Putumayo
        "63001",  // Armenia, Quindío
        "66001",  // Pereira, Risaralda
        "88001",  // San Andrés, San Andrés y Providencia
        "68001",  // Bucaramanga, Santander
        "70001",  // Sincelejo, Sucre
        "73001",  // Ibagué, Tolima
        "76001",  // Cali, Valle del Cauca
        "97001",  // Mitú, Vaupés
        "99001",  // Puerto Carreño, Vichada
    ]

    /// The national dialling code (60 + the old area digit) of every department, by DANE department code.
    static let diallingCodes = [
        "05": "604", "08": "605", "11": "601", "13": "605", "15": "608", "17": "606", "18": "608", "19": "602", "20": "605",
        "23": "604", "25": "601", "27": "604", "41": "608", "44": "605", "47": "605", "50": "608", "52": "602", "54": "607",
        "63": "606", "66": "606", "68": "607", "70": "605", "73": "608", "76": "602", "81": "607", "85": "608", "86": "608",
        "88": "608", "91": "608", "94": "608", "95": "608", "97": "608", "99": "608",
    ]

    func demo() throws -> [LocalityRecord] {
        try LocalityCSV.parse(demoCSV).get()
    }

    @Test("the demo file parses: Bogotá D.C. and every department capital, with their DANE ids")
    func capitalsPresent() throws {
        let records = try demo()
        #expect(records.count >= 33)
        #expect(Set(records.map(\.id)).count == records.count)
        let bogota = try #require(records.first { $0.id == "11001000" })
        #expect(bogota.name == "Bogotá D.C." && bogota.postalCode == "110111" && bogota.diallingCode == "601" && bogota.abbreviation == "BOG")
        #expect(Self.capitals.count == 32 && Set(Self.capitals).count == 32)
        let ids = Set(records.map(\.id))
        for capital in Self.capitals {
            #expect(ids.contains(capital + "000"), "department capital \(capital) is missing")
        }
    }

    @Test("every demo locality has its department's dialling code, a postal code in its department and the conventions")
    func conventions() throws {
        for record in try demo() {
            let department = String(record.id.prefix(2))
            #expect(record.ancestor1Id == department, "\(record.name)")
            #expect(record.diallingCode == Self.diallingCodes[department], "\(record.name) dials \(record.diallingCode)")
            #expect(record.postalCode.hasPrefix(department), "\(record.name) has postal code \(record.postalCode)")
            #expect(record.id.hasSuffix("000") && record.typeId == "3" && record.typeName == "MUNICIPIO")
            #expect(record.ancestor2Id == "057" && record.ancestor2Name == "COLOMBIA" && record.ancestor3Id.isEmpty)
            #expect(record.fullName.hasSuffix("\\COL") && record.fullName.hasPrefix(record.shortName + "\\"))
            #expect(record.shortName == record.shortName.uppercased() && record.shortName.unicodeScalars.allSatisfy(\.isASCII))
            #expect(record.abbreviation.count == 3 && record.timeZone == "America/Bogota" && record.status == 1)
            #expect(record.pickupHourMin < record.pickupHourMax && (4_500...9_000).contains(record.pickupPrice))
        }
    }

    @Test("some demo localities do not allow pickup, so the filter has something to hide")
    func somePickupRefused() throws {
        let records = try demo()
        #expect(records.contains { !$0.pickupAllowed })
        #expect(records.filter(\.pickupAllowed).count >= 33)
        #expect(records.contains { $0.pickupHourMin == 8 && $0.pickupHourMax == 12 })
    }
}

@Suite("Locality CSV: reading and writing")
struct LocalityCSVTests {
    @Test("the codec's columns are LocalityRecord.csvColumns, in order")
    func columnNamesMatch() {
        #expect(LocalityCSV.Column.allCases.map(\.name) == LocalityRecord.csvColumns)
        #expect(LocalityRecord.csvColumns.count == 29)
    }

    @Test("render then parse gives back the same records, whatever their names hold")
    func roundTrip() throws {
        var tricky = [
            record(id: "05001000", name: "Medellín"),
            record(id: "05002000", name: "Bogotá, D.C."),
            record(id: "05003000", name: "El \"Peñol\""),
            record(id: "05004000", name: "Línea uno\nLínea dos"),
            record(id: "05005000", name: "Windows\r\nline"),
            record(id: "05006000", name: "  spaces at both ends  "),
            record(id: "05007000", name: "\"\""),
            record(id: "05008000", name: "Zoë 🙂 ñandú, \"ok\"\r"),
        ]
        tricky[0].zone = ""
        tricky[0].postalCode = ""
        tricky[0].diallingCode = ""
        tricky[1].pickupAllowed = false
        tricky[1].status = 0
        tricky[2].ancestor3Name = "REGION, \"ANDINA\""
        tricky[3].pickupHourMin = 0
        tricky[3].pickupHourMax = 24
        tricky[4].pickupPrice = 10_000_000
        let text = LocalityCSV.render(tricky)
        #expect(try LocalityCSV.parse(text).get() == tricky)
        let demo = try LocalityCSV.parse(demoCSV).get()
        #expect(try LocalityCSV.parse(LocalityCSV.render(demo)).get() == demo)
    }

    @Test("render writes CRLF lines and quotes a value only when it has to")
    func renderShape() {
        let text = LocalityCSV.render([bogota, record(id: "05002000", name: "Bogotá, D.C.")])
        let lines = text.components(separatedBy: "\r\n")
        #expect(lines.count == 4 && lines[3].isEmpty)
        #expect(lines[0] == header)
        #expect(
            lines[1]
                == """
                11001000,3,MUNICIPIO,Bogotá D.C.,BOGOTA,BOGOTA\\CUNDINAMARCA\\COL,BOG,11,BOGOTA D.C.,057,COLOMBIA,,,110111,601,ZONA \
                CENTRO,true,true,true,1001,1,true,7,18,4500,true,true,true,America/Bogota
                """
        )
        #expect(lines[2].hasPrefix("05002000,3,MUNICIPIO,\"Bogotá, D.C.\",BOGOTA,"))
        #expect(LocalityCSV.render([]) == header + "\r\n")
    }

    @Test("LF or CRLF, a byte order mark, blank and comma-only rows, padded values and 1/0/TRUE booleans are all read")
    func lenientReading() throws {
        let padded = line(setting: "name", to: "  Bogotá D.C.\t").replacingOccurrences(of: ",true,", with: ",TRUE,")
        let text =
            "\u{FEFF}" + header + "\n\n" + padded + "\r\n" + String(repeating: ",", count: 28) + "\n"
            + line(record(id: "05001000", name: "Medellín"), setting: "available", to: "0") + "\r\n\r\n"
        let records = try LocalityCSV.parse(text).get()
        #expect(records.count == 2)
        #expect(records[0] == bogota)
        #expect(records[1].name == "Medellín" && records[1].available == false)
        #expect(try LocalityCSV.parse(header + "\n" + line(setting: "geo_referenced", to: "1")).get().first?.geoReferenced == true)
    }

    @Test(
        "a field with a problem is reported with its line, column and code",
        arguments: [
            ("id", "1100100", "id_format"), ("id", "11001000a", "id_format"), ("id", "١١٠٠١٠٠٠", "id_format"), ("id", "", "id_format"),
            ("name", "", "required"), ("short_name", "", "required"), ("full_name", "", "required"), ("abbreviation", "", "required"),
            ("type_id", "", "required"), ("type_name", "", "required"), ("time_zone", "", "required"),
            ("name", String(repeating: "a", count: 121), "too_long"), ("zone", String(repeating: "é", count: 121), "too_long"),
            ("name", "=HYPERLINK(\"x\")", "formula"), ("abbreviation", "@SUM", "formula"), ("zone", "+57", "formula"),
            ("postal_code", "11011", "postal_code_format"), ("postal_code", "11O111", "postal_code_format"),
            ("postal_code", "1101110", "postal_code_format"),
            ("dialling_code", "60101", "dialling_code_format"), ("dialling_code", "6-1", "dialling_code_format"),
            ("available", "yes", "boolean"), ("pickup_allowed", "", "boolean"), ("delivery_label", "2", "boolean"),
            ("service_centre_id", "12a", "integer"), ("service_centre_id", "-1", "integer"), ("pickup_price", "4500.50", "integer"),
            ("pickup_price", "99999999999999999999", "integer"), ("pickup_hour_min", "", "integer"), ("pickup_hour_max", "+18", "integer"),
            ("pickup_hour_min", "25", "hours_range"), ("pickup_hour_min", "-1", "hours_range"), ("pickup_hour_max", "25", "hours_range"),
            ("pickup_hour_max", "7", "hours_range"), ("pickup_hour_max", "6", "hours_range"),
            ("pickup_price", "-1", "price_range"), ("pickup_price", "10000001", "price_range"),
            ("status", "2", "status"), ("status", "active", "status"), ("status", "", "status"),
            ("time_zone", "Bogota", "time_zone"), ("time_zone", "EST", "time_zone"), ("time_zone", "GMT-5", "time_zone"),
        ])
    func fieldProblem(column: String, value: String, code: String) {
        let quoted = "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        let text = header + "\r\n" + line(record(id: "05001000", name: "Medellín")) + "\r\n" + line(setting: column, to: quoted) + "\r\n"
        let found = errors(text)
        #expect(found.map { "\($0.line) \($0.column ?? "-") \($0.code)" } == ["3 \(column) \(code)"])
        #expect(found.allSatisfy { !$0.message.isEmpty && !$0.message.contains("\n") })
    }

    @Test("a repeated id is refused on its second line, naming the first")
    func duplicateID() throws {
        let text = [header, line(), line(record(id: "05001000", name: "Medellín")), line(setting: "name", to: "Otra Bogotá")].joined(separator: "\n")
        let found = errors(text)
        #expect(found.map { "\($0.line) \($0.column ?? "-") \($0.code)" } == ["4 id duplicate_id"])
        #expect(found.first?.message.contains("line 2") == true)
    }

    @Test("rows with too few or too many columns are refused with column_count")
    func columnCount() {
        let text = [header, line(), "05001000,3,MUNICIPIO,Medellín", line(record(id: "05002000", name: "Abejorral")) + ",extra", "solo"].joined(
            separator: "\n")
        #expect(problems(text) == ["3 - column_count", "4 - column_count", "5 - column_count"])
        #expect(problems(header + "\n" + line(setting: "name", to: "Bogotá, D.C.")) == ["2 - column_count"])
    }

    @Test("the header must name every column in order; another separator is named in the message")
    func headerMismatch() throws {
        #expect(problems(header.replacingOccurrences(of: "short_name", with: "nombre_corto") + "\n" + line()) == ["1 short_name header_mismatch"])
        #expect(problems(LocalityRecord.csvColumns.dropLast().joined(separator: ",") + "\n" + line()) == ["1 time_zone header_mismatch"])
        #expect(problems(header + ",extra\n" + line()) == ["1 - header_mismatch"])
        #expect(problems(line() + "\n" + line()) == ["1 id header_mismatch"])
        #expect(try LocalityCSV.parse(header.uppercased() + "\n" + line()).get() == [bogota])
        let semicolons = errors(header.replacingOccurrences(of: ",", with: ";") + "\n" + line().replacingOccurrences(of: ",", with: ";"))
        #expect(semicolons.map(\.code) == ["header_mismatch"])
        #expect(semicolons.first?.message.contains("';'") == true)
    }

    @Test("a quote that is never closed is reported on the line it opened; stray text after a quote is refused")
    func quotes() throws {
        let unterminated = [
            header, line(), line(record(id: "05001000", name: "x"), setting: "name", to: "\"Medellín"),
            line(record(id: "05002000", name: "Abejorral")),
        ]
        .joined(separator: "\r\n")
        #expect(problems(unterminated) == ["3 - unterminated_quote"])
        #expect(problems(header + "\n\"" + line()) == ["2 - unterminated_quote"])
        #expect(
            problems(
                header + "\r\n" + line(setting: "name", to: "\"Bogotá\" D.C.") + "\r\n"
                    + line(record(id: "05001000", name: "Medellín"), setting: "status", to: "9"))
                == ["2 - quote_format", "3 status status"])
        // A quote inside an unquoted value is kept as written.
        #expect(try LocalityCSV.parse(header + "\n" + line(setting: "name", to: "Bogotá 5\" D.C.")).get().first?.name == "Bogotá 5\" D.C.")
    }

    @Test("an empty file, a file with only the header and a file of blank lines are refused with empty")
    func empty() {
        for text in ["", "\u{FEFF}", header, header + "\r\n", "\u{FEFF}" + header + "\n\n\n", header + "\n,,,,,,,,,,,,,,,,,,,,,,,,,,,,\n"] {
            #expect(problems(text) == ["1 - empty"], "\(text.debugDescription)")
        }
    }

    @Test("more than 50,000 localities are refused with too_many_rows on the first line over")
    func tooManyRows() {
        var text = header + "\n"
        text.reserveCapacity(50_002 * 160)
        let row = line().dropFirst(8)
        for number in 0...50_000 { text += String(10_000_000 + number) + row + "\n" }
        #expect(problems(text) == ["50002 - too_many_rows"])
        #expect(text.split(separator: "\n").dropLast().count == 50_001)  // exactly 50,000 rows pass
        let allowed = text.split(separator: "\n").dropLast().joined(separator: "\n")
        #expect((try? LocalityCSV.parse(allowed).get().count) == 50_000)
    }

    @Test("every problem in a file is reported, in line order, each on its own line")
    func severalErrors() {
        let text = [
            header,
            line(setting: "postal_code", to: "1101"),
            line(record(id: "05001000", name: "Medellín")),
            line(record(id: "0500200", name: ""), setting: "pickup_hour_max", to: "30"),
            "too,few",
            line(record(id: "05003000", name: "Abriaquí"), setting: "time_zone", to: "Mars/Olympus"),
            line(record(id: "05001000", name: "Medellín otra vez"), setting: "available", to: "si"),
        ].joined(separator: "\r\n")
        #expect(
            problems(text) == [
                "2 postal_code postal_code_format",
                "4 id id_format", "4 name required", "4 pickup_hour_max hours_range",
                "5 - column_count",
                "6 time_zone time_zone",
                "7 available boolean", "7 id duplicate_id",
            ])
    }

    @Test("reporting stops after 100 errors and says there were more")
    func errorLimit() {
        let text = ([header] + (0..<150).map { line(record(id: String(20_000_000 + $0), name: "x"), setting: "status", to: "7") }).joined(
            separator: "\n")
        guard case .failure(let failure) = LocalityCSV.parse(text) else { Issue.record("a file with errors was accepted"); return }
        #expect(failure.errors.count == 100 && failure.truncated)
        #expect(failure.errors.first?.line == 2 && failure.errors.last?.line == 101)
        guard case .failure(let exact) = LocalityCSV.parse(text.components(separatedBy: "\n").prefix(101).joined(separator: "\n")) else { return }
        #expect(exact.errors.count == 100 && !exact.truncated)
    }

    @Test("an upload that is not UTF-8 is refused with encoding, on the line of the first bad byte")
    func encoding() throws {
        // Line 3 names Bogotá as Windows-1252 writes it: á is the single byte E1.
        let text = header + "\n" + line(record(id: "05001000", name: "Medellín")) + "\n" + line(setting: "name", to: "Bogot#") + "\n"
        let latin1 = Array(text.utf8).map { $0 == UInt8(ascii: "#") ? 0xE1 : $0 }
        guard case .failure(let failure) = LocalityCSV.parse(data: latin1) else { Issue.record("Latin-1 was accepted"); return }
        #expect(failure.errors.map { "\($0.line) \($0.code)" } == ["3 encoding"])
        #expect(try LocalityCSV.parse(data: Data(demoCSV.utf8)).get().count >= 33)
        #expect(LocalityCSV.Tokenizer.firstInvalidUTF8([0x41, 0xF0, 0x9F, 0x99, 0x82, 0xFF]) == 5)
    }
}

@Suite("Locality CSV under hostile input")
struct LocalityCSVFuzzTests {
    /// Parses `text` (and, for bytes, `data`) and checks what every answer must be.
    private func check(_ result: Result<[LocalityRecord], LocalityCSV.ImportErrors>, _ input: @autoclosure () -> String) {
        switch result {
        case .success(let records):
            #expect(records.count <= LocalityCSV.maxRows)
            #expect(Set(records.map(\.id)).count == records.count, "duplicate ids accepted from \(input())")
            #expect(records.allSatisfy { $0.id.utf8.count == 8 && (0...23).contains($0.pickupHourMin) && $0.pickupHourMin < $0.pickupHourMax })
        case .failure(let failure):
            #expect(!failure.errors.isEmpty && failure.errors.count <= LocalityCSV.maxErrors)
            #expect(failure.errors.allSatisfy { $0.line >= 1 && !$0.code.isEmpty && !$0.message.isEmpty }, "bad error from \(input())")
            #expect(zip(failure.errors, failure.errors.dropFirst()).allSatisfy { $0.line <= $1.line }, "errors out of line order from \(input())")
        }
    }

    @Test("property: random text, truncations, bit flips and other separators of the demo file never trap; every error has a line")
    func fuzz() {
        var fuzz = FuzzInputs(seed: 0xC0_1D_CA_5E)
        var inputs = fuzz.strings(2_000)
        inputs += fuzz.mutations(of: demoCSV, 1_500)
        let utf8 = Array(demoCSV.utf8)
        inputs += stride(from: 0, through: utf8.count, by: 97).map { String(decoding: utf8.prefix($0), as: UTF8.self) }
        inputs += [";", "\t", "|", "\r", "\n", "\"", ",,", "\r\n\""].map { demoCSV.replacingOccurrences(of: ",", with: $0) }
        inputs += ["\n", "\r\n", "\r"].map { demoCSV.replacingOccurrences(of: "\n", with: $0) }
        inputs += (0..<200).map { _ in header + "\n" + fuzz.strings(8).joined(separator: fuzz.random.below(2) == 0 ? "," : "\"") }
        for input in inputs {
            check(LocalityCSV.parse(input), input.debugDescription)
        }
        for bytes in fuzz.bytes(1_000, maxLength: 400) + fuzz.mutations(of: utf8, 1_000) {
            check(LocalityCSV.parse(data: bytes), "\(bytes)")
        }
    }
}
