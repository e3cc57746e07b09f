import Crypto
import Foundation
import PatioCore

/// Voluntary Application Server Identification (RFC 8292): the key pair that identifies this Patio to the
/// browsers' push services, and the signed token each push carries.
///
/// Browsers subscribe with the public key (`applicationServerKey`); a push service then accepts pushes to
/// that subscription only with a token signed by the matching private key.
public struct VAPID: Sendable {
    /// The private key's scalar (swift-crypto's key type is not `Sendable`; it is made again to sign).
    private let privateKey: Data
    /// The public key as browsers take it: the uncompressed point, base64url.
    public let publicKey: String
    /// Who to contact about this server's pushes: a `mailto:` or `https:` URL (the token's `sub`).
    public let subject: String

    public init(key: P256.Signing.PrivateKey, subject: String) {
        self.privateKey = key.rawRepresentation
        self.publicKey = Data(key.publicKey.x963Representation).base64URLEncodedString()
        self.subject = subject
    }

    /// The key pair made from a stored 256-bit secret, the same on every instance that shares it. The
    /// secret is hashed again in the (vanishingly rare) case that it is not a valid P-256 scalar.
    public init(secret: SymmetricKey, subject: String) {
        var bytes = secret.withUnsafeBytes { Array($0) }
        while true {
            if let key = try? P256.Signing.PrivateKey(rawRepresentation: bytes) {
                self.init(key: key, subject: subject)
                return
            }
            bytes = Array(SHA256.hash(data: bytes))
        }
    }

    /// The `Authorization` header for a push to `endpoint`: `vapid t=<JWT>, k=<public key>`. The token is
    /// for the endpoint's origin and expires after `lifetime` (push services refuse more than 24 hours).
    public func authorization(endpoint: URL, now: Date, lifetime: TimeInterval = 12 * 3600) throws -> String {
        guard let scheme = endpoint.scheme, let host = endpoint.host else { throw URLError(.badURL) }
        // The origin as RFC 6454 writes it: a scheme's default port is left out.
        let defaultPort = scheme == "https" ? 443 : scheme == "http" ? 80 : nil
        let audience = "\(scheme)://\(host)" + (endpoint.port.flatMap { $0 == defaultPort ? nil : ":\($0)" } ?? "")
        let header = #"{"typ":"JWT","alg":"ES256"}"#
        let claims = Claims(aud: audience, exp: Int(now.timeIntervalSince1970 + lifetime), sub: subject)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let signingInput = Data(header.utf8).base64URLEncodedString() + "." + (try encoder.encode(claims)).base64URLEncodedString()
        let key = try P256.Signing.PrivateKey(rawRepresentation: privateKey)
        let signature = try key.signature(for: Data(signingInput.utf8)).rawRepresentation
        return "vapid t=\(signingInput).\(signature.base64URLEncodedString()), k=\(publicKey)"
    }

    struct Claims: Codable {
        var aud: String
        var exp: Int
        var sub: String
    }
}
