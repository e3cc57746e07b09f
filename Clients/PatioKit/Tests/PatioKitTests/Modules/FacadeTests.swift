import Foundation
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
import PatioKit
import Testing

@Suite("Module facades: each app's main path through PatioKit, against a real Patio")
struct FacadeTests {
    @Test("Academy: classes by sede and level; a QR that is not Patio's is refused with a code; the student's attendance history")
    func academy() async throws {
        try await RunningPatio.with { server in
            let student = try await server.signedIn("alumna@demo.patio")
            let locations = try await student.academy.locations()
            let location = try #require(locations.first)
            let all = try await student.academy.classes(locationID: location.id)
            #expect(!all.isEmpty && all.allSatisfy { $0.locationId == location.id })
            let level = try #require(all.first?.level)
            #expect(try await student.academy.classes(locationID: location.id, level: level).allSatisfy { $0.level == level })
            do {
                _ = try await student.academy.checkIn(scannedCode: "https://example.org/not-a-patio-code")
                Issue.record("a QR code Patio never made checked the student in")
            } catch PatioError.problem(let problem) {
                #expect((400..<500).contains(problem.status) && !problem.code.isEmpty)
            }
            _ = try await student.academy.attendanceHistory()

            // 409: the school signs up a student whose email is already taken; nothing is created twice.
            let school = try await server.signedIn("maestra@demo.patio")
            let existing = try await school.call { try await school.api.listAcademyStudents().ok.body.json.items.count }
            do {
                _ = try await school.call {
                    try await school.api.createAcademyStudent(
                        body: .json(
                            .init(
                                name: "Otra Alumna", email: "alumna@demo.patio", dni: "99887766",
                                password: "contraseña-larga-1")))
                }
                Issue.record("a second student with a taken email was created")
            } catch PatioError.problem(let problem) {
                #expect(problem.status == 409 && problem.code == "email_taken")
            }
            #expect(try await school.call { try await school.api.listAcademyStudents().ok.body.json.items.count } == existing)
        }
    }

    @Test("Academy: the student scans the room's QR during her class and is checked in; scanned again, already_checked_in")
    func academyCheckIn() async throws {
        try await RunningPatio.with { server in
            // The teacher opens a sede of its own with a class today all day in the academy's time zone, check-in
            // open until an hour after it ends (so the test passes at any hour, midnight included), and the
            // demo student pays four classes of it.
            let school = try await server.signedIn("maestra@demo.patio")
            let zone = try await school.call { try await school.api.getAcademySettings().ok.body.json.timeZone }
            _ = try await school.call { try await school.api.updateAcademySettings(body: .json(.init(checkInClosesMinutesAfterEnd: 60))).ok }
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = try #require(TimeZone(identifier: zone))
            let today = (calendar.component(.weekday, from: Date()) + 5) % 7 + 1  // 1 = Monday … 7 = Sunday
            let location = try await school.call {
                try await school.api.createAcademyLocation(body: .json(.init(name: "Sede PatioKit", address: "Av. Prueba 123"))).created.body.json
            }
            let danceClass = try await school.call {
                try await school.api.createAcademyClass(body: .json(.init(locationId: location.id, name: "Marinera PatioKit", level: .beginner)))
                    .created.body.json
            }
            let schedule = try await school.call {
                try await school.api.createAcademySchedule(
                    path: .init(id: danceClass.id),
                    body: .json(.init(weekday: today, startTime: "00:00", endTime: "23:59"))
                ).created.body.json
            }
            let students = try await school.call { try await school.api.listAcademyStudents(query: .init(q: "alumna@demo.patio")).ok.body.json.items }
            let alumna = try #require(students.first { $0.email == "alumna@demo.patio" })
            _ = try await school.call {
                try await school.api.createAcademyPayment(body: .json(.init(studentId: alumna.id, scheduleId: schedule.id, amount: 6000, classes: 4)))
                    .created
            }
            // What the room screen's QR code holds: the check-in link.
            let code = try await school.call { try await school.api.getAcademyCheckInCode(path: .init(id: location.id)).ok.body.json }
            #expect(code.url.hasSuffix("/academy/checkin?t=\(code.token)"))

            let student = try await server.signedIn("alumna@demo.patio")
            let before = try await student.academy.attendanceHistory().items.count
            let result = try await student.academy.checkIn(scannedCode: code.url)
            #expect(result.remainingClasses == 3)
            #expect(result.attendance.className == "Marinera PatioKit" && result.attendance.locationName == "Sede PatioKit")
            #expect(result.attendance.scheduleId == schedule.id)
            do {
                _ = try await student.academy.checkIn(scannedCode: code.url)
                Issue.record("the same class was checked in twice")
            } catch PatioError.problem(let problem) {
                #expect(problem.status == 409 && problem.code == "already_checked_in")
            }
            let history = try await student.academy.attendanceHistory()
            #expect(history.items.count == before + 1 && history.items.first?.id == result.attendance.id)
        }
    }

    @Test(
        """
        Payments: the customer finds the business's request by its code with the amount converted into her currency and pays it once; the \
        business's sales report counts it
        """
    )
    func payments() async throws {
        try await RunningPatio.with { server in
            let business = try await server.signedIn("negocio@demo.patio")
            let businessWallet = try await business.payments.wallet()
            let reportBefore = try await business.payments.analytics()
            let request = try await business.call {
                try await business.api.createPaymentsRequest(body: .json(.init(amount: 1500, description: "Dos cafés"))).created.body.json
            }
            #expect(request.currency == businessWallet.currency)

            // The demo: a customer with a USD wallet, a business selling in MXN.
            let customer = try await server.signedIn("cliente@demo.patio")
            let customerWallet = try await customer.payments.wallet()
            #expect(customerWallet.currency != request.currency)
            let found = try await customer.payments.request(code: request.code)
            #expect(found.id == request.id && found.description == "Dos cafés" && found.amount == 1500)
            let quote = try #require(found.quote)
            #expect(quote.amount == 1500 && quote.from == request.currency && quote.to == customerWallet.currency && quote.rounding == .up)
            // Rounded up to the customer's next cent: never less than the exact value, less than a cent more.
            let exact = 1500 * (try #require(Double(quote.rate)))
            #expect(Double(quote.converted) >= exact - 0.01 && Double(quote.converted) < exact + 1)

            let paid = try await customer.payments.accept(requestID: request.id)
            #expect(paid.status == .accepted && paid.paidAmount == quote.converted && paid.paidCurrency == customerWallet.currency)
            #expect(try await customer.payments.wallet().balance == customerWallet.balance - quote.converted)
            #expect(try await business.payments.wallet().balance == businessWallet.balance + 1500)

            // The business's sales report: in its currency, the demo's sales of the last seven days, and this one.
            #expect(reportBefore.period == .week && reportBefore.currency == request.currency && reportBefore.count > 0)
            let report = try await business.payments.analytics()
            #expect(report.currency == request.currency)
            #expect(report.total == report.series.reduce(0) { $0 + $1.amount } && report.count == report.series.reduce(0) { $0 + $1.count })
            #expect(!report.categories.isEmpty)
            if report.from == reportBefore.from {  // the same seven days (not across a UTC midnight)
                #expect(report.total == reportBefore.total + 1500 && report.count == reportBefore.count + 1)
            }
            // Only businesses have one.
            do {
                _ = try await customer.payments.analytics()
                Issue.record("a customer read a sales report")
            } catch PatioError.problem(let problem) {
                #expect(problem.status == 403)
            }
        }
    }

    @Test(
        """
        Payments: an accept whose answer is lost on the way back (Patio paid, the phone heard nothing) is retried with the same Idempotency-Key \
        and pays once
        """
    )
    func acceptAnswerLost() async throws {
        try await RunningPatio.with { server in
            let business = try await server.signedIn("negocio@demo.patio")
            let request = try await business.call {
                try await business.api.createPaymentsRequest(body: .json(.init(amount: 2000, description: "Tres panes"))).created.body.json
            }
            let customer = try await server.signedIn("cliente@demo.patio")
            let quote = try #require(try await customer.payments.request(code: request.code).quote)
            let customerBefore = try await customer.payments.wallet().balance
            let businessBefore = try await business.payments.wallet().balance

            // The phone reaches Patio through a network that drops the connection while Patio answers the accept.
            let proxy = try LosingProxy(to: server.base)
            defer { proxy.stop() }
            let accept = "POST /api/v1/payments/requests/\(request.id)/accept "
            proxy.loseAnswer { $0.hasPrefix(accept) }
            let phone = Patio(serverURL: proxy.base, tokenStore: MemoryTokenStore(token: await customer.session.token()))
            do {
                let paid = try await phone.payments.accept(requestID: request.id)
                Issue.record("the answer the network lost reached the phone: \(paid.status)")
            } catch PatioError.offline {
                // What the app sees: no answer. It does not know whether it paid.
            }
            #expect(proxy.lostAnswers.count == 1 && proxy.lostAnswers.allSatisfy { $0.hasPrefix("HTTP/1.1 200") })
            #expect(try await customer.payments.wallet().balance == customerBefore - quote.converted, "Patio took the payment whose answer was lost")

            // The app sends the accept again: answered the same payment, and no money moves twice.
            let paid = try await phone.payments.accept(requestID: request.id)
            #expect(paid.status == .accepted && paid.paidAmount == quote.converted)
            let keys = proxy.requestHeads.filter { $0.hasPrefix(accept) }.map(Self.idempotencyKey)
            #expect(keys.count == 2 && keys[0] != nil && keys[0] == keys[1], "both accepts carry the same Idempotency-Key")
            #expect(try await customer.payments.wallet().balance == customerBefore - quote.converted)
            #expect(try await business.payments.wallet().balance == businessBefore + 2000)
            let transfer = try #require(paid.transferId)
            for side in [customer, business] {
                let movements = try await side.call { try await side.api.listPaymentsMovements(query: .init(limit: 20)).ok.body.json.items }
                #expect(movements.filter { $0.transferId == transfer }.count == 1)
            }
        }
    }

    /// The `Idempotency-Key` header of a request head as sent.
    static func idempotencyKey(_ head: String) -> String? {
        head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("idempotency-key:") }
            .map { $0.dropFirst("idempotency-key:".count).trimmingCharacters(in: .whitespaces) }
    }

    @Test("Onboarding: the new hires, and tasks read and ticked through the offline copy")
    func onboarding() async throws {
        try await RunningPatio.with { server in
            let employee = try await server.signedIn("nuevo@demo.patio")
            #expect(try await employee.onboarding.newHires().contains { $0.name == "Nicolás Vega" })
            let sync = SyncEngine(patio: employee, store: try OfflineStore.inMemory())
            try await sync.pull(OnboardingFacade.tasks)
            let tasks = try employee.onboarding.tasks(in: sync.store)
            #expect(tasks.count == 6 && tasks.map(\.dueDate) == tasks.map(\.dueDate).sorted())
            let open = try #require(tasks.first { !$0.isDone })
            try employee.onboarding.setDone(open.id, true, in: sync.store)
            #expect(try employee.onboarding.tasks(in: sync.store).first { $0.id == open.id }.map { $0.isDone && $0.isPending } == true)
            try await sync.sync(OnboardingFacade.tasks)
            #expect(try employee.onboarding.tasks(in: sync.store).first { $0.id == open.id }.map { $0.isDone && !$0.isPending } == true)
        }
    }

    @Test("Courier: the agent's agenda, a pickup started and collected, a photo taken offline uploaded later exactly once")
    func courier() async throws {
        try await RunningPatio.with { server in
            let agent = try await server.signedIn("mensajero@demo.patio")
            let agenda = try await agent.courier.agenda()
            let pickup = try #require(agenda.items.first { $0.state == .assigned })
            #expect(try await agent.courier.start(pickupID: pickup.id).state == .onTheWay)

            let store = try OfflineStore.inMemory()
            try agent.courier.queuePhoto(try Self.jpeg(), pickupID: pickup.id, in: store)
            // Offline: the upload fails and the photo stays queued.
            let offline = Patio(serverURL: URL(string: "http://127.0.0.1:\(try RunningPatio.freePort())")!, tokenStore: MemoryTokenStore(token: "t"))
            await #expect(throws: PatioError.self) { try await offline.courier.uploadQueuedPhotos(from: store) }
            #expect(try agent.courier.queuedPhotoCount(in: store) == 1)

            let uploaded = try await agent.courier.uploadQueuedPhotos(from: store)
            #expect(uploaded.count == 1)
            #expect(try agent.courier.queuedPhotoCount(in: store) == 0)
            #expect(try await agent.courier.collect(pickupID: pickup.id).state == .collected)
        }
    }

    @Test("Campus: the demo student's grades, week and kardex")
    func campus() async throws {
        try await RunningPatio.with { server in
            let student = try await server.signedIn("estudiante@demo.patio")
            let grades = try await student.campus.grades()
            #expect(!grades.rows.isEmpty)
            #expect(!(try await student.campus.schedule().entries.isEmpty))
            let kardex = try await student.campus.kardex()
            #expect(kardex.career.isEmpty == false)
            let unlinked = try? await student.campus.saesRecord()
            #expect(unlinked == nil)
        }
    }

    @Test(
        """
        Campus: the student links her own SAES through the CAPTCHA Patio relays (a mistyped one is saes_wrong_captcha) and reads what Patio \
        read from it
        """
    )
    func saesLink() async throws {
        try await RunningFakeSAES.with { saes in
            try await RunningPatio.with(environment: saes.environment) { server in
                let student = try await server.signedIn("estudiante@demo.patio")
                let challenge = try await student.campus.startSAESLink(school: "escom")
                #expect(challenge.school == "escom" && challenge.captchaImage.hasPrefix("data:image/png;base64,"))
                let answer = try await saes.captchaAnswer()
                #expect(!answer.isEmpty)

                do {
                    _ = try await student.campus.completeSAESLink(
                        boleta: RunningFakeSAES.boleta, password: RunningFakeSAES.password,
                        captcha: String(answer.reversed()) + "X")
                    Issue.record("a mistyped CAPTCHA linked SAES")
                } catch PatioError.problem(let problem) {
                    #expect(problem.code == "saes_wrong_captcha")
                }
                // SAES showed a new CAPTCHA with its refusal; the student types that one, as a person would, in lower case.
                let retyped = try await saes.captchaAnswer()
                let link = try await student.campus.completeSAESLink(
                    boleta: RunningFakeSAES.boleta, password: RunningFakeSAES.password,
                    captcha: retyped.lowercased(), keepPassword: true)
                #expect(link.status == .linked && link.boleta == RunningFakeSAES.boleta && link.linkedAt != nil && link.passwordKept)

                let record = try await student.campus.saesRecord()
                let grades = try #require(record.grades?.rows)
                #expect(grades.contains { $0.subject == "ANÁLISIS Y DISEÑO DE ALGORITMOS" })
                #expect(record.link.pages.contains { $0.page == .grades && $0.status == .current })
                #expect(record.credits?.earned?.isEmpty == false)

                // SAES ends the session: signing in again takes only a new CAPTCHA, and the kept password stays kept.
                _ = try await URLSession.shared.data(from: saes.base.appendingPathComponent("_fake/expire"))
                do {
                    _ = try await student.call { try await student.api.syncCampusSAES() }
                    Issue.record("a sync after SAES ended the session succeeded")
                } catch PatioError.problem(let problem) {
                    #expect(problem.code == "saes_session_ended")
                }
                #expect(try await student.campus.saesRecord().link.status == .sessionEnded)
                #expect(try await student.campus.startSAESLink(school: "escom").passwordKept)
                let again = try await student.campus.completeSAESLink(
                    boleta: RunningFakeSAES.boleta, password: nil, captcha: try await saes.captchaAnswer())
                #expect(again.status == .linked && again.passwordKept)
            }
        }
    }

    /// A real camera-style JPEG (1 KB).
    static func jpeg() throws -> Data {
        try Data(contentsOf: try #require(Bundle.module.url(forResource: "photo", withExtension: "jpg", subdirectory: "Fixtures")))
    }
}

@Suite("Realtime: a payment request's states as an AsyncSequence over the WebSocket")
struct RealtimeTests {
    @Test("the business watches its request: pending first, then accepted the moment the customer pays, then the sequence ends")
    func watch() async throws {
        try await RunningPatio.with { server in
            let business = try await server.signedIn("negocio@demo.patio")
            let request = try await business.api.createPaymentsRequest(body: .json(.init(amount: 2500, description: "Un pan"))).created.body.json
            let customer = try await server.signedIn("cliente@demo.patio")
            var states: [String] = []
            for try await event in business.payments.events(requestID: request.id) {
                states.append(event.state)
                #expect(event.request.id == request.id)
                if event.state == "pending" { _ = try await customer.payments.accept(requestID: request.id) }
            }
            #expect(states == ["pending", "accepted"])
        }
    }

    @Test("a request nobody has is refused with its code before any socket opens")
    func unknown() async throws {
        try await RunningPatio.with { server in
            let customer = try await server.signedIn("cliente@demo.patio")
            do {
                for try await _ in customer.payments.events(requestID: UUID().uuidString) {}
                Issue.record("an unknown request was watched")
            } catch PatioError.problem(let problem) {
                #expect(problem.status == 404)
            }
        }
    }
}
