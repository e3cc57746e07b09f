import Foundation

/// Runs a real program the tests check Patio's output with (zbarimg, pdftoppm, python3 with `icalendar`).
/// A missing program is an error naming the Debian package, never a skipped test.
public enum ExternalTool {
    public struct Result: Sendable {
        public let status: Int32
        public let output: String
        public let errors: String
    }

    public struct Missing: Error, CustomStringConvertible {
        public let description: String
    }

    public static func run(_ name: String, _ arguments: [String], input: Data? = nil, package: String) throws -> Result {
        // PATH first, so the python3 that has the test's packages installed is the one run.
        let folders =
            (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init) + ["/usr/bin", "/usr/local/bin", "/bin"]
        guard let path = folders.map({ $0 + "/" + name }).first(where: FileManager.default.isExecutableFile(atPath:)) else {
            throw Missing(description: "\(name) is missing: install Debian's \(package) (scripts/test does)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let out = Pipe(), err = Pipe(), stdin = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = stdin
        try process.run()
        if let input { stdin.fileHandleForWriting.write(input) }
        try stdin.fileHandleForWriting.close()
        let output = out.fileHandleForReading.readDataToEndOfFile(), errors = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, output: String(decoding: output, as: UTF8.self), errors: String(decoding: errors, as: UTF8.self))
    }

    /// A fresh temporary directory, removed by the caller.
    public static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("patio-tool-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
