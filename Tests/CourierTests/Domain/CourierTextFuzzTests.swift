import Foundation
import Testing
@testable import Courier

@Suite("Courier's readers of client text never trap")
struct CourierTextFuzzTests {
    @Test("window times: only HH:mm from 00:00 to 24:00 read; anything else is nil, never a trap")
    func windowTimes() {
        #expect(PickupHours.minutes("00:00") == 0 && PickupHours.minutes("09:30") == 570 && PickupHours.minutes("24:00") == 1440)
        for text in ["24:01", "9:30", "09:3", "09:60", "-1:00", "0x:10", "٠٩:٣٠", "09:30:00", "", ":", "09-30", "+9:30"] {
            #expect(PickupHours.minutes(text) == nil, "\(text)")
        }
        var fuzz = FuzzInputs(seed: 0xC0_0121)
        for text in fuzz.strings(3_000) + fuzz.mutations(of: "18:45", 3_000) {
            if let minutes = PickupHours.minutes(text) { #expect((0...1440).contains(minutes)) }
        }
    }

    @Test("locality codes are exactly eight ASCII digits; search folding takes any text")
    func codesAndSearch() {
        #expect(LocalitySearch.isCode("11001000") && !LocalitySearch.isCode("1100100") && !LocalitySearch.isCode("１１００１０００"))
        #expect(LocalitySearch.fold("  BOGOTÁ   d.c. ") == "bogota d.c.")
        var fuzz = FuzzInputs(seed: 0xC0_0122)
        for text in fuzz.strings(3_000) + fuzz.mutations(of: "11001000", 3_000) {
            if LocalitySearch.isCode(text) { #expect(text.utf8.count == 8) }
            _ = LocalitySearch.fold(text)
        }
    }

    @Test("a locality's local hour reads any stored time zone name (unknown ones as UTC)")
    func localHour() {
        let noonUTC = Date(timeIntervalSince1970: 1_795_435_200)  // 2026-11-23 12:00 UTC
        #expect(PickupHours.localHour(at: noonUTC, timeZone: "America/Bogota") == 7)
        #expect(PickupHours.localHour(at: noonUTC, timeZone: "Nowhere/Atlantis") == 12)
        var fuzz = FuzzInputs(seed: 0xC0_0123)
        for name in fuzz.strings(500) { #expect((0...23).contains(PickupHours.localHour(at: noonUTC, timeZone: name))) }
    }
}
