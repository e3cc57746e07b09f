import HTMLQuery

/// What kind of page came back, whatever was asked for: SAES answers its sign-in page when the session has
/// ended and its crash page when it is down.
public enum SAESPageKind: Sendable, Equatable {
    /// The sign-in page (the session has ended, or never began).
    case signIn
    /// `Error de servidor en la aplicación '/'.`: SAES itself failed.
    case serverError
    /// Anything else: the page that was asked for.
    case content

    public init(html: String) {
        if html.contains("Error de servidor en la aplicación") {
            self = .serverError
        } else if html.contains("IPN-SAES") {
            self = .signIn
        } else {
            self = .content
        }
    }
}
