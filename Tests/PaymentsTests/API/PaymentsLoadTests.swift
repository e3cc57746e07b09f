import FluentKit
import Foundation
import HTTPTypes
import HummingbirdTesting
import Logging
import PatioCore
import PatioServer
import PatioTestSupport
@testable import Payments
import SQLKit
import Testing

/// Ten businesses in MXN with twenty open requests each, fifty customers (in USD and MXN) with funds, and
/// a session token for each customer — made through the services, so no password is hashed.
struct Market: Sendable {
    let customers: [String]
    let requests: [UUID]

    static func open(_ components: PatioComponents) async throws -> Market {
        let s = PaymentsServices(environment: components.environment)
        _ = try await s.rates.store(["MXN": 20, "USD": 1.25], asOf: "2026-11-20", source: "test")
        var requests: [UUID] = []
        for index in 0..<10 {
            let business = try await s.profiles.signup(
                .init(
                    name: "Negocio \(index)", email: "negocio\(index)@load.patio", password: "correct-horse-battery",
                    role: "business", currency: "MXN", businessName: "Tienda \(index)", category: "Artesanías"))
            let profile = try await s.profiles.profile(accountID: business.accountId)
            for sale in 0..<20 {
                let created = try await s.requests.create(
                    business: profile, .init(amount: 1_000 + 37 * sale, description: "Venta \(sale)", category: "Artesanías"),
                    baseURL: "http://localhost")
                requests.append(created.id)
            }
        }
        var customers: [String] = []
        for index in 0..<50 {
            let currency = index % 5 == 0 ? "MXN" : "USD"
            let customer = try await s.profiles.signup(
                .init(
                    name: "Cliente \(index)", email: "cliente\(index)@load.patio", password: "correct-horse-battery",
                    role: "customer", currency: currency))
            _ = try await s.wallets.fund(owner: customer.accountId, currency: currency, amount: 100_000, reason: "deposit", id: nil, actor: nil)
            customers.append(try await components.identity.sessions.issue(for: customer.accountId).token)
        }
        return Market(customers: customers, requests: requests)
    }

    /// 200 accepts at random requests by random customers, plus 60 retries of some of them with the same
    /// key (what a phone does when a response is lost).
    func attempts() -> [(customer: String, request: UUID, key: UUID)] {
        var generator = SystemRandomNumberGenerator()
        var attempts = (0..<200).map { _ in (customers.randomElement(using: &generator)!, requests.randomElement(using: &generator)!, UUID()) }
        attempts += (0..<60).map { _ in attempts.randomElement(using: &generator)! }
        return attempts.shuffled(using: &generator)
    }
}

/// The ledger after the load: balanced transfers, balances equal to their entries, and each accepted
/// request paid by exactly one transfer (none paid twice, none paid without being accepted).
func checkLedger(_ database: any SQLDatabase) async throws {
    struct Row: Decodable { var n: Int }
    let audit = try await LedgerAudit.run(on: database as! any Database)
    #expect(audit.ok)
    let acceptedWithoutTransfer = try await database.raw(
        """
        SELECT COUNT(*) AS n FROM payments_requests WHERE status = 'accepted' AND (transfer_id IS NULL OR transfer_id NOT IN (SELECT id FROM \
        payments_transfers))
        """
    ).first(decoding: Row.self)!.n
    let paymentsWithoutAcceptance = try await database.raw(
        """
        SELECT COUNT(*) AS n FROM payments_transfers WHERE reason = 'payment' AND id NOT IN (SELECT transfer_id FROM payments_requests WHERE status \
        = 'accepted' AND transfer_id IS NOT NULL)
        """
    ).first(decoding: Row.self)!.n
    let paidTwice = try await database.raw(
        """
        SELECT COUNT(*) AS n FROM (SELECT caused_by FROM payments_transfers WHERE reason = 'payment' GROUP BY caused_by HAVING COUNT(*) > 1) AS twice
        """
    ).first(decoding: Row.self)!.n
    #expect(acceptedWithoutTransfer == 0 && paymentsWithoutAcceptance == 0 && paidTwice == 0)
}

@Suite("Payments under load")
struct PaymentsLoadTests {
    @Test("200 concurrent accepts at random requests from 50 wallets, with duplicates: each request paid once, the audit passes")
    func concurrentAccepts() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let market = try await Market.open(patio.components)
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for attempt in market.attempts() {
                    group.addTask {
                        // Load shed is an answer a phone gets on a busy server: it waits as told and sends the same
                        // accept again, with the same key, as the apps do.
                        for _ in 0..<20 {
                            let response = try await client.api(
                                .post, "/api/v1/payments/requests/\(attempt.request)/accept", token: attempt.customer,
                                headers: [HTTPField.Name("Idempotency-Key")!: attempt.key.uuidString])
                            guard response.status == .serviceUnavailable, let retryAfter = response.headers[.retryAfter] else {
                                return Int(response.status.code)
                            }
                            let seconds = Int(retryAfter) ?? 1
                            try await Task.sleep(for: .seconds(min(max(seconds, 1), 5)))
                        }
                        return 503
                    }
                }
                return try await group.reduce(into: [Int]()) { $0.append($1) }
            }
            // Paid (or the same payment replayed), or refused because someone else paid first; never a 503 without
            // Retry-After, a 500 or a load that never drained.
            #expect(Set(statuses).isSubset(of: [200, 409]), "\(Set(statuses))")
            #expect(statuses.filter { $0 == 200 }.count >= 60)
            try await checkLedger(try patio.components.database.reader as! any SQLDatabase)
        }
    }

    @Test(
        "SIGKILL during that load: after a restart the audit passes and no transfer is partial",
        .enabled(if: !TestDatabase.isPostgres, "kills the process that owns the SQLite file; PostgreSQL's own crash safety is the server's"))
    func crashDuringLoad() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("patio-crash-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var configuration = PatioConfiguration()
        configuration.dataDirectory = folder
        var logger = Logger(label: "crash-setup")
        logger.logLevel = .warning
        let setup = try await buildComponents(configuration, hasher: .fastBcryptForTests, modules: moduleUnderTest, logger: logger)
        let market = try await Market.open(setup)
        await setup.close()

        let server = try await PatioProcess.serve(dataDir: folder)
        // Sixteen client threads send that load, five times over (later rounds mostly meet requests already
        // paid); the client that sees the 20th payment confirmed kills the server at once, others in flight.
        let tally = Tally(attempts: (0..<5).flatMap { _ in market.attempts() }, killing: server.process.processIdentifier, after: 20)
        let clients = DispatchGroup()
        for _ in 0..<16 {
            clients.enter()
            Thread.detachNewThread {
                while let attempt = tally.next() {
                    let reply = try? HTTP.sendBlocking(
                        port: server.port, method: "POST", path: "/api/v1/payments/requests/\(attempt.request)/accept",
                        token: attempt.customer, body: "{}", headers: ["Idempotency-Key": attempt.key.uuidString])
                    tally.record(attempt.request, paid: reply?.status == 200, answered: (reply?.status ?? 0) > 0)
                }
                clients.leave()
            }
        }
        await withCheckedContinuation { done in
            DispatchQueue.global().async {
                clients.wait(); done.resume()
            }
        }
        server.process.waitUntilExit()
        #expect(server.process.terminationReason == .uncaughtSignal)
        let (confirmed, unanswered) = (tally.paid, tally.unanswered)
        let paidBeforeKill = confirmed.count
        #expect(paidBeforeKill >= 20 && unanswered > 0, "the kill should land mid-load: \(paidBeforeKill) paid, \(unanswered) unanswered")

        let audit = try PatioProcess.run(["payments", "audit", "--data-dir", folder])
        #expect(audit.status == 0, "\(audit.stdout)\(audit.stderr)")
        let after = try await buildComponents(configuration, hasher: .fastBcryptForTests, modules: moduleUnderTest, logger: logger)
        try await checkLedger(try after.database.reader as! any SQLDatabase)
        // Every payment a client saw confirmed survived the kill.
        let accepted = try await Set(
            (try after.database.reader as! any SQLDatabase)
                .raw("SELECT id FROM payments_requests WHERE status = 'accepted'").all(decoding: IDRow.self).map(\.id))
        #expect(confirmed.isSubset(of: accepted))
        await after.close()

        // The restarted Patio takes payments again.
        let restarted = try await PatioProcess.serve(dataDir: folder)
        defer { restarted.process.terminate(); restarted.process.waitUntilExit() }
        let open = try #require(market.requests.first { !accepted.contains($0) })
        let retry = try await HTTP.send(
            port: restarted.port, method: "POST", path: "/api/v1/payments/requests/\(open)/accept", token: market.customers[1],
            body: "{}", headers: ["Idempotency-Key": UUID().uuidString])
        #expect(retry.status == 200, "\(retry.body)")
    }
}

/// The crash test's clients: hands out attempts, counts what the clients saw, and kills the server
/// (SIGKILL: no shutdown, no flush) once `threshold` payments were confirmed.
final class Tally: @unchecked Sendable {
    private let lock = NSLock()
    private var attempts: [(customer: String, request: UUID, key: UUID)]
    private var confirmed: Set<UUID> = []
    private var failures = 0
    private let victim: Int32
    private let threshold: Int

    init(attempts: [(customer: String, request: UUID, key: UUID)], killing victim: Int32, after threshold: Int) {
        self.attempts = attempts
        self.victim = victim
        self.threshold = threshold
    }

    func next() -> (customer: String, request: UUID, key: UUID)? {
        lock.withLock { attempts.popLast() }
    }

    func record(_ request: UUID, paid: Bool, answered: Bool) {
        lock.withLock {
            if paid {
                confirmed.insert(request)
                if confirmed.count == threshold { kill(victim, SIGKILL) }
            }
            if !answered { failures += 1 }
        }
    }

    /// Requests a client saw answered 200 (paid, or the same payment replayed).
    var paid: Set<UUID> { lock.withLock { confirmed } }
    var unanswered: Int { lock.withLock { failures } }
}

private struct IDRow: Decodable { var id: UUID }
