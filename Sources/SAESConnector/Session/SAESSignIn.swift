import Foundation

/// A sign-in in progress: the portal's cookies and form from the moment its CAPTCHA was shown. Patio keeps it
/// (encrypted) between showing the CAPTCHA and the student's answer.
public struct SAESSignInChallenge: Sendable, Hashable, Codable {
    public var portal: String
    public var cookies: SAESCookies
    public var page: SAESSignInPage
    /// The CAPTCHA image to show the student, and its media type.
    public var captchaImage: [UInt8]
    public var captchaType: String
}

/// How a sign-in ended.
public enum SAESSignInOutcome: Sendable {
    /// Signed in: the session's cookies.
    case signedIn(SAESCookies)
    /// Signed in, but SAES withholds grades until the student evaluates these teachers.
    case evaluationRequired(SAESCookies, [SAESTeacherToEvaluate])
    /// The CAPTCHA was mistyped: try again with this new one.
    case wrongCaptcha(SAESSignInChallenge)
    /// SAES refused the boleta or password (its words); a new CAPTCHA to try again with.
    case wrongCredentials(String, SAESSignInChallenge)
}

/// Signs a student in to their school's SAES and reads pages with the session it gets.
public struct SAESConnector: Sendable {
    public var http: SAESHTTP

    public init(http: SAESHTTP = SAESHTTP()) { self.http = http }

    /// Opens the sign-in page (as a browser does, with `AspxAutoDetectCookieSupport=1`) and fetches its
    /// CAPTCHA image.
    public func beginSignIn(portal: String) async throws(SAESError) -> SAESSignInChallenge {
        var cookies = SAESCookies(["AspxAutoDetectCookieSupport": "1"])
        let response = try await http.get(Self.url(portal, SAESPage.login.path), portal: portal, cookies: &cookies)
        return try await challenge(from: response, portal: portal, cookies: cookies)
    }

    /// Posts the student's boleta, password and CAPTCHA answer.
    public func signIn(_ challenge: SAESSignInChallenge, boleta: String, password: String, captcha: String) async throws(SAESError)
        -> SAESSignInOutcome
    {
        var cookies = challenge.cookies
        // The CAPTCHA field and the button as the page carried them: the instance is named after the page and
        // the button's words differ from portal to portal.
        let fields = challenge.page.form.post([
            FormField("ctl00$leftColumn$LoginUser$UserName", boleta),
            FormField("ctl00$leftColumn$LoginUser$Password", password),
            FormField("ctl00$leftColumn$LoginUser$CaptchaCodeTextBox", captcha.uppercased()),
            FormField(challenge.page.captchaField ?? SignInPageParser.captchaField, challenge.page.captchaID),
            challenge.page.button ?? FormField(SignInPageParser.buttonName, "Iniciar"),
        ])
        let response = try await http.post(Self.url(challenge.portal, SAESPage.login.path), portal: challenge.portal, form: fields, cookies: &cookies)
        let html = response.text
        switch SAESPageKind(html: html) {
        case .serverError:
            throw .serverError
        case .signIn where !cookies.isSignedIn:
            let next = try await self.challenge(from: response, portal: challenge.portal, cookies: cookies)
            let failure = next.page.failure ?? ""
            return SignInPageParser.blamesCaptcha(failure) ? .wrongCaptcha(next) : .wrongCredentials(failure, next)
        case .signIn, .content:
            guard cookies.isSignedIn else { throw .unexpected("SAES answered the sign-in without a session ticket.") }
            let grades = try await page(.grades, portal: challenge.portal, cookies: &cookies)
            if EvaluationParser.isRequired(html: grades) {
                let list = try await page(.teacherEvaluation, portal: challenge.portal, cookies: &cookies)
                return .evaluationRequired(cookies, EvaluationParser.parse(list).value ?? [])
            }
            return .signedIn(cookies)
        }
    }

    /// Reads one page with a signed-in session; `.sessionEnded` when SAES answers its sign-in page instead.
    public func page(_ page: SAESPage, portal: String, cookies: inout SAESCookies) async throws(SAESError) -> String {
        let response = try await http.get(Self.url(portal, page.path), portal: portal, cookies: &cookies)
        let html = response.text
        switch SAESPageKind(html: html) {
        case .signIn: throw .sessionEnded
        case .serverError: throw .serverError
        case .content:
            guard (200..<300).contains(response.status) else { throw .unexpected("SAES answered \(response.status) for \(page.path).") }
            return html
        }
    }

    /// The student's photo bytes and media type; nil when SAES has none.
    public func photo(portal: String, cookies: inout SAESCookies) async throws(SAESError) -> (bytes: [UInt8], type: String)? {
        let response = try await http.get(Self.url(portal, SAESPage.photo.path), portal: portal, cookies: &cookies)
        guard let type = response.contentType, type.lowercased().hasPrefix("image/") else {
            switch SAESPageKind(html: response.text) {
            case .signIn: throw .sessionEnded
            // Its crash page (often with a 200) is SAES failing, not a student without a photo.
            case .serverError: throw .serverError
            case .content: return nil
            }
        }
        return response.body.isEmpty ? nil : (response.body, type)
    }

    /// Whether SAES still honours the session (its home page answers as itself, not the sign-in page).
    public func isSessionAlive(portal: String, cookies: inout SAESCookies) async throws(SAESError) -> Bool {
        guard cookies.isSignedIn else { return false }
        do {
            _ = try await page(.home, portal: portal, cookies: &cookies)
            return true
        } catch .sessionEnded {
            return false
        }
    }

    /// Course availability, searched live: the page as it first comes, or after posting `filters` back with
    /// its hidden fields (a career change posts back and changes the other lists).
    public func availability(
        portal: String, cookies: inout SAESCookies, filters: [SAESAvailability.Filter: String] = [:],
        nextPeriod: Bool = false
    ) async throws(SAESError) -> ParsedPage<SAESAvailability> {
        let first = AvailabilityParser.parse(try await page(.availability, portal: portal, cookies: &cookies))
        guard !filters.isEmpty, let form = first.value?.form else { return first }
        var fields = filters.sorted { $0.key.rawValue < $1.key.rawValue }.map { FormField($0.key.rawValue, $0.value) }
        fields.append(FormField("ctl00$mainCopy$GroupPeriodoEscolar", nextPeriod ? "optProximo" : "optActual"))
        fields.append(FormField("ctl00$mainCopy$cmdVisalizar", "Visualizar"))
        let response = try await http.post(Self.url(portal, SAESPage.availability.path), portal: portal, form: form.post(fields), cookies: &cookies)
        switch SAESPageKind(html: response.text) {
        case .signIn: throw .sessionEnded
        case .serverError: throw .serverError
        case .content: return AvailabilityParser.parse(response.text)
        }
    }

    private func challenge(from response: SAESResponse, portal: String, cookies: SAESCookies) async throws(SAESError) -> SAESSignInChallenge {
        var cookies = cookies
        let html = response.text
        if SAESPageKind(html: html) == .serverError { throw .serverError }
        guard let page = SignInPageParser.parse(html).value else {
            throw .unexpected("SAES's sign-in page has no CAPTCHA Patio can show.")
        }
        guard let imageURL = URL(string: page.captchaImagePath, relativeTo: URL(string: response.url))?.absoluteString else {
            throw .unexpected("The CAPTCHA image's address cannot be read.")
        }
        // The image address comes from the page: it is held to the portal's origin like any redirect.
        let image = try await http.get(imageURL, portal: portal, cookies: &cookies)
        guard let type = image.contentType, type.lowercased().hasPrefix("image/"), !image.body.isEmpty else {
            throw .unexpected("The CAPTCHA image did not come back as an image.")
        }
        return SAESSignInChallenge(portal: portal, cookies: cookies, page: page, captchaImage: image.body, captchaType: type)
    }

    static func url(_ portal: String, _ path: String) -> String {
        portal.hasSuffix("/") ? portal + path : portal + "/" + path
    }
}
