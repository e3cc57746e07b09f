import Foundation
import PatioKit

// The README's snippet per app, compiled here: ReadmeSnippetTests fails when the README's copy differs, so
// every snippet a reader copies builds against this PatioKit. Each lives between `// snippet:` and
// `// end snippet` and is pasted into the README without the markers' indentation.
enum ReadmeSnippets {
    /// The README's first snippet. It opens with this file's own `import PatioKit` (an import cannot sit in a
    /// function); ReadmeSnippetTests puts that line back in front when comparing.
    static func generic(storeURL: URL, taskID: String) async throws {
        // snippet: generic
        let patio = Patio(
            serverURL: URL(string: "https://patio.example")!,
            tokenStore: KeychainTokenStore(service: "com.example.jappical"))
        try await patio.signIn(email: "nuevo@demo.patio", password: "demo-password")
        let sync = SyncEngine(patio: patio, store: try OfflineStore(path: storeURL.path))
        try await sync.pull("onboarding.tasks")
        try sync.store.change("onboarding.tasks", id: taskID, fields: ["isDone": .bool(true)])  // offline is fine
        try await sync.sync("onboarding.tasks")
        // end snippet
    }

    static func classly(patio: Patio, scannedQR: String) async throws {
        // snippet: classly
        let classes = try await patio.academy.classes(level: .beginner)
        let result = try await patio.academy.checkIn(scannedCode: scannedQR)
        let history = try await patio.academy.attendanceHistory()
        // end snippet
        _ = (classes, result, history)
    }

    static func controllerApp(patio: Patio, store: OfflineStore, photo: Data) async throws {
        // snippet: controller-app
        let tables = try OfflineTables(patio: patio, path: "offline.sqlite")
        try await tables.refresh()  // courier_pickups, courier_localities… filled batch by batch
        let agenda = try await patio.courier.agenda()
        if let pickup = agenda.items.first {
            _ = try await patio.courier.start(pickupID: pickup.id)
            try patio.courier.queuePhoto(photo, pickupID: pickup.id, in: store)  // offline is fine
            try await patio.courier.uploadQueuedPhotos(from: store)  // sent once when back online
        }
        // end snippet
    }

    static func saes(patio: Patio, typed: (String) async -> (boleta: String, password: String, captcha: String)) async throws {
        // snippet: saes
        let challenge = try await patio.campus.startSAESLink(school: "escom")
        let answer = await typed(challenge.captchaImage)  // show the image, read what the student types
        _ = try await patio.campus.completeSAESLink(boleta: answer.boleta, password: answer.password, captcha: answer.captcha)
        let grades = try await patio.campus.grades()
        let kardex = try await patio.campus.kardex()
        // end snippet
        _ = (grades, kardex)
    }

    static func interPay(patio: Patio, code: String) async throws {
        // snippet: interpay
        let request = try await patio.payments.request(code: code)  // amount converted to my currency
        _ = try await patio.payments.accept(requestID: request.id)  // retried after a timeout: still paid once
        for try await event in patio.payments.events(requestID: request.id) where event.isFinal {
            print(event.label)  // "Pagado"
        }
        let wallet = try await patio.payments.wallet()
        // end snippet
        _ = wallet
    }

    static func jappical(patio: Patio, taskID: String) async throws {
        // snippet: jappical
        let sync = SyncEngine(patio: patio, store: try OfflineStore(path: "tasks.sqlite"))
        try await sync.pull(OnboardingFacade.tasks)
        try patio.onboarding.setDone(taskID, true, in: sync.store)  // offline: shown at once, queued
        try await sync.sync(OnboardingFacade.tasks)  // survives restarts until Patio has it
        let tasks = try patio.onboarding.tasks(in: sync.store)
        // end snippet
        _ = tasks
    }
}
