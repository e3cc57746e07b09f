import SAESConnector
import Testing

/// A small deterministic generator, so a failing input can be found again from its seed.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return state
    }
}

@Suite("No page text makes a parser trap")
struct ParserFuzzTests {
    static let fragments = [
        "<table id=\"ctl00_mainCopy_GV_Calif\">", "<table id=\"mainCopy_GV_Horario\">", "<tr>", "</tr>", "<td>", "</td>", "<th>",
        "<br>", "Lunes", "Sábado", "Edif: ", " - Salón: ", "7:00 - 8:30", "99:99 - 0:0", "NP", "-", "8,5", "10.55", "Grupo",
        "<span id=\"ctl00_mainCopy_Lbl_Kardex\"><center><table>", "ENE 31 2023", "FEB 29 2023", "13/2023", "00/0000",
        "<span id=\"mainCopy_Lbl_Promedio\">", "99999999999999999999", "ñ", "\u{0}", "&#0;", "&#xFFFFFF;", "<!--", "]]>",
        "<input type=\"hidden\" name=\"__VIEWSTATE\" value=\"", "<select name=\"ctl00$mainCopy$Filtro$cboCarrera\">", "<option>",
        "LBD_VCID_c_default_ctl00_leftcolumn_loginuser_logincaptcha", "IPN-SAES", "evalues a tus PROFESORES", "<table id=\"GV_Profe\">",
        "<span id=\"ctl00_mainCopy_TabContainer1_Tab_Generales_Lbl_Nombre\">", "</span>", "<table id=\"mainCopy_GrvOcupabilidad\">",
        "<span id=\"mainCopy_Lbl_CreditosAlcanzados\">", "\u{FEFF}", "\r\n", " ", "%", "&", "<", ">",
    ]

    static func runEveryParser(_ html: String) {
        _ = GradesParser.parse(html)
        _ = ScheduleParser.parse(html)
        _ = KardexParser.parse(html)
        _ = PersonalDataParser.parse(html)
        _ = EvaluationParser.parse(html)
        _ = AvailabilityParser.parse(html)
        _ = OccupancyParser.parse(html)
        _ = CreditsParser.parse(html)
        _ = SignInPageParser.parse(html)
        _ = SAESPageKind(html: html)
        _ = WebForm(html: html)
        _ = SAESFormEncoding.decode(html)
        var cookies = SAESCookies()
        cookies.apply(setCookie: html)
    }

    @Test("3,000 pages stitched from SAES markup fragments and random bytes")
    func stitched() {
        var generator = SeededGenerator(state: 0x5AE5_2026)
        for _ in 0..<3_000 {
            var html = ""
            for _ in 0..<Int.random(in: 0...40, using: &generator) {
                if Int.random(in: 0..<10, using: &generator) == 0 {
                    html += String(decoding: (0..<Int.random(in: 1...8, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }, as: UTF8.self)
                } else {
                    html += Self.fragments.randomElement(using: &generator) ?? ""
                }
            }
            Self.runEveryParser(html)
        }
    }

    @Test("every fixture cut at random points and with random bytes dropped", arguments: [
        "grades_ctl00", "grades_mainCopy", "schedule_ctl00", "schedule_mainCopy", "kardex", "evaluation_list", "error",
    ])
    func mutatedFixtures(name: String) throws {
        let original = Array(try Fixture.html(name).utf8)
        var generator = SeededGenerator(state: UInt64(original.count) | 1)
        for _ in 0..<200 {
            var bytes = Array(original.prefix(Int.random(in: 0...original.count, using: &generator)))
            for _ in 0..<Int.random(in: 0...20, using: &generator) where !bytes.isEmpty {
                bytes.remove(at: Int.random(in: 0..<bytes.count, using: &generator))
            }
            Self.runEveryParser(String(decoding: bytes, as: UTF8.self))
        }
    }
}
