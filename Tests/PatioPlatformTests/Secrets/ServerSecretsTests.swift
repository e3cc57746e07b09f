import Crypto
import Foundation
import Logging
import PatioData
import PatioIdentity
@testable import PatioPlatform
import PatioTestSupport
import SQLKit
import Testing

@Suite("Server secrets: a key generated once, the same for every instance")
struct ServerSecretsTests {
    @Test("two instances asking for a new key at the same moment both get the one that was stored, and one is stored")
    func racingInstances() async throws {
        try await withPlatformDatabase("secrets-1") { first, settings in
            try await PatioDatabase.open(settings, logger: Logger(label: "secrets-2")).closing { second in
                let instances = [first, second].map { ServerSecrets(database: $0, sealing: .missing) }
                // Several names, each asked for eight times at once by both: the race is seldom lost once.
                for name in (1...6).map({ "raced-\($0)" }) {
                    let keys = try await withThrowingTaskGroup(of: [UInt8].self) { group in
                        for round in 0..<8 {
                            let secrets = instances[round % 2]
                            group.addTask { try await secrets.key(named: name).withUnsafeBytes { Array($0) } }
                        }
                        return try await group.reduce(into: [[UInt8]]()) { $0.append($1) }
                    }
                    #expect(keys.count == 8 && Set(keys).count == 1, "\(name)")
                    struct Row: Decodable { let n: Int }
                    let stored = try await (try first.reader.sql).raw("SELECT COUNT(*) AS n FROM platform_secrets WHERE name = \(bind: name)")
                        .first(decoding: Row.self)
                    #expect(stored?.n == 1)
                }
            }
        }
    }
}
