import Foundation
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
                    try await school.api.createAcademyStudent(body: .json(.init(name: "Otra Alumna", email: "alumna@demo.patio", dni: "99887766",
                                                                                password: "contraseña-larga-1")))
                }
                Issue.record("a second student with a taken email was created")
            } catch PatioError.problem(let problem) {
                #expect(problem.status == 409 && problem.code == "email_taken")
            }
            #expect(try await school.call { try await school.api.listAcademyStudents().ok.body.json.items.count } == existing)
        }
    }

    @Test("Payments: the customer finds the business's request by its code and pays it; the same accept retried after a lost answer pays once")
    func payments() async throws {
        try await RunningPatio.with { server in
            let business = try await server.signedIn("negocio@demo.patio")
            guard case .created(let created) = try await business.api.createPaymentsRequest(body: .json(.init(amount: 1500, description: "Dos cafés"))),
                  case .json(let request) = created.body else {
                Issue.record("the business could not ask for a payment")
                return
            }
            let customer = try await server.signedIn("cliente@demo.patio")
            let before = try await customer.payments.wallet().balance
            let found = try await customer.payments.request(code: request.code)
            #expect(found.id == request.id && found.description == "Dos cafés")

            let paid = try await customer.payments.accept(requestID: request.id)
            let afterFirst = try await customer.payments.wallet().balance
            // The answer was lost on the way back: the app sends the same accept again, and is answered the same payment.
            let again = try await customer.payments.accept(requestID: request.id)
            #expect(paid.status == .accepted && again.status == .accepted && again.id == paid.id)
            #expect(afterFirst < before)
            #expect(try await customer.payments.wallet().balance == afterFirst)
        }
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
