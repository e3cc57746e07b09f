import Crypto
import Foundation
import PatioCore
import PatioData
import SQLKit

/// A device that receives an account's pushes, as a client registers it.
///
/// A browser's is its `PushSubscription` as `toJSON()` gives it (`endpoint` and `keys.p256dh`, `keys.auth`);
/// a native app's is its APNs device token, in hex.
public struct PushDeviceRegistration: Codable, Sendable {
    public struct Keys: Codable, Sendable {
        public var p256dh: String
        public var auth: String
    }

    public var channel: String
    public var endpoint: String?
    public var keys: Keys?
    public var token: String?

    public init(channel: String, endpoint: String? = nil, keys: Keys? = nil, token: String? = nil) {
        self.channel = channel
        self.endpoint = endpoint
        self.keys = keys
        self.token = token
    }
}

/// A registered device, as its owner sees it.
public struct PushDeviceView: Codable, Sendable, Equatable {
    public var id: UUID
    public var channel: String
    public var createdAt: Date
}

/// Which push services Patio sends to. Pushing is an outbound request to an address a client gave, so it
/// goes only to the push services browsers use (or those named by `PATIO_WEB_PUSH_HOSTS`), over HTTPS.
public struct PushServiceHosts: Sendable {
    /// The push services of Chrome, Firefox, Safari and Edge.
    public static let browsers = PushServiceHosts(
        suffixes: ["fcm.googleapis.com", "push.services.mozilla.com", "push.apple.com", "notify.windows.com"], allowPlainHTTP: false)

    /// Host names, each allowed itself and with any subdomain.
    public let suffixes: [String]
    /// Only for a test's local fake push service: `http://` endpoints are accepted too.
    public let allowPlainHTTP: Bool

    public init(suffixes: [String], allowPlainHTTP: Bool) {
        self.suffixes = suffixes.map { $0.lowercased() }
        self.allowPlainHTTP = allowPlainHTTP
    }

    /// True for an `https` URL (or `http` when allowed) with no user info on one of the allowed hosts.
    public func allows(_ endpoint: String) -> Bool {
        guard endpoint.utf8.count <= 1024, let url = URLComponents(string: endpoint), url.user == nil, url.password == nil,
            let host = url.host?.lowercased(), !host.isEmpty
        else { return false }
        guard url.scheme == "https" || (allowPlainHTTP && url.scheme == "http") else { return false }
        return suffixes.contains { host == $0 || host.hasSuffix("." + $0) }
    }
}

extension NotificationService {
    /// Registers (or moves to this account and session) a device. The same browser subscription or
    /// device token signed in as someone else stops receiving the previous account's pushes.
    public func register(
        _ registration: PushDeviceRegistration, account: UUID, session: UUID?, hosts: PushServiceHosts
    ) async throws -> PushDeviceView {
        let (channel, address, publicKey, secret) = try Self.validate(registration, hosts: hosts)
        let now = clock.now()
        return try await database.write { db in
            let sql = try db.sql
            struct Row: Decodable { let id: UUID; let created_at: Date }
            if let existing = try await sql.raw(
                "SELECT id, created_at FROM platform_push_devices WHERE channel = \(bind: channel.rawValue) AND address = \(bind: address)"
            ).first(decoding: Row.self) {
                try await sql.raw(
                    """
                    UPDATE platform_push_devices SET account_id = \(bind: account), session_id = \(bind: session), public_key = \(bind: publicKey),
                    secret = \(bind: secret) WHERE id = \(bind: existing.id)
                    """
                ).run()
                return PushDeviceView(id: existing.id, channel: channel.rawValue, createdAt: existing.created_at)
            }
            let id = UUID()
            try await sql.raw(
                """
                INSERT INTO platform_push_devices (id, account_id, session_id, channel, address, public_key, secret, created_at)
                VALUES (\(bind: id), \(bind: account), \(bind: session), \(bind: channel.rawValue), \(bind: address), \(bind: publicKey),
                \(bind: secret), \(bind: now))
                """
            ).run()
            return PushDeviceView(id: id, channel: channel.rawValue, createdAt: now)
        }
    }

    /// The account's registered devices.
    public func devices(account: UUID) async throws -> [PushDeviceView] {
        struct Row: Decodable { let id: UUID; let channel: String; let created_at: Date }
        return try await (try database.reader.sql).raw(
            "SELECT id, channel, created_at FROM platform_push_devices WHERE account_id = \(bind: account) ORDER BY created_at, id"
        ).all(decoding: Row.self).map { PushDeviceView(id: $0.id, channel: $0.channel, createdAt: $0.created_at) }
    }

    /// Stops pushes to one of the account's devices; someone else's device is not found.
    public func unregister(device: UUID, account: UUID) async throws {
        let removed = try await database.write { db in
            struct Row: Decodable { let id: UUID }
            let sql = try db.sql
            guard
                try await sql.raw(
                    "SELECT id FROM platform_push_devices WHERE id = \(bind: device) AND account_id = \(bind: account)"
                ).first(decoding: Row.self) != nil
            else { return false }
            try await sql.raw("DELETE FROM platform_push_devices WHERE id = \(bind: device)").run()
            return true
        }
        guard removed else { throw AppError.notFound(code: "push_device_not_found", "You have no such device registered.") }
    }

    /// Stops pushes to the account's browser subscription with this endpoint (the browser unsubscribed);
    /// an endpoint it does not have is already forgotten.
    public func forget(endpoint: String, account: UUID) async throws {
        try await database.write { db in
            try await db.sql.raw(
                """
                DELETE FROM platform_push_devices WHERE channel = \(bind: NotificationChannel.webPush.rawValue) AND address = \(bind: endpoint)
                AND account_id = \(bind: account)
                """
            ).run()
        }
    }

    /// The channel, the address pushes go to, and (for Web Push) the subscription's keys, or a 422 naming
    /// each field that is wrong.
    static func validate(_ registration: PushDeviceRegistration, hosts: PushServiceHosts) throws
        -> (NotificationChannel, String, String?, String?)
    {
        var validator = Validator()
        switch NotificationChannel(rawValue: registration.channel) {
        case .webPush:
            let endpoint = registration.endpoint ?? ""
            validator.check(hosts.allows(endpoint), "endpoint", "Use the endpoint of a browser's push service (https).", code: "push_endpoint")
            let p256dh = registration.keys.flatMap { Data(base64URLEncoded: $0.p256dh) }
            let auth = registration.keys.flatMap { Data(base64URLEncoded: $0.auth) }
            let keyIsAPoint = p256dh.map { (try? P256.KeyAgreement.PublicKey(x963Representation: $0)) != nil } ?? false
            validator.check(keyIsAPoint, "keys.p256dh", "Use the subscription's P-256 public key, base64url.", code: "push_key")
            validator.check(auth?.count == 16, "keys.auth", "Use the subscription's 16-byte auth secret, base64url.", code: "push_auth")
            try validator.validate()
            return (.webPush, endpoint, registration.keys?.p256dh, registration.keys?.auth)
        case .apns:
            let token = (registration.token ?? "").lowercased()
            let isHex = token.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
            validator.check(
                isHex && (64...200).contains(token.utf8.count) && token.utf8.count % 2 == 0, "token",
                "Use the device token APNs gave the app, in hex.", code: "push_token")
            try validator.validate()
            return (.apns, token, nil, nil)
        case nil:
            throw AppError.validation(field: "channel", "Use web_push or apns.", code: "notification_channel_unknown")
        }
    }
}
