/// One IPN school with its own SAES portal.
public struct SAESSchool: Sendable, Hashable, Codable {
    public enum Level: String, Sendable, Codable {
        case university
        case highSchool
    }

    /// The portal's code, as in `https://www.saes.{code}.ipn.mx/`.
    public let code: String
    /// The name students know it by (`ESCOM`, `CECyT 9`).
    public let name: String
    public let level: Level

    /// The school's own portal. Every school follows the same pattern, without exception.
    public var portalURL: String { "https://www.saes.\(code).ipn.mx/" }

    /// The 52 schools: 32 universities and 20 high schools.
    public static let all: [SAESSchool] = universities + highSchools

    /// The school with this portal code, if IPN has one.
    public static func named(_ code: String) -> SAESSchool? {
        all.first { $0.code == code.lowercased() }
    }

    static let universities: [SAESSchool] = [
        ("escom", "ESCOM"), ("upiicsa", "UPIICSA"), ("esimez", "ESIME Zacatenco"), ("esimecu", "ESIME Culhuacán"),
        ("esimeazc", "ESIME Azcapotzalco"), ("esimetic", "ESIME Ticomán"), ("esiaz", "ESIA Zacatenco"),
        ("esiatec", "ESIA Tecamachalco"), ("esiatic", "ESIA Ticomán"), ("esiqie", "ESIQIE"), ("esfm", "ESFM"),
        ("encb", "ENCB"), ("esm", "ESM"), ("enmh", "ENMyH"), ("ese", "ESE"), ("escasto", "ESCA Santo Tomás"),
        ("escatep", "ESCA Tepepan"), ("est", "EST"), ("esit", "ESIT"), ("eseo", "ESEO"), ("enba", "ENBA"),
        ("cicsma", "CICS Milpa Alta"), ("cicsst", "CICS Santo Tomás"), ("upiita", "UPIITA"), ("upibi", "UPIBI"),
        ("upiig", "UPIIG"), ("upiiz", "UPIIZ"), ("upiih", "UPIIH"), ("upiip", "UPIIP"), ("upiit", "UPIIT"),
        ("upiem", "UPIEM"), ("upiic", "UPIIC"),
    ].map { SAESSchool(code: $0.0, name: $0.1, level: .university) }

    static let highSchools: [SAESSchool] =
        [SAESSchool(code: "cet1", name: "CET 1", level: .highSchool)]
        + (1...19).map { SAESSchool(code: "cecyt\($0)", name: "CECyT \($0)", level: .highSchool) }
}
