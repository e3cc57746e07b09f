import Crypto
import Foundation

/// What Patio needs to push to iPhone apps through Apple's Push Notification service: a token signing key
/// (`.p8`) from the Apple Developer account, its key id, the team id and the app's bundle id.
public struct APNsCredentials: Sendable {
    /// The 10-character id Apple gave the key.
    public let keyID: String
    /// The 10-character id of the developer team that owns the key.
    public let teamID: String
    /// The app's bundle id: APNs delivers only to that app's device tokens.
    public let topic: String
    /// The key's scalar (swift-crypto's key type is not `Sendable`; it is made again to sign).
    let privateKey: Data

    /// Refuses ids that are not Apple's 10 letters and digits and a key that is not a P-256 private key in
    /// PEM, as the `.p8` file holds it — so a wrong setting stops start-up instead of every push.
    public init(keyID: String, teamID: String, topic: String, keyPEM: String) throws(APNsSettingError) {
        for (name, value) in [("key id", keyID), ("team id", teamID)] {
            guard value.count == 10, value.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else {
                throw APNsSettingError("The APNs \(name) is the 10 letters and digits Apple shows, not \(value)")
            }
        }
        guard !topic.isEmpty, topic.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-") }) else {
            throw APNsSettingError("The APNs topic is the app's bundle id, like com.example.app")
        }
        guard let key = try? P256.Signing.PrivateKey(pemRepresentation: keyPEM) else {
            throw APNsSettingError("The APNs key must be the .p8 file Apple gave, a P-256 private key in PEM")
        }
        self.keyID = keyID
        self.teamID = teamID
        self.topic = topic
        self.privateKey = key.rawRepresentation
    }

    func signingKey() throws -> P256.Signing.PrivateKey {
        try P256.Signing.PrivateKey(rawRepresentation: privateKey)
    }
}

/// Where APNs is and how Patio reaches it.
public struct APNsSettings: Sendable {
    public var credentials: APNsCredentials
    /// `api.push.apple.com` for App Store and TestFlight builds, `api.sandbox.push.apple.com` for builds
    /// run from Xcode; a `host:port` for anything else (a proxy, a test).
    public var host: String
    /// A certificate authority to trust for `host` besides the system's (PEM), for a proxy or a test APNs.
    public var trustRootsPEM: String?

    public static let production = "api.push.apple.com"
    public static let sandbox = "api.sandbox.push.apple.com"

    public init(credentials: APNsCredentials, host: String = production, trustRootsPEM: String? = nil) {
        self.credentials = credentials
        self.host = host
        self.trustRootsPEM = trustRootsPEM
    }
}

public struct APNsSettingError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
