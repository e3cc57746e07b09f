import FluentKit
import Foundation
import PatioCore
import PatioData
import PatioPlatform

/// New hires: created and edited by HR, listed for everyone (this month or all, by start date).
struct NewHireService: Sendable {
    let database: PatioDatabase
    let settings: OnboardingSettingsService
    let clock: PatioClock
    let blobs: BlobStore

    struct Input: Codable, Sendable {
        var name: String?
        var startDate: String?
        var team: String?
        var role: String?
        var email: String?
    }

    struct View: Codable, Sendable, Equatable {
        @WireID var id: UUID
        var name: String
        var startDate: String
        var team: String
        var role: String
        var email: String?
        /// Shown where there is no photo: up to two letters of the name.
        var initials: String
        /// The photo (`GET` with the caller's token), or null: show `initials`.
        var avatarUrl: String?
    }

    enum Sort: String, Sendable { case earliest, latest }

    static let notFound = AppError.notFound(code: "new_hire_not_found", "No new hire has this id.")

    func create(_ input: Input) async throws -> View {
        let model = NewHireModel()
        model.id = UUID()
        model.createdAt = clock.now()
        try fill(model, input)
        try await database.write { db in try await model.create(on: db) }
        return Self.view(model)
    }

    func update(_ id: UUID, _ input: Input) async throws -> View {
        try await database.write { db in
            guard let model = try await NewHireModel.find(id, on: db) else { throw Self.notFound }
            try fill(model, input)
            try await model.save(on: db)
            return Self.view(model)
        }
    }

    func find(_ id: UUID) async throws -> View {
        guard let model = try await NewHireModel.find(id, on: try database.reader) else { throw Self.notFound }
        return Self.view(model)
    }

    /// Removes a new hire and the welcome messages written to them; tasks about them stay, unlinked.
    func delete(_ id: UUID, tasks: TaskService) async throws {
        try await database.write { db in
            guard let model = try await NewHireModel.find(id, on: db) else { throw Self.notFound }
            try await tasks.unlink(newHire: id, on: db)
            try await WelcomeMessageModel.query(on: db).filter(\.$newHireID == id).delete()
            if let avatar = model.avatarID { try await blobs.delete(avatar, on: db) }
            try await model.delete(on: db)
        }
    }

    /// Replaces the new hire's photo: PNG, JPEG or WebP (recognised by its bytes), at most 2 MiB.
    func setAvatar(_ id: UUID, bytes: [UInt8]) async throws -> View {
        guard bytes.count <= BlobStore.maxBytes else {
            throw AppError(.contentTooLarge, code: "image_too_large", detail: "Photos can be at most 2 MiB.")
        }
        guard let format = ImageFormat.detect(bytes) else {
            throw AppError(.unsupportedMediaType, code: "image_format_unsupported", detail: "Send a PNG, JPEG or WebP image.")
        }
        return try await database.write { db in
            guard let model = try await NewHireModel.find(id, on: db) else { throw Self.notFound }
            if let old = model.avatarID { try await blobs.delete(old, on: db) }
            model.avatarID = try await blobs.put(bytes, contentType: format.rawValue, on: db)
            model.updatedAt = clock.now()
            try await model.save(on: db)
            return Self.view(model)
        }
    }

    /// Back to initials.
    func removeAvatar(_ id: UUID) async throws -> View {
        try await database.write { db in
            guard let model = try await NewHireModel.find(id, on: db) else { throw Self.notFound }
            if let old = model.avatarID { try await blobs.delete(old, on: db) }
            model.avatarID = nil
            try await model.save(on: db)
            return Self.view(model)
        }
    }

    func avatar(_ id: UUID) async throws -> BlobStore.Blob {
        guard let model = try await NewHireModel.find(id, on: try database.reader), let avatar = model.avatarID,
            let blob = try await blobs.get(avatar)
        else {
            throw AppError.notFound(code: "avatar_not_found", "This new hire has no photo; show the initials.")
        }
        return blob
    }

    /// Everyone, or only those starting this month in the company's time zone, by start date.
    func list(month: String?, sort: String?) async throws -> [View] {
        guard let order = Sort(rawValue: sort ?? "earliest") else {
            throw AppError.validation(field: "sort", "Use earliest or latest.", code: "sort_choice")
        }
        var query = NewHireModel.query(on: try database.reader)
        switch month {
        case nil, "all": break
        case "current":
            let span = try await settings.today().monthSpan
            query = query.filter(\.$startDate >= span.first.description).filter(\.$startDate <= span.last.description)
        default:
            throw AppError.validation(field: "month", "Use current, or leave it out for everyone.", code: "month_choice")
        }
        let models = try await query.sort(\.$startDate, order == .earliest ? .ascending : .descending).sort(\.$name).all()
        return models.map(Self.view)
    }

    private func fill(_ model: NewHireModel, _ input: Input) throws {
        var validator = Validator()
        let name = input.name?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        validator.check((1...80).contains(name.count), "name", "Give the new hire's name, 1 to 80 characters.", code: "name_length")
        let start = input.startDate.flatMap(LocalDate.init)
        validator.check(start != nil, "startDate", "Give the first day as yyyy-MM-dd.", code: "date_format")
        let team = input.team?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        let role = input.role?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        validator.check(team.count <= 60, "team", "Keep the team to 60 characters.", code: "team_length")
        validator.check(role.count <= 60, "role", "Keep the role to 60 characters.", code: "role_length")
        let email = input.email?.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        if let email, !email.isEmpty {
            validator.check(
                email.count <= 254 && email.split(separator: "@").count == 2 && !email.hasPrefix("@") && email.contains("."),
                "email", "Give a valid email, or none.", code: "email_format")
        }
        try validator.validate()
        model.name = name
        model.startDate = start!.description
        model.team = team
        model.role = role
        model.email = (email?.isEmpty ?? true) ? nil : email
        model.updatedAt = clock.now()
    }

    static func view(_ model: NewHireModel) -> View {
        View(
            id: model.id!, name: model.name, startDate: model.startDate, team: model.team, role: model.role, email: model.email,
            initials: initials(model.name), avatarUrl: model.avatarID.map { _ in "/api/v1/onboarding/new-hires/\(model.id!.uuidString)/avatar" })
    }

    static func initials(_ name: String) -> String {
        let words = name.split(whereSeparator: \.isWhitespace)
        return String(words.prefix(2).compactMap(\.first)).uppercased()
    }
}
