import SAESConnector

/// A student account on the fake portal, with everything its pages show.
public struct FakeStudent: Sendable {
    public var boleta: String
    public var password: String
    /// Field key (as `PersonalDataParser.labels` names them) → value.
    public var personalData: [String: String]
    public var grades: [SAESGradeRow]
    public var schedule: [SAESScheduleRow]
    public var kardex: SAESKardex
    public var teachersToEvaluate: [SAESTeacherToEvaluate]
    /// Credits earned and the plan's total, as SAES writes them.
    public var credits: (earned: String, total: String)
    /// How this student's pages are written, when not as their school writes them.
    public var layout: FakeLayout? = nil

    /// The demo student: an ISC student at ESCOM halfway through the degree, with the boleta of Campus's demo
    /// student (`estudiante@demo.patio`), who may link only the SAES account of their own boleta.
    public static let demo = FakeStudent(
        boleta: "2022630101",
        password: "saes-demo",
        personalData: [
            "student.name": "VALERIA MONTES ARRIAGA", "student.boleta": "2022630101", "student.campus": "ESCOM",
            "general.curp": "MOAV040312MDFNRLA8", "general.rfc": "MOAV040312", "general.gender": "Femenino",
            "birth.date": "12/03/2004", "birth.nationality": "MEXICANA", "birth.place": "CIUDAD DE MÉXICO",
            "address.street": "AV. JUAN DE DIOS BÁTIZ", "address.exteriorNumber": "120", "address.neighbourhood": "LINDAVISTA",
            "address.postalCode": "07738", "address.state": "CIUDAD DE MÉXICO", "address.municipality": "GUSTAVO A. MADERO",
            "contact.phone": "5557296000", "contact.mobile": "5512345678", "contact.email": "vmontes@alumno.ipn.mx",
            "contact.works": "NO", "previousSchooling.school": "CECyT 9 JUAN DE DIOS BÁTIZ",
            "previousSchooling.state": "CIUDAD DE MÉXICO", "previousSchooling.middleSchoolAverage": "9.1",
            "previousSchooling.highSchoolAverage": "8.9", "family.guardian": "ROSA ARRIAGA LÓPEZ",
            "family.father": "JORGE MONTES PÉREZ", "family.mother": "ROSA ARRIAGA LÓPEZ",
        ],
        grades: [
            SAESGradeRow(
                group: "3CV11", subjectCode: nil, subject: "ANÁLISIS Y DISEÑO DE ALGORITMOS",
                partials: [.tenths(90), .tenths(85), .none], extraordinary: .none, final: .none),
            SAESGradeRow(
                group: "3CV11", subjectCode: nil, subject: "BASES DE DATOS",
                partials: [.tenths(100), .notPresented, .none], extraordinary: .none, final: .none),
            SAESGradeRow(
                group: "3CV12", subjectCode: nil, subject: "SISTEMAS OPERATIVOS",
                partials: [.tenths(70), .tenths(80), .none], extraordinary: .none, final: .none),
            SAESGradeRow(
                group: "3CV11", subjectCode: nil, subject: "INGENIERÍA DE SOFTWARE",
                partials: [.tenths(60), .none, .none], extraordinary: .none, final: .none),
        ],
        schedule: [
            SAESScheduleRow(
                group: "3CV11", subject: "ANÁLISIS Y DISEÑO DE ALGORITMOS", teacher: "GARCÍA MENDOZA ROBERTO",
                meetings: [
                    SAESClassMeeting(weekday: 1, start: "07:00", end: "08:30", building: "2", room: "109"),
                    SAESClassMeeting(weekday: 3, start: "07:00", end: "08:30", building: "2", room: "109"),
                ]),
            SAESScheduleRow(
                group: "3CV11", subject: "BASES DE DATOS", teacher: "LÓPEZ RAMÍREZ ELENA",
                meetings: [
                    SAESClassMeeting(weekday: 2, start: "08:30", end: "10:00", building: "1", room: "204"),
                    SAESClassMeeting(weekday: 4, start: "08:30", end: "10:00", building: "1", room: "204"),
                    SAESClassMeeting(weekday: 4, start: "12:00", end: "13:30", building: "1", room: "204"),
                ]),
            SAESScheduleRow(
                group: "3CV12", subject: "SISTEMAS OPERATIVOS", teacher: "HERNÁNDEZ CRUZ MARIO",
                meetings: [
                    SAESClassMeeting(weekday: 5, start: "10:30", end: "12:00", building: "3", room: "301"),
                    SAESClassMeeting(weekday: 6, start: "09:00", end: "11:00", building: "3", room: "301"),
                ]),
            SAESScheduleRow(
                group: "3CV11", subject: "INGENIERÍA DE SOFTWARE", teacher: "TORRES VEGA ADRIANA",
                meetings: [
                    SAESClassMeeting(weekday: 1, start: "10:30", end: "12:00", building: "2", room: "112")
                ]),
        ],
        kardex: SAESKardex(
            studentName: "VALERIA MONTES ARRIAGA", career: "INGENIERÍA EN SISTEMAS COMPUTACIONALES", plan: "20",
            averageHundredths: 865,
            semesters: [
                SAESKardexSemester(
                    title: "PRIMER SEMESTRE",
                    lines: [
                        SAESKardexLine(code: "C101", subject: "CÁLCULO", date: "2023-01-16", period: "23/1", assessment: "ORD", mark: .tenths(90)),
                        SAESKardexLine(
                            code: "C102", subject: "FUNDAMENTOS DE PROGRAMACIÓN", date: "2023-01-16", period: "23/1", assessment: "ORD",
                            mark: .tenths(100)),
                        SAESKardexLine(
                            code: "C103", subject: "MATEMÁTICAS DISCRETAS", date: "2023-06", period: "23/2", assessment: "ETS", mark: .tenths(70)),
                    ]),
                SAESKardexSemester(
                    title: "SEGUNDO SEMESTRE",
                    lines: [
                        SAESKardexLine(
                            code: "C201", subject: "ÁLGEBRA LINEAL", date: "2023-06-19", period: "23/2", assessment: "ORD", mark: .tenths(80)),
                        SAESKardexLine(
                            code: "C202", subject: "ESTRUCTURAS DE DATOS", date: "2023-06-19", period: "23/2", assessment: "EXT", mark: .tenths(85)),
                    ]),
            ]
        ),
        teachersToEvaluate: [
            SAESTeacherToEvaluate(group: "3CV11", subject: "BASES DE DATOS", teacher: "LÓPEZ RAMÍREZ ELENA", link: "evaluacion.aspx?p=1"),
            SAESTeacherToEvaluate(group: "3CV12", subject: "SISTEMAS OPERATIVOS", teacher: "HERNÁNDEZ CRUZ MARIO", link: "evaluacion.aspx?p=2"),
        ],
        credits: ("172.50", "392.00")
    )
}
