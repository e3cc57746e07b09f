import Foundation
import Logging
import PatioCore
import PatioData

/// Replaces the SQLite database file with a verified backup.
public enum DatabaseRestore {
    public static func restore(from file: String, into configuration: PatioConfiguration, logger: Logger, progress: (String) -> Void) async throws {
        guard case .sqlite(let target) = configuration.database else {
            throw ConfigurationError("restore works on the embedded SQLite database; on PostgreSQL use pg_restore")
        }
        guard FileManager.default.fileExists(atPath: file) else { throw ConfigurationError("\(file) does not exist") }
        progress("checking the backup's integrity")
        let source = try await PatioDatabase.open(.sqlite(path: file), logger: logger, readerConnections: 1)
        let verdict = try await source.integrityCheck()
        await source.close()
        guard verdict == "ok" else { throw ConfigurationError("\(file) failed the integrity check: \(verdict)") }
        let manager = FileManager.default
        try manager.createDirectory(atPath: URL(fileURLWithPath: target).deletingLastPathComponent().path, withIntermediateDirectories: true)
        if manager.fileExists(atPath: target) {
            let previous = target + ".before-restore"
            progress("keeping the current database as \(previous)")
            try? manager.removeItem(atPath: previous)
            try manager.moveItem(atPath: target, toPath: previous)
        }
        for suffix in ["-wal", "-shm"] { try? manager.removeItem(atPath: target + suffix) }
        progress("copying the backup into place")
        try manager.copyItem(atPath: file, toPath: target)
        for suffix in ["-wal", "-shm"] where manager.fileExists(atPath: file + suffix) {
            // A copy made by `patio backup` never has these; a file copied from a live server might.
            try manager.copyItem(atPath: file + suffix, toPath: target + suffix)
        }
    }
}
