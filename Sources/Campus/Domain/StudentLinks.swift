import Foundation
import PatioCore
import PatioPlatform

/// The links a student hands out: their calendar feed (revocable), their credential's QR and their schedule
/// receipt's QR. Each is a `SignedLink`; what checking one shows is `StudentRecord`'s (the credential and
/// receipt checks), and never more than the link's purpose needs.
struct StudentLinks: Sendable {
    let secrets: ServerSecrets
    let students: StudentService

    static let invalidFeed = AppError.notFound(
        code: "calendar_feed_not_found", "This calendar link is not valid; it may have been replaced by a new one.")

    func feedToken(_ student: StudentModel) async throws -> String {
        SignedLink(studentID: student.id!, payload: SignedLink.generation(student.feedGeneration))
            .encoded(key: try await secrets.key(named: SignedLink.Purpose.calendarFeed.rawValue))
    }

    /// The student a feed link belongs to, while it is the student's current link and they are still a
    /// student (an account deactivated, or without the role, has no feed: 404 like any link that is not valid).
    func feedStudent(_ token: String) async throws -> StudentModel {
        let key = try await secrets.key(named: SignedLink.Purpose.calendarFeed.rawValue)
        guard let link = SignedLink.verify(token, payloadLength: 4, key: key),
            let student = try? await students.find(link.studentID), student.feedGeneration == SignedLink.generation(of: link.payload),
            try await students.isCurrent(student)
        else {
            throw Self.invalidFeed
        }
        return student
    }

    func credentialToken(_ student: StudentModel) async throws -> String {
        SignedLink(studentID: student.id!, payload: []).encoded(key: try await secrets.key(named: SignedLink.Purpose.credential.rawValue))
    }

    /// What scanning a credential shows: whether it is valid today and, while the link is genuine and the
    /// student still is one, their name and whether the page can show their photo — what a person checking
    /// the card compares with the card and its holder.
    struct CredentialCheck: Codable, Sendable, Equatable {
        var valid: Bool
        var checkedOn: String
        var name: String?
        var hasPhoto: Bool?
    }

    /// The student a credential link names, while they are still a student; nil for any other link.
    func credentialStudent(_ token: String) async throws -> StudentModel? {
        let key = try await secrets.key(named: SignedLink.Purpose.credential.rawValue)
        guard let link = SignedLink.verify(token, payloadLength: 0, key: key), let student = try? await students.find(link.studentID),
            try await students.isCurrent(student)
        else { return nil }
        return student
    }

    /// A receipt link names the student, the period and the digest of what it printed (`ReceiptContent`).
    func receiptToken(_ student: StudentModel, periodID: UUID, digest: [UInt8]) async throws -> String {
        SignedLink(studentID: student.id!, payload: SignedLink.uuidBytes(periodID) + digest).encoded(
            key: try await secrets.key(named: SignedLink.Purpose.receipt.rawValue))
    }

    /// What a receipt link names when its signature holds; nil for anything else. A link from before
    /// receipts carried a digest (the period alone) still verifies, with no digest.
    func receiptLink(_ token: String) async throws -> (studentID: UUID, periodID: UUID, digest: [UInt8]?)? {
        let key = try await secrets.key(named: SignedLink.Purpose.receipt.rawValue)
        for length in [16 + ReceiptContent.digestLength, 16] {
            guard let link = SignedLink.verify(token, payloadLength: length, key: key) else { continue }
            let periodID = link.payload.withUnsafeBytes { UUID(uuid: $0.loadUnaligned(as: uuid_t.self)) }
            return (link.studentID, periodID, length > 16 ? Array(link.payload[16...]) : nil)
        }
        return nil
    }

    /// The student's digital credential: who they are, where they study and whether they are enrolled today.
    struct Credential: Codable, Sendable, Equatable {
        var name: String
        var boleta: String
        var career: String
        var school: String
        var enrolled: Bool
        var period: String?
        var hasPhoto: Bool
        /// The address the QR code holds.
        var verifyURL: String
    }
}
