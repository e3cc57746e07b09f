import Foundation
import PatioCore
import Testing

@Suite("Local dates: month spans")
struct LocalDateTests {
    private func span(_ text: String) throws -> String {
        let span = try #require(LocalDate(text)).monthSpan
        return "\(span.first) \(span.last)"
    }

    @Test("December 2200, the last month Patio accepts, spans the 1st to the 31st")
    func lastAcceptedMonth() throws {
        #expect(try span("2200-12-15") == "2200-12-01 2200-12-31")
        #expect(try span("1900-01-01") == "1900-01-01 1900-01-31")
    }

    @Test("February has 29 days in leap years, 28 otherwise, and centuries leap only every 400 years")
    func february() throws {
        #expect(try span("2028-02-10") == "2028-02-01 2028-02-29")
        #expect(try span("2027-02-10") == "2027-02-01 2027-02-28")
        #expect(try span("2000-02-29") == "2000-02-01 2000-02-29")
        #expect(try span("2100-02-01") == "2100-02-01 2100-02-28")
    }

    @Test("every month from 1900 to 2200 ends on the last day the calendar accepts")
    func everyMonth() throws {
        for year in 1900...2200 {
            for month in 1...12 {
                let first = try #require(LocalDate(String(format: "%04d-%02d-01", year, month)))
                let last = first.monthSpan.last
                #expect(LocalDate(last.description) == last)
                #expect(last.adding(days: 1).day == 1 || (year, month) == (2200, 12))
            }
        }
    }
}
