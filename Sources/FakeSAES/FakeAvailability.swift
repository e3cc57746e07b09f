import SAESConnector

/// Course availability and group occupancy on the fake portal: a career list whose change posts back and
/// changes the plans offered, and a search that lists the groups.
enum FakeAvailability {
    static let careers = [("C", "INGENIERÍA EN SISTEMAS COMPUTACIONALES"), ("I", "INGENIERÍA EN INTELIGENCIA ARTIFICIAL")]
    static let plans = ["C": [("20", "2020"), ("09", "2009")], "I": [("20", "2020")]]
    static let groups: [String: [SAESOfferedGroup]] = [
        "C": [
            SAESOfferedGroup(
                group: "3CM11", subject: "BASES DE DATOS", teacher: "LÓPEZ RAMÍREZ ELENA", building: "1", room: "204",
                times: ["", "8:30 - 10:00", "", "8:30 - 10:00", "", ""]),
            SAESOfferedGroup(
                group: "3CV12", subject: "SISTEMAS OPERATIVOS", teacher: "HERNÁNDEZ CRUZ MARIO", building: "3", room: "301",
                times: ["", "", "", "", "10:30 - 12:00", "9:00 - 11:00"]),
        ],
        "I": [
            SAESOfferedGroup(
                group: "5BM1", subject: "APRENDIZAJE DE MÁQUINA", teacher: "RUIZ SOTO LAURA", building: "4", room: "110",
                times: ["7:00 - 8:30", "", "7:00 - 8:30", "", "", ""])
        ],
    ]

    static let occupancyRows = [
        SAESGroupOccupancy(group: "3CM11", subjectCode: "C301", subject: "BASES DE DATOS", semester: "3", quota: 40, enrolled: 38),
        SAESGroupOccupancy(group: "3CV12", subjectCode: "C305", subject: "SISTEMAS OPERATIVOS", semester: "3", quota: 35, enrolled: 35),
    ]

    /// The page as it answers a GET (`post` nil) or a postback; a search lists `offered`'s groups for the career chosen.
    static func page(layout: FakeLayout, post: [FormField]?, offered: [String: [SAESOfferedGroup]] = groups) -> String {
        func value(_ name: String) -> String? { post?.first { $0.name == name }?.value }
        let career = value(SAESAvailability.Filter.career.rawValue).flatMap { code in careers.first { $0.0 == code }?.0 } ?? "C"
        let careerPlans = plans[career] ?? []
        let plan = value(SAESAvailability.Filter.plan.rawValue).flatMap { code in careerPlans.first { $0.0 == code }?.0 } ?? careerPlans.first?.0
        func select(_ name: String, _ id: String, _ options: [(String, String)], _ selected: String?) -> String {
            let items = options.map { option in
                """
                <option\(option.0 == selected ? " selected=\"selected\"" : "") \
                value=\"\(FakeMarkup.escape(option.0))\">\(FakeMarkup.escape(option.1))</option>
                """
            }.joined()
            return "<select name=\"\(name)\" id=\"\(layout.idPrefix)\(id)\">\(items)</select>"
        }
        var results = ""
        if value("ctl00$mainCopy$cmdVisalizar") != nil {
            var rows = """
                <tr><th>Grupo</th><th>Asignatura</th><th>Profesor</th><th>Edificio</th><th>Salón</th>\
                <th>Lunes</th><th>Martes</th><th>Miércoles</th><th>Jueves</th><th>Viernes</th><th>Sábado</th></tr>
                """
            for group in offered[career] ?? [] {
                let cells = [group.group, group.subject, group.teacher, group.building, group.room] + group.times
                rows += "<tr>" + cells.map { "<td>\(FakeMarkup.escape($0))</td>" }.joined() + "</tr>"
            }
            results = "<table id=\"\(layout.idPrefix)dbgHorarios\" border=\"1\">\(rows)</table>"
        }
        let shifts = [("M", "MATUTINO"), ("V", "VESPERTINO")], shift = value(SAESAvailability.Filter.shift.rawValue) ?? "M"
        let periodChoices = (1...8).map { ("\($0)", "\($0)") }, periods = value(SAESAvailability.Filter.periods.rawValue) ?? "1"
        // Each post gets a new view state, as ASP.NET gives.
        let viewState = "dDw\(career)\(plan ?? "")\(post == nil ? "0" : "1")"
        return FakeMarkup.page(
            title: "Horarios",
            body: """
                <div id="\(layout.idPrefix)Filtro">
                Carrera: \(select(SAESAvailability.Filter.career.rawValue, "Filtro_cboCarrera", careers, career))
                Plan: \(select(SAESAvailability.Filter.plan.rawValue, "Filtro_cboPlanEstud", careerPlans, plan))
                Turno: \(select(SAESAvailability.Filter.shift.rawValue, "Filtro_cboTurno", shifts, shift))
                Periodos: \(select(SAESAvailability.Filter.periods.rawValue, "Filtro_lsNoPeriodos", periodChoices, periods))
                Secuencias: \(select(SAESAvailability.Filter.sequences.rawValue, "lsSecuencias", [("", "TODAS")], nil))
                <input type="radio" name="ctl00$mainCopy$GroupPeriodoEscolar" value="optActual" checked="checked" /> Actual
                <input type="radio" name="ctl00$mainCopy$GroupPeriodoEscolar" value="optProximo" /> Próximo
                <input type="submit" name="ctl00$mainCopy$cmdVisalizar" value="Visualizar" />
                </div>
                \(results)
                """, viewState: viewState)
    }

    static func occupancy(layout: FakeLayout, rows occupancy: [SAESGroupOccupancy] = occupancyRows) -> String {
        var rows = "<tr><th>Grupo</th><th>Clave</th><th>Asignatura</th><th>Semestre</th><th>Cupo</th><th>Inscritos</th></tr>"
        for row in occupancy {
            let cells = [row.group, row.subjectCode, row.subject, row.semester, String(row.quota), String(row.enrolled)]
            rows += "<tr>" + cells.map { "<td>\(FakeMarkup.escape($0))</td>" }.joined() + "</tr>"
        }
        return FakeMarkup.page(title: "Ocupabilidad", body: "<table id=\"\(layout.idPrefix)GrvOcupabilidad\">\(rows)</table>")
    }
}
