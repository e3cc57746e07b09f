/// One of the original apps' wire contracts a module serves under the app's own paths, switched on by
/// naming it in `PATIO_COMPAT`. The platform reads the prefixes so requests
/// there are treated as API calls, and refuses at start-up a `PATIO_COMPAT` name no enabled module serves.
public struct CompatContract: Sendable {
    /// Its name in `PATIO_COMPAT`, lower case.
    public let name: String
    /// Where its paths start (`/TheirApp/`), outside `/api/`.
    public let pathPrefixes: [String]

    public init(name: String, pathPrefixes: [String]) {
        self.name = name
        self.pathPrefixes = pathPrefixes
    }
}
