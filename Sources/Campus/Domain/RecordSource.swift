import Foundation

/// Where one part of a student's record comes from. Campus keeps one record per student: fed by school
/// services and teachers, or read from the student's own SAES once they link it. The student's pages and API
/// read the same reports either way and say which source answered, and for SAES when it was last read and how
/// that reading went.
struct RecordSource: Codable, Sendable, Equatable {
    enum Kind: String, Codable, Sendable {
        /// Captured in Patio by school services and teachers.
        case school
        /// Read from the student's SAES by the connector.
        case saes
    }

    var kind: Kind
    /// When SAES was last read for this student (SAES only).
    var syncedAt: Date?
    /// How the last reading of this page went (SAES only): `current`, `partial`, or `unreadable` / `failed`,
    /// when what is shown is the last good reading.
    var status: String?
    /// What the last reading could not read (SAES only).
    var problems: [String]

    static let school = RecordSource(kind: .school, syncedAt: nil, status: nil, problems: [])

    /// Whether the page should warn that what it shows is older than the last reading.
    var isStale: Bool { status == "unreadable" || status == "failed" }
}

/// Personal data as the student's API answers it: the groups, and where they came from.
struct SourcedPersonalData: Encodable, Sendable {
    var data: PersonalData
    var source: RecordSource

    private enum CodingKeys: String, CodingKey { case source }

    func encode(to encoder: any Encoder) throws {
        try data.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(source, forKey: .source)
    }
}
