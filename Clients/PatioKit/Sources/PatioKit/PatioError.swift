import Foundation

/// A refusal from Patio, as its `application/problem+json` body says it.
public struct Problem: Error, Sendable, Equatable, Decodable {
    /// One field's problem, for showing beside the field.
    public struct FieldProblem: Sendable, Equatable, Decodable {
        public var field: String
        public var message: String
        public var code: String?
    }

    public var status: Int
    /// Stable, for code to branch on (`invalid_credentials`, `conflict`, `validation_failed`).
    public var code: String
    public var title: String
    /// For people, in English.
    public var detail: String
    public var errors: [FieldProblem]?
}

/// Everything PatioKit can throw.
public enum PatioError: Error, Sendable, Equatable {
    /// Patio refused the request; the problem says why.
    case problem(Problem)
    /// The session is over (signed out, or Patio answered 401): sign in again.
    case signedOut
    /// Patio asked to wait (429) longer than PatioKit waits by itself.
    case rateLimited(retryAfter: Duration?, problem: Problem?)
    /// No answer: offline, timed out, or the connection broke. Nothing is lost; try again later.
    case offline(String)
    /// An answer the contract does not describe.
    case unexpected(status: Int)
    /// An answer whose body does not match the contract (PatioKit is older or newer than the server).
    case undecodable(String)
    /// The token file could be read by others, so it was removed.
    case insecureTokenFile(path: String)
    case tokenStoreFailed(path: String)
    case keychain(status: Int)
    /// The local store could not be read or written.
    case store(String)
}
