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

/// Course availability as the student's SAES lists it: its filter lists and, after a search, the groups.
struct SAESAvailabilityView: Codable, Sendable, Equatable {
    struct Option: Codable, Sendable, Equatable {
        var value: String
        var label: String
        var selected: Bool
    }

    struct Filter: Codable, Sendable, Equatable {
        /// `career`, `plan`, `shift` or `semester`.
        var name: String
        var options: [Option]
    }

    var filters: [Filter]
    /// `current` or `next`.
    var period: String
    /// False when only the filter lists were asked for.
    var searched: Bool
    var groups: [SAESOfferedGroup]
    /// What SAES's page had that Patio could not read, or a filter SAES did not take.
    var problems: [String]
}
