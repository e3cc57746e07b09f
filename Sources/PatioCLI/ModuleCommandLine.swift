import ArgumentParser
import Foundation
import PatioModules
import PatioPlatform
import PatioServer

/// `patio <module> …`: the commands enabled modules contribute (`PatioModule.commands()`). The command line
/// names no module: a word that is the id of an enabled module with commands is routed here, anything else
/// goes to the built-in commands, so `patio payments audit` exists only while Payments is enabled.
struct ModuleCommandLine: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "patio <module>", abstract: "A command of an enabled module.")

    @OptionGroup var common: CommonOptions
    @Argument(help: "The command's words and arguments.") var words: [String] = []

    /// The modules `PATIO_MODULES` enables (none when the environment cannot be read: the built-in command
    /// that then runs says what is wrong with it).
    static var enabledModules: [any PatioModule] {
        guard let configuration = try? PatioConfiguration.fromEnvironment(),
            let registry = try? ModuleRegistry(available: availableModules, enabled: configuration.enabledModules)
        else { return [] }
        return registry.modules
    }

    /// The enabled module `arguments` starts with, when it has commands.
    static func module(for arguments: [String]) -> (any PatioModule)? {
        guard let first = arguments.first else { return nil }
        return enabledModules.first { $0.id == first && !$0.commands().isEmpty }
    }

    /// Every enabled module's commands, for `patio --help`.
    static var help: String {
        let lines = enabledModules.flatMap { module in
            module.commands().map { "  \($0.usage(module: module.id))\n      \($0.abstract)" }
        }
        return lines.isEmpty ? "" : "Module commands:\n" + lines.joined(separator: "\n")
    }

    static func run(_ module: any PatioModule, arguments: [String]) async {
        do {
            var command = try ModuleCommandLine.parseAsRoot(arguments) as? ModuleCommandLine
            command?.module = module
            try await command?.run()
        } catch {
            ModuleCommandLine.exit(withError: error)
        }
    }

    private var module: (any PatioModule)?

    enum CodingKeys: CodingKey { case common, words }

    func run() async throws {
        guard let module else { throw ValidationError("No module was named.") }
        guard let (command, values) = module.command(for: words), values.count == command.arguments.count else {
            let usage = module.commands().map { "  \($0.usage(module: module.id))  \($0.abstract)" }.joined(separator: "\n")
            throw ValidationError("Usage:\n\(usage)")
        }
        var status: Int32 = 0
        try await common.withComponents(try common.configuration()) { components in
            let invocation = ModuleCommandInvocation(arguments: values, environment: components.environment) { Swift.print($0) }
            status = try await command.run(invocation)
        }
        if status != 0 { throw ExitCode(status) }
    }
}
