import FakeSAES
import NIOCore
import SAESConnector
import Testing

/// Signs in to the fake portal the way a student does: reads the CAPTCHA shown, types it.
func signIn(
    _ connector: SAESConnector, _ fake: FakeSAES, portal: String, boleta: String = FakeStudent.demo.boleta,
    password: String = FakeStudent.demo.password
) async throws -> SAESSignInOutcome {
    let challenge = try await connector.beginSignIn(portal: portal)
    let answer = try #require(fake.latestCaptchaAnswer)
    return try await connector.signIn(challenge, boleta: boleta, password: password, captcha: answer.lowercased())
}

@Suite("Signing in to SAES: the CAPTCHA relayed, refusals told apart, SAES down or slow")
struct SignInTests {
    @Test("the right CAPTCHA signs in: a session ticket, and pages read with it in both id styles", arguments: ["escom", "upiicsa"])
    func signsIn(school: String) async throws {
        let fake = FakeSAES()
        try await fake.withRunning { base in
            let connector = SAESConnector.trusting(base)
            let portal = base + school + "/"
            let challenge = try await connector.beginSignIn(portal: portal)
            #expect(challenge.captchaType == "image/png")
            #expect(Array(challenge.captchaImage.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
            #expect(challenge.page.form.hidden("__VIEWSTATE") != nil)
            let outcome = try await connector.signIn(
                challenge, boleta: FakeStudent.demo.boleta, password: FakeStudent.demo.password,
                captcha: try #require(fake.latestCaptchaAnswer).lowercased())
            guard case .signedIn(var cookies) = outcome else {
                Issue.record("expected to be signed in, got \(outcome)")
                return
            }
            #expect(cookies.isSignedIn)
            let grades = GradesParser.parse(try await connector.page(.grades, portal: portal, cookies: &cookies))
            #expect(grades.isComplete)
            #expect(grades.value?.rows.count == FakeStudent.demo.grades.count)
            #expect(grades.value?.rows.first?.partials == FakeStudent.demo.grades.first?.partials)
            let schedule = ScheduleParser.parse(try await connector.page(.schedule, portal: portal, cookies: &cookies))
            #expect(schedule.isComplete)
            #expect(
                schedule.value
                    == FakeStudent.demo.schedule.map { row in
                        var row = row
                        if school == "upiicsa" {
                            // Room columns hold one room per subject.
                            row.meetings = row.meetings.map {
                                var meeting = $0; meeting.building = row.meetings[0].building; meeting.room = row.meetings[0].room; return meeting
                            }
                        }
                        return row
                    })
            let kardex = KardexParser.parse(try await connector.page(.kardex, portal: portal, cookies: &cookies))
            #expect(kardex.isComplete)
            #expect(kardex.value == FakeStudent.demo.kardex)
            let personal = PersonalDataParser.parse(try await connector.page(.personalData, portal: portal, cookies: &cookies))
            #expect(personal.value?.fields == FakeStudent.demo.personalData)
            let credits = CreditsParser.parse(try await connector.page(.credits, portal: portal, cookies: &cookies))
            #expect(credits.value?.earned == "172.50")
            let occupancy = OccupancyParser.parse(try await connector.page(.occupancy, portal: portal, cookies: &cookies))
            #expect(occupancy.value?.first?.enrolled == 38)
            let photo = try await connector.photo(portal: portal, cookies: &cookies)
            #expect(photo?.type == "image/png")
        }
    }

    @Test("a mistyped CAPTCHA is told apart from a wrong password, and each comes back with a new CAPTCHA to retry with")
    func refusals() async throws {
        let fake = FakeSAES()
        try await fake.withRunning { base in
            let connector = SAESConnector.trusting(base)
            let portal = base + "escom/"
            let challenge = try await connector.beginSignIn(portal: portal)
            let wrong = try await connector.signIn(challenge, boleta: FakeStudent.demo.boleta, password: FakeStudent.demo.password, captcha: "XXXXXX")
            guard case .wrongCaptcha(let retry) = wrong else {
                Issue.record("expected a wrong CAPTCHA, got \(wrong)")
                return
            }
            #expect(retry.page.captchaID != challenge.page.captchaID)
            #expect(retry.page.failure == "El código de la imagen es incorrecto.")

            let badPassword = try await connector.signIn(
                retry, boleta: FakeStudent.demo.boleta, password: "not-it",
                captcha: try #require(fake.latestCaptchaAnswer))
            guard case .wrongCredentials(let message, let again) = badPassword else {
                Issue.record("expected wrong credentials, got \(badPassword)")
                return
            }
            #expect(message == "Usuario o contraseña incorrectos.")
            let third = try await connector.signIn(
                again, boleta: FakeStudent.demo.boleta, password: FakeStudent.demo.password,
                captcha: try #require(fake.latestCaptchaAnswer))
            guard case .signedIn = third else {
                Issue.record("expected the third attempt to sign in, got \(third)")
                return
            }
        }
    }

    @Test("SAES down: its crash page is a server error, a slow answer a timeout, a closed port unreachable")
    func down() async throws {
        let fake = FakeSAES()
        try await fake.withRunning { base in
            fake.setTrouble(.crashing)
            await #expect(throws: SAESError.serverError) { try await SAESConnector.trusting(base).beginSignIn(portal: base + "escom/") }
            fake.setTrouble(.slow(.seconds(3)))
            let impatient = SAESConnector.trusting(base, timeout: .milliseconds(500))
            do {
                _ = try await impatient.beginSignIn(portal: base + "escom/")
                Issue.record("a slow SAES answered in time")
            } catch {
                guard case SAESError.unreachable = error else { Issue.record("expected unreachable, got \(error)"); return }
            }
            fake.setTrouble(.none)
        }
        do {
            _ = try await SAESConnector.trusting("http://127.0.0.1:9/").beginSignIn(portal: "http://127.0.0.1:9/escom/")
            Issue.record("a closed port answered")
        } catch {
            guard case SAESError.unreachable = error else { Issue.record("expected unreachable, got \(error)"); return }
        }
    }

    @Test(
        """
        SAES's crash page answered with a 200, as the real portals do, is SAES down on every path: sign-in page, sign-in post, pages, photo, \
        session check, availability
        """
    )
    func crashPageWithOK() async throws {
        let fake = FakeSAES()
        try await fake.withRunning { base in
            let connector = SAESConnector.trusting(base)
            let portal = base + "escom/"
            let challenge = try await connector.beginSignIn(portal: portal)
            let answer = try #require(fake.latestCaptchaAnswer)
            fake.setTrouble(.crashingWithOK)
            await #expect(throws: SAESError.serverError) { try await connector.beginSignIn(portal: portal) }
            await #expect(throws: SAESError.serverError) {
                try await connector.signIn(challenge, boleta: FakeStudent.demo.boleta, password: FakeStudent.demo.password, captcha: answer)
            }
            fake.setTrouble(.none)
            guard case .signedIn(var cookies) = try await signIn(connector, fake, portal: portal) else {
                Issue.record("did not sign in")
                return
            }
            fake.setTrouble(.crashingWithOK)
            await #expect(throws: SAESError.serverError) { try await connector.isSessionAlive(portal: portal, cookies: &cookies) }
            for page in [SAESPage.grades, .schedule, .kardex, .personalData, .credits, .teacherEvaluation, .occupancy] {
                await #expect(throws: SAESError.serverError, "\(page)") { try await connector.page(page, portal: portal, cookies: &cookies) }
            }
            // Not "no photo": the photo page failed.
            await #expect(throws: SAESError.serverError) { try await connector.photo(portal: portal, cookies: &cookies) }
            await #expect(throws: SAESError.serverError) { try await connector.availability(portal: portal, cookies: &cookies) }
            fake.setTrouble(.none)
            #expect(try await connector.isSessionAlive(portal: portal, cookies: &cookies))
        }
    }

    @Test("when SAES withholds grades for the teacher evaluation, signing in says so and names the teachers")
    func evaluationRequired() async throws {
        let fake = FakeSAES()
        fake.setEvaluationRequired(true)
        try await fake.withRunning { base in
            let outcome = try await signIn(SAESConnector.trusting(base), fake, portal: base + "upiicsa/")
            guard case .evaluationRequired(let cookies, let teachers) = outcome else {
                Issue.record("expected the evaluation to be required, got \(outcome)")
                return
            }
            #expect(cookies.isSignedIn)
            #expect(teachers.map(\.teacher) == ["LÓPEZ RAMÍREZ ELENA", "HERNÁNDEZ CRUZ MARIO"])
        }
    }

    @Test("a session SAES has ended reads as ended, and the check before a sync says so")
    func expiry() async throws {
        let fake = FakeSAES()
        try await fake.withRunning { base in
            let connector = SAESConnector.trusting(base)
            let portal = base + "escom/"
            guard case .signedIn(var cookies) = try await signIn(connector, fake, portal: portal) else {
                Issue.record("did not sign in")
                return
            }
            #expect(try await connector.isSessionAlive(portal: portal, cookies: &cookies))
            fake.expireSessions()
            #expect(try await !connector.isSessionAlive(portal: portal, cookies: &cookies))
            await #expect(throws: SAESError.sessionEnded) { try await connector.page(.grades, portal: portal, cookies: &cookies) }
        }
    }

    @Test("course availability: changing the career posts back with the page's hidden fields and changes the plans; a search lists groups")
    func availability() async throws {
        let fake = FakeSAES()
        try await fake.withRunning { base in
            let connector = SAESConnector.trusting(base)
            let portal = base + "escom/"
            guard case .signedIn(var cookies) = try await signIn(connector, fake, portal: portal) else {
                Issue.record("did not sign in")
                return
            }
            let first = try #require(try await connector.availability(portal: portal, cookies: &cookies).value)
            #expect(first.options(.plan).map(\.value) == ["20", "09"])
            #expect(first.groups.isEmpty)
            let changed = try #require(try await connector.availability(portal: portal, cookies: &cookies, filters: [.career: "I"]).value)
            #expect(changed.selected(.career) == "I")
            #expect(changed.options(.plan).map(\.value) == ["20"])
            #expect(changed.groups.map(\.subject) == ["APRENDIZAJE DE MÁQUINA"])
            #expect(changed.groups.first?.times.first == "7:00 - 8:30")
            #expect(fake.requestLog.contains("POST escom/Academica/horarios.aspx"))
        }
    }
}
