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
    /// The visible `span.failureNotification`, when SAES refused the last attempt.
    public var failure: String?
}

/// Reads the sign-in page.
public enum SignInPageParser {
    public static let captchaField = "LBD_VCID_c_default_ctl00_leftcolumn_loginuser_logincaptcha"
    static let captchaImageID = "c_default_ctl00_leftcolumn_loginuser_logincaptcha_CaptchaImage"

    public static func parse(_ html: String) -> ParsedPage<SAESSignInPage> {
        let document = HTMLDocument(html: html)
        let form = WebForm(document: document)
        guard let captchaID = form.hidden(captchaField), !captchaID.isEmpty else {
            return .unreadable("The sign-in form has no CAPTCHA id (\(captchaField)).")
        }
        guard let image = document.first("//img[@id='\(captchaImageID)']")?.attribute("src"), !image.isEmpty else {
            return .unreadable("The sign-in form has no CAPTCHA image.")
        }
        var problems: [String] = []
        for field in ["__VIEWSTATE", "__EVENTVALIDATION"] where form.hidden(field) == nil {
            problems.append("The sign-in form has no \(field).")
        }
        let failure = document.select("//span[contains(concat(' ', normalize-space(@class), ' '), ' failureNotification ')]")
            .map(\.cleanText).filter { !$0.isEmpty }.joined(separator: " ")
        return ParsedPage(value: SAESSignInPage(form: form, captchaID: captchaID, captchaImagePath: image,
                                                failure: failure.isEmpty ? nil : failure), problems: problems)
    }

    /// Whether a refusal names the CAPTCHA (rather than the boleta or password).
    public static func blamesCaptcha(_ failure: String) -> Bool {
        let folded = HTMLText.folded(failure)
        return folded.contains("captcha") || folded.contains("codigo") || folded.contains("imagen")
    }
}
