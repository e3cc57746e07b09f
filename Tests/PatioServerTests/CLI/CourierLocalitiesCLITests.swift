import Foundation
import PatioTestSupport
import Testing

/// `patio courier localities export|import` as dispatch's operator runs them: a real process on a real
/// SQLite file.
@Suite("patio courier localities import and export", .enabled(if: !TestDatabase.isPostgres, "the command drives the embedded SQLite file"))
struct CourierLocalitiesCLITests {
    @Test("the export reads back unchanged; a file with errors changes nothing, names each line and exits with status 1")
    func roundTripAndRefusal() throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("patio-cli-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: data) }
        #expect(try PatioProcess.run(["seed", "--demo", "--data-dir", data]).status == 0)
        let file = data + "/network.csv"
        let export = try PatioProcess.run(["courier", "localities", "export", file, "--data-dir", data])
        #expect(export.status == 0, "\(export.stdout)\(export.stderr)")
        let csv = try String(contentsOfFile: file, encoding: .utf8)
        #expect(csv.hasPrefix("id,type_id,type_name,name,") && csv.contains("11001000"))
        let again = try PatioProcess.run(["courier", "localities", "import", file, "--data-dir", data])
        #expect(again.status == 0 && again.stdout.contains("0 new, 0 updated"), "\(again.stdout)\(again.stderr)")

        var lines = csv.components(separatedBy: "\r\n")
        lines[1] = lines[1].replacingOccurrences(of: ",America/Bogota", with: ",Mars/Olympus")
        lines[2] = "1234," + lines[2].split(separator: ",", maxSplits: 1).last.map(String.init)!
        try lines.joined(separator: "\r\n").write(toFile: file, atomically: true, encoding: .utf8)
        let refused = try PatioProcess.run(["courier", "localities", "import", file, "--data-dir", data])
        #expect(refused.status == 1, "\(refused.stdout)\(refused.stderr)")
        #expect(refused.stdout.contains("nothing was imported") && refused.stdout.contains("Line 2") && refused.stdout.contains("Line 3"))
        let after = try PatioProcess.run(["courier", "localities", "export", file, "--data-dir", data])
        #expect(try after.status == 0 && String(contentsOfFile: file, encoding: .utf8) == csv)
    }
}
