import Foundation
import PatioPlatform

extension PatioConfiguration {
    /// `PATIO_APNS_*`: Apple's push service for iPhone apps. Either none is set (Patio pushes to browsers
    /// and keeps every inbox, and says so at start-up) or all of key, key id, team id and topic are.
    ///
    /// - `PATIO_APNS_KEY_FILE`: the `.p8` file from the Apple Developer account (or `PATIO_APNS_KEY`, its text);
    /// - `PATIO_APNS_KEY_ID`, `PATIO_APNS_TEAM_ID`: the key's and the team's 10-character ids;
    /// - `PATIO_APNS_TOPIC`: the app's bundle id;
    /// - `PATIO_APNS_HOST`: `production` (default), `sandbox` (apps built from Xcode) or `host:port`;
    /// - `PATIO_APNS_CA_FILE`: a certificate authority to trust for that host besides the system's.
    mutating func readAPNs(_ settings: SettingsReader) throws(SettingError) {
        let keyFile = settings.text("patio.apns.key.file")
        let keyText = settings.text("patio.apns.key", isSecret: true)
        let keyID = settings.text("patio.apns.key.id")
        let teamID = settings.text("patio.apns.team.id")
        let topic = settings.text("patio.apns.topic")
        let host = settings.text("patio.apns.host")
        let caFile = settings.text("patio.apns.ca.file")
        guard [keyFile, keyText, keyID, teamID, topic, host, caFile].contains(where: { $0 != nil }) else { return }
        let missing = [
            ("PATIO_APNS_KEY_FILE", keyFile ?? keyText), ("PATIO_APNS_KEY_ID", keyID), ("PATIO_APNS_TEAM_ID", teamID),
            ("PATIO_APNS_TOPIC", topic),
        ].filter { $0.1 == nil }.map(\.0)
        guard missing.isEmpty, let keyID, let teamID, let topic else {
            throw SettingError("APNs needs \(missing.joined(separator: ", ")) as well, or no PATIO_APNS_* setting at all")
        }
        let pem: String
        if let keyFile {
            guard let text = try? String(contentsOfFile: keyFile, encoding: .utf8) else {
                throw SettingError("PATIO_APNS_KEY_FILE: cannot read \(keyFile)")
            }
            pem = text
        } else {
            pem = keyText ?? ""
        }
        let credentials: APNsCredentials
        do {
            credentials = try APNsCredentials(keyID: keyID, teamID: teamID, topic: topic, keyPEM: pem)
        } catch {
            throw SettingError(error.description)
        }
        var trustRoots: String?
        if let caFile {
            guard let text = try? String(contentsOfFile: caFile, encoding: .utf8), text.contains("BEGIN CERTIFICATE") else {
                throw SettingError("PATIO_APNS_CA_FILE: \(caFile) is not a readable PEM certificate")
            }
            trustRoots = text
        }
        let resolvedHost: String
        switch host ?? "production" {
        case "production": resolvedHost = APNsSettings.production
        case "sandbox": resolvedHost = APNsSettings.sandbox
        case let other:
            guard URL(string: "https://\(other)/")?.host != nil, !other.contains("/") else {
                throw SettingError("PATIO_APNS_HOST must be production, sandbox or a host[:port], not \(other)")
            }
            resolvedHost = other
        }
        apns = APNsSettings(credentials: credentials, host: resolvedHost, trustRootsPEM: trustRoots)
    }
}
