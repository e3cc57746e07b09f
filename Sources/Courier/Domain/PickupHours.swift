import Foundation

/// Whether a locality takes pickups at a given instant: pickup allowed, active, and the hour of the day
/// in the locality's own time zone inside `[hourMin, hourMax)`.
enum PickupHours {
    static func isOpen(_ record: LocalityRecord, at instant: Date) -> Bool {
        guard record.pickupAllowed, record.status == 1 else { return false }
        let hour = localHour(at: instant, timeZone: record.timeZone)
        return record.pickupHourMin <= hour && hour < record.pickupHourMax
    }

    /// The hour (0…23) `instant` falls in, in `timeZone` (UTC when the name is unknown).
    static func localHour(at instant: Date, timeZone: String) -> Int {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: timeZone) ?? .gmt
        return calendar.component(.hour, from: instant)
    }

    /// `HH:mm` → minutes after midnight; nil for anything else (`24:00` is allowed as the end of the day).
    static func minutes(_ text: String) -> Int? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].utf8.count == 2, parts[1].utf8.count == 2,
            parts.allSatisfy({ $0.utf8.allSatisfy { (0x30...0x39).contains($0) } }),
            let hours = Int(parts[0]), let minutes = Int(parts[1]), minutes < 60, hours < 24 || (hours == 24 && minutes == 0)
        else { return nil }
        return hours * 60 + minutes
    }
}
