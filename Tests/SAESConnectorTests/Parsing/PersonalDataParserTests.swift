import SAESConnector
import Testing

@Suite("Personal data: every field of Datos_Alumno.aspx")
struct PersonalDataParserTests {
    static func page(prefix: String, values: [String: String]) -> String {
        let labels = PersonalDataParser.labels.map { key, label in
            "<tr><td>\(key)</td><td><span id=\"\(prefix)TabContainer1_\(label)\">\(values[key] ?? "")</span></td></tr>"
        }
        return "<html><body><div id=\"\(prefix)TabContainer1\"><table>\(labels.joined())</table></div></body></html>"
    }

    @Test(
        "all 31 labels are read in either id style, including the four the original app lost; empty labels are absent fields",
        arguments: ["ctl00_mainCopy_", "mainCopy_"])
    func everyField(prefix: String) throws {
        var values: [String: String] = [:]
        for (index, (key, _)) in PersonalDataParser.labels.enumerated() where key != "general.passport" {
            values[key] = "valor \(index)"
        }
        let parsed = PersonalDataParser.parse(Self.page(prefix: prefix, values: values))
        let data = try #require(parsed.value)
        #expect(PersonalDataParser.labels.count == 31)
        #expect(data.fields.count == 30)
        #expect(data["general.passport"] == nil)
        #expect(data["family.guardianRfc"] == values["family.guardianRfc"])
        #expect(data["contact.officePhone"] == values["contact.officePhone"])
        #expect(data["previousSchooling.highSchoolAverage"] == values["previousSchooling.highSchoolAverage"])
        #expect(data["student.boleta"] == values["student.boleta"])
        #expect(parsed.problems.isEmpty)
    }

    @Test("mainCopy_ ids on a page laid out in tabs: the labels present are read, an empty label and the labels a school leaves out are absent")
    func tabbedPage() throws {
        let parsed = PersonalDataParser.parse(try Fixture.html("personal_data_mainCopy"))
        let data = try #require(parsed.value)
        #expect(
            data.fields == [
                "student.name": "JOSÉ ÁNGEL RÍOS PEÑA", "student.boleta": "2021600123", "student.campus": "UPIICSA",
                "general.curp": "RIPJ030512HDFSXN09", "general.gender": "Masculino", "birth.date": "12/05/2003", "birth.place": "ESTADO DE MÉXICO",
                "address.street": "AV. TE 950", "address.postalCode": "08400", "contact.email": "jrios@alumno.ipn.mx",
                "contact.officePhone": "5557296000 ext. 70000", "previousSchooling.highSchoolAverage": "8.7",
                "family.guardian": "PEÑA LUNA MARTA", "family.guardianRfc": "PELM700101",
            ])
        #expect(parsed.problems.isEmpty)
    }

    @Test("entities and extra spaces are cleaned; a page with none of the labels is unreadable")
    func cleaning() throws {
        let parsed = PersonalDataParser.parse(
            Self.page(prefix: "ctl00_mainCopy_", values: ["address.street": "  AV.&nbsp;JUAN DE DIOS   B&Aacute;TIZ "]))
        #expect(parsed.value?["address.street"] == "AV. JUAN DE DIOS BÁTIZ")
        #expect(PersonalDataParser.parse(try Fixture.html("empty_page")).value == nil)
        #expect(
            PersonalDataParser.parse(try Fixture.html("maintenance")).problems == [
                "None of the personal-data labels (TabContainer1_…) is on the page."
            ])
    }
}
