import Foundation
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
import OpenAPIRuntime
import OpenAPIURLSession
@_exported import PatioAPI

/// What an app keeps for talking to one Patio: the session, the generated client for the whole contract,
/// and a thin facade per module (``academy``, ``payments``, ``onboarding``, ``courier``, ``campus``).
///
/// ```swift
/// let patio = Patio(serverURL: URL(string: "https://patio.example")!,
///                   tokenStore: KeychainTokenStore(service: "com.example.classly"))
/// try await patio.signIn(email: "ana@example.com", password: "…")
/// let classes = try await patio.academy.classes()
/// ```
public final class Patio: Sendable {
    /// How PatioKit behaves when Patio asks it to slow down, and what it sends requests with.
    public struct Configuration: Sendable {
        /// `429` answers asking for at most this wait are retried after it; longer ones are thrown as
        /// ``PatioError/rateLimited(retryAfter:problem:)``.
        public var maximumRateLimitWait: Duration = .seconds(10)
        public var maximumRateLimitRetries = 2
        /// How PatioKit waits (tests pass a recorder).
        public var sleep: @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
        /// URLSession by default.
        public var transport: (any ClientTransport)?

        public init() {}
    }

    public let serverURL: URL
    public let session: PatioSession
    /// Every operation of Patio's contract, generated from `openapi.yaml`. The facades cover the common
    /// paths; this reaches the rest.
    public let api: Client
    /// What `api` sends through (the transport and its middlewares), for answers read as bytes.
    let raw: RawSender
    /// The id of the device ``NotificationsFacade/registerDevice(apnsToken:)`` registered, for sign-out.
    let pushDevice = LockedValue<String?>(nil)

    public init(serverURL: URL, tokenStore: any TokenStore, configuration: Configuration = Configuration()) {
        self.serverURL = serverURL
        let session = PatioSession(store: tokenStore)
        self.session = session
        let transport = configuration.transport ?? URLSessionTransport(configuration: .init(session: Self.urlSession()))
        let middlewares: [any ClientMiddleware] = [
            SessionMiddleware(session: session),
            ConditionalHeaderMiddleware(),
            ProblemMiddleware(),
            RateLimitMiddleware(
                maximumWait: configuration.maximumRateLimitWait,
                maximumRetries: configuration.maximumRateLimitRetries, sleep: configuration.sleep),
        ]
        api = Client(
            serverURL: serverURL,
            // Patio writes times with milliseconds (`2026-11-23T15:00:00.000Z`).
            configuration: .init(dateTranscoder: .iso8601WithFractionalSeconds),
            transport: transport,
            middlewares: middlewares
        )
        raw = RawSender(serverURL: serverURL, transport: transport, middlewares: middlewares)
    }

    /// A session without URLSession's own cache: PatioKit sends `If-None-Match` itself and must see Patio's
    /// 304s, which a shared cache would turn back into 200s.
    static func urlSession() -> URLSession {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        return URLSession(configuration: configuration)
    }

    /// Runs any generated operation and throws only ``PatioError``: `try await patio.call { try await
    /// patio.api.listAcademyStudents().ok.body.json }`. Without it, `patio.api` throws the runtime's
    /// `ClientError` wrapping the same ``PatioError``.
    public func call<Output: Sendable>(_ operation: @Sendable () async throws -> Output) async throws -> Output {
        do {
            return try await operation()
        } catch let error as ClientError {
            if let patio = error.underlyingError as? PatioError { throw patio }
            if error.underlyingError is DecodingError { throw PatioError.undecodable(String(describing: error.underlyingError)) }
            throw PatioError.offline(String(describing: error.underlyingError))
        } catch let error as PatioError {
            throw error
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            // The generated accessors (`.ok`, `.json`) throw when the answer is one the call did not expect.
            throw PatioError.undecodable(String(describing: error))
        }
    }
}

/// A value shared between tasks behind a lock (`Mutex` needs iOS 18; PatioKit runs on iOS 16).
final class LockedValue<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}
