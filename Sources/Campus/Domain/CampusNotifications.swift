import PatioPlatform
import SAESConnector

/// What Campus tells students, and in what words. Grades are private: pushed, they say only that there is
/// a new grade unless the student chose to see grades on the lock screen.
enum CampusNotifications {
    /// To the student, when a teacher (or school services) captures or changes one of their grades in Patio.
    static let gradeCaptured = NotificationKind(
        "campus.grade_captured", isPrivate: true,
        spanish: NotificationWords(
            name: "Una calificación que captura mi profesor", title: "Calificación nueva", body: "{subject} · {assessment}: {grade}",
            lockScreen: "Abre Campus para verla."),
        english: NotificationWords(
            name: "A grade my teacher captures", title: "New grade", body: "{subject} · {assessment}: {grade}",
            lockScreen: "Open Campus to see it."))

    /// To the student, when a sync finds a grade in SAES that is new or changed since the last reading.
    static let saesGrade = NotificationKind(
        "campus.saes_grade", isPrivate: true,
        spanish: NotificationWords(
            name: "Una calificación nueva en el SAES", title: "Calificación nueva en el SAES", body: "{subject} · {assessment}: {grade}",
            lockScreen: "Abre Campus para verla."),
        english: NotificationWords(
            name: "A new grade in SAES", title: "New grade in SAES", body: "{subject} · {assessment}: {grade}",
            lockScreen: "Open Campus to see it."))

    /// To every student of the schools an urgent announcement names (of every school when it names none).
    static let urgentAnnouncement = NotificationKind(
        "campus.urgent_announcement",
        spanish: NotificationWords(name: "Un aviso urgente de mi escuela", title: "Aviso urgente de tu escuela", body: "{title}"),
        english: NotificationWords(name: "An urgent announcement from my school", title: "Urgent announcement from your school", body: "{title}"))

    static let all = [gradeCaptured, saesGrade, urgentAnnouncement]

    /// The short names both SAES and students use for each assessment, the same in either language.
    static let assessmentNames = ["partial1": "P1", "partial2": "P2", "partial3": "P3", "extraordinary": "Ext", "final": "Final"]

    /// A SAES mark as its page shows it: `8.5`, `NP`; nil for no grade.
    static func text(_ mark: SAESMark) -> String? {
        switch mark {
        case .tenths(let tenths): tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(tenths % 10)"
        case .notPresented: "NP"
        case .none: nil
        }
    }

    /// One alert per subject whose grades changed between two readings of the SAES grades page: its newest
    /// changed mark (the final before the extraordinary before the last partial). A subject's first grade
    /// counts as changed; a first reading of the whole page (no `before`) announces nothing — it is the
    /// student linking SAES, not news.
    static func saesChanges(before: SAESGrades?, after: SAESGrades) -> [(subject: String, assessment: String, grade: String)] {
        guard let before else { return [] }
        let previous = Dictionary(before.rows.map { ("\($0.group) \($0.subject)", $0) }, uniquingKeysWith: { first, _ in first })
        var changes: [(subject: String, assessment: String, grade: String)] = []
        for row in after.rows {
            let old = previous["\(row.group) \(row.subject)"]
            var marks: [(String, SAESMark, SAESMark?)] = row.partials.enumerated().map { index, mark in
                ("P\(index + 1)", mark, old.flatMap { index < $0.partials.count ? $0.partials[index] : SAESMark.none })
            }
            marks.append(("Ext", row.extraordinary, old?.extraordinary))
            marks.append(("Final", row.final, old?.final))
            guard let newest = marks.last(where: { $0.1 != ($0.2 ?? .none) && $0.1 != .none }), let grade = text(newest.1) else { continue }
            changes.append((row.subject, newest.0, grade))
        }
        return changes
    }
}
