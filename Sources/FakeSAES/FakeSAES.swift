import Foundation
import HTTPTypes
import Hummingbird
import SAESConnector
import Synchronization

/// A stand-in for IPN's SAES portals, speaking their markup and sign-in: hidden WebForms fields, a CAPTCHA
/// image with a known answer, `ASP.NET_SessionId` and `.ASPXFORMSAUTH`, every page Patio reads in both id
/// styles, the crash page, sessions that end, and course-availability postbacks.
///
/// Each school is a path prefix (`/escom/default.aspx`) with its ``FakeLayout``: `escom` writes `ctl00_mainCopy_`
/// ids and rooms in the day cells, `upiicsa` writes `mainCopy_` ids, room columns and `CLAVE - NOMBRE`
/// subjects, and `cecyt9`, `esimecu` and `encb` write their pages as those schools' real portals do (dot-leader
/// headers and `CLAVE-NOMBRE` grades, ESIME's 16-column schedule, ENCB's kardex, the real sign-in page). A
/// student may carry a layout of their own, which wins over the school's. Tests steer it through its methods;
/// the routes under `/_fake/` do the same for the browser suite.
public final class FakeSAES: Sendable {
    /// What goes wrong, on purpose.
    public enum Trouble: Sendable, Equatable {
        case none
        /// Every page answers the crash page with a 500.
        case crashing
        /// Every page answers the crash page with a 200, as the real portals do: only its words
        /// (`Error de servidor en la aplicación '/'.`) say SAES failed.
        case crashingWithOK
        /// Every answer waits this long first (longer than the connector's time limit, for timeouts).
        case slow(Duration)
        /// No answer at all: every request waits until the trouble changes or the portal stops serving.
        case silent
        /// Every page answers a 302 to this address (another host, another scheme), as a hijacked or
        /// misconfigured portal would.
        case redirecting(String)
    }

    struct Session {
        var captchaAnswer: String?
        var captchaID: String?
        var boleta: String?
        var ticket: String?
    }

    struct State {
        var students: [String: FakeStudent] = [FakeStudent.demo.boleta: .demo]
        var sessions: [String: Session] = [:]
        var trouble: Trouble = .none
        var evaluationRequired = false
        var latestCaptchaAnswer: String?
        var requests: [String] = []
        var brokenPages: Set<SAESPage> = []
        /// Students whose every page answers the crash page (with a 200), as when one record is damaged.
        var crashingStudents: Set<String> = []
        var stopping = false
        var counter = 0
        /// Where the sign-in page says its CAPTCHA image is, instead of its own `BotDetectCaptcha.ashx`.
        var captchaAddress: String?
        /// Requests that arrived, counted before any trouble holds them.
        var arrived = 0
        /// Requests answered (or given up on), so `arrived - finished` are still being held or served.
        var finished = 0
    }

    let state = Mutex(State())
    public let layouts: [String: FakeLayout]

    public init(layouts: [String: FakeLayout] = FakeLayout.schools) {
        self.layouts = layouts
    }

    // MARK: Steering

    /// Adds or replaces a student account.
    public func add(_ student: FakeStudent) { state.withLock { $0.students[student.boleta] = student } }

    /// Changes a student's pages (a new grade, a new class).
    public func update(boleta: String, _ change: @Sendable (inout FakeStudent) -> Void) {
        state.withLock { state in
            if var student = state.students[boleta] {
                change(&student)
                state.students[boleta] = student
            }
        }
    }

    public func setTrouble(_ trouble: Trouble) { state.withLock { $0.trouble = trouble } }

    /// Makes the sign-in page point its CAPTCHA image at `address` (any host or scheme), or (with nil) at
    /// its own handler again.
    public func setCaptchaAddress(_ address: String?) { state.withLock { $0.captchaAddress = address } }

    /// Serves `page` as a maintenance notice without its table, as SAES does when a school changes a page
    /// (or, with `false`, as usual again).
    public func setBroken(_ page: SAESPage, _ broken: Bool = true) {
        state.withLock { state in
            if broken { state.brokenPages.insert(page) } else { state.brokenPages.remove(page) }
        }
    }

    /// SAES withholds grades until the teachers are evaluated.
    public func setEvaluationRequired(_ required: Bool) { state.withLock { $0.evaluationRequired = required } }

    /// Ends every signed-in session, as SAES does after a while.
    public func expireSessions() { state.withLock { $0.sessions.removeAll() } }

    /// Ends the signed-in sessions of one student only.
    public func expireSessions(boleta: String) {
        state.withLock { state in state.sessions = state.sessions.filter { $0.value.boleta != boleta } }
    }

    /// Makes every page of one student's answer the crash page (with a 200), or (with `false`) as usual again.
    public func setCrashing(boleta: String, _ crashing: Bool = true) {
        state.withLock { state in
            if crashing { state.crashingStudents.insert(boleta) } else { state.crashingStudents.remove(boleta) }
        }
    }

    /// The answer of the CAPTCHA most recently shown (tests type it as a person would read it).
    public var latestCaptchaAnswer: String? { state.withLock { $0.latestCaptchaAnswer } }

    /// Requests that have arrived so far, counted on arrival — also those `.silent` or `.slow` still holds
    /// (which `requestLog` lists only once they are let go).
    public var requestsArrived: Int { state.withLock { $0.arrived } }

    /// Requests that arrived and are not answered yet: those `.silent` or `.slow` still holds, and any being
    /// served. A test that lets held requests go waits for this to reach zero, since a sign-in page served
    /// late replaces `latestCaptchaAnswer`.
    public var requestsInFlight: Int { state.withLock { $0.arrived - $0.finished } }

    /// Paths requested so far, in order (`GET escom/Alumnos/default.aspx`).
    public var requestLog: [String] { state.withLock { $0.requests } }

    // MARK: Serving

    /// The portal as a Hummingbird application on `host:port` (port 0 picks a free one; `onRunning` gets the
    /// port actually bound).
    public func application(host: String = "127.0.0.1", port: Int = 0, onRunning: @escaping @Sendable (Int) async -> Void = { _ in })
        -> some ApplicationProtocol
    {
        Application(
            responder: CallbackResponder<BasicRequestContext> { request, _ in try await self.respond(to: request) },
            configuration: .init(address: .hostname(host, port: port), serverName: "Microsoft-IIS/10.0"),
            onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? port) }
        )
    }

    /// Serves the portal for the duration of `body`, which gets its base URL (`http://127.0.0.1:PORT/`).
    public func withRunning<T: Sendable>(_ body: @Sendable (String) async throws -> T) async throws -> T {
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        state.withLock { $0.stopping = false }
        let application = application { port in continuation.yield(port) }
        return try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask {
                try await application.runService()
                return nil
            }
            var iterator = ports.makeAsyncIterator()
            guard let port = await iterator.next() else { throw CancellationError() }
            // Requests `.silent` holds are let go once the body is done, so the server can stop.
            let result: T
            do {
                result = try await body("http://127.0.0.1:\(port)/")
            } catch {
                state.withLock { $0.stopping = true }
                throw error
            }
            state.withLock { $0.stopping = true }
            group.cancelAll()
            return result
        }
    }

    func respond(to request: Request) async throws -> Response {
        state.withLock { $0.arrived += 1 }
        defer { state.withLock { $0.finished += 1 } }
        if case .slow(let delay) = state.withLock({ $0.trouble }) { try await Task.sleep(for: delay) }
        while state.withLock({ $0.trouble == .silent && !$0.stopping }) { try await Task.sleep(for: .milliseconds(20)) }
        let trouble = state.withLock { $0.trouble }
        let segments = request.uri.path.split(separator: "/").map(String.init)
        guard let school = segments.first else { return Self.html("<html><body>SAES</body></html>", status: .notFound) }
        if school == "_fake" {
            let body = request.method == .post ? String(buffer: try await request.body.collect(upTo: 65_536)) : ""
            return fakeControl(segments.dropFirst().joined(separator: "/"), method: request.method, body: body)
        }
        guard let layout = layouts[school] else { return Self.html("<html><body>No existe</body></html>", status: .notFound) }
        let path = segments.dropFirst().joined(separator: "/")
        state.withLock { $0.requests.append("\(request.method.rawValue) \(school)/\(path)") }
        if trouble == .crashing { return Self.html(FakeMarkup.serverError, status: .internalServerError) }
        if trouble == .crashingWithOK { return Self.html(FakeMarkup.serverError) }
        if case .redirecting(let location) = trouble { return Response(status: .found, headers: [.location: location]) }

        let cookies = Self.cookies(of: request)
        var setCookies: [String] = []
        let sessionID: String
        if let existing = cookies["ASP.NET_SessionId"], state.withLock({ $0.sessions[existing] != nil }) {
            sessionID = existing
        } else {
            sessionID = Self.randomToken(24)
            state.withLock { $0.sessions[sessionID] = Session() }
            setCookies.append("ASP.NET_SessionId=\(sessionID); path=/; HttpOnly")
        }
        let body = request.method == .post ? String(buffer: try await request.body.collect(upTo: 1 << 20)) : ""
        var response = try route(
            school: school, path: path, method: request.method, query: request.uri.queryParameters.get("t"), body: body,
            sessionID: sessionID, ticket: cookies[".ASPXFORMSAUTH"], layout: layout, setCookies: &setCookies)
        for cookie in setCookies { response.headers.append(HTTPField(name: .setCookie, value: cookie)) }
        return response
    }

    private func route(
        school: String, path: String, method: HTTPRequest.Method, query: String?, body: String, sessionID: String, ticket: String?,
        layout: FakeLayout, setCookies: inout [String]
    ) throws -> Response {
        switch (method, path.lowercased()) {
        case (.get, ""), (.get, "default.aspx"):
            return Self.html(signInPage(sessionID: sessionID, failure: nil, style: layout.signIn))
        case (.get, "botdetectcaptcha.ashx"):
            let answer = state.withLock { state in state.sessions[sessionID].flatMap { $0.captchaID == query ? $0.captchaAnswer : nil } }
            guard let answer else { return Self.html("", status: .notFound) }
            return Response(
                status: .ok, headers: [.contentType: "image/png", .cacheControl: "no-store"],
                body: .init(byteBuffer: ByteBuffer(bytes: CaptchaImage.png(for: answer))))
        case (.post, "default.aspx"):
            return signIn(body: body, sessionID: sessionID, style: layout.signIn, setCookies: &setCookies)
        default:
            break
        }
        // Every other page needs the sign-in ticket of this very session.
        guard let student = signedInStudent(sessionID: sessionID, ticket: ticket) else {
            return Response(status: .found, headers: [.location: "/\(school)/default.aspx?ReturnUrl=%2f\(path)"])
        }
        let layout = student.layout ?? layout
        let (evaluationRequired, broken, crashing) = state.withLock { ($0.evaluationRequired, $0.brokenPages, $0.crashingStudents) }
        if crashing.contains(student.boleta) { return Self.html(FakeMarkup.serverError) }
        if broken.contains(where: { $0.path.lowercased() == path.lowercased() }) {
            return Self.html(FakeMarkup.page(title: "Mantenimiento", body: "<p>Esta sección está en mantenimiento.</p>"))
        }
        switch path.lowercased() {
        case SAESPage.home.path.lowercased(): return Self.html(FakeMarkup.home(student, layout: layout))
        case SAESPage.grades.path.lowercased():
            return Self.html(FakeMarkup.grades(student, layout: layout, evaluationRequired: evaluationRequired))
        case SAESPage.schedule.path.lowercased(): return Self.html(FakeMarkup.schedule(student, layout: layout))
        case SAESPage.kardex.path.lowercased(): return Self.html(FakeMarkup.kardex(student, layout: layout))
        case SAESPage.personalData.path.lowercased(): return Self.html(FakeMarkup.personalData(student, layout: layout))
        case SAESPage.teacherEvaluation.path.lowercased(): return Self.html(FakeMarkup.evaluation(student, layout: layout))
        case SAESPage.credits.path.lowercased(): return Self.html(FakeMarkup.credits(student, layout: layout))
        case SAESPage.occupancy.path.lowercased(): return Self.html(FakeAvailability.occupancy(layout: layout))
        case SAESPage.availability.path.lowercased():
            return Self.html(FakeAvailability.page(layout: layout, post: method == .post ? SAESFormEncoding.decode(body) : nil))
        case SAESPage.photo.path.lowercased():
            return Response(
                status: .ok, headers: [.contentType: "image/png"],
                body: .init(byteBuffer: ByteBuffer(bytes: CaptchaImage.png(for: "VM"))))
        default:
            return Self.html(FakeMarkup.serverError, status: .notFound)
        }
    }

    private func signInPage(sessionID: String, failure: String?, style: FakeLayout.SignIn) -> String {
        let captchaID = Self.randomToken(32).lowercased()
        let answer = String((0..<5).map { _ in CaptchaImage.alphabet.randomElement() ?? "A" })
        let address = state.withLock { state in
            state.sessions[sessionID, default: Session()].captchaID = captchaID
            state.sessions[sessionID, default: Session()].captchaAnswer = answer
            state.latestCaptchaAnswer = answer
            return state.captchaAddress
        }
        return FakeMarkup.signIn(captchaID: captchaID, failure: failure, captchaAddress: address, style: style)
    }

    private func signIn(body: String, sessionID: String, style: FakeLayout.SignIn, setCookies: inout [String]) -> Response {
        guard let fields = SAESFormEncoding.decode(body) else { return Self.html(FakeMarkup.serverError, status: .badRequest) }
        func field(_ name: String) -> String? { fields.first { $0.name == name }?.value }
        let session = state.withLock { $0.sessions[sessionID] }
        // The portal refuses a post that lost its WebForms state, as ASP.NET does.
        guard field("__VIEWSTATE") != nil, field("__EVENTVALIDATION") != nil else {
            return Self.html(FakeMarkup.serverError, status: .internalServerError)
        }
        // ASP.NET signs in only when the post names the button that was clicked; this portal also wants the
        // button's own words back, so a client posting a constant instead of what the page carries is caught.
        guard field(SignInPageParser.buttonName) == style.button else {
            return Self.html(signInPage(sessionID: sessionID, failure: nil, style: style))
        }
        let captchaMatches =
            session?.captchaID != nil && field("LBD_VCID_" + FakeMarkup.captchaInstance) == session?.captchaID
            && field("ctl00$leftColumn$LoginUser$CaptchaCodeTextBox") == session?.captchaAnswer
        guard captchaMatches else {
            return Self.html(signInPage(sessionID: sessionID, failure: "El código de la imagen es incorrecto.", style: style))
        }
        let boleta = field("ctl00$leftColumn$LoginUser$UserName") ?? ""
        let student = state.withLock { $0.students[boleta] }
        guard let student, field("ctl00$leftColumn$LoginUser$Password") == student.password else {
            return Self.html(signInPage(sessionID: sessionID, failure: "Usuario o contraseña incorrectos.", style: style))
        }
        let ticket = Self.randomToken(64)
        state.withLock { state in
            state.sessions[sessionID]?.boleta = boleta
            state.sessions[sessionID]?.ticket = ticket
            state.sessions[sessionID]?.captchaAnswer = nil
        }
        setCookies.append(".ASPXFORMSAUTH=\(ticket); path=/; HttpOnly")
        return Response(status: .found, headers: [.location: "Alumnos/default.aspx"])
    }

    private func signedInStudent(sessionID: String, ticket: String?) -> FakeStudent? {
        state.withLock { state in
            guard let ticket, let session = state.sessions[sessionID], session.ticket == ticket, let boleta = session.boleta else { return nil }
            return state.students[boleta]
        }
    }

    /// `/_fake/captcha` answers the latest CAPTCHA's text (the browser suite reads what a person would
    /// read off the image); `/_fake/expire` ends every session; `POST /_fake/grades` changes a grade as a
    /// teacher would in SAES (`setGrade`).
    private func fakeControl(_ path: String, method: HTTPRequest.Method, body: String) -> Response {
        switch path {
        case "captcha": return Self.text(latestCaptchaAnswer ?? "")
        case "expire":
            expireSessions()
            return Self.text("expired")
        case "grades" where method == .post:
            let fields = Dictionary(
                (SAESFormEncoding.decode(body) ?? []).map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
            guard let boleta = fields["boleta"], let subject = fields["subject"], let assessment = fields["assessment"],
                let mark = SAESMark(cell: fields["grade"] ?? "")
            else { return Self.text("boleta, subject, assessment (1, 2, 3, ext, final) and grade are required", status: .badRequest) }
            return setGrade(boleta: boleta, subject: subject, assessment: assessment, mark)
                ? Self.text("changed") : Self.text("no such student, subject or assessment", status: .notFound)
        default: return Self.text("unknown", status: .notFound)
        }
    }

    /// Changes one grade of one student as a teacher capturing it in SAES would: `assessment` is `1`, `2`, `3`
    /// (the partials), `ext` or `final`; `subject` is the subject's name as the grades page shows it. False
    /// when the student, the subject or the assessment does not exist.
    @discardableResult
    public func setGrade(boleta: String, subject: String, assessment: String, _ mark: SAESMark) -> Bool {
        state.withLock { state in
            guard var student = state.students[boleta],
                let row = student.grades.firstIndex(where: { $0.subject.caseInsensitiveCompare(subject) == .orderedSame })
            else { return false }
            switch assessment.lowercased() {
            case "1", "2", "3":
                let index = (Int(assessment) ?? 1) - 1
                guard index < student.grades[row].partials.count else { return false }
                student.grades[row].partials[index] = mark
            case "ext": student.grades[row].extraordinary = mark
            case "final": student.grades[row].final = mark
            default: return false
            }
            state.students[boleta] = student
            return true
        }
    }

    static func html(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(status: status, headers: [.contentType: "text/html; charset=utf-8"], body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    static func text(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(status: status, headers: [.contentType: "text/plain; charset=utf-8"], body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    static func cookies(of request: Request) -> [String: String] {
        var cookies: [String: String] = [:]
        for header in request.headers[values: .cookie] {
            for pair in header.split(separator: ";") {
                let parts = pair.split(separator: "=", maxSplits: 1)
                if parts.count == 2 { cookies[parts[0].trimmingCharacters(in: .whitespaces)] = String(parts[1]) }
            }
        }
        return cookies
    }

    static func randomToken(_ length: Int) -> String {
        let characters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        return String((0..<length).map { _ in characters.randomElement() ?? "A" })
    }
}

extension FakeSAES {
    /// The markup the fake portal serves for `page` to `student` (for benchmarks and fixtures); nil for pages
    /// that are not HTML or need a session's state.
    public static func html(_ page: SAESPage, student: FakeStudent, layout: FakeLayout) -> String? {
        switch page {
        case .grades: return FakeMarkup.grades(student, layout: layout, evaluationRequired: false)
        case .schedule: return FakeMarkup.schedule(student, layout: layout)
        case .kardex: return FakeMarkup.kardex(student, layout: layout)
        case .personalData: return FakeMarkup.personalData(student, layout: layout)
        case .teacherEvaluation: return FakeMarkup.evaluation(student, layout: layout)
        case .credits: return FakeMarkup.credits(student, layout: layout)
        case .occupancy: return FakeAvailability.occupancy(layout: layout)
        case .availability: return FakeAvailability.page(layout: layout, post: [FormField("ctl00$mainCopy$cmdVisalizar", "Visualizar")])
        case .home: return FakeMarkup.home(student, layout: layout)
        case .login: return FakeMarkup.signIn(captchaID: "0123456789abcdef", failure: nil, style: layout.signIn)
        case .photo, .scheduleReceipt: return nil
        }
    }

    /// Course availability after a search for the first career, listing `groups` (for benchmarks and fixtures).
    public static func availabilityHTML(groups: [SAESOfferedGroup], layout: FakeLayout) -> String {
        FakeAvailability.page(
            layout: layout, post: [FormField("ctl00$mainCopy$cmdVisalizar", "Visualizar")],
            offered: [FakeAvailability.careers.first?.0 ?? "C": groups])
    }

    /// Group occupancy listing `rows` (for benchmarks and fixtures).
    public static func occupancyHTML(rows: [SAESGroupOccupancy], layout: FakeLayout) -> String {
        FakeAvailability.occupancy(layout: layout, rows: rows)
    }
}
