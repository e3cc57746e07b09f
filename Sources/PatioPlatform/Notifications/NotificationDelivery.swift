import Crypto
import Foundation
import Logging
import PatioCore
import PatioData
import PatioIdentity
import SQLKit
import Synchronization

/// The worker that sends queued pushes: it claims due deliveries, sends each to its push service and records
/// what happened — sent, gone (the device is removed), failed, or due again later with a growing wait.
///
/// A claim holds a delivery for `lease`; a worker that stops mid-delivery leaves it to be claimed again once
/// the lease is over, so nothing committed is lost. On PostgreSQL several instances claim at once without
/// taking each other's rows (`FOR UPDATE SKIP LOCKED`). A push can still be sent twice if a worker stops
/// between the push service's answer and recording it; the `Topic` header makes a browser show it once.
public struct NotificationDelivery: Sendable {
    let database: PatioDatabase
    let clock: PatioClock
    let service: NotificationService
    let transport: PushTransport
    /// The server's VAPID identity, from its secrets; nil when Web Push cannot be sent.
    public let vapid: @Sendable () async throws -> VAPID?
    /// Apple's push service, when this Patio has APNs credentials.
    public let apns: APNs?
    let logger: Logger
    /// How long a claim holds a delivery.
    public var lease: TimeInterval = 120
    /// Attempts after which a delivery that keeps failing for a passing reason is given up.
    public var maximumAttempts = 8

    public init(
        database: PatioDatabase, clock: PatioClock, service: NotificationService, transport: PushTransport,
        vapid: @escaping @Sendable () async throws -> VAPID?, apns: APNs? = nil, logger: Logger
    ) {
        self.database = database
        self.clock = clock
        self.service = service
        self.transport = transport
        self.vapid = vapid
        self.apns = apns
        self.logger = logger
    }

    /// What became of one delivery attempt.
    enum Outcome: Equatable {
        case sent(status: Int)
        case gone(status: Int)
        case retry(status: Int?, after: TimeInterval, error: String)
        case failed(status: Int?, error: String)
    }

    struct Claimed: Decodable {
        let id: UUID
        let attempts: Int
        let notification_id: UUID
        let device_id: UUID
        let channel: String
        let address: String
        let public_key: String?
        let secret: String?
        let kind: String
        let parameters: String
        let link: String
        let collapse_key: String?
        let locale: String
        let lock_screen_details: Bool?
    }

    /// One round: claims up to `limit` due deliveries, sends them (`concurrency` at a time) and records every
    /// outcome in one write. Returns how many it attempted.
    ///
    /// One write for the round, not one per push: each write waits for a durable commit, and a round of 50
    /// pushes recorded one by one spent most of its time waiting for commits, not for push services.
    @discardableResult
    public func deliverDue(limit: Int = 50, concurrency: Int = 16) async throws -> Int {
        let claimed = try await claim(limit: limit)
        guard !claimed.isEmpty else { return 0 }
        let identity = try await vapid()
        let outcomes = await withTaskGroup(of: (Claimed, Outcome).self) { group in
            var outcomes: [(Claimed, Outcome)] = []
            var running = 0
            for delivery in claimed {
                if running == concurrency, let done = await group.next() {
                    outcomes.append(done)
                    running -= 1
                }
                group.addTask { (delivery, await attempt(delivery, vapid: identity)) }
                running += 1
            }
            for await done in group { outcomes.append(done) }
            return outcomes
        }
        try await record(outcomes)
        return claimed.count
    }

    /// Deliveries whose device went away or whose session ended are cancelled; then the due ones are taken
    /// for `lease`, oldest first.
    func claim(limit: Int) async throws -> [Claimed] {
        let now = clock.now()
        let isSQLite = database.isSQLite
        // A server with nothing to push reads one index entry every few seconds instead of writing (a
        // durable commit) each time.
        struct Pending: Decodable { let id: UUID }
        guard
            try await (try database.reader.sql).raw(
                "SELECT id FROM platform_notification_deliveries WHERE state = 'pending' LIMIT 1"
            ).first(decoding: Pending.self) != nil
        else { return [] }
        return try await database.write { db in
            let sql = try db.sql
            try await sql.raw(
                """
                UPDATE platform_notification_deliveries SET state = 'cancelled', updated_at = \(bind: now)
                WHERE state = 'pending' AND (device_id IS NULL OR device_id IN (
                  SELECT v.id FROM platform_push_devices v WHERE NOT \(NotificationService.liveSession(device: "v", now: now))))
                """
            ).run()
            let lock: SQLQueryString = isSQLite ? "" : "FOR UPDATE OF d SKIP LOCKED"
            let rows = try await sql.raw(
                """
                SELECT d.id, d.attempts, d.notification_id, d.device_id, v.channel, v.address, v.public_key, v.secret, n.kind, n.parameters,
                  n.link, n.collapse_key, a.locale, s.lock_screen_details
                FROM platform_notification_deliveries d
                JOIN platform_push_devices v ON v.id = d.device_id
                JOIN platform_notifications n ON n.id = d.notification_id
                JOIN \(ident: AccountModel.schema) a ON a.id = n.account_id
                LEFT JOIN platform_notification_settings s ON s.account_id = n.account_id
                WHERE d.state = 'pending' AND d.due_at <= \(bind: now) AND (d.claimed_until IS NULL OR d.claimed_until < \(bind: now))
                ORDER BY d.due_at, d.id LIMIT \(literal: limit) \(lock)
                """
            ).all(decoding: Claimed.self)
            guard !rows.isEmpty else { return [] }
            let ids = rows.map { "\(bind: $0.id)" as SQLQueryString }.joined(separator: ", ")
            try await sql.raw(
                """
                UPDATE platform_notification_deliveries SET claimed_until = \(bind: now.addingTimeInterval(lease)), attempts = attempts + 1,
                updated_at = \(bind: now) WHERE id IN (\(ids))
                """
            ).run()
            return rows
        }
    }

    /// What a push says: the same words as the inbox, in the account's language, with a private kind's
    /// details left off unless the account chose to see them on a locked phone.
    struct Payload: Codable, Equatable {
        var id: UUID
        var kind: String
        var title: String
        var body: String
        var url: String
    }

    func payload(_ delivery: Claimed) -> Payload {
        let locale = PatioLocale(rawValue: delivery.locale) ?? .default
        let words = service.words(
            kind: delivery.kind, parameters: delivery.parameters, locale: locale, lockScreen: !(delivery.lock_screen_details ?? false))
        return Payload(id: delivery.notification_id, kind: delivery.kind, title: words.title, body: words.body, url: delivery.link)
    }

    func attempt(_ delivery: Claimed, vapid: VAPID?) async -> Outcome {
        switch NotificationChannel(rawValue: delivery.channel) {
        case .webPush:
            guard let vapid else { return .retry(status: nil, after: backoff(delivery.attempts), error: "Web Push has no VAPID key yet") }
            return await sendWebPush(delivery, vapid: vapid)
        case .apns:
            guard let apns else { return .failed(status: nil, error: "This Patio has no APNs credentials") }
            return await sendAPNs(delivery, apns: apns)
        case nil:
            return .failed(status: nil, error: "This Patio cannot deliver to \(delivery.channel)")
        }
    }

    func sendAPNs(_ delivery: Claimed, apns: APNs) async -> Outcome {
        do {
            let now = clock.now()
            let (request, token) = try apns.request(
                deliveryID: delivery.id, deviceToken: delivery.address, payload: payload(delivery), collapseKey: delivery.collapse_key, now: now)
            let response = try await apns.transport.send(request)
            switch APNs.answer(status: response.status, body: response.body) {
            case .accepted: return .sent(status: response.status)
            case .deviceGone: return .gone(status: response.status)
            case .providerTokenExpired:
                apns.providerToken.expired(token, now: now)
                return .retry(status: response.status, after: backoff(1), error: "ExpiredProviderToken")
            case .passing(let reason):
                return passing(status: response.status, retryAfter: response.retryAfter, error: reason, attempts: delivery.attempts)
            case .refused(let reason): return .failed(status: response.status, error: reason)
            }
        } catch {
            return unreachable(error, attempts: delivery.attempts)
        }
    }

    func sendWebPush(_ delivery: Claimed, vapid: VAPID) async -> Outcome {
        do {
            guard let url = URL(string: delivery.address), let key = delivery.public_key.flatMap({ Data(base64URLEncoded: $0) }),
                let secret = delivery.secret.flatMap({ Data(base64URLEncoded: $0) })
            else { return .failed(status: nil, error: "The subscription is not one Patio can push to") }
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            let body = try WebPushEncryption.encrypt(
                Array(try encoder.encode(payload(delivery))), subscriberKey: Array(key), authSecret: Array(secret))
            var headers: [(String, String)] = [
                ("Authorization", try vapid.authorization(endpoint: url, now: clock.now())),
                ("Content-Encoding", "aes128gcm"), ("Content-Type", "application/octet-stream"),
                ("TTL", "86400"), ("Urgency", "normal"),
            ]
            if let collapse = delivery.collapse_key { headers.append(("Topic", Self.topic(collapse))) }
            let response = try await transport.send(PushRequest(url: url, headers: headers, body: body))
            return outcome(status: response.status, retryAfter: response.retryAfter, body: response.body, attempts: delivery.attempts)
        } catch {
            return unreachable(error, attempts: delivery.attempts)
        }
    }

    /// RFC 8030: 201 is accepted; 404 and 410 mean the subscription is gone for good; 429 and 5xx pass.
    func outcome(status: Int, retryAfter: TimeInterval?, body: String, attempts: Int) -> Outcome {
        switch status {
        case 200..<300: return .sent(status: status)
        case 404, 410: return .gone(status: status)
        case 429, 500..<600: return passing(status: status, retryAfter: retryAfter, error: body, attempts: attempts)
        default: return .failed(status: status, error: String(body.prefix(500)))
        }
    }

    /// A push service busy or down: due again after the usual wait, or the longer one it asked for.
    func passing(status: Int, retryAfter: TimeInterval?, error: String, attempts: Int) -> Outcome {
        .retry(status: status, after: max(retryAfter ?? 0, backoff(attempts)), error: String(error.prefix(500)))
    }

    /// A push that reached no service (no answer, a refused connection): due again after the usual wait.
    func unreachable(_ error: any Error, attempts: Int) -> Outcome {
        .retry(status: nil, after: backoff(attempts), error: String(String(describing: error).prefix(500)))
    }

    /// 30 s after the first failure, doubling, at most 6 hours.
    func backoff(_ attempts: Int) -> TimeInterval {
        min(30 * pow(2, Double(max(0, min(attempts, 20) - 1))), 6 * 3600)
    }

    /// A push service's `Topic` is at most 32 characters of base64url: a collapse key is hashed into one.
    static func topic(_ key: String) -> String {
        String(Data(SHA256.hash(data: Data(key.utf8))).base64URLEncodedString().prefix(32))
    }

    func record(_ outcomes: [(Claimed, Outcome)]) async throws {
        let now = clock.now()
        try await database.write { db in
            let sql = try db.sql
            for (delivery, outcome) in outcomes {
                try await record(delivery, outcome, now: now, on: sql)
            }
        }
        for case (let delivery, .failed(_, let error)) in outcomes {
            logger.warning("push not delivered", metadata: ["delivery": "\(delivery.id)", "error": "\(error)"])
        }
    }

    private func record(_ delivery: Claimed, _ outcome: Outcome, now: Date, on sql: any SQLDatabase) async throws {
        switch outcome {
        case .sent(let status):
            try await finish(delivery.id, state: "sent", status: status, error: nil, now: now, on: sql)
        case .gone(let status):
            try await finish(delivery.id, state: "gone", status: status, error: nil, now: now, on: sql)
            try await sql.raw("DELETE FROM platform_push_devices WHERE id = \(bind: delivery.device_id)").run()
        case .failed(let status, let error):
            try await finish(delivery.id, state: "failed", status: status, error: error, now: now, on: sql)
        case .retry(let status, let wait, let error):
            if delivery.attempts >= maximumAttempts {
                try await finish(delivery.id, state: "failed", status: status, error: error, now: now, on: sql)
            } else {
                try await sql.raw(
                    """
                    UPDATE platform_notification_deliveries SET due_at = \(bind: now.addingTimeInterval(wait)), claimed_until = NULL,
                    last_status = \(bind: status), last_error = \(bind: error), updated_at = \(bind: now) WHERE id = \(bind: delivery.id)
                    """
                ).run()
            }
        }
    }

    private func finish(_ id: UUID, state: String, status: Int?, error: String?, now: Date, on sql: any SQLDatabase) async throws {
        try await sql.raw(
            """
            UPDATE platform_notification_deliveries SET state = \(bind: state), claimed_until = NULL, last_status = \(bind: status),
            last_error = \(bind: error), updated_at = \(bind: now) WHERE id = \(bind: id)
            """
        ).run()
    }
}

/// Wakes the delivery worker when a notification is queued, so a push leaves at once rather than at the
/// worker's next look.
public final class DeliveryWake: Sendable {
    private struct State {
        /// A signal nobody has waited for yet.
        var pending = false
        /// The wait in progress, by its number.
        var waiter: (number: Int, continuation: CheckedContinuation<Void, Never>)?
        /// Numbers given to waits so far; a wait cancelled before it began to wait is remembered here.
        var waits = 0
        var cancelledBeforeWaiting: Set<Int> = []
    }

    private let state = Mutex(State())

    public init() {}

    public func signal() {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard let waiter = state.waiter else {
                state.pending = true
                return nil
            }
            state.waiter = nil
            return waiter.continuation
        }
        waiter?.resume()
    }

    /// Returns at the next signal, at once when one came since the last wait, or when the task is cancelled
    /// (graceful shutdown).
    public func wait() async {
        let number = state.withLock { state -> Int in
            state.waits += 1
            return state.waits
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                // One waiter at a time: a second one (there is none in Patio) releases the first rather than lose it.
                let (resumeNow, released) = state.withLock { state -> (Bool, CheckedContinuation<Void, Never>?) in
                    if state.cancelledBeforeWaiting.remove(number) != nil { return (true, nil) }
                    if state.pending {
                        state.pending = false
                        return (true, nil)
                    }
                    defer { state.waiter = (number, continuation) }
                    return (false, state.waiter?.continuation)
                }
                released?.resume()
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
                guard let waiter = state.waiter, waiter.number == number else {
                    state.cancelledBeforeWaiting.insert(number)
                    return nil
                }
                state.waiter = nil
                return waiter.continuation
            }
            waiter?.resume()
        }
        // A cancellation that came after this wait had returned left its number behind: nothing will read it.
        state.withLock { _ = $0.cancelledBeforeWaiting.remove(number) }
    }
}
