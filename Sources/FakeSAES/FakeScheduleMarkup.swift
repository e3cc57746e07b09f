import SAESConnector

/// The schedule page of the fake portal, in each layout's markup.
extension FakeMarkup {
    static let dayNames = ["Lunes", "Martes", "Miércoles", "Jueves", "Viernes", "Sábado"]

    static func schedule(_ student: FakeStudent, layout: FakeLayout) -> String {
        let usesSaturday = layout.schedule == .esime || student.schedule.contains { $0.meetings.contains { $0.weekday == 6 } }
        let days = Array(dayNames.prefix(usesSaturday ? 6 : 5))
        let rows: String =
            switch layout.schedule {
            case .roomInCells, .roomColumns: simpleSchedule(student, days: days, roomColumns: layout.schedule == .roomColumns)
            case .claveInSubject: spanSchedule(student, days: days, idPrefix: layout.idPrefix)
            case .esime: esimeSchedule(student)
            }
        return page(
            title: "Horario",
            body: """
                <table cellspacing="0" rules="all" border="1" id="\(layout.idPrefix)GV_Horario" style="border-collapse:collapse;">
                \(rows)
                </table>
                """, charset: layout.declaresCharset)
    }

    static func headerRow(_ names: [String]) -> String {
        "<tr>" + names.map { "<th scope=\"col\">\(escape($0))</th>" }.joined() + "</tr>"
    }

    /// The day's ranges as SAES writes them (`7:00 - 8:30 12:00 - 13:30`).
    static func ranges(_ meetings: [SAESClassMeeting]) -> String {
        meetings.map { "\(trimHour($0.start)) - \(trimHour($0.end))" }.joined(separator: " ")
    }

    /// `Edif: 2 - Salón: 109` for the day's first meeting with both.
    static func place(_ meetings: [SAESClassMeeting]) -> String? {
        guard let first = meetings.first, let building = first.building, let room = first.room else { return nil }
        return "Edif: \(escape(building)) - Salón: \(escape(room))"
    }

    private static func simpleSchedule(_ student: FakeStudent, days: [String], roomColumns: Bool) -> String {
        let header = ["Grupo", "Materia", "Profesores"] + (roomColumns ? ["Edificio", "Salón"] : []) + days
        var rows = headerRow(header)
        for row in student.schedule {
            var cells = [escape(row.group), escape(row.subject), escape(row.teacher)]
            if roomColumns {
                cells += [escape(row.meetings.first?.building ?? ""), escape(row.meetings.first?.room ?? "")]
            }
            for day in 1...days.count {
                let meetings = row.meetings.filter { $0.weekday == day }
                var cell = ranges(meetings)
                if !roomColumns, let place = place(meetings) { cell += "<br />" + place }
                cells.append(cell)
            }
            rows += "<tr>" + cells.map { "<td>\($0)</td>" }.joined() + "</tr>"
        }
        return rows + "<tr>" + header.map { _ in "<td>&nbsp;</td>" }.joined() + "</tr>"
    }

    /// ESCOM's markup: every cell a span named after its row and column, the subject `CLAVE - NOMBRE`.
    private static func spanSchedule(_ student: FakeStudent, days: [String], idPrefix: String) -> String {
        var rows = headerRow(["Grupo", "Materia", "Profesores"] + days)
        for (index, row) in student.schedule.enumerated() {
            let clave = clave(group: row.group, subject: row.subject, of: student)
            var cells = [("Grupo", escape(row.group)), ("Materia", "\(clave) - \(escape(row.subject))"), ("Profesores", escape(row.teacher) + "\n")]
            for (day, name) in days.enumerated() {
                let meetings = row.meetings.filter { $0.weekday == day + 1 }
                let cell = meetings.isEmpty ? "" : ranges(meetings) + (place(meetings).map { "<br>" + $0 } ?? "") + "\n"
                cells.append((name.replacingOccurrences(of: "é", with: "e").replacingOccurrences(of: "á", with: "a"), cell))
            }
            let control = "ctl" + String(format2: index + 2)
            rows +=
                "<tr>"
                + cells.map { column, text in
                    "<td>\n\t\t\t\t<span id=\"\(idPrefix)GV_Horario_\(control)_Lbl_\(column)\">\(text)</span>\n\t\t\t  </td>"
                }.joined() + "</tr>"
        }
        return rows
    }

    /// ESIME Culhuacán's 16 columns. Each teacher is a slot of every cell, `SIN ASIGNAR` filling a second slot
    /// as the real page does; a class the teachers share is repeated in each slot, and every other meeting of a
    /// row is written in the last slot only (`  // 20:30 - 22:00`), as real pages mix both.
    private static func esimeSchedule(_ student: FakeStudent) -> String {
        let header = [
            "Secuencia", "Materia", "Descripcion", "Profesor", "Edificio", "Salon", "Lunes", "Martes", "Miercoles", "Jueves",
            "Viernes", "Sabado", "Carrera", "Plan_Estud", "Especialidad", "Periodo_Escolar",
        ]
        var rows = headerRow(header)
        for row in student.schedule {
            var teachers = row.teacher.components(separatedBy: ", ").filter { !$0.isEmpty }
            if teachers.count < 2 { teachers.append("SIN ASIGNAR") }
            let slots = teachers.indices
            func perSlot(_ value: String) -> String { slots.map { _ in value }.joined(separator: " // ") }
            var cells = [
                row.group, clave(group: row.group, subject: row.subject, of: student), row.subject,
                teachers.joined(separator: " // "), perSlot(row.meetings.first?.building ?? "X"), perSlot(row.meetings.first?.room ?? "X"),
            ]
            for day in 1...6 {
                let meetings = row.meetings.enumerated().filter { $0.element.weekday == day }
                let cell = slots.map { slot in
                    ranges(meetings.filter { $0.offset % 2 == 0 || slot == slots.last }.map(\.element))
                }.joined(separator: " // ")
                cells.append(meetings.isEmpty ? "  " : cell)
            }
            cells += ["C", "04", "0", "20242"]
            rows += "<tr>" + cells.map { "<td>\(escape($0))</td>" }.joined() + "</tr>"
        }
        return rows
    }

    /// `07:00` → `7:00`, as SAES writes hours.
    static func trimHour(_ time: String) -> String {
        time.hasPrefix("0") ? String(time.dropFirst()) : time
    }
}
