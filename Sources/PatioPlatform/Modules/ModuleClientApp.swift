/// A mobile app a module is the backend of, registered with the platform's
/// client-app service at start-up so it can ask for its version and remote config from the first request.
public struct ModuleClientApp: Sendable, Equatable {
    /// Its id in `/api/v1/apps/{slug}/…` (lower-case letters, digits, dashes).
    public let slug: String
    /// Its name as people know it.
    public let name: String

    public init(slug: String, name: String) {
        self.slug = slug
        self.name = name
    }
}
