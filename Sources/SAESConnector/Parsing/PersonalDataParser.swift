import HTMLQuery

/// Every field of `Datos_Alumno.aspx`, keyed the way Campus groups personal data (`general.curp`,
/// `address.street`…), with `student.name`, `student.boleta` and `student.campus` for the header.
public struct SAESPersonalData: Sendable, Hashable, Codable {
    /// Only fields the page showed with a value.
    public var fields: [String: String]

    public subscript(key: String) -> String? { fields[key] }
}

/// Reads the labels under `TabContainer1_`; a missing label is simply an absent field, a page with none of
/// them is unreadable.
public enum PersonalDataParser {
    /// Field keys and the label each is read from (after `ctl00_mainCopy_TabContainer1_`).
    public static let labels: [(key: String, label: String)] = [
        ("student.name", "Tab_Generales_Lbl_Nombre"), ("student.boleta", "Tab_Generales_Lbl_Boleta"),
        ("student.campus", "Tab_Generales_Lbl_Plantel"), ("general.curp", "Tab_Generales_Lbl_CURP"),
        ("general.rfc", "Tab_Generales_Lbl_RFC"), ("general.militaryId", "Tab_Generales_Lbl_Cartilla"),
        ("general.passport", "Tab_Generales_Lbl_Pasaporte"), ("general.gender", "Tab_Generales_Lbl_Sexo"),
        ("birth.date", "TabPanel1_Lbl_FecNac"), ("birth.nationality", "TabPanel1_Lbl_Nacionalidad"),
        ("birth.place", "TabPanel1_Lbl_EntNac"),
        ("address.street", "Tab_Direccion_Lbl_Calle"), ("address.exteriorNumber", "Tab_Direccion_Lbl_NumExt"),
        ("address.interiorNumber", "Tab_Direccion_Lbl_NumInt"), ("address.neighbourhood", "Tab_Direccion_Lbl_Colonia"),
        ("address.postalCode", "Tab_Direccion_Lbl_CP"), ("address.state", "Tab_Direccion_Lbl_Estado"),
        ("address.municipality", "Tab_Direccion_Lbl_DelMpo"),
        ("contact.phone", "Tab_Direccion_Lbl_Tel"), ("contact.mobile", "Tab_Direccion_Lbl_Movil"),
        ("contact.email", "Tab_Direccion_Lbl_eMail"), ("contact.works", "Tab_Direccion_Lbl_Labora"),
        ("contact.officePhone", "Tab_Direccion_Lbl_TelOficina"),
        ("previousSchooling.school", "Tab_Escolaridad_Lbl_EscProc"),
        ("previousSchooling.state", "Tab_Escolaridad_Lbl_EdoEscProc"),
        ("previousSchooling.middleSchoolAverage", "Tab_Escolaridad_Lbl_PromSec"),
        ("previousSchooling.highSchoolAverage", "Tab_Escolaridad_Lbl_PromNMS"),
        ("family.guardian", "Tab_Tutor_Lbl_NomTut"), ("family.guardianRfc", "Tab_Tutor_Lbl_RFCTut"),
        ("family.father", "Tab_Tutor_Lbl_Padre"), ("family.mother", "Tab_Tutor_Lbl_Madre"),
    ]

    public static func parse(_ html: String) -> ParsedPage<SAESPersonalData> {
        let document = HTMLDocument(html: html)
        var fields: [String: String] = [:]
        var found = 0
        let elements = SAESElementIDs.elements(prefixed: "TabContainer1_", in: document)
        for (key, label) in labels {
            guard let text = elements["TabContainer1_\(label)"]?.cleanText else { continue }
            found += 1
            if !text.isEmpty { fields[key] = text }
        }
        guard found > 0 else { return .unreadable("None of the personal-data labels (TabContainer1_…) is on the page.") }
        return ParsedPage(value: SAESPersonalData(fields: fields))
    }
}
