import FluentKit
import Foundation
import PatioCore
import PatioPlatform
import PatioData

/// Welcome messages from employees to new hires. A new hire reads the ones written to them once they
/// have an account with the email HR gave them; HR reads all.
struct WelcomeMessageService: Sendable {
    let database: PatioDatabase
    let clock: PatioClock

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
        try await database.write { db in
            guard try await NewHireModel.find(newHire, on: db) != nil else { throw NewHireService.notFound }
            try await model.create(on: db)
        }
        return Self.view(model)
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
