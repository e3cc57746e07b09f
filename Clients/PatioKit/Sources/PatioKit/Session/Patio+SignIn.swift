import Foundation
import PatioAPI

/// The signed-in account.
public typealias Account = Components.Schemas.Account

extension Patio {
    /// Signs in with email and password and keeps the token in the token store. Wrong credentials throw
    /// ``PatioError/problem(_:)`` with code `invalid_credentials`; too many attempts
    /// ``PatioError/rateLimited(retryAfter:problem:)``.
    @discardableResult
    public func signIn(email: String, password: String) async throws -> Account {
        let output = try await call { try await api.login(body: .json(.init(email: email, password: password))) }
        guard case .ok(let ok) = output, case .json(let reply) = ok.body else { throw PatioError.unexpected(status: 0) }
        try await session.begin(token: reply.token)
        return reply.account
    }

    /// Revokes the token on Patio and forgets it here. Offline, it is forgotten here anyway: the person
    /// asked to sign out.
    public func signOut() async throws {
        defer { Task { await session.end(reason: .signedOut) } }
        guard await session.isSignedIn else { return }
        // A shared or handed-on phone must not go on showing this person's notifications.
        try? await notifications.unregisterDevice()
        do {
            _ = try await call { try await api.logout() }
        } catch PatioError.signedOut, PatioError.offline {
            // Already over on Patio, or unreachable: ending it here is all that is left.
        }
        await session.end(reason: .signedOut)
    }

    /// The signed-in account as Patio has it now.
    public func me() async throws -> Account {
        guard case .ok(let ok) = try await call({ try await api.getMe() }), case .json(let account) = ok.body else {
            throw PatioError.unexpected(status: 0)
        }
        return account
    }
}
