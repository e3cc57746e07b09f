import ArgumentParser
import Foundation
import PatioCore
import Payments

/// `patio payments audit` and `patio payments rates import FILE`.
struct PaymentsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "payments", abstract: "InterPay ledger and exchange rates.", subcommands: [Audit.self, Rates.self])

    struct Audit: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Prove that every transfer balances and no money was created or lost (exit 1 if not).")
        @OptionGroup var common: CommonOptions

        func run() async throws {
            var passed = true
            try await common.withComponents(try common.configuration()) { components in
                let (ok, report) = try await PaymentsOperations.audit(database: components.database)
                print(report)
                passed = ok
            }
            if !passed { throw ExitCode(1) }
        }
    }

    struct Rates: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Exchange rates.", subcommands: [Import.self])

        struct Import: AsyncParsableCommand {
            static let configuration = CommandConfiguration(abstract: "Import rates from the ECB daily reference XML or a JSON file {base:EUR, date, rates}.")
            @OptionGroup var common: CommonOptions
            @Argument var file: String

            func run() async throws {
                try await common.withComponents(try common.configuration()) { components in
                    for line in try await PaymentsOperations.importRates(file: file, database: components.database, clock: .system) { print(line) }
                }
            }
        }
    }
}
