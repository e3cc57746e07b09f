import Foundation
@testable import PatioKit
import Testing

/// The Linux token store needs no server: these tests run without `PATIO_BIN`.
/// Serialized: two of them set the process's umask, which every thread shares.
@Suite("FileTokenStore: the session token is never readable by anyone else, not even while it is written", .serialized)
struct FileTokenStoreTests {
    static func mode(_ path: String) throws -> Int {
        try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber).intValue & 0o777
    }

    static func withFolder(_ body: (URL) throws -> Void) throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("patiokit-tokens-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: base) }
        try body(base)
    }

    /// Runs `body` with the umask at 0 (files as open as their creator asks), then puts it back.
    static func withUmaskZero(_ body: () throws -> Void) rethrows {
        let previous = umask(0)
        defer { umask(previous) }
        try body()
    }

    @Test("with umask 0 the folders Patio creates are 0700 and the token file 0600, and nothing else is left beside it")
    func umaskZeroSave() throws {
        try Self.withFolder { base in
            let folder = base.appendingPathComponent("config/patio")
            let file = folder.appendingPathComponent("session")
            try Self.withUmaskZero {
                try FileTokenStore(url: file).save("first-token")
                try FileTokenStore(url: file).save("second-token")
            }
            #expect(try Self.mode(base.appendingPathComponent("config").path) == 0o700)
            #expect(try Self.mode(folder.path) == 0o700)
            #expect(try Self.mode(file.path) == 0o600)
            #expect(try FileTokenStore(url: file).load() == "second-token")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["session"])
        }
    }

    @Test("with umask 0 the new file is 0600 from the moment it exists, before the token is written into it")
    func umaskZeroCreation() throws {
        try Self.withFolder { base in
            try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
            let path = base.appendingPathComponent(".session.new").path
            var atCreation: Int?
            try Self.withUmaskZero {
                try FileTokenStore.writePrivately(Array("the-token".utf8), to: path) { atCreation = try? Self.mode(path) }
            }
            #expect(atCreation == 0o600)
            #expect(try Self.mode(path) == 0o600)
            #expect(try String(contentsOfFile: path, encoding: .utf8) == "the-token")
        }
    }

    @Test("a file already where the new token goes is never reused, nor followed if it is a link")
    func refusesExistingFile() throws {
        try Self.withFolder { base in
            try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
            let planted = base.appendingPathComponent("planted").path
            #expect(FileManager.default.createFile(atPath: planted, contents: Data("someone else's".utf8)))
            #expect(throws: PatioError.tokenStoreFailed(path: planted)) { try FileTokenStore.writePrivately(Array("the-token".utf8), to: planted) }
            #expect(try String(contentsOfFile: planted, encoding: .utf8) == "someone else's")
            let link = base.appendingPathComponent("link").path
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: base.appendingPathComponent("target").path)
            #expect(throws: PatioError.tokenStoreFailed(path: link)) { try FileTokenStore.writePrivately(Array("the-token".utf8), to: link) }
            #expect(!FileManager.default.fileExists(atPath: base.appendingPathComponent("target").path))
        }
    }

    @Test("a folder that already exists keeps its own mode; a token file others can read is refused and removed")
    func existingFolderAndInsecureFile() throws {
        try Self.withFolder { base in
            try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
            let file = base.appendingPathComponent("session")
            try FileTokenStore(url: file).save("the-token")
            #expect(try Self.mode(base.path) == 0o755)
            #expect(try Self.mode(file.path) == 0o600)
            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file.path)
            #expect(throws: PatioError.insecureTokenFile(path: file.path)) { try FileTokenStore(url: file).load() }
            #expect(!FileManager.default.fileExists(atPath: file.path))
        }
    }
}
