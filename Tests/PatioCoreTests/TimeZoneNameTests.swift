import PatioCore
import Testing

@Suite("Time zone names")
struct TimeZoneNameTests {
    @Test("IANA names and UTC are zones", arguments: ["UTC", "Etc/UTC", "America/Lima", "America/Mexico_City", "Europe/Madrid", "Asia/Tokyo"])
    func accepted(name: String) {
        #expect(TimeZoneName.isIANA(name))
    }

    @Test("abbreviations, offsets and made-up places are not", arguments: ["EST", "GMT+5", "UTC+01:00", "Mars/Olympus", "", "utc", "America/"])
    func refused(name: String) {
        #expect(!TimeZoneName.isIANA(name))
    }
}
