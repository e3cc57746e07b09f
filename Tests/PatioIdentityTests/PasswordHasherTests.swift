import PatioIdentity
import Testing

@Suite("Password hashing")
struct PasswordHasherTests {
    @Test("Patio stores bcrypt hashes of cost 12 and verifies only the right password")
    func productionCost() async throws {
        let hasher = PasswordHasher.bcrypt()
        let hash = try await hasher.hash("correct-horse-battery")
        #expect(hash.hasPrefix("$2b$12$") && hash.count == 60)
        #expect(try await hasher.verify("correct-horse-battery", hash))
        #expect(try await !hasher.verify("correct-horse-battery!", hash))
    }
}
