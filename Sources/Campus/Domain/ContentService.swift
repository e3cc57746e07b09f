import FluentKit
import Foundation
import PatioCore
import PatioData
import PatioPlatform
import SQLKit

/// School content anyone may read without signing in: news, announcements and scholarships (the academic
/// calendar lives with the record). School services publish and remove it.
struct ContentService: Sendable {
    let database: PatioDatabase
    let clock: PatioClock
    let notifications: NotificationService

    static let postKinds = ["news", "announcement"]
    static let categories = ["informative", "maintenance", "academic", "urgent"]
    static let scholarshipStatuses = ["open", "registration_open", "upcoming", "closed"]
    static let periodicities = ["monthly", "bimonthly", "semester", "yearly", "once"]
    static let benefitTypes = ["economic", "transport", "food", "tuition", "other"]

    struct PostView: Codable, Sendable, Equatable {
        var id: UUID
        var kind: String
        var title: String
        var body: String
        var category: String?
        var importance: Int
        var publishedAt: Date
        var expiresAt: Date?
        var schools: [String]
    }

    struct PostInput: Codable, Sendable {
        var kind: String?
        var title: String?
        var body: String?
        var category: String?
        var importance: Int?
        var expiresAt: Date?
        var schools: [String]?
    }

    func createPost(_ input: PostInput) async throws -> PostView {
        let model = PostModel()
        model.id = UUID()
        model.publishedAt = clock.now()
        try apply(input, to: model)
        try await database.write { db in
            try await model.create(on: db)
            if model.kind == "announcement", model.category == "urgent" { try await announceUrgent(model, on: db) }
        }
        return Self.view(model)
    }

    /// An urgent announcement reaches every student of the schools it names (of every school when it names
    /// none) at once, in the transaction that publishes it; other posts wait on the pages to be read.
    private func announceUrgent(_ post: PostModel, on db: any Database) async throws {
        let schools = post.schoolCodes.split(separator: ",").map(String.init)
        let filter: SQLQueryString =
            schools.isEmpty ? "" : "WHERE sc.code IN (\(schools.map { "\(bind: $0)" as SQLQueryString }.joined(separator: ", ")))"
        struct Row: Decodable { let account_id: UUID }
        let students = try await (try db.sql).raw(
            "SELECT s.account_id FROM campus_students s JOIN campus_schools sc ON sc.id = s.school_id \(filter)"
        ).all(decoding: Row.self)
        guard !students.isEmpty else { return }
        try await notifications.send(
            CampusNotifications.urgentAnnouncement.id, to: students.map(\.account_id), parameters: ["title": post.title],
            link: "/campus/school")
    }

    /// Replaces what a post says; it keeps its publication time.
    func updatePost(_ id: UUID, _ input: PostInput) async throws -> PostView {
        try await database.write { db in
            guard let model = try await PostModel.find(id, on: db) else { throw Self.postNotFound }
            try apply(input, to: model)
            try await model.save(on: db)
            return Self.view(model)
        }
    }

    static let postNotFound = AppError.notFound(code: "post_not_found", "No news or announcement has this id.")

    private func apply(_ input: PostInput, to model: PostModel) throws {
        var validator = Validator()
        validator.check(Self.postKinds.contains(input.kind ?? ""), "kind", "news or announcement.", code: "kind_unknown")
        let title = CampusText.required(input.title, "title", into: &validator)
        let body = CampusText.required(input.body, "body", into: &validator, max: 5_000)
        if input.kind == "announcement" {
            validator.check(
                Self.categories.contains(input.category ?? ""), "category", "One of: \(Self.categories.joined(separator: ", ")).",
                code: "category_unknown")
        }
        validator.check((1...3).contains(input.importance ?? 1), "importance", "From 1 (low) to 3 (high).", code: "importance_range")
        if let expires = input.expiresAt { validator.check(expires > clock.now(), "expiresAt", "An expiry in the future.", code: "expiry_past") }
        let schools = (input.schools ?? []).map { $0.trimmingCharacters(in: .whitespaces).lowercased() }.filter { !$0.isEmpty }
        validator.check(
            schools.count <= 60 && schools.allSatisfy { $0.count <= 20 && $0.allSatisfy { $0.isLetter || $0.isNumber } }, "schools",
            "School codes like escom.", code: "schools_format")
        try validator.validate()
        model.kind = input.kind ?? "news"
        model.title = title
        model.body = body
        model.category = input.kind == "announcement" ? input.category : nil
        model.importance = input.importance ?? 1
        model.expiresAt = input.expiresAt
        model.schoolCodes = schools.joined(separator: ",")
    }

    /// Posts still in force (not expired), newest first, optionally of one kind and for one school. Every
    /// student's home page reads these, so they are read with fixed SQL text rather than through `PostModel`.
    func posts(kind: String?, school: String?, limit: Int = 50) async throws -> [PostView] {
        Self.shown(try await livePosts(kind: kind), school: school, limit: limit)
    }

    /// Every post of `kind` (every kind when nil) that has not expired, most important and newest first. A page
    /// that shows several kinds (the home page) reads them once and picks with `shown`.
    func livePosts(kind: String? = nil) async throws -> [PostView] {
        let filter: SQLQueryString = kind.map { "WHERE kind = \(bind: $0)" } ?? ""
        let rows = try await database.reader.sql.raw(
            """
            SELECT id, kind, title, body, category, importance, published_at, expires_at, school_codes FROM campus_posts \(filter)
            ORDER BY importance DESC, published_at DESC
            """
        ).all()
        let now = clock.now()
        return try rows.compactMap { row in
            // Read by place (SQLColumns): a decoder looking each column up by name cost the home page more than the query.
            var columns = SQLColumns(row)
            let expiresAt = try columns.optionalDate(7)
            guard (expiresAt ?? .distantFuture) > now else { return nil }
            return PostView(
                id: try columns.uuid(0), kind: try columns.string(1), title: try columns.string(2), body: try columns.string(3),
                category: try columns.optionalString(4), importance: try columns.int(5), publishedAt: try columns.date(6), expiresAt: expiresAt,
                schools: try columns.string(8).split(separator: ",").map(String.init))
        }
    }

    /// The first `limit` of `posts` a reader of `school` is shown: those for every school and those naming
    /// theirs; every post when `school` is nil.
    static func shown(_ posts: [PostView], school: String?, limit: Int = 50) -> [PostView] {
        guard let wanted = school?.lowercased() else { return Array(posts.prefix(limit)) }
        return Array(posts.filter { $0.schools.isEmpty || $0.schools.contains(wanted) }.prefix(limit))
    }

    func deletePost(_ id: UUID) async throws {
        try await database.write { db in
            guard let model = try await PostModel.find(id, on: db) else { throw Self.postNotFound }
            try await model.delete(on: db)
        }
    }

    static func view(_ model: PostModel) -> PostView {
        PostView(
            id: model.id!, kind: model.kind, title: model.title, body: model.body, category: model.category, importance: model.importance,
            publishedAt: model.publishedAt, expiresAt: model.expiresAt, schools: model.schoolCodes.split(separator: ",").map(String.init))
    }

    // MARK: Scholarships

    struct ScholarshipView: Codable, Sendable, Equatable {
        var id: UUID
        var name: String
        var description: String
        var status: String
        var amountMinor: Int
        var currency: String
        var periodicity: String
        var benefitType: String
        var link: String
    }

    struct ScholarshipInput: Codable, Sendable {
        var name: String?
        var description: String?
        var status: String?
        var amountMinor: Int?
        var currency: String?
        var periodicity: String?
        var benefitType: String?
        var link: String?
    }

    func createScholarship(_ input: ScholarshipInput) async throws -> ScholarshipView {
        let model = ScholarshipModel()
        model.id = UUID()
        try apply(input, to: model)
        try await database.write { db in try await model.create(on: db) }
        return Self.view(model)
    }

    func updateScholarship(_ id: UUID, _ input: ScholarshipInput) async throws -> ScholarshipView {
        try await database.write { db in
            guard let model = try await ScholarshipModel.find(id, on: db) else { throw Self.scholarshipNotFound }
            try apply(input, to: model)
            try await model.save(on: db)
            return Self.view(model)
        }
    }

    static let scholarshipNotFound = AppError.notFound(code: "scholarship_not_found", "No scholarship has this id.")

    private func apply(_ input: ScholarshipInput, to model: ScholarshipModel) throws {
        var validator = Validator()
        let name = CampusText.required(input.name, "name", into: &validator)
        let description = CampusText.required(input.description, "description", into: &validator, max: 2_000)
        validator.check(
            Self.scholarshipStatuses.contains(input.status ?? ""), "status", "One of: \(Self.scholarshipStatuses.joined(separator: ", ")).",
            code: "status_unknown")
        validator.check((0...100_000_000).contains(input.amountMinor ?? -1), "amountMinor", "An amount in centavos, from 0.", code: "amount_range")
        let currency = (input.currency ?? "MXN").uppercased()
        validator.check(
            currency.count == 3 && currency.allSatisfy { $0.isASCII && $0.isLetter }, "currency", "A three-letter currency code like MXN.",
            code: "currency_format")
        validator.check(
            Self.periodicities.contains(input.periodicity ?? ""), "periodicity", "One of: \(Self.periodicities.joined(separator: ", ")).",
            code: "periodicity_unknown")
        validator.check(
            Self.benefitTypes.contains(input.benefitType ?? ""), "benefitType", "One of: \(Self.benefitTypes.joined(separator: ", ")).",
            code: "benefit_unknown")
        let link = (input.link ?? "").trimmingCharacters(in: .whitespaces)
        validator.check(
            link.hasPrefix("https://") && link.count <= 500 && URL(string: link) != nil, "link", "An https:// link where students apply.",
            code: "link_format")
        try validator.validate()
        model.name = name
        model.description = description
        model.status = input.status ?? "upcoming"
        model.amountMinor = input.amountMinor ?? 0
        model.currency = currency
        model.periodicity = input.periodicity ?? "once"
        model.benefitType = input.benefitType ?? "other"
        model.link = link
        model.updatedAt = clock.now()
    }

    /// Scholarships, open ones first, optionally of one status; read with fixed SQL text, by place, like the posts.
    func scholarships(status: String?) async throws -> [ScholarshipView] {
        let filter: SQLQueryString = status.map { "WHERE status = \(bind: $0)" } ?? ""
        let rows = try await database.reader.sql.raw(
            """
            SELECT id, name, description, status, amount_minor, currency, periodicity, benefit_type, link FROM campus_scholarships \(filter)
            """
        ).all().map { row in
            var columns = SQLColumns(row)
            return ScholarshipView(
                id: try columns.uuid(0), name: try columns.string(1), description: try columns.string(2), status: try columns.string(3),
                amountMinor: try columns.int(4), currency: try columns.string(5), periodicity: try columns.string(6),
                benefitType: try columns.string(7), link: try columns.string(8))
        }
        let order = Dictionary(uniqueKeysWithValues: Self.scholarshipStatuses.enumerated().map { ($1, $0) })
        return rows.sorted { (order[$0.status] ?? 9, $0.name) < (order[$1.status] ?? 9, $1.name) }
    }

    func deleteScholarship(_ id: UUID) async throws {
        try await database.write { db in
            guard let model = try await ScholarshipModel.find(id, on: db) else { throw Self.scholarshipNotFound }
            try await model.delete(on: db)
        }
    }

    static func view(_ model: ScholarshipModel) -> ScholarshipView {
        ScholarshipView(
            id: model.id!, name: model.name, description: model.description, status: model.status, amountMinor: model.amountMinor,
            currency: model.currency, periodicity: model.periodicity, benefitType: model.benefitType, link: model.link)
    }
}
