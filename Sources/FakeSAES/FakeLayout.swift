/// How one fake school writes its pages. The presets differ the way real portals do; `cecyt`, `esime` and
/// `encb` write the traits pages saved at CECyT 9, ESIME Culhuacán and ENCB show (see docs/saes.md).
public struct FakeLayout: Sendable {
    /// The grades table (`GV_Calif`).
    public enum Grades: Sendable {
        /// `Grupo` header, the subject's name alone, bare marks.
        case plain
        /// `Gpo.` header, `CLAVE - NOMBRE`, `Aprobado` after the final.
        case verbose
        /// As real portals write it: `Gpo`, `Materia......`, `Final.........`, `CLAVE-NOMBRE`, `-` for no
        /// partial, finals `8  (ocho) ` and `   -`.
        case dotLeaders
    }

    /// The schedule table (`GV_Horario`).
    public enum Schedule: Sendable {
        /// Building and room inside each day cell (`7:00 - 8:30<br />Edif: 2 - Salón: 109`).
        case roomInCells
        /// `Edificio` and `Salón` columns.
        case roomColumns
        /// ESCOM's: each cell a labelled span, the subject `C203 - CALCULO APLICADO`, rooms in the day cells.
        case claveInSubject
        /// ESIME Culhuacán's 16 columns: `Secuencia`, `Materia` (the clave), `Descripcion`, teachers, buildings,
        /// rooms and ranges slot by slot (`A // B`, `X // X`, `19:00 - 20:30 // 19:00 - 20:30`), then the
        /// enrolment columns.
        case esime
    }

    /// The kardex (`Lbl_Kardex`).
    public enum Kardex: Sendable {
        /// Plain labels, upper-case dates (`ENE 16 2023`).
        case labels
        /// ENCB's: the name in a nested `BOLETA: … NOMBRE: …` table, dates `Ene  6 2024`, headers `Forma Eval.` /
        /// `Calificacion`, and a "solamente informativo" notice table inside the kardex panel.
        case nestedName
    }

    /// The sign-in page.
    public enum SignIn: Sendable {
        /// A bare form whose button says `Iniciar sesión`.
        case plain
        /// As real portals serve it: hidden required-field markers (`*`) sharing the `failureNotification` class,
        /// and a button that says `Iniciar`.
        case portal

        /// The button's value, which the portal wants back.
        var button: String { self == .plain ? "Iniciar sesión" : "Iniciar" }
    }

    /// `ctl00_mainCopy_` (most schools) or `mainCopy_`.
    public var idPrefix: String
    public var grades: Grades
    public var schedule: Schedule
    public var kardex: Kardex
    public var signIn: SignIn
    /// Whether pages name their charset in a `<meta>`; real portals send UTF-8 without one.
    public var declaresCharset: Bool

    public init(idPrefix: String, grades: Grades, schedule: Schedule, kardex: Kardex, signIn: SignIn, declaresCharset: Bool = true) {
        self.idPrefix = idPrefix
        self.grades = grades
        self.schedule = schedule
        self.kardex = kardex
        self.signIn = signIn
        self.declaresCharset = declaresCharset
    }

    public static let classic = FakeLayout(idPrefix: "ctl00_mainCopy_", grades: .plain, schedule: .roomInCells, kardex: .labels, signIn: .plain)
    public static let short = FakeLayout(idPrefix: "mainCopy_", grades: .verbose, schedule: .roomColumns, kardex: .labels, signIn: .plain)
    public static let cecyt = FakeLayout(
        idPrefix: "ctl00_mainCopy_", grades: .dotLeaders, schedule: .claveInSubject, kardex: .labels, signIn: .portal, declaresCharset: false)
    public static let esime = FakeLayout(
        idPrefix: "ctl00_mainCopy_", grades: .dotLeaders, schedule: .esime, kardex: .labels, signIn: .portal, declaresCharset: false)
    public static let encb = FakeLayout(
        idPrefix: "ctl00_mainCopy_", grades: .dotLeaders, schedule: .claveInSubject, kardex: .nestedName, signIn: .portal, declaresCharset: false)

    /// The fake portal's schools and how each writes its pages.
    public static let schools: [String: FakeLayout] = [
        "escom": .classic, "upiicsa": .short, "cecyt9": .cecyt, "esimecu": .esime, "encb": .encb,
    ]
}
