#if !canImport(Security)
    import PatioKit

    /// Linux has no Keychain, so PatioKit has no `KeychainTokenStore` there. The README's first snippet (an
    /// iOS app's) still compiles here against this stand-in, which keeps the real one's initializer
    /// (ReadmeSnippetTests checks that); on Apple platforms it compiles against PatioKit's own.
    struct KeychainTokenStore: TokenStore {
        let service: String
        let account: String

        public init(service: String, account: String = "patio-session") {
            self.service = service
            self.account = account
        }

        func load() throws -> String? { nil }
        func save(_ token: String) throws {}
        func clear() throws {}
    }
#endif
