import SAESConnector

/// How one fake school writes its pages; two schools differ the way real portals do.
public struct FakeLayout: Sendable {
    /// `ctl00_mainCopy_` (most schools) or `mainCopy_`.
    public var idPrefix: String
    /// Building and room in their own columns instead of inside each day cell.
    public var roomInColumns: Bool
    /// Subjects written `CLAVE - NOMBRE`, `Gpo.` for the group header, text after the final grade.
    public var verbose: Bool

    public static let classic = FakeLayout(idPrefix: "ctl00_mainCopy_", roomInColumns: false, verbose: false)
    public static let short = FakeLayout(idPrefix: "mainCopy_", roomInColumns: true, verbose: true)
}

/// The fake portal's pages, in the markup ASP.NET WebForms gives SAES.
enum FakeMarkup {
    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    static func page(title: String, body: String, form: Bool = true, viewState: String = "dDwtMTA4NzE4NzA1Nzs7Pg==") -> String {
        """
        <!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">
        <html xmlns="http://www.w3.org/1999/xhtml"><head><meta http-equiv="Content-Type" content="text/html; charset=utf-8" />
        <title>\(escape(title))</title><link href="../Styles/Site.css" rel="stylesheet" type="text/css" /></head>
        <body><form method="post" action="./default.aspx" id="form1">
        <div class="aspNetHidden">
        <input type="hidden" name="__VIEWSTATE" id="__VIEWSTATE" value="\(viewState)" />
        <input type="hidden" name="__VIEWSTATEGENERATOR" id="__VIEWSTATEGENERATOR" value="CA0B0334" />
        <input type="hidden" name="__EVENTVALIDATION" id="__EVENTVALIDATION" value="/wEWBAKM54rGBgLs0bLrBgLs0fbZDALSwpnTCA==" />
        </div>
        <div class="page"><div class="header"><div class="title"><h1>SAES — Sistema de Administración Escolar</h1></div></div>
        <div class="main">
        \(body)
        </div></div></form></body></html>
        """
    }

    /// The sign-in page; `captchaAddress` replaces the CAPTCHA image's usual (relative) address.
    static func signIn(captchaID: String, failure: String?, captchaAddress: String? = nil) -> String {
        let imageSource = captchaAddress.map(escape)
            ?? "BotDetectCaptcha.ashx?get=image&amp;c=c_default_ctl00_leftcolumn_loginuser_logincaptcha&amp;t=\(captchaID)"
        let failureSpan = failure.map { "<span class=\"failureNotification\">\(escape($0))</span>" } ?? "<span class=\"failureNotification\"></span>"
        return page(title: "IPN-SAES", body: """
        <div id="leftColumn"><fieldset class="login"><legend>Inicio de sesión</legend>
        \(failureSpan)
        <p>Usuario: <input name="ctl00$leftColumn$LoginUser$UserName" type="text" id="ctl00_leftColumn_LoginUser_UserName" /></p>
        <p>Contraseña: <input name="ctl00$leftColumn$LoginUser$Password" type="password" id="ctl00_leftColumn_LoginUser_Password" /></p>
        <div class="LBD_CaptchaDiv" id="c_default_ctl00_leftcolumn_loginuser_logincaptcha_Container">
        <img class="LBD_CaptchaImage" id="c_default_ctl00_leftcolumn_loginuser_logincaptcha_CaptchaImage" src="\(imageSource)" alt="CAPTCHA" />
        <a id="c_default_ctl00_leftcolumn_loginuser_logincaptcha_ReloadLink" href="#">Cambiar imagen</a>
        <input type="hidden" name="LBD_VCID_c_default_ctl00_leftcolumn_loginuser_logincaptcha" id="LBD_VCID_c_default_ctl00_leftcolumn_loginuser_logincaptcha" value="\(captchaID)" />
        </div>
        <p>Código: <input name="ctl00$leftColumn$LoginUser$CaptchaCodeTextBox" type="text" id="ctl00_leftColumn_LoginUser_CaptchaCodeTextBox" /></p>
        <input type="submit" name="ctl00$leftColumn$LoginUser$LoginButton" value="Iniciar sesión" id="ctl00_leftColumn_LoginUser_LoginButton" />
        </fieldset></div>
        """)
    }

    static let serverError = """
    <html><head><title>Error de servidor en la aplicación '/'.</title></head>
    <body><h1>Error de servidor en la aplicación '/'.<hr width=100% size=1 color=silver></h1>
    <h2><i>Error en tiempo de ejecución</i></h2></body></html>
    """

    static func home(_ student: FakeStudent, layout: FakeLayout) -> String {
        page(title: "Alumnos", body: "<h2>Bienvenido</h2><span id=\"\(layout.idPrefix)Lbl_Nombre\">\(escape(student.personalData["student.name"] ?? ""))</span>")
    }

    static func grades(_ student: FakeStudent, layout: FakeLayout, evaluationRequired: Bool) -> String {
        if evaluationRequired {
            return page(title: "Calificaciones", body: """
            <div class="aviso">Para consultar tus calificaciones es necesario que evalues a tus PROFESORES.</div>
            <input type="submit" name="ctl00$mainCopy$Btn_Evaluar" value="Evaluar" id="\(layout.idPrefix)Btn_Evaluar" />
            """)
        }
        let group = layout.verbose ? "Gpo." : "Grupo"
        var rows = "<tr><th scope=\"col\">\(group)</th><th scope=\"col\">Materia</th><th scope=\"col\">1er Parcial</th><th scope=\"col\">2o Parcial</th><th scope=\"col\">3er Parcial</th><th scope=\"col\">Ext</th><th scope=\"col\">Final</th></tr>"
        for (index, row) in student.grades.enumerated() {
            let subject = layout.verbose ? "C\(301 + index) - \(row.subject)" : row.subject
            let final = row.final.text + (layout.verbose && row.final != .none ? " Aprobado" : "")
            let cells = [row.group, subject] + row.partials.map(\.text) + [row.extraordinary.text.isEmpty ? "-" : row.extraordinary.text, final]
            rows += "<tr>" + cells.map { "<td>\(escape($0))</td>" }.joined() + "</tr>"
        }
        return page(title: "Calificaciones", body: """
        <div id="\(layout.idPrefix)Panel1"><table class="grid" cellspacing="0" rules="all" border="1" id="\(layout.idPrefix)GV_Calif" style="border-collapse:collapse;">
        \(rows)
        </table></div>
        """)
    }

    static func schedule(_ student: FakeStudent, layout: FakeLayout) -> String {
        let days = ["Lunes", "Martes", "Miércoles", "Jueves", "Viernes", "Sábado"]
        let usesSaturday = student.schedule.contains { $0.meetings.contains { $0.weekday == 6 } }
        let shown = usesSaturday ? days : Array(days.prefix(5))
        var header = ["Grupo", "Materia", "Profesores"]
        if layout.roomInColumns { header += ["Edificio", "Salón"] }
        header += shown
        var rows = "<tr>" + header.map { "<th scope=\"col\">\(escape($0))</th>" }.joined() + "</tr>"
        for row in student.schedule {
            var cells = [escape(row.group), escape(row.subject), escape(row.teacher)]
            if layout.roomInColumns {
                cells += [escape(row.meetings.first?.building ?? ""), escape(row.meetings.first?.room ?? "")]
            }
            for day in 1...shown.count {
                let meetings = row.meetings.filter { $0.weekday == day }
                var cell = meetings.map { "\(trimHour($0.start)) - \(trimHour($0.end))" }.joined(separator: " ")
                if !layout.roomInColumns, let first = meetings.first, let building = first.building, let room = first.room {
                    cell += "<br />Edif: \(escape(building)) - Salón: \(escape(room))"
                }
                cells.append(cell)
            }
            rows += "<tr>" + cells.map { "<td>\($0)</td>" }.joined() + "</tr>"
        }
        rows += "<tr>" + header.map { _ in "<td>&nbsp;</td>" }.joined() + "</tr>"
        return page(title: "Horario", body: """
        <table cellspacing="0" rules="all" border="1" id="\(layout.idPrefix)GV_Horario" style="border-collapse:collapse;">
        \(rows)
        </table>
        """)
    }

    /// `07:00` → `7:00`, as SAES writes hours.
    static func trimHour(_ time: String) -> String {
        time.hasPrefix("0") ? String(time.dropFirst()) : time
    }

    static func kardex(_ student: FakeStudent, layout: FakeLayout) -> String {
        let months = ["ENE", "FEB", "MAR", "ABR", "MAY", "JUN", "JUL", "AGO", "SEP", "OCT", "NOV", "DIC"]
        func date(_ iso: String?) -> String {
            guard let iso else { return "" }
            let parts = iso.split(separator: "-")
            guard parts.count >= 2, let month = Int(parts[1]), (1...12).contains(month) else { return iso }
            if parts.count == 2 { return "\(parts[1])/\(parts[0])" }
            return "\(months[month - 1]) \(parts[2]) \(parts[0])"
        }
        let average = student.kardex.averageHundredths.map { "\($0 / 100),\(String(format2: $0 % 100))" } ?? ""
        var tables = ""
        for semester in student.kardex.semesters {
            var rows = "<tr><td colspan=\"6\" class=\"titulo\">\(escape(semester.title))</td></tr>"
            rows += "<tr><td>Clave</td><td>Materia</td><td>Fecha</td><td>Periodo</td><td>Forma Eval</td><td>Calif</td></tr>"
            for line in semester.lines {
                let cells = [line.code, line.subject, date(line.date), line.period, line.assessment, line.mark.text]
                rows += "<tr>" + cells.map { "<td>\(escape($0))</td>" }.joined() + "</tr>"
            }
            tables += "<table border=\"1\" cellspacing=\"0\">\(rows)</table><br />"
        }
        return page(title: "Kardex", body: """
        <div id="\(layout.idPrefix)Panel1">
        <p>Alumno: <span id="\(layout.idPrefix)Lbl_Nombre">\(escape(student.kardex.studentName ?? ""))</span></p>
        <p>Carrera: <span id="\(layout.idPrefix)Lbl_Carrera">\(escape(student.kardex.career ?? ""))</span>
        Plan: <span id="\(layout.idPrefix)Lbl_Plan">\(escape(student.kardex.plan ?? ""))</span></p>
        <p>Promedio: <span id="\(layout.idPrefix)Lbl_Promedio">\(average)</span></p>
        <span id="\(layout.idPrefix)Lbl_Kardex"><center>\(tables)</center></span>
        </div>
        """)
    }

    static func personalData(_ student: FakeStudent, layout: FakeLayout) -> String {
        var labels = ""
        for (key, label) in PersonalDataParser.labels {
            labels += "<tr><td>\(escape(key))</td><td><span id=\"\(layout.idPrefix)TabContainer1_\(label)\">\(escape(student.personalData[key] ?? ""))</span></td></tr>\n"
        }
        return page(title: "Datos del alumno", body: "<div id=\"\(layout.idPrefix)TabContainer1\"><table>\(labels)</table></div>")
    }

    static func evaluation(_ student: FakeStudent, layout: FakeLayout) -> String {
        var rows = "<tr><th>Grupo</th><th>Materia</th><th>Profesor</th><th>Evaluar</th></tr>"
        for teacher in student.teachersToEvaluate {
            rows += "<tr><td>\(escape(teacher.group))</td><td>\(escape(teacher.subject))</td><td>\(escape(teacher.teacher))</td>"
                + "<td><a href=\"\(escape(teacher.link ?? "#"))\">Evaluar</a></td></tr>"
        }
        return page(title: "Evaluación docente", body: "<table id=\"\(layout.idPrefix)GV_Profe\">\(rows)</table>")
    }

    static func credits(_ student: FakeStudent, layout: FakeLayout) -> String {
        page(title: "Reinscripción", body: """
        <p>Créditos alcanzados: <span id="\(layout.idPrefix)Lbl_CreditosAlcanzados">\(student.credits.earned)</span></p>
        <p>Créditos de la carrera: <span id="\(layout.idPrefix)Lbl_CreditosCarrera">\(student.credits.total)</span></p>
        <p>Cita: <span id="\(layout.idPrefix)Lbl_Cita">15/01/2027 10:00</span></p>
        """)
    }
}

extension String {
    /// Two digits, zero-padded.
    init(format2 value: Int) {
        self = value < 10 ? "0\(value)" : "\(value)"
    }
}
