import Foundation
import HummingbirdTesting
import PatioCore
import Testing
@testable import Payments

/// Two funded wallets on the real ledger of a fresh Patio.
private func wallets(_ patio: TestPatio, _ client: any TestClientProtocol) async throws -> (ledger: Ledger, ana: UUID, ben: UUID) {
    let ana = try await client.created(
        "/api/v1/payments/signup", token: "",
        ["name": "Ana", "email": "ana@test.patio", "password": TestPatio.password, "role": "customer", "currency": "USD"])
    let ben = try await client.created(
        "/api/v1/payments/signup", token: "",
        ["name": "Ben", "email": "ben@test.patio", "password": TestPatio.password, "role": "customer", "currency": "USD"])
    let admin = try await patio.token(for: "tesoreria@test.patio", roles: ["payments.admin"], client: client)
    _ = try await client.created("/api/v1/payments/admin/deposits", token: admin, ["accountId": ana["accountId"]!, "amount": 10_000])
    let ledger = Ledger(database: patio.components.database, clock: patio.clock.clock)
    let anaOwner = UUID(uuidString: ana["accountId"] as! String)!, benOwner = UUID(uuidString: ben["accountId"] as! String)!
    let anaWallet = try await patio.components.database.write { db in try await ledger.wallet(owner: anaOwner, currency: "USD", on: db).id! }
    let benWallet = try await patio.components.database.write { db in try await ledger.wallet(owner: benOwner, currency: "USD", on: db).id! }
    return (ledger, anaWallet, benWallet)
}

private func balance(_ account: UUID, _ patio: TestPatio) async throws -> Int {
    try await LedgerAccountModel.find(account, on: try patio.components.database.reader)!.balance
}

@Suite("The double-entry ledger")
struct LedgerTests {
    @Test("a replayed transfer returns the first result and moves money once; the same id for another transfer is refused")
    func idempotency() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let (ledger, ana, ben) = try await wallets(patio, client)
            let request = TransferRequest(
                id: UUID(), reason: "payment", causedBy: "request:1", legs: [Leg(accountId: ana, amount: -2_500), Leg(accountId: ben, amount: 2_500)])
            let first = try await ledger.transfer(request)
            let again = try await ledger.transfer(request)
            #expect(!first.replayed && again.replayed)
            #expect(again.transfer.id == first.transfer.id && again.transfer.createdAt == first.transfer.createdAt)
            let (anaNow, benNow) = (try await balance(ana, patio), try await balance(ben, patio))
            #expect(anaNow == 7_500 && benNow == 2_500)
            var other = request
            other.legs = [Leg(accountId: ana, amount: -1), Leg(accountId: ben, amount: 1)]
            await #expect(throws: AppError.self) { try await ledger.transfer(other) }
            do { _ = try await ledger.transfer(other) } catch let error as AppError {
                #expect(error.code == "idempotency_key_reused" && error.status == .unprocessableContent)
            }
        }
    }

    @Test("twenty concurrent requests with one idempotency key make exactly one transfer")
    func concurrentDuplicates() async throws {
        try await TestPatio.with(modules: moduleUnderTest, configure: { $0.connectionForEach(of: 20) }) { patio, client in
            let (ledger, ana, ben) = try await wallets(patio, client)
            let request = TransferRequest(
                id: UUID(), reason: "payment", legs: [Leg(accountId: ana, amount: -1_000), Leg(accountId: ben, amount: 1_000)])
            let replays = try await withThrowingTaskGroup(of: Bool.self) { group in
                for _ in 0..<20 { group.addTask { try await ledger.transfer(request).replayed } }
                return try await group.reduce(into: [Bool]()) { $0.append($1) }
            }
            #expect(replays.filter { !$0 }.count == 1)
            let (anaNow, benNow) = (try await balance(ana, patio), try await balance(ben, patio))
            #expect(anaNow == 9_000 && benNow == 1_000)
            let audit = try await LedgerAudit.run(on: try patio.components.database.reader)
            #expect(audit.ok && audit.transfers == 2)
        }
    }

    @Test("a wallet never goes below zero, unbalanced transfers are refused, and nothing is written when refused")
    func refusals() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let (ledger, ana, ben) = try await wallets(patio, client)
            for (legs, code) in [
                ([Leg(accountId: ana, amount: -10_001), Leg(accountId: ben, amount: 10_001)], "insufficient_funds"),
                ([Leg(accountId: ana, amount: -100), Leg(accountId: ben, amount: 99)], "transfer_unbalanced"),
            ] {
                do {
                    _ = try await ledger.transfer(TransferRequest(id: UUID(), reason: "payment", legs: legs))
                    Issue.record("\(code) was not refused")
                } catch let error as AppError {
                    #expect(error.code == code)
                }
            }
            let (anaNow, benNow) = (try await balance(ana, patio), try await balance(ben, patio))
            #expect(anaNow == 10_000 && benNow == 0)
            let audit = try await LedgerAudit.run(on: try patio.components.database.reader)
            #expect(audit.ok && audit.transfers == 1 && audit.currencyTotals == ["USD": 0])
        }
    }

    @Test("concurrent spending from one wallet never overdraws it")
    func concurrentSpending() async throws {
        // The fifteen transfers queue on the wallet's row lock, each holding its connection: on a machine busy
        // with the rest of the suite that queue can outlast the usual pool wait. What is checked here is the
        // money, so the pool waits as long as it takes.
        try await TestPatio.with(modules: moduleUnderTest, configure: { $0.databasePoolTimeout = .seconds(240) }) { patio, client in
            let (ledger, ana, ben) = try await wallets(patio, client)
            let outcomes = try await withThrowingTaskGroup(of: Bool.self) { group in
                for _ in 0..<15 {
                    group.addTask {
                        do {
                            _ = try await ledger.transfer(
                                TransferRequest(
                                    id: UUID(), reason: "payment", legs: [Leg(accountId: ana, amount: -1_000), Leg(accountId: ben, amount: 1_000)]))
                            return true
                        } catch let error as AppError where error.code == "insufficient_funds" { return false }
                    }
                }
                return try await group.reduce(into: [Bool]()) { $0.append($1) }
            }
            #expect(outcomes.filter { $0 }.count == 10)
            let (anaNow, benNow) = (try await balance(ana, patio), try await balance(ben, patio))
            #expect(anaNow == 0 && benNow == 10_000)
            let audit = try await LedgerAudit.run(on: try patio.components.database.reader)
            #expect(audit.ok)
        }
    }
}
