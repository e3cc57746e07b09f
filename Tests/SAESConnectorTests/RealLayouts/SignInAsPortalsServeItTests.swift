import SAESConnector
import Testing

@Suite("The sign-in page as the portals serve it: hidden required-field markers, an `Iniciar` button, a page-named CAPTCHA")
struct SignInAsPortalsServeItTests {
    @Test("a fresh page is no refusal: the hidden `*` markers sharing the failureNotification class are not read as one")
    func freshPage() throws {
        let html = try Fixture.html("sign_in_portal")
        #expect(SAESPageKind(html: html) == .signIn)
        let parsed = SignInPageParser.parse(html)
        let page = try #require(parsed.value)
        #expect(parsed.problems.isEmpty)
        #expect(page.failure == nil)
    }

    @Test("a refusal is the visible message only, whatever markers are hidden around it")
    func refusal() throws {
        let html = try Fixture.html("sign_in_portal").replacingOccurrences(
            of: "font-size: 15px\" align=\"right\">\n", with: "font-size: 15px\" align=\"right\">\nEl código de la imagen es incorrecto.")
        let page = try #require(SignInPageParser.parse(html).value)
        #expect(page.failure == "El código de la imagen es incorrecto.")
        #expect(SignInPageParser.blamesCaptcha(try #require(page.failure)))
    }

    @Test("the button is posted as the page carries it (`Iniciar`), and the CAPTCHA field and image follow the page's instance")
    func formFromThePage() throws {
        let html = try Fixture.html("sign_in_portal")
        let page = try #require(SignInPageParser.parse(html).value)
        #expect(page.button == FormField("ctl00$leftColumn$LoginUser$LoginButton", "Iniciar"))
        #expect(page.captchaField == "LBD_VCID_c_default_ctl00_leftcolumn_loginuser_logincaptcha")
        #expect(page.captchaID == "5b0e7c41d2a94f6e8c3d1a2b4c6d8e0f")
        // BotDetect names the instance after the page: elsewhere the same form carries another.
        let elsewhere = try #require(SignInPageParser.parse(html.replacingOccurrences(of: "c_default_", with: "c_alumnos_default_")).value)
        #expect(elsewhere.captchaField == "LBD_VCID_c_alumnos_default_ctl00_leftcolumn_loginuser_logincaptcha")
        #expect(
            elsewhere.captchaImagePath
                == "/BotDetectCaptcha.ashx?get=image&c=c_alumnos_default_ctl00_leftcolumn_loginuser_logincaptcha&t=5b0e7c41d2a94f6e8c3d1a2b4c6d8e0f")
        // Every hidden field goes back, BotDetect's own included.
        #expect(page.form.hidden("LBD_BackWorkaround_c_default_ctl00_leftcolumn_loginuser_logincaptcha") == "1")
    }
}
