import Foundation

/// Time zones as people configure them: IANA names such as `America/Lima`, and `UTC`.
public enum TimeZoneName {
    /// Whether `name` is an IANA zone. Foundation also accepts abbreviations and offsets (`EST`, `GMT+5`),
    /// which are not places and do not follow daylight saving; those are refused. Foundation's list of
    /// known zones leaves out `UTC` and `Etc/UTC`, which are IANA names too.
    public static func isIANA(_ name: String) -> Bool {
        ["UTC", "Etc/UTC"].contains(name) || TimeZone.knownTimeZoneIdentifiers.contains(name)
    }
}
