import Foundation
import HTMLQuery

/// The sign-in page (`default.aspx`): the form to post back, the CAPTCHA and, after a refused attempt, the
/// reason SAES gives.
public struct SAESSignInPage: Sendable, Hashable, Codable {
    public var form: WebForm
    /// The CAPTCHA instance id SAES expects back (`LBD_VCID_…`).
    public var captchaID: String
    /// The CAPTCHA image's address as the page writes it (usually relative to the portal).
    public var captchaImagePath: String
    /// The visible `failureNotification` text, when SAES refused the last attempt.
    public var failure: String?
    /// The field the CAPTCHA id goes back in, as the page names it (`LBD_VCID_c_default_…` on `default.aspx`:
    /// BotDetect names the instance after the page). Nil only in a sign-in begun before Patio read it from the page.
    public var captchaField: String?
    /// The sign-in button as the page carries it (`Iniciar` on the real portals): ASP.NET signs in only when
    /// the post names the button. Nil when the page has none, or in a sign-in begun before Patio read it.
    public var button: FormField?

    public init(form: WebForm, captchaID: String, captchaImagePath: String, failure: String?, captchaField: String?, button: FormField?) {
        self.form = form
        self.captchaID = captchaID
        self.captchaImagePath = captchaImagePath
        self.failure = failure
        self.captchaField = captchaField
        self.button = button
    }
}

/// Reads the sign-in page.
public enum SignInPageParser {
    /// The CAPTCHA field on `default.aspx`, for a sign-in kept from before the page's own was read.
    public static let captchaField = "LBD_VCID_c_default_ctl00_leftcolumn_loginuser_logincaptcha"
    static let captchaFieldPrefix = "LBD_VCID_"
    /// The sign-in button's name, for a sign-in kept from before the page's own was read.
    public static let buttonName = "ctl00$leftColumn$LoginUser$LoginButton"

    public static func parse(_ html: String) -> ParsedPage<SAESSignInPage> {
        let document = HTMLDocument(html: html)
        let form = WebForm(document: document)
        guard let field = form.hiddenFields.first(where: { $0.name.hasPrefix(captchaFieldPrefix) && !$0.value.isEmpty }) else {
            return .unreadable("The sign-in form has no CAPTCHA id (\(captchaFieldPrefix)…).")
        }
        let instance = String(field.name.dropFirst(captchaFieldPrefix.count))
        guard let image = captchaImage(instance: instance, in: document), !image.isEmpty else {
            return .unreadable("The sign-in form has no CAPTCHA image.")
        }
        var problems: [String] = []
        for name in ["__VIEWSTATE", "__EVENTVALIDATION"] where form.hidden(name) == nil {
            problems.append("The sign-in form has no \(name).")
        }
        let button = signInButton(in: document)
        if button == nil { problems.append("The sign-in form has no sign-in button.") }
        let failure = visibleFailures(in: document).joined(separator: " ")
        return ParsedPage(
            value: SAESSignInPage(
                form: form, captchaID: field.value, captchaImagePath: image,
                failure: failure.isEmpty ? nil : failure, captchaField: field.name, button: button),
            problems: problems)
    }

    /// Whether a refusal names the CAPTCHA (rather than the boleta or password).
    public static func blamesCaptcha(_ failure: String) -> Bool {
        let folded = HTMLText.folded(failure)
        return folded.contains("captcha") || folded.contains("codigo") || folded.contains("imagen")
    }

    /// The image BotDetect draws for `instance`, which it always names `{instance}_CaptchaImage`.
    private static func captchaImage(instance: String, in document: HTMLDocument) -> String? {
        // The instance comes from the page: it is compared, never put into the XPath.
        document.select("//img[@id]").first { $0.attribute("id") == instance + "_CaptchaImage" }?.attribute("src")
    }

    /// The submit button of the sign-in control, else the page's only submit button.
    private static func signInButton(in document: HTMLDocument) -> FormField? {
        let buttons = document.select("//input[translate(@type,'SUBMIT','submit')='submit'][@name]").compactMap { input in
            input.attribute("name").map { FormField($0, input.attribute("value") ?? "") }
        }
        return buttons.first { $0.name.hasSuffix("LoginButton") } ?? (buttons.count == 1 ? buttons.first : nil)
    }

    /// The `failureNotification` messages a person sees. The required-field markers (`*`) share the class but
    /// are hidden (`visibility:hidden`) until the browser's own check fails: on a fresh page they are no refusal.
    private static func visibleFailures(in document: HTMLDocument) -> [String] {
        document.select("//*[contains(concat(' ', normalize-space(@class), ' '), ' failureNotification ')]").compactMap { element in
            let style = (element.attribute("style") ?? "").lowercased().filter { !$0.isWhitespace }
            if style.contains("visibility:hidden") || style.contains("display:none") { return nil }
            let text = element.cleanText
            // A marker the server showed says nothing by itself; its title says what is missing.
            if text == "*" { return element.attribute("title").map(HTMLText.collapsingSpaces) }
            return text.isEmpty ? nil : text
        }
    }
}
