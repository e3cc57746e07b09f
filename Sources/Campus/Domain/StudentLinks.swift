import Foundation
import PatioCore
import PatioPlatform

/// The links a student hands out: their calendar feed (revocable), their credential's QR and their schedule
/// receipt's QR. Each is a `SignedLink`; checking one never says more than the link's purpose needs.
struct StudentLinks: Sendable {
    let secrets: ServerSecrets
    let students: StudentService
    let reader: RecordReader
    let clock: PatioClock

    static let invalidFeed = AppError.notFound(code: "calendar_feed_not_found", "This calendar link is not valid; it may have been replaced by a new one.")

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
              try await students.isCurrent(student) else {
            throw Self.invalidFeed
        }
        return student
    }

    func credentialToken(_ student: StudentModel) async throws -> String {
        SignedLink(studentID: student.id!, payload: []).encoded(key: try await secrets.key(named: SignedLink.Purpose.credential.rawValue))
    }

    /// What scanning a credential shows: only whether it is valid today.
    struct CredentialCheck: Codable, Sendable, Equatable {
        var valid: Bool
        var checkedOn: String
    }

    func checkCredential(_ token: String) async throws -> CredentialCheck {
        let today = SchoolCalendar.today(clock)
        let key = try await secrets.key(named: SignedLink.Purpose.credential.rawValue)
        guard let link = SignedLink.verify(token, payloadLength: 0, key: key), let student = try? await students.find(link.studentID),
              try await students.isCurrent(student) else {
            return CredentialCheck(valid: false, checkedOn: today.description)
        }
        return CredentialCheck(valid: try await reader.isEnrolledToday(student, today: today).enrolled, checkedOn: today.description)
    }

    func receiptToken(_ student: StudentModel, periodID: UUID) async throws -> String {
        SignedLink(studentID: student.id!, payload: SignedLink.uuidBytes(periodID)).encoded(key: try await secrets.key(named: SignedLink.Purpose.receipt.rawValue))
    }

    /// What scanning a schedule receipt shows: whether Patio issued it, for which period, and whether the
    /// student is still enrolled in that period.
    struct ReceiptCheck: Codable, Sendable, Equatable {
        var authentic: Bool
        var period: String?
        var enrolled: Bool
    }

    func checkReceipt(_ token: String) async throws -> ReceiptCheck {
        let key = try await secrets.key(named: SignedLink.Purpose.receipt.rawValue)
        guard let link = SignedLink.verify(token, payloadLength: 16, key: key), let student = try? await students.find(link.studentID) else {
            return ReceiptCheck(authentic: false, period: nil, enrolled: false)
        }
        let periodID = link.payload.withUnsafeBytes { UUID(uuid: $0.loadUnaligned(as: uuid_t.self)) }
        guard let period = try? await reader.record.period(periodID) else { return ReceiptCheck(authentic: false, period: nil, enrolled: false) }
        let enrolled = try await !reader.enrolments(student: student, periodID: periodID).isEmpty
        return ReceiptCheck(authentic: true, period: period.code, enrolled: enrolled)
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
