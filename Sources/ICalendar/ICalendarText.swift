import Foundation

/// RFC 5545's text rules: escaping (§3.3.11), folding (§3.1) and date forms.
enum ICalendarText {
    static let maxOctets = 75

    /// Backslash, semicolon, comma and newline escaped; other control characters dropped.
    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.replacingOccurrences(of: "\r\n", with: "\n").unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case ";": out += "\\;"
            case ",": out += "\\,"
            case "\n", "\r": out += "\\n"
            default:
                if scalar.properties.generalCategory == .control { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A parameter value (a TZID): quoted, with characters a quoted value cannot hold removed.
    static func parameter(_ text: String) -> String {
        let clean = String(String.UnicodeScalarView(text.unicodeScalars.filter { $0 != "\"" && $0.properties.generalCategory != .control }))
        return clean.contains(where: { ";:,".contains($0) }) ? "\"\(clean)\"" : clean
    }

    /// Splits a line into pieces of at most 75 octets, each continuation starting with a space, never inside a
    /// character's UTF-8 bytes.
    static func fold(_ line: String) -> String {
        guard line.utf8.count > maxOctets else { return line }
        var pieces: [String] = []
        var current = ""
        var octets = 0
        var limit = maxOctets
        for character in line {
            let width = String(character).utf8.count
            if octets + width > limit, !current.isEmpty {
                pieces.append(current)
                current = ""
                octets = 0
                limit = maxOctets - 1  // the leading space of a continuation counts
            }
            current.append(character)
            octets += width
        }
        pieces.append(current)
        return pieces.joined(separator: "\r\n ")
    }

    static func digits(_ value: Int, _ width: Int) -> String {
        let text = String(abs(value))
        return (value < 0 ? "-" : "") + String(repeating: "0", count: max(0, width - text.count)) + text
    }

    static func date(_ year: Int, _ month: Int, _ day: Int) -> String {
        digits(max(0, min(9999, year)), 4) + digits(max(0, min(99, month)), 2) + digits(max(0, min(99, day)), 2)
    }

    static func utc(_ instant: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
        let seconds = instant.timeIntervalSince1970
        let safe =
            seconds.isFinite ? Date(timeIntervalSince1970: max(-62_135_596_800, min(253_402_300_799, seconds))) : Date(timeIntervalSince1970: 0)
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: safe)
        return date(parts.year ?? 1970, parts.month ?? 1, parts.day ?? 1) + "T" + digits(parts.hour ?? 0, 2) + digits(parts.minute ?? 0, 2)
            + digits(parts.second ?? 0, 2) + "Z"
    }
}
