import Foundation
import Yams

/// The OpenAPI 3.1 document of `/api/v1`, shipped as YAML and also served as JSON.
public struct APIContract: Sendable {
    public let yaml: String
    public let json: Data

    public static func load() throws -> APIContract {
        guard let url = Bundle.module.url(forResource: "openapi", withExtension: "yaml", subdirectory: "Resources") else {
            throw ConfigurationError("openapi.yaml is missing from the PatioServer resources")
        }
        let yaml = try String(contentsOf: url, encoding: .utf8)
        guard let object = try Yams.load(yaml: yaml) else { throw ConfigurationError("openapi.yaml is empty") }
        let json = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        return APIContract(yaml: yaml, json: json)
    }
}
