import Foundation
import SAESConnector

/// How a student's SAES link stands, for the API and the page.
struct SAESLinkView: Codable, Sendable, Equatable {
    struct PageStatus: Codable, Sendable, Equatable {
        var page: String
        var status: String
        var problems: [String]
        var changedAt: Date
    }

    var school: String
    var schoolName: String
    var boleta: String?
    /// `pending`, `linked`, `evaluation_required` or `session_ended`.
    var status: String
    var linkedAt: Date?
    var syncedAt: Date?
    var passwordKept: Bool
    var teachersToEvaluate: [SAESTeacherToEvaluate]
    /// Where the student evaluates their teachers, on their own SAES (Patio never does it for them).
    var evaluationURL: String?
    var pages: [PageStatus]
}

/// A CAPTCHA to type, shown as SAES drew it.
struct SAESChallengeView: Codable, Sendable, Equatable {
    var school: String
    var schoolName: String
    /// `data:image/…;base64,…`.
    var captchaImage: String
    /// The student asked Patio to keep their password: only the CAPTCHA is needed.
    var passwordKept: Bool
}

/// Everything read from SAES, each part with how its last reading went.
struct SAESRecordView: Codable, Sendable {
    var link: SAESLinkView
    var grades: SAESGrades?
    var schedule: [SAESScheduleRow]?
    var kardex: SAESKardex?
    var personalData: [String: String]?
    var credits: SAESCredits?
    /// `data:image/…;base64,…`, nil when SAES has no photo.
    var photo: String?
}

/// One school students can link to.
struct SAESSchoolView: Codable, Sendable, Equatable {
    var code: String
    var name: String
    var level: String
}
