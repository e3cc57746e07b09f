import Crypto
import Foundation

/// What a schedule receipt prints that a person checking the paper compares: the student's name, boleta and
/// career, the period, and each class with its day, times, subject and group. The receipt's QR link carries
/// its digest, so the check page can say whether the record still holds what was printed, and then shows it.
struct ReceiptContent: Codable, Sendable, Equatable {
    struct Class: Codable, Sendable, Equatable {
        /// 1 is Monday … 6 is Saturday.
        var weekday: Int
        var startsAt: String
        var endsAt: String
        var subject: String
        var group: String
    }

    var name: String
    var boleta: String
    var career: String
    var period: String
    var classes: [Class]

    /// What the receipt of `schedule` (its entries in their order) prints about `student` for `period`.
    init(student: StudentView, schedule: Schedule, period: String) {
        name = student.name
        boleta = student.boleta
        career = student.career.name
        self.period = period
        classes = schedule.entries.map { Class(weekday: $0.weekday, startsAt: $0.startsAt, endsAt: $0.endsAt, subject: $0.subject, group: $0.group) }
    }

    /// Bytes of the digest a receipt link carries. It only has to tell a changed record from the printed one;
    /// the link's HMAC is what stops a forged link.
    static let digestLength = 8

    /// SHA-256 over every field, each written as its UTF-8 length and bytes so no two contents write the same
    /// bytes, cut to `digestLength`.
    var digest: [UInt8] {
        var bytes: [UInt8] = []
        func write(_ text: String) {
            bytes += Array("\(text.utf8.count):".utf8) + Array(text.utf8)
        }
        for field in [name, boleta, career, period, String(classes.count)] { write(field) }
        for item in classes {
            for field in [String(item.weekday), item.startsAt, item.endsAt, item.subject, item.group] { write(field) }
        }
        return Array(SHA256.hash(data: bytes).prefix(Self.digestLength))
    }
}

/// What scanning a schedule receipt's QR code shows (`/campus/receipt/{token}` and
/// `GET /api/v1/campus/receipts/{token}`).
struct ReceiptCheck: Encodable, Sendable, Equatable {
    /// Patio issued the link (its signature holds, for a student and period it knows).
    var authentic: Bool
    /// Authentic, for a student who still is one, enrolled in the period, with the timetable the receipt printed.
    var valid: Bool
    /// Whether the student is enrolled in the receipt's period.
    var enrolled: Bool
    var period: String?
    /// Whether the record still holds what the receipt printed; nil for a receipt printed before its link
    /// carried a digest of its content.
    var matchesPrinted: Bool?
    /// What the page shows to compare with the paper (what was printed when `matchesPrinted`); nil when the
    /// link is not authentic or the student no longer is one.
    var content: ReceiptContent?

    static let notAuthentic = ReceiptCheck(authentic: false, valid: false, enrolled: false, period: nil, matchesPrinted: nil, content: nil)

    private enum CodingKeys: String, CodingKey { case authentic, valid, enrolled, period, matchesPrinted, name, boleta, career, classes }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(authentic, forKey: .authentic)
        try container.encode(valid, forKey: .valid)
        try container.encode(enrolled, forKey: .enrolled)
        try container.encodeIfPresent(period, forKey: .period)
        try container.encodeIfPresent(matchesPrinted, forKey: .matchesPrinted)
        if let content {
            try container.encode(content.name, forKey: .name)
            try container.encode(content.boleta, forKey: .boleta)
            try container.encode(content.career, forKey: .career)
            try container.encode(content.classes, forKey: .classes)
        }
    }
}
