import SAESConnector

/// The grades and kardex pages of the fake portal, in each layout's markup.
extension FakeMarkup {
    static func grades(_ student: FakeStudent, layout: FakeLayout, evaluationRequired: Bool) -> String {
        if evaluationRequired {
            return page(
                title: "Calificaciones",
                body: """
                    <div class="aviso">Para consultar tus calificaciones es necesario que evalues a tus PROFESORES.</div>
                    <input type="submit" name="ctl00$mainCopy$Btn_Evaluar" value="Evaluar" id="\(layout.idPrefix)Btn_Evaluar" />
                    """)
        }
        let header: [String] =
            switch layout.grades {
            case .plain: ["Grupo", "Materia", "1er Parcial", "2o Parcial", "3er Parcial", "Ext", "Final"]
            case .verbose: ["Gpo.", "Materia", "1er Parcial", "2o Parcial", "3er Parcial", "Ext", "Final"]
            case .dotLeaders:
                ["Gpo", "Materia" + String(repeating: ".", count: 72), "1er Parcial", "2o Parcial", "3er Parcial", "Ext", "Final........."]
            }
        var rows = "<tr>" + header.map { "<th scope=\"col\">\($0)</th>" }.joined() + "</tr>"
        for row in student.grades {
            let clave = clave(group: row.group, subject: row.subject, of: student)
            let cells: [String] =
                switch layout.grades {
                case .plain:
                    [row.group, row.subject] + row.partials.map(\.text) + [dash(row.extraordinary), row.final.text]
                case .verbose:
                    [row.group, "\(clave) - \(row.subject)"] + row.partials.map(\.text)
                        + [dash(row.extraordinary), row.final.text + (row.final != .none ? " Aprobado" : "")]
                case .dotLeaders:
                    [row.group, "\(clave)-\(row.subject)"] + row.partials.map(dash) + [dash(row.extraordinary), spelledFinal(row.final)]
                }
            rows += "<tr>" + cells.map { "<td>\(escape($0))</td>" }.joined() + "</tr>"
        }
        return page(
            title: "Calificaciones",
            body: """
                <div id="\(layout.idPrefix)Panel1"><table class="grid" cellspacing="0" rules="all" border="1" id="\(layout.idPrefix)GV_Calif" \
                style="border-collapse:collapse;">
                \(rows)
                </table></div>
                """, charset: layout.declaresCharset)
    }

    /// A mark, `-` when there is none.
    static func dash(_ mark: SAESMark) -> String { mark.text.isEmpty ? "-" : mark.text }

    /// A final as real portals write it: `8  (ocho) `, `   -` for none.
    static func spelledFinal(_ mark: SAESMark) -> String {
        let words = ["cero", "uno", "dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho", "nueve", "diez"]
        switch mark {
        case .none: return "   -"
        case .notPresented: return "NP"
        case .tenths(let tenths) where tenths % 10 == 0 && words.indices.contains(tenths / 10): return "\(mark.text)  (\(words[tenths / 10])) "
        case .tenths: return mark.text
        }
    }

    static func kardex(_ student: FakeStudent, layout: FakeLayout) -> String {
        let nested = layout.kardex == .nestedName
        let average = student.kardex.averageHundredths.map { "\($0 / 100),\(String(format2: $0 % 100))" } ?? ""
        let notice = "Este documento es solamente informativo y carece de cualquier validez oficial"
        var tables = ""
        for semester in student.kardex.semesters {
            let headers = ["Clave", "Materia", "Fecha", "Periodo", nested ? "Forma Eval." : "Forma Eval", nested ? "Calificacion" : "Calif"]
            var rows = "<tr><td colspan=\"6\" class=\"titulo\">\(escape(semester.title))</td></tr>"
            rows += "<tr>" + headers.map { "<td>\($0)</td>" }.joined() + "</tr>"
            for line in semester.lines {
                let cells = [line.code, line.subject, kardexDate(line.date, titleCase: nested), line.period, line.assessment, line.mark.text]
                rows += "<tr>" + cells.map { "<td>\(escape($0))</td>" }.joined() + "</tr>"
            }
            tables += "<table border=\"1\" cellspacing=\"0\">\(rows)</table><br />"
        }
        let name = escape(student.kardex.studentName ?? "")
        let header =
            nested
            ? """
            <span id="\(layout.idPrefix)Lbl_Nombre"><table><tr><td><b>BOLETA: </b></td><td>\(escape(student.boleta))</td></tr>
            <tr><td><b>NOMBRE: </b></td><td>\(name)</td></tr></table></span>
            """ : "<p>Alumno: <span id=\"\(layout.idPrefix)Lbl_Nombre\">\(name)</span></p>"
        // ENCB leaves the notice inside the kardex label, after the semesters.
        let trailer =
            nested ? "<table width=\"95%\"><tr><td colspan=\"3\"><span id=\"\(layout.idPrefix)Label6\">\(notice)</span></td></tr></table>" : ""
        return page(
            title: "Kardex",
            body: """
                <div id="\(layout.idPrefix)Panel1">
                \(header)
                <p>Carrera: <span id="\(layout.idPrefix)Lbl_Carrera">\(escape(student.kardex.career ?? ""))</span>
                Plan: <span id="\(layout.idPrefix)Lbl_Plan">\(escape(student.kardex.plan ?? ""))</span></p>
                <p>Promedio: <span id="\(layout.idPrefix)Lbl_Promedio">\(average)</span></p>
                <span id="\(layout.idPrefix)Lbl_Kardex"><center>\(tables)</center>\(trailer)</span>
                </div>
                """, charset: layout.declaresCharset)
    }

    /// `2024-01-06` as `ENE 06 2024`, or with `titleCase` as SQL Server writes it (`Ene  6 2024`); `2023-06` as `06/2023`.
    static func kardexDate(_ iso: String?, titleCase: Bool) -> String {
        let months = ["ENE", "FEB", "MAR", "ABR", "MAY", "JUN", "JUL", "AGO", "SEP", "OCT", "NOV", "DIC"]
        guard let iso else { return "" }
        let parts = iso.split(separator: "-")
        guard parts.count >= 2, let month = Int(parts[1]), (1...12).contains(month) else { return iso }
        if parts.count == 2 { return "\(parts[1])/\(parts[0])" }
        guard titleCase, let day = Int(parts[2]) else { return "\(months[month - 1]) \(parts[2]) \(parts[0])" }
        let name = months[month - 1].prefix(1) + months[month - 1].dropFirst().lowercased()
        return "\(name) \(day < 10 ? " " : "")\(day) \(parts[0])"
    }
}
