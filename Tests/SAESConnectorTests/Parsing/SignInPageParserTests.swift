import SAESConnector
import Testing

@Suite("Sign-in page: the form to post back, the CAPTCHA and SAES's refusal")
struct SignInPageParserTests {
    @Test("a refused sign-in: its hidden fields, the CAPTCHA id and image address, the failure in SAES's words, which names the CAPTCHA")
    func refused() throws {
        let html = try Fixture.html("sign_in")
        #expect(SAESPageKind(html: html) == .signIn)
        let parsed = SignInPageParser.parse(html)
        let page = try #require(parsed.value)
        #expect(parsed.problems.isEmpty)
        #expect(page.captchaID == "6a1f0c2e9b7d4e3f8a5b6c7d8e9f0a1b")
        #expect(
            page.captchaImagePath
                == "BotDetectCaptcha.ashx?get=image&c=c_default_ctl00_leftcolumn_loginuser_logincaptcha&t=6a1f0c2e9b7d4e3f8a5b6c7d8e9f0a1b")
        #expect(page.form.hiddenFields.map(\.name) == ["__VIEWSTATE", "__VIEWSTATEGENERATOR", "__EVENTVALIDATION", SignInPageParser.captchaField])
        #expect(page.failure == "El código de la imagen es incorrecto.")
        #expect(SignInPageParser.blamesCaptcha(try #require(page.failure)))
        #expect(!SignInPageParser.blamesCaptcha("Usuario o contraseña incorrectos."))
    }

    @Test("without the CAPTCHA id or its image the page is unreadable; without __EVENTVALIDATION it is read and the gap named")
    func damaged() throws {
        let html = try Fixture.html("sign_in")
        for name in ["grades_ctl00", "error", "maintenance"] {
            #expect(SignInPageParser.parse(try Fixture.html(name)).value == nil, "\(name)")
        }
        let noImage = html.replacingOccurrences(of: "id=\"c_default_ctl00_leftcolumn_loginuser_logincaptcha_CaptchaImage\"", with: "id=\"logo\"")
        #expect(SignInPageParser.parse(noImage).problems == ["The sign-in form has no CAPTCHA image."])
        let noValidation = html.replacingOccurrences(of: "name=\"__EVENTVALIDATION\"", with: "name=\"other\"")
        let parsed = SignInPageParser.parse(noValidation)
        #expect(parsed.value != nil && parsed.problems == ["The sign-in form has no __EVENTVALIDATION."])
    }
}
