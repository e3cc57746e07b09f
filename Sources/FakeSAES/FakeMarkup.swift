import SAESConnector

/// The fake portal's pages, in the markup ASP.NET WebForms gives SAES.
enum FakeMarkup {
    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    static func page(title: String, body: String, form: Bool = true, viewState: String = "dDwtMTA4NzE4NzA1Nzs7Pg==", charset: Bool = true) -> String {
        """
        <!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">
        <html xmlns="http://www.w3.org/1999/xhtml"><head>\(charset ? "<meta http-equiv=\"Content-Type\" content=\"text/html; charset=utf-8\" />" : "")
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
    static func signIn(captchaID: String, failure: String?, captchaAddress: String? = nil, style: FakeLayout.SignIn = .plain) -> String {
        let imageSource =
            captchaAddress.map(escape)
            ?? "BotDetectCaptcha.ashx?get=image&amp;c=\(captchaInstance)&amp;t=\(captchaID)"
        // Real portals mark the required fields with hidden `*` spans of the same class as the refusal.
        func marker(_ field: String, _ title: String) -> String {
            style == .portal
                ? """
                <span id=\"ctl00_leftColumn_LoginUser_\(field)Required\" title=\"\(title)\" class=\"failureNotification\" \
                style=\"color:Red;visibility:hidden;\">*</span>
                """
                : ""
        }
        let failureSpan = "<span class=\"failureNotification\" style=\"color: red\">\(failure.map(escape) ?? "")</span>"
        return page(
            title: "IPN-SAES",
            body: """
                <div id="leftColumn"><fieldset class="login"><legend>Inicio de sesión</legend>
                <p>Usuario: <input name="ctl00$leftColumn$LoginUser$UserName" type="text" id="ctl00_leftColumn_LoginUser_UserName" \
                />\(marker("UserName", "El nombre de usuario es obligatorio."))</p>
                <p>Contraseña: <input name="ctl00$leftColumn$LoginUser$Password" type="password" id="ctl00_leftColumn_LoginUser_Password" \
                />\(marker("Password", "La contraseña es obligatoria."))</p>
                <div class="LBD_CaptchaDiv" id="\(captchaInstance)_Container">
                <img class="LBD_CaptchaImage" id="\(captchaInstance)_CaptchaImage" src="\(imageSource)" alt="CAPTCHA" />
                <a id="\(captchaInstance)_ReloadLink" href="#">Cambiar imagen</a>
                <input type="hidden" name="LBD_VCID_\(captchaInstance)" id="LBD_VCID_\(captchaInstance)" value="\(captchaID)" />
                </div>
                <p>Código: <input name="ctl00$leftColumn$LoginUser$CaptchaCodeTextBox" type="text" \
                id="ctl00_leftColumn_LoginUser_CaptchaCodeTextBox" /></p>
                <input type="submit" name="\(SignInPageParser.buttonName)" value="\(style.button)" id="ctl00_leftColumn_LoginUser_LoginButton" />
                </fieldset>
                \(failureSpan)
                </div>
                """, charset: style == .plain)
    }

    /// BotDetect's instance on `default.aspx`, which names the CAPTCHA's field and image.
    static let captchaInstance = "c_default_ctl00_leftcolumn_loginuser_logincaptcha"

    /// The clave the fake writes for a subject: the grade row's own, else one numbered by where the subject is
    /// on the grades page (`C301`…) or, for a subject only on the schedule, on the schedule (`C401`…).
    static func clave(group: String, subject: String, of student: FakeStudent) -> String {
        if let index = student.grades.firstIndex(where: { $0.group == group && $0.subject == subject }) {
            return student.grades[index].subjectCode ?? "C\(301 + index)"
        }
        if let index = student.schedule.firstIndex(where: { $0.group == group && $0.subject == subject }) {
            return student.schedule[index].subjectCode ?? "C\(401 + index)"
        }
        return "C400"
    }

    static let serverError = """
        <html><head><title>Error de servidor en la aplicación '/'.</title></head>
        <body><h1>Error de servidor en la aplicación '/'.<hr width=100% size=1 color=silver></h1>
        <h2><i>Error en tiempo de ejecución</i></h2></body></html>
        """

    static func home(_ student: FakeStudent, layout: FakeLayout) -> String {
        page(
            title: "Alumnos",
            body: "<h2>Bienvenido</h2><span id=\"\(layout.idPrefix)Lbl_Nombre\">\(escape(student.personalData["student.name"] ?? ""))</span>")
    }

    static func personalData(_ student: FakeStudent, layout: FakeLayout) -> String {
        var labels = ""
        for (key, label) in PersonalDataParser.labels {
            labels +=
                """
                <tr><td>\(escape(key))</td><td><span \
                id=\"\(layout.idPrefix)TabContainer1_\(label)\">\(escape(student.personalData[key] ?? ""))</span></td></tr>\n
                """
        }
        return page(title: "Datos del alumno", body: "<div id=\"\(layout.idPrefix)TabContainer1\"><table>\(labels)</table></div>")
    }

    static func evaluation(_ student: FakeStudent, layout: FakeLayout) -> String {
        var rows = "<tr><th>Grupo</th><th>Materia</th><th>Profesor</th><th>Evaluar</th></tr>"
        for teacher in student.teachersToEvaluate {
            rows +=
                "<tr><td>\(escape(teacher.group))</td><td>\(escape(teacher.subject))</td><td>\(escape(teacher.teacher))</td>"
                + "<td><a href=\"\(escape(teacher.link ?? "#"))\">Evaluar</a></td></tr>"
        }
        return page(title: "Evaluación docente", body: "<table id=\"\(layout.idPrefix)GV_Profe\">\(rows)</table>")
    }

    static func credits(_ student: FakeStudent, layout: FakeLayout) -> String {
        page(
            title: "Reinscripción",
            body: """
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
