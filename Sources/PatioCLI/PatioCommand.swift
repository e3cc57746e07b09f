import ArgumentParser
import Foundation
import Logging
import PatioCore
import PatioModules
import PatioServer

/// The entry point: a module's command when the first word names an enabled module, else the built-ins.
@main
enum PatioMain {
    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.first == PhotoWorkerCommand.name { PhotoWorkerCommand.run(Array(arguments.dropFirst())) }
        if let module = ModuleCommandLine.module(for: arguments) {
            await ModuleCommandLine.run(module, arguments: Array(arguments.dropFirst()))
        } else {
            await PatioCommand.main()
        }
    }
}

struct PatioCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "patio",
            abstract: "Patio: one server for Classly, Controller APP, SAES, InterPay and JAppical.",
            discussion: ModuleCommandLine.help,
            subcommands: [Serve.self, Migrate.self, Seed.self, UserCommand.self, Backup.self, Restore.self, ContractCommand.self],
            defaultSubcommand: Serve.self
        )
    }
}

/// Options every command shares.
struct CommonOptions: ParsableArguments {
    @Option(name: .long, help: "Folder for the SQLite database (env PATIO_DATA_DIR). Ignored when DATABASE_URL is set.")
    var dataDir: String?

    @Option(name: .long, help: "Log format: text or json (env PATIO_LOG_FORMAT).")
    var logFormat: String?

    func configuration() throws -> PatioConfiguration {
        var configuration = try PatioConfiguration.fromEnvironment()
        if let dataDir { configuration.dataDirectory = dataDir }
        if let logFormat {
            guard let format = PatioConfiguration.LogFormat(rawValue: logFormat) else { throw ValidationError("--log-format must be text or json") }
            configuration.logFormat = format
        }
        return configuration
    }

    /// Opens Patio's database and services for one command, and always closes them afterwards.
    func withComponents(_ configuration: PatioConfiguration, _ body: (PatioComponents) async throws -> Void) async throws {
        let components = try await buildComponents(configuration, modules: availableModules, logger: logger(configuration))
        do {
            try await body(components)
        } catch {
            await components.close()
            throw CLIError(error)
        }
        await components.close()
    }

    func logger(_ configuration: PatioConfiguration, label: String = "patio") -> Logger {
        LogSetup.bootstrapOnce(format: configuration.logFormat)
        var logger = Logger(label: label)
        logger.logLevel = configuration.logLevel
        return logger
    }
}

struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Run the Patio server.")
    @OptionGroup var common: CommonOptions
    @Option(help: "Address to listen on (env PATIO_HOST).") var host: String?
    @Option(help: "Port to listen on (env PATIO_PORT).") var port: Int?
    @Flag(help: "Load the demo data before serving (idempotent).") var demo = false

    func run() async throws {
        var configuration = try common.configuration()
        if let host { configuration.host = host }
        if let port { configuration.port = port }
        configuration.demoMode = demo
        let logger = common.logger(configuration)
        let components = try await buildComponents(configuration, modules: availableModules, logger: logger)
        if demo {
            try await DemoSeed.run(components) { logger.info("demo: \($0)") }
        }
        let (application, _) = try buildApplication(components, logger: logger)
        logger.info(
            "Patio listening",
            metadata: ["address": "http://\(configuration.host):\(configuration.port)", "database": "\(configuration.database.kindName)"])
        try await BoundedShutdown.run(application, logger: logger)
    }
}

struct Migrate: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Create or update the database schema.")
    @OptionGroup var common: CommonOptions

    func run() async throws {
        let configuration = try common.configuration()
        print("Migrating \(configuration.database.kindName) database…")
        try await common.withComponents(configuration) { _ in }
        print("Database is up to date.")
    }
}

struct Seed: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Load data into the database.")
    @OptionGroup var common: CommonOptions
    @Flag(help: "Load the demo data (every demo account uses the password demo-password).") var demo = false

    func run() async throws {
        guard demo else { throw ValidationError("Say what to seed: --demo") }
        var configuration = try common.configuration()
        configuration.demoMode = true
        try await common.withComponents(configuration) { components in
            let created = try await DemoSeed.run(components) { print("• \($0)") }
            print("Demo data loaded (\(created) new accounts).")
        }
    }
}

struct UserCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "user", abstract: "Manage accounts.", subcommands: [Create.self])

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Create an account (password read from standard input).")
        @OptionGroup var common: CommonOptions
        @Option var email: String
        @Option var name: String
        @Option(name: .long, parsing: .singleValue, help: "A role such as admin or academy.admin; repeat for more.") var role: [String] = []
        @Flag(help: "Read the password from standard input (required: passwords never go on the command line).") var passwordStdin = false

        func run() async throws {
            guard passwordStdin else { throw ValidationError("Pass --password-stdin and pipe the password in.") }
            guard let password = readLine(strippingNewline: true), !password.isEmpty else { throw ValidationError("No password on standard input.") }
            let configuration = try common.configuration()
            try await common.withComponents(configuration) { components in
                let account = try await components.identity.accounts.create(.init(email: email, name: name, password: password, roles: role))
                print("Created \(account.email) (\(account.id)) with roles: \(account.roles.joined(separator: ", "))")
            }
        }
    }
}

struct Backup: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Write a consistent copy of the SQLite database to FILE, safe while Patio serves.")
    @OptionGroup var common: CommonOptions
    @Argument var file: String

    func run() async throws {
        let configuration = try common.configuration()
        try await common.withComponents(configuration) { components in
            print("Copying \(configuration.database) …")
            try await components.database.backup(to: file)
            let size = (try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? 0
            print("Backup written to \(file) (\(size) bytes).")
        }
    }
}

struct Restore: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Replace the SQLite database with a backup. Stop Patio first.")
    @OptionGroup var common: CommonOptions
    @Argument var file: String

    func run() async throws {
        let configuration = try common.configuration()
        print("Checking \(file) …")
        try await DatabaseRestore.restore(from: file, into: configuration, logger: common.logger(configuration)) { print("• \($0)") }
        print("Restored. Start Patio again with `patio serve`.")
    }
}

/// Prints a Patio error as a sentence instead of a type dump.
struct CLIError: Error, CustomStringConvertible {
    let description: String
    init(_ error: any Error) {
        if let problem = error as? AppError {
            description = ([problem.detail] + problem.fieldErrors.map { "\($0.field): \($0.message)" }).joined(separator: "\n")
        } else {
            description = "\(error)"
        }
    }
}
