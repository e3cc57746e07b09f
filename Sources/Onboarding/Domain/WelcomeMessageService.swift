import FluentKit
import Foundation
import PatioCore
import PatioData
import PatioIdentity
import PatioPlatform

/// Welcome messages from employees to new hires. A new hire reads the ones written to them once they
/// have an account with the email HR gave them, and is notified of each one written while they have it;
/// HR reads all.
struct WelcomeMessageService: Sendable {
    let database: PatioDatabase
    let clock: PatioClock
    let accounts: AccountService
    let notifications: NotificationService

    /// How long a notification's body ("{author}: {text}") grows before the text is cut short.
    static let notificationLength = 120

    struct View: Codable, Sendable, Equatable {
        @WireID var id: UUID
        @WireID var newHireId: UUID
        var authorName: String
        var text: String
        var createdAt: Date
    }

    func send(to newHire: UUID, text: String?, from principal: Principal) async throws -> View {
        let body = text?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        guard (1...500).contains(body.count) else { throw AppError.validation(field: "text", "Write 1 to 500 characters.", code: "text_length") }
        let model = WelcomeMessageModel()
        model.id = UUID()
        model.newHireID = newHire
        model.authorID = principal.accountID
        model.authorName = principal.name
        model.text = body
        model.createdAt = clock.now()
        // The account is looked up before the transaction, as TaskService does: inside it every connection
        // counts, and the account service reads on one of its own.
        let email = try await NewHireModel.find(newHire, on: try database.reader)?.email
        let reader = try await self.reader(email: email, author: principal)
        try await database.write { db in
            guard let hire = try await NewHireModel.find(newHire, on: db) else { throw NewHireService.notFound }
            try await model.create(on: db)
            // Sent with the message, or not at all; and not when HR changed the email since it was looked up.
            if let reader, hire.email == email {
                try await notifications.send(
                    OnboardingNotifications.welcomeMessage.id, to: [reader],
                    parameters: ["author": model.authorName, "text": Self.excerpt(model.text, author: model.authorName)],
                    link: OnboardingNotifications.link)
            }
        }
        return Self.view(model)
    }

    /// The account that reads a new hire's messages: the active one with their email, matched as ``mine(_:)``
    /// matches. A new hire with no email, or with no account yet, is notified of nothing; the messages wait for
    /// them on the dashboard all the same. Nobody is notified of a message they wrote themselves.
    private func reader(email: String?, author: Principal) async throws -> UUID? {
        guard let email, let account = try await accounts.find(email: email), account.isActive, account.id != author.accountID else {
            return nil
        }
        return account.id
    }

    /// The text as a notification shows it: on one line, cut (with "…") so that "{author}: {text}" stays
    /// within ``notificationLength`` characters, though never to fewer than 40 of the text's own.
    static func excerpt(_ text: String, author: String) -> String {
        let line = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let room = max(40, notificationLength - author.count - 2)
        guard line.count > room else { return line }
        return line.prefix(room - 1).trimmingCharacters(in: .whitespaces) + "…"
    }

    /// Messages to one new hire: for HR, or for the new hire themselves.
    func messages(to newHire: UUID, for principal: Principal) async throws -> [View] {
        guard let hire = try await NewHireModel.find(newHire, on: try database.reader) else { throw NewHireService.notFound }
        guard principal.has(role: OnboardingRoles.admin) || hire.email == principal.email.lowercased() else {
            throw AppError(.forbidden, code: "not_your_messages", detail: "Only the new hire and HR read these messages.")
        }
        return try await WelcomeMessageModel.query(on: try database.reader).filter(\.$newHireID == newHire)
            .sort(\.$createdAt, .descending).all().map(Self.view)
    }

    /// Messages written to the caller as a new hire (matched by email), newest first.
    func mine(_ principal: Principal) async throws -> [View] {
        let hires = try await NewHireModel.query(on: try database.reader).filter(\.$email == principal.email.lowercased()).all().compactMap(\.id)
        guard !hires.isEmpty else { return [] }
        return try await WelcomeMessageModel.query(on: try database.reader).filter(\.$newHireID ~~ hires)
            .sort(\.$createdAt, .descending).all().map(Self.view)
    }

    static func view(_ model: WelcomeMessageModel) -> View {
        View(id: model.id!, newHireId: model.newHireID, authorName: model.authorName, text: model.text, createdAt: model.createdAt)
    }
}
