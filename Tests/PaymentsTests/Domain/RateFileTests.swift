import Foundation
import PatioCore
@testable import Payments
import Testing

/// Rate files come from outside (the ECB's feed, a JSON someone wrote): one that names a currency twice
/// — by its alias (`PEB` for `RUB`) or in other letter case — is refused with a 4xx problem naming the
/// currency, where it used to stop `patio payments rates import` on a duplicate dictionary key.
@Suite("Rate files that name a currency twice")
struct RateFileTests {
    @Test("a currency given twice, through an alias or in other letter case, is a 422 on that currency; one spelling each is read")
    func duplicatesAreRefused() throws {
        for (json, code) in [
            (#"{"date":"2026-11-20","rates":{"RUB":100,"PEB":101}}"#, "RUB"),
            (#"{"date":"2026-11-20","rates":{"usd":1.05,"USD":1.06}}"#, "USD"),
            (#"{"base":"EUR","date":"2026-11-20","rates":{" mxn":21,"MXN":21}}"#, "MXN"),
        ] {
            #expect {
                try RateFile.parse(Data(json.utf8))
            } throws: { error in
                guard let problem = error as? AppError else { return false }
                return (400..<500).contains(Int(problem.status.code)) && problem.fieldErrors.map(\.field) == ["rates.\(code)"]
            }
        }
        let parsed = try RateFile.parse(Data(#"{"date":"2026-11-20","rates":{"PEB":100,"usd":1.05,"XYZ":2}}"#.utf8))
        #expect(parsed.rates == ["RUB": 100, "USD": Decimal(string: "1.05")!, "XYZ": 2] && parsed.source == "json")
    }

    @Test("patio payments rates import answers such a file with a message and a failing status instead of stopping")
    func commandRefusesDuplicates() throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("patio-rates-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: data) }
        let file = data + "/rates.json"
        try #"{"base":"EUR","date":"2026-11-20","rates":{"RUB":100,"PEB":101}}"#.write(toFile: file, atomically: true, encoding: .utf8)
        #expect(try PatioProcess.run(["migrate", "--data-dir", data]).status == 0)
        let imported = try PatioProcess.run(["payments", "rates", "import", file, "--data-dir", data])
        #expect(imported.status != 0)
        #expect(imported.stderr.contains("given twice") || imported.stdout.contains("given twice"), "\(imported.stdout)\(imported.stderr)")
    }
}
