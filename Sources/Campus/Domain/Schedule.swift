import Foundation

/// A student's week: every weekly class of their groups in a period, in day and time order.
struct Schedule: Codable, Sendable, Equatable {
    struct Entry: Codable, Sendable, Equatable {
        /// 1 is Monday … 6 is Saturday.
        var weekday: Int
        var startsAt: String
        var endsAt: String
        var clave: String
        var subject: String
        var teacher: String?
        var group: String
        var building: String
        var room: String
        /// A colour that stays the same for the subject wherever it appears (list, grid, receipt).
        var colour: String
    }

    var period: PeriodView?
    var entries: [Entry]
    var source: RecordSource = .school

    /// Twelve colours readable behind dark text.
    static let palette = [
        "#fde68a", "#bfdbfe", "#bbf7d0", "#fecaca", "#ddd6fe", "#fbcfe8", "#a5f3fc", "#fed7aa", "#d9f99d", "#e9d5ff", "#99f6e4", "#fecdd3",
    ]

    /// The subject's colour from its clave, so it does not change when the schedule does.
    static func colour(for clave: String) -> String {
        // FNV-1a: stable across runs and platforms, unlike Hasher.
        var hash: UInt32 = 2_166_136_261
        for byte in clave.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        return palette[Int(hash % UInt32(palette.count))]
    }

    /// The days that have classes, Monday to Friday always and Saturday only when a class falls on it.
    var days: [Int] { entries.contains { $0.weekday == 6 } ? Array(1...6) : Array(1...5) }

    func entries(on weekday: Int) -> [Entry] { entries.filter { $0.weekday == weekday } }

    /// The first and last hour the grid must show.
    var hourRange: ClosedRange<Int> {
        let starts = entries.compactMap { CampusText.minutes($0.startsAt) }, ends = entries.compactMap { CampusText.minutes($0.endsAt) }
        guard let first = starts.min(), let last = ends.max() else { return 7...15 }
        return (first / 60)...max(first / 60 + 1, (last + 59) / 60)
    }

    /// The classes of `weekday` if it has any, otherwise of the next day that does, with that day.
    func nextClasses(from weekday: Int) -> (weekday: Int, entries: [Entry])? {
        for offset in 0..<7 {
            let day = (weekday - 1 + offset) % 7 + 1
            let classes = entries(on: day)
            if !classes.isEmpty { return (day, classes) }
        }
        return nil
    }
}
