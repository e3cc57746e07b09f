import FluentKit
import FluentSQL
import Foundation
import PatioData
import PatioPlatform
import SAESConnector
import SQLKit

/// Reads back what Campus keeps from a student's SAES.
struct SAESRecordReader: Sendable {
    let database: PatioDatabase
    let portals: SAESPortals

    /// The link's state, nil when the student has not linked SAES.
    func link(accountID: UUID) async throws -> SAESLinkView? {
        guard let (link, pages) = try await linkAndPages(accountID) else { return nil }
        return view(link, pages: pages)
    }

    /// The student's link and every page read from SAES, nil without a link. Fixed SQL rather than Fluent's query
    /// builder: the Campus home reads them for every student, and building the queries cost more than running them.
    private func linkAndPages(_ accountID: UUID) async throws -> (SAESLinkModel, [SAESPageModel])? {
        let sql = try database.reader.sql
        guard
            let link = try await sql.raw("SELECT * FROM campus_saes_links WHERE account_id = \(bind: accountID)").first(
                decodingFluent: SAESLinkModel.self)
        else { return nil }
        let pages = try await sql.raw("SELECT * FROM campus_saes_pages WHERE account_id = \(bind: accountID) ORDER BY page")
            .all(decodingFluent: SAESPageModel.self)
        return (link, pages)
    }

    /// Everything read from SAES; throws 404 `saes_not_linked` when there is no link.
    func record(accountID: UUID) async throws -> SAESRecordView {
        guard let record = try await linkedRecord(accountID: accountID) else { throw SAESLinkService.notLinked }
        return record
    }

    /// The student's photo as SAES gave it, nil without a link or a photo. Only raster images are answered:
    /// Patio serves it from its own origin, where an SVG could carry script.
    func photo(accountID: UUID) async throws -> BlobStore.Blob? {
        guard let page = try await SAESPageModel.query(on: database.reader).filter(\.$accountID == accountID).filter(\.$page == "photo").first(),
            let text = page.data, let payload = try? JSONDecoder().decode([String: String].self, from: Data(text.utf8)),
            let type = payload["type"].map({ String($0.split(separator: ";").first ?? "").lowercased() }), Self.photoTypes.contains(type),
            let base64 = payload["base64"], let bytes = Data(base64Encoded: base64), !bytes.isEmpty
        else { return nil }
        return BlobStore.Blob(id: page.id ?? UUID(), contentType: type, bytes: Array(bytes))
    }

    static let photoTypes: Set<String> = ["image/jpeg", "image/png", "image/gif", "image/webp"]

    /// Everything read from SAES, nil when the student has not linked it.
    func linkedRecord(accountID: UUID) async throws -> SAESRecordView? {
        guard let (link, pages) = try await linkAndPages(accountID) else { return nil }
        func data<T: Decodable>(_ name: String, as type: T.Type) -> T? {
            guard let text = pages.first(where: { $0.page == name })?.data else { return nil }
            return try? JSONDecoder().decode(type, from: Data(text.utf8))
        }
        let photo = data("photo", as: [String: String].self).flatMap { payload -> String? in
            guard let type = payload["type"], type.hasPrefix("image/"), let base64 = payload["base64"] else { return nil }
            return "data:\(type.split(separator: ";").first ?? "image/png");base64,\(base64)"
        }
        return SAESRecordView(
            link: view(link, pages: pages),
            grades: data("grades", as: SAESGrades.self),
            schedule: data("schedule", as: [SAESScheduleRow].self),
            kardex: data("kardex", as: SAESKardex.self),
            personalData: data("personal_data", as: SAESPersonalData.self)?.fields,
            credits: data("credits", as: SAESCredits.self),
            photo: photo
        )
    }

    private func view(_ link: SAESLinkModel, pages: [SAESPageModel]) -> SAESLinkView {
        let school = SAESSchool.named(link.school)
        let teachers = link.teachersToEvaluate.flatMap { try? JSONDecoder().decode([SAESTeacherToEvaluate].self, from: Data($0.utf8)) } ?? []
        return SAESLinkView(
            school: link.school, schoolName: school?.name ?? link.school, boleta: link.boleta, status: link.status,
            linkedAt: link.linkedAt, syncedAt: link.syncedAt, passwordKept: link.sealedPassword != nil,
            teachersToEvaluate: teachers,
            evaluationURL: teachers.isEmpty ? nil : school.map { portals.url(for: $0) + SAESPage.teacherEvaluation.path },
            pages: pages.map { page in
                SAESLinkView.PageStatus(
                    page: page.page, status: page.status,
                    problems: (try? JSONDecoder().decode([String].self, from: Data(page.problems.utf8))) ?? [],
                    changedAt: page.changedAt
                )
            }
        )
    }
}
