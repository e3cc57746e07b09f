import ArgumentParser
import Foundation
import PatioModules
import PatioPlatform
import PatioServer

/// `patio openapi`: prints the OpenAPI contract this Patio serves at `/openapi.yaml` — the platform's part
/// with the fragments of the modules `PATIO_MODULES` enables (every module when unset). PatioKit's generator
/// and the contract checks read the whole contract from here.
struct ContractCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "openapi",
        abstract: "Print the OpenAPI contract of the enabled modules (YAML, or JSON with --json)."
    )

    @Flag(help: "Print JSON instead of YAML.") var json = false

    func run() async throws {
        let configuration = try PatioConfiguration.fromEnvironment()
        let registry = try ModuleRegistry(available: availableModules, enabled: configuration.enabledModules)
        let contract = try APIContract.shared(fragments: registry.modules.compactMap(\.contractFragment))
        if json {
            FileHandle.standardOutput.write(contract.json)
            print()
        } else {
            print(contract.yaml, terminator: "")
        }
    }
}
