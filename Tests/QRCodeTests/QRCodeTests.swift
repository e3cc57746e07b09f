import Foundation
import Testing
@testable import QRCode

/// Decodes a symbol with zbar, a real decoder used by phones' scanning libraries.
func decode(_ code: QRCode) throws -> String {
    let zbar = try #require(
        ["/usr/bin/zbarimg", "/usr/local/bin/zbarimg"].first { FileManager.default.isExecutableFile(atPath: $0) },
        "zbarimg is missing: install Debian's zbar-tools (scripts/test does)")
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("qr-\(UUID().uuidString).pgm")
    try Data(code.pgm()).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: zbar)
    process.arguments = ["--raw", "-q", "-Sbinary", file.path]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    var text = String(decoding: data, as: UTF8.self)
    if text.hasSuffix("\n") { text.removeLast() }
    return text
}

@Suite("QR codes decode with a real reader")
struct QRCodeDecodingTests {
    @Test("a check-in URL, accented text and short text round-trip through zbar")
    func texts() throws {
        for text in [
            "Patio", "https://patio.example/academy/checkin?t=AQIDBAUGBwgJCgsMDQ4PEBESExQVFhcYGRobHB0eHyAhIiMkJSYnKCkqKywtLi8w",
            "Marinera Limeña — sede San Borja",
        ] {
            #expect(try decode(try QRCode(text: text)) == text)
        }
    }

    @Test("every error-correction level decodes", arguments: QRCode.Correction.allCases)
    func levels(_ correction: QRCode.Correction) throws {
        let text = "nivel \(correction) · Clase suelta S/ 35.00"
        #expect(try decode(try QRCode(text: text, correction: correction)) == text)
    }

    @Test("versions 1, 2, 7 (with version information), 10+ and 20+ are chosen as needed and decode")
    func versions() throws {
        let cases: [(length: Int, version: ClosedRange<Int>)] = [(10, 1...1), (20, 2...2), (120, 7...7), (230, 10...11), (900, 20...25)]
        for (length, versions) in cases {
            let text = String(
                (0..<length).map {
                    "abcdefghijklmnopqrstuvwxyz0123456789"[String.Index(utf16Offset: $0 % 36, in: "abcdefghijklmnopqrstuvwxyz0123456789")]
                })
            let code = try QRCode(text: text)
            #expect(versions.contains(code.version), "length \(length) chose version \(code.version)")
            #expect(code.size == code.version * 4 + 17)
            #expect(try decode(code) == text, "version \(code.version)")
        }
    }

    @Test("each of the eight masks produces a code that decodes", arguments: 0..<8)
    func masks(_ mask: Int) throws {
        let text = "máscara \(mask): https://patio.example/academy"
        let code = try QRCode(bytes: Array(text.utf8), correction: .medium, forcedMask: mask)
        #expect(code.mask == mask)
        #expect(try decode(code) == text)
    }
}

@Suite("QR code structure")
struct QRCodeStructureTests {
    @Test("format information: level M with mask 0 is 101010000010010")
    func formatBits() {
        #expect(FormatInformation.bits(correction: .medium, mask: 0) == 0b101010000010010)
    }

    @Test("version information for version 7 is 000111110010010100")
    func versionBits() {
        #expect(FormatInformation.versionBits(7) == 0b000111110010010100)
    }

    @Test("capacity boundaries: 14 bytes fit 1-M, 15 need version 2; 2953 bytes fit 40-L, 2954 are refused")
    func capacity() throws {
        #expect(try QRCode(bytes: Array(repeating: 65, count: 14)).version == 1)
        #expect(try QRCode(bytes: Array(repeating: 65, count: 15)).version == 2)
        #expect(try QRCode(bytes: Array(repeating: 65, count: 2953), correction: .low).version == 40)
        #expect(throws: QRCodeError.dataTooLong(bytes: 2954, maximum: 2953)) {
            try QRCode(bytes: Array(repeating: 65, count: 2954), correction: .low)
        }
    }

    @Test("the Reed–Solomon codewords of the standard's 1-M example match")
    func reedSolomon() {
        // "HELLO WORLD" in alphanumeric mode at 1-M (the worked example many implementations are checked against).
        let data: [UInt8] = [32, 91, 11, 120, 209, 114, 220, 77, 67, 64, 236, 17, 236, 17, 236, 17]
        #expect(ReedSolomon.remainder(data, degree: 10) == [196, 35, 39, 119, 235, 215, 231, 226, 93, 23])
    }

    @Test("the SVG path covers exactly the dark modules and the title is escaped")
    func svg() throws {
        let code = try QRCode(text: "svg")
        let svg = code.svg(title: "Sede <San Borja> & \"Co\"")
        #expect(svg.contains("<title>Sede &lt;San Borja&gt; &amp; &quot;Co&quot;</title>"))
        let runs = svg.matches(of: /h(\d+)v1/).map { Int($0.1)! }
        let dark = (0..<code.size).flatMap { y in (0..<code.size).map { x in code.isDark(x: x, y: y) } }.filter { $0 }.count
        #expect(runs.reduce(0, +) == dark)
        #expect(svg.contains("viewBox=\"0 0 \(code.size + 8) \(code.size + 8)\""))
    }
}
