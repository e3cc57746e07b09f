import FluentKit
import Foundation
import PatioCore
import PatioData
import SAESConnector

/// A linked student's SAES session, kept sealed: opened for one reading, and marked ended when SAES has
/// ended it (the student then types a new CAPTCHA to sign in again).
struct SAESSessions: Sendable {
    let database: PatioDatabase
    let clock: PatioClock
    let vault: SAESVault
    let portals: SAESPortals

    /// The school's portal and the session's cookies, ready for the connector.
    struct Opened: Sendable {
        let portal: String
        var cookies: SAESCookies
    }

    /// Throws 404 `saes_not_linked` without a link, 409 `saes_session_ended` when there is no live session.
    func open(accountID: UUID) async throws -> Opened {
        guard let link = try await SAESLinkModel.query(on: database.reader).filter(\.$accountID == accountID).first() else {
            throw SAESLinkService.notLinked
        }
        guard link.status != "session_ended", let school = SAESSchool.named(link.school) else {
            throw SAESLinkService.unavailable(.sessionEnded)
        }
        guard let cookies = try await vault.open(SAESCookies.self, link.sealedSession) else {
            // Sealed under an earlier key (the key was rotated): the student signs in again, as after SAES ends it.
            if link.sealedSession != nil { try await markEnded(accountID: accountID) }
            throw SAESLinkService.unavailable(.sessionEnded)
        }
        return Opened(portal: portals.url(for: school), cookies: cookies)
    }

    /// Forgets the session SAES ended; the link stays, waiting for a new CAPTCHA.
    func markEnded(accountID: UUID) async throws {
        let now = clock.now()
        try await database.write { db in
            try await SAESLinkModel.query(on: db).filter(\.$accountID == accountID)
                .set(\.$status, to: "session_ended").set(\.$sealedSession, to: nil).set(\.$updatedAt, to: now).update()
        }
    }

    /// Turns what went wrong while reading SAES into the answer the student gets, marking an ended session.
    func failure(_ error: SAESError, accountID: UUID) async throws -> AppError {
        if case .sessionEnded = error { try await markEnded(accountID: accountID) }
        return SAESLinkService.unavailable(error)
    }
}
