import Foundation
import Yams

/// The OpenAPI 3.1 document of `/api/v1`, shipped as YAML and also served as JSON.
public struct APIContract: Sendable {
    public let yaml: String
    public let json: Data

    /// The contract, read and converted once per process: it is the same file for every application this
    /// process builds, and parsing it takes a noticeable part of a second (the test suite builds hundreds).
    public static func shared() throws -> APIContract { try loaded.get() }

    private static let loaded = Result { try load() }

    public static func load() throws -> APIContract {
        let url = Bundle.module.bundleURL.appendingPathComponent("Resources/openapi.yaml")
        let yaml = try String(contentsOf: url, encoding: .utf8)
        guard let object = try Yams.load(yaml: yaml) else { throw ConfigurationError("openapi.yaml is empty") }
        let json = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        return APIContract(yaml: yaml, json: json)
    }
}
