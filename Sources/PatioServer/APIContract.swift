import Foundation
import Yams

/// The OpenAPI 3.1 document Patio serves at `/openapi.yaml` and `/openapi.json`: the platform's part
/// (`Resources/openapi.yaml`) with the fragment of each enabled module merged in, so the contract lists what
/// this Patio serves and nothing else. A module's fragment holds its `tags`, `paths` and the `components`
/// only its paths use; a path or component defined twice stops start-up naming both places.
public struct APIContract: Sendable {
    public let yaml: String
    public let json: Data

    /// The contract for these module fragments, assembled once per process and set of fragments: parsing
    /// the YAML takes a noticeable part of a second, and the test suite builds hundreds of applications.
    public static func shared(fragments: [URL]) throws -> APIContract {
        try cache.contract(for: fragments)
    }

    /// The platform's part as shipped with PatioServer.
    static var platformPart: URL { Bundle.module.bundleURL.appendingPathComponent("Resources/openapi.yaml") }

    /// Merges `fragments` (name, YAML text) into the platform's document `platform`. The YAML keeps the
    /// order things are written in (PatioKit's generator turns a schema's property order into its
    /// initialisers' argument order); the JSON sorts keys.
    public static func assemble(platform: String, fragments: [(name: String, yaml: String)]) throws -> APIContract {
        guard case .mapping(var document)? = try Yams.compose(yaml: platform) else {
            throw ConfigurationError("the platform's openapi.yaml is not a mapping")
        }
        for fragment in fragments {
            guard case .mapping(let part)? = try Yams.compose(yaml: fragment.yaml) else {
                throw ConfigurationError("\(fragment.name)'s openapi.yaml is not a mapping")
            }
            try merge(part, named: fragment.name, into: &document)
        }
        let node = Node.mapping(document)
        let yaml = try Yams.serialize(node: node, width: -1, allowUnicode: true)
        let json = try JSONSerialization.data(withJSONObject: plain(node.any), options: [.sortedKeys])
        return APIContract(yaml: yaml, json: json)
    }

    private static func merge(_ part: Node.Mapping, named name: String, into document: inout Node.Mapping) throws {
        if case .sequence(let tags)? = part["tags"] {
            var all = Node.Sequence()
            if case .sequence(let existing)? = document["tags"] { all = existing }
            all.append(contentsOf: tags)
            document["tags"] = .sequence(all)
        }
        document["paths"] = .mapping(
            try adding(mapping(part["paths"]), to: mapping(document["paths"])) { "\(name)'s openapi.yaml defines \($0) again" })
        var components = mapping(document["components"])
        for (section, entries) in mapping(part["components"]) {
            let key = section.string ?? ""
            components[key] = .mapping(
                try adding(mapping(entries), to: mapping(components[key])) { "\(name)'s openapi.yaml defines components.\(key).\($0) again" })
        }
        document["components"] = .mapping(components)
    }

    /// `extra`'s entries after `base`'s; a key both have is an error (`clash` says which).
    private static func adding(_ extra: Node.Mapping, to base: Node.Mapping, clash: (String) -> String) throws -> Node.Mapping {
        var merged = base
        for (key, value) in extra {
            guard merged[key] == nil else { throw ConfigurationError(clash(key.string ?? "?")) }
            merged[key] = value
        }
        return merged
    }

    private static func mapping(_ node: Node?) -> Node.Mapping {
        if case .mapping(let mapping)? = node { return mapping }
        return Node.Mapping([])
    }

    /// Yams' mappings with `AnyHashable` keys as `[String: Any]`, which JSONSerialization takes.
    private static func plain(_ value: Any) -> Any {
        switch value {
        case let mapping as [AnyHashable: Any]:
            Dictionary(uniqueKeysWithValues: mapping.map { ("\($0.key.base)", plain($0.value)) })
        case let sequence as [Any]:
            sequence.map(plain)
        default:
            value
        }
    }

    private static let cache = Cache()

    private final class Cache: @unchecked Sendable {
        private let lock = NSLock()
        private var assembled: [[URL]: APIContract] = [:]

        func contract(for fragments: [URL]) throws -> APIContract {
            if let known = lock.withLock({ assembled[fragments] }) { return known }
            let platform = try String(contentsOf: APIContract.platformPart, encoding: .utf8)
            let parts = try fragments.map {
                (name: $0.deletingLastPathComponent().lastPathComponent, yaml: try String(contentsOf: $0, encoding: .utf8))
            }
            let contract = try APIContract.assemble(platform: platform, fragments: parts)
            lock.withLock { assembled[fragments] = contract }
            return contract
        }
    }
}
