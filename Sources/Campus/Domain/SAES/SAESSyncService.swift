import Crypto
import FluentKit
import Foundation
import PatioCore
import PatioData
import PatioPlatform
import SAESConnector
import SQLKit

/// Reads a linked student's SAES pages into Campus: each page parsed, compared with the last reading, and
/// written only when something changed. A page that cannot be read keeps its last good data and says so.
struct SAESSyncService: Sendable {
    let database: PatioDatabase
    let clock: PatioClock
    let vault: SAESVault
    let sessions: SAESSessions
    let connector: SAESConnector
    let throttle: SAESThrottle
    let notifications: NotificationService

    /// The pages a sync reads, by the name Campus keeps them under.
    static let pages: [(name: String, page: SAESPage)] = [
        ("grades", .grades), ("schedule", .schedule), ("kardex", .kardex), ("personal_data", .personalData), ("credits", .credits),
    ]

    /// One page's reading, before it is compared with the stored one.
    struct Reading {
        var status: String
        var data: String?
        var problems: [String]
        /// SAES holds the grades back until the teacher evaluation is done: the last grades read are kept,
        /// marked as withheld.
        var gradesWithheld = false
    }

    /// Syncs one student. Throws 409 `saes_session_ended` (after marking the link) when SAES has ended the
    /// session, 503 when SAES is down (after marking every page it did not give `failed`, each keeping its
    /// last good data); otherwise returns the number of pages whose data changed.
    /// A student who synced too often, or whose sync is still under way, or a portal busy with other students,
    /// gets 429 `saes_rate_limited` with `Retry-After` and SAES is not asked (`SAESThrottle`).
    @discardableResult
    func sync(accountID: UUID) async throws -> Int {
        let session = try await sessions.open(accountID: accountID)
        return try await throttle.run(accountID: accountID, portal: session.portal) { try await read(session, accountID: accountID) }
    }

    private func read(_ session: SAESSessions.Opened, accountID: UUID) async throws -> Int {
        let portal = session.portal
        var cookies = session.cookies
        var readings: [String: Reading] = [:]
        var teachers: [SAESTeacherToEvaluate]?
        do {
            guard try await connector.isSessionAlive(portal: portal, cookies: &cookies) else { throw SAESError.sessionEnded }
            for (name, page) in Self.pages {
                do {
                    let html = try await connector.page(page, portal: portal, cookies: &cookies)
                    readings[name] = try Self.reading(name: name, html: html)
                    if name == "grades", EvaluationParser.isRequired(html: html) {
                        let list = try await connector.page(.teacherEvaluation, portal: portal, cookies: &cookies)
                        teachers = EvaluationParser.parse(list).value ?? []
                    }
                } catch SAESError.serverError, SAESError.unexpected {
                    readings[name] = Reading(status: "failed", data: nil, problems: ["SAES did not answer this page."])
                }
            }
            do {
                if let photo = try await connector.photo(portal: portal, cookies: &cookies) {
                    let payload = ["type": photo.type, "base64": Data(photo.bytes).base64EncodedString()]
                    readings["photo"] = Reading(status: "current", data: try Self.json(payload), problems: [])
                }
            } catch SAESError.serverError, SAESError.unexpected {
                readings["photo"] = Reading(status: "failed", data: nil, problems: ["SAES did not answer this page."])
            }
        } catch let error as SAESError {
            if case .sessionEnded = error { throw try await sessions.failure(error, accountID: accountID) }
            // SAES is down: what was read before it failed is kept, every other page says it failed.
            let problem: String
            switch error {
            case .unreachable: problem = "SAES did not answer in time."
            case .unexpected: problem = "SAES answered something Patio cannot read."
            case .serverError, .sessionEnded: problem = "SAES answered its error page."
            }
            for name in Self.pages.map(\.name) + ["photo"] where readings[name] == nil {
                readings[name] = Reading(status: "failed", data: nil, problems: [problem])
            }
            let now = clock.now()
            let finalReadings = readings
            let stored = try await database.write { db in
                try await Self.store(finalReadings, accountID: accountID, now: now, notifications: notifications, on: db)
            }
            // Unlinked while SAES was failing: nothing was written, and there is no link to mark.
            guard stored != nil else { throw SAESLinkService.notLinked }
            throw try await sessions.failure(error, accountID: accountID)
        }
        let sealedSession = try await vault.seal(cookies)
        let now = clock.now()
        let teachersJSON = try teachers.map { String(decoding: try JSONEncoder().encode($0), as: UTF8.self) }
        let evaluationRequired = teachers?.isEmpty == false
        let finalReadings = readings
        return try await database.write { db in
            guard let changed = try await Self.store(finalReadings, accountID: accountID, now: now, notifications: notifications, on: db),
                let link = try await SAESLinkModel.query(on: db).filter(\.$accountID == accountID).first()
            else { throw SAESLinkService.notLinked }
            link.sealedSession = sealedSession
            link.syncedAt = now
            link.status = evaluationRequired ? "evaluation_required" : "linked"
            link.teachersToEvaluate = evaluationRequired ? teachersJSON : nil
            link.updatedAt = now
            try await link.save(on: db)
            return changed
        }
    }

    /// Writes each page whose status, problems or data changed and returns how many did. A reading without
    /// data (unreadable, failed) keeps the stored data; a photo that failed with none stored is no page.
    /// Nil, with nothing written, when the student unlinked while SAES was being read: unlinking erases
    /// every page, and a sync that ends after it must not bring any back.
    /// A grades page read anew that differs from the last one tells the student of each subject whose grade
    /// is new or changed, in this write.
    static func store(_ readings: [String: Reading], accountID: UUID, now: Date, notifications: NotificationService?, on db: any Database)
        async throws -> Int?
    {
        guard try await lockLink(accountID: accountID, on: db) else { return nil }
        var changed = 0
        let stored = try await SAESPageModel.query(on: db).filter(\.$accountID == accountID).all()
        for (name, reading) in readings.sorted(by: { $0.key < $1.key }) {
            let existing = stored.first { $0.page == name }
            if existing == nil && name == "photo" && reading.data == nil { continue }
            var data = reading.data ?? existing?.data
            if reading.gradesWithheld { data = try Self.withheld(existing?.data) }
            let problems = try Self.json(reading.problems)
            let newDigest = Self.digest(reading.status, problems, data)
            if existing?.digest == newDigest { continue }
            let model = existing ?? SAESPageModel()
            if existing == nil {
                model.id = UUID()
                model.accountID = accountID
                model.page = name
            }
            if name == "grades", let notifications, reading.data != nil, !reading.gradesWithheld, let data, data != existing?.data {
                try await Self.announce(grades: data, before: existing?.data, accountID: accountID, notifications: notifications)
            }
            model.status = reading.status
            model.data = data
            model.problems = problems
            model.digest = newDigest
            model.changedAt = now
            try await model.save(on: db)
            changed += 1
        }
        return changed
    }

    private static func announce(grades data: String, before: String?, accountID: UUID, notifications: NotificationService) async throws {
        let decoder = JSONDecoder()
        guard let after = try? decoder.decode(SAESGrades.self, from: Data(data.utf8)) else { return }
        let earlier = before.flatMap { try? decoder.decode(SAESGrades.self, from: Data($0.utf8)) }
        for change in CampusNotifications.saesChanges(before: earlier, after: after) {
            // One alert per subject on the phone: a grade corrected twice before it is seen replaces the first.
            try await notifications.send(
                CampusNotifications.saesGrade.id, to: [accountID],
                parameters: ["subject": change.subject, "assessment": change.assessment, "grade": change.grade], link: "/campus/grades",
                collapseKey: "saes-grade-\(accountID.uuidString)-\(change.subject)")
        }
    }

    /// Whether the student's link still exists, holding its row until the write commits (PostgreSQL), so an
    /// unlink — which deletes the link first, then the pages — waits for this write or this write sees the
    /// link gone. On SQLite the single writer already orders the two.
    static func lockLink(accountID: UUID, on db: any Database) async throws -> Bool {
        let sql = try db.sql
        let lock = sql.dialect.name == "postgresql" ? " FOR UPDATE" : ""
        struct Row: Decodable { let id: UUID }
        return try await sql.raw("SELECT id FROM campus_saes_links WHERE account_id = \(bind: accountID)\(unsafeRaw: lock)").first(decoding: Row.self)
            != nil
    }

    /// The last grades read, marked as withheld for the teacher evaluation; no rows when none were ever read.
    static func withheld(_ stored: String?) throws -> String? {
        var grades = SAESGrades(rows: [], evaluationRequired: true)
        if let stored {
            guard let last = try? JSONDecoder().decode(SAESGrades.self, from: Data(stored.utf8)) else { return stored }
            grades = last
            grades.evaluationRequired = true
        }
        return try json(grades)
    }

    /// Syncs every student whose session still lives and whose last sync is older than `age`; one student's
    /// failure does not stop the others.
    func syncDue(olderThan age: TimeInterval) async throws -> Int {
        // The job runs as Patio starts: an earlier Patio's key moves out of the database then, not at the
        // first student's visit.
        if try await SAESLinkModel.query(on: database.reader).first() != nil { try await vault.prepare() }
        let cutoff = clock.now().addingTimeInterval(-age)
        let due = try await SAESLinkModel.query(on: database.reader)
            .filter(\.$status ~~ ["linked", "evaluation_required"]).all()
            .filter { ($0.syncedAt ?? .distantPast) < cutoff }
        var synced = 0
        for link in due {
            if (try? await sync(accountID: link.accountID)) != nil { synced += 1 }
        }
        return synced
    }

    static func reading(name: String, html: String) throws -> Reading {
        func make<T: Encodable>(_ parsed: ParsedPage<T>) throws -> Reading {
            guard let value = parsed.value else { return Reading(status: "unreadable", data: nil, problems: parsed.problems) }
            return Reading(status: parsed.problems.isEmpty ? "current" : "partial", data: try json(value), problems: parsed.problems)
        }
        switch name {
        case "grades":
            let parsed = GradesParser.parse(html)
            // Withheld is not "no grades": the last ones read stay, and the page says why nothing new came.
            if let grades = parsed.value, grades.evaluationRequired, grades.rows.isEmpty {
                return Reading(status: "unreadable", data: nil, problems: parsed.problems, gradesWithheld: true)
            }
            return try make(parsed)
        case "schedule": return try make(ScheduleParser.parse(html))
        case "kardex": return try make(KardexParser.parse(html))
        case "personal_data": return try make(PersonalDataParser.parse(html))
        default: return try make(CreditsParser.parse(html))
        }
    }

    /// JSON with sorted keys, so equal data gives equal text and an equal digest.
    static func json<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    static func digest(_ parts: String?...) -> String {
        var hasher = SHA256()
        for part in parts {
            hasher.update(data: Data((part ?? "∅").utf8))
            hasher.update(data: Data([0]))
        }
        return Hex.encode(hasher.finalize())
    }
}
