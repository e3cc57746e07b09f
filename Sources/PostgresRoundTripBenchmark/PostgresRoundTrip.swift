import FluentPostgresDriver
import Foundation
import Logging
import PatioData
import Synchronization

/// `Benchmarks/postgres-round-trip`: what one profile change's statement costs on the client's side of PostgreSQL,
/// through Patio's data layer and through PostgresNIO alone, unnamed and prepared.
///
/// Every way runs the statement a `PATCH /api/v1/me` sends on PostgreSQL (the account's `UPDATE … RETURNING`
/// with its roles and the session cache's `pg_notify`), on the same row, from `concurrency` tasks over eight
/// connections (Patio's default pool on two cores), and prints statements a second and this process's CPU per
/// statement, and the CPU every `postgres` process on the machine spent per statement over the same seconds.
///
///     PostgresRoundTripBenchmark <postgres url> <account id> patio|unnamed|prepared <seconds> [concurrency]
@main
struct PostgresRoundTrip {
    static func main() async throws {
        let arguments = CommandLine.arguments
        if arguments.count > 1 && arguments[1] == "checkin" { return try await checkInFloor(Array(arguments.dropFirst(2))) }
        guard arguments.count >= 5, let account = UUID(uuidString: arguments[2]), let way = Way(rawValue: arguments[3]),
            let seconds = Double(arguments[4])
        else {
            print("usage: PostgresRoundTripBenchmark <postgres url> <account id> patio|unnamed|prepared <seconds> [concurrency]")
            exit(2)
        }
        let concurrency = arguments.count > 5 ? Int(arguments[5]) ?? 64 : 64
        let runner = try await Runner.make(way, url: arguments[1], account: account)
        let result = try await runner.measure(seconds: seconds, concurrency: concurrency)
        await runner.close()
        print(
            "way=\(way.rawValue) statements=\(result.statements) per_second=\(Int(result.perSecond)) "
                + "client_cpu_us=\(Int(result.clientMicrosecondsEach)) postgres_cpu_us=\(Int(result.postgresMicrosecondsEach))")
    }

    /// `PostgresRoundTripBenchmark checkin <postgres url> as-patio|fewest|one-write|standing-read <seconds> [concurrency]`
    static func checkInFloor(_ arguments: [String]) async throws {
        guard arguments.count >= 3, let shape = CheckInShape(rawValue: arguments[1]), let seconds = Double(arguments[2]) else {
            print("usage: PostgresRoundTripBenchmark checkin <postgres url> as-patio|fewest|one-write|standing-read <seconds> [concurrency]")
            exit(2)
        }
        let concurrency = arguments.count > 3 ? Int(arguments[3]) ?? 64 : 64
        let (floor, running) = try await CheckInFloor.make(url: arguments[0], shape: shape, concurrency: concurrency)
        let runner = Runner(send: { task, round in try await floor.checkIn(task: task, round: round) }, close: { running.cancel() })
        let result = try await runner.measure(seconds: seconds, concurrency: concurrency)
        await runner.close()
        print(
            "shape=\(shape.rawValue) checkins=\(result.statements) per_second=\(Int(result.perSecond)) "
                + "client_cpu_us=\(Int(result.clientMicrosecondsEach)) postgres_cpu_us=\(Int(result.postgresMicrosecondsEach))")
    }
}

/// How the statement reaches PostgreSQL.
enum Way: String {
    /// `PatioDatabase.write(statement:decoding:announcing:)`, as `AccountService.update` sends it.
    case patio
    /// PostgresNIO's own pool, the same text as an unnamed statement (Parse, Bind, Execute every time).
    case unnamed
    /// PostgresNIO's own pool, the statement prepared once per connection.
    case prepared
}

/// The statement `AccountRows` sends for a change of name on PostgreSQL, its notice riding on it (`StatementWrite`).
enum ProfileChange {
    static let update = """
        UPDATE accounts SET name = $1, search_text = $2 || substr(search_text, length(rtrim(search_text, replace(search_text, ' ', ''))) + 1) \
        WHERE id = $3 RETURNING id, email, name, locale, is_active, created_at, \
        (SELECT string_agg(role, ' ') FROM role_grants WHERE account_id = accounts.id) AS roles
        """
    static let withNotice = "WITH patio_statement AS (\(update)) SELECT patio_statement.*, pg_notify($4, $5) AS patio_notice_0 FROM patio_statement"
    static let channel = "patio_events"

    static func payload(_ account: UUID) -> String {
        #"{"topic":"identity.sessions","type":"\#(account.uuidString) round-trip-benchmark"}"#
    }

    /// The account's new search text up to its email, as the statement's second value (`SearchText.fold` of a plain name).
    static func searchText(_ name: String) -> String { name.lowercased() + " " }

    static func bindings(name: String, account: UUID) -> PostgresBindings {
        var bindings = PostgresBindings()
        bindings.append(name)
        bindings.append(searchText(name))
        bindings.append(account)
        bindings.append(channel)
        bindings.append(payload(account))
        return bindings
    }
}

/// The prepared form of ``ProfileChange``.
struct PreparedProfileChange: PostgresPreparedStatement {
    static let sql = ProfileChange.withNotice
    typealias Row = UUID
    let name: String
    let account: UUID

    func makeBindings() throws -> PostgresBindings { ProfileChange.bindings(name: name, account: account) }

    func decodeRow(_ row: PostgresRow) throws -> UUID {
        try row.makeRandomAccess()[0].decode(UUID.self)
    }
}

/// The account as the statement returns it, decoded as Patio decodes it.
struct AccountRow: Decodable, Sendable {
    let id: UUID
    let email: String
    let name: String
    let locale: String
    let is_active: Bool
    let created_at: Date
    let roles: String?
}

/// Runs one way's statement until told to stop.
struct Runner: Sendable {
    /// One round of the task numbered first, the round numbered second.
    let send: @Sendable (Int, Int) async throws -> Void
    let close: @Sendable () async -> Void

    static func make(_ way: Way, url: String, account: UUID) async throws -> Runner {
        var logger = Logger(label: "round-trip")
        logger.logLevel = .warning
        switch way {
        case .patio:
            let database = try await PatioDatabase.open(.postgres(url: url), logger: logger)
            return Runner(
                send: { task, round in
                    let name = "Round trip \(task) \(round)"
                    let rows = try await database.write(
                        statement: { _ in
                            """
                            UPDATE accounts SET name = \(bind: name), search_text = \(bind: ProfileChange.searchText(name)) || substr(search_text, \
                            length(rtrim(search_text, replace(search_text, ' ', ''))) + 1) WHERE id = \(bind: account) RETURNING id, email, \
                            name, locale, is_active, created_at, (SELECT string_agg(role, ' ') FROM role_grants WHERE account_id = accounts.id) \
                            AS roles
                            """
                        }, decoding: AccountRow.self,
                        announcing: { try? await database.notify(channel: ProfileChange.channel, payload: ProfileChange.payload(account)) })
                    guard rows.count == 1 else { throw RoundTripError.noRow }
                },
                close: { await database.close() })
        case .unnamed, .prepared:
            let client = try PostgresClient(url: url, connections: 8, logger: logger)
            let running = Task { await client.run() }
            return Runner(
                send: { task, round in
                    let name = "Round trip \(task) \(round)"
                    var count = 0
                    if way == .prepared {
                        for try await _ in try await client.execute(PreparedProfileChange(name: name, account: account)) { count += 1 }
                    } else {
                        let query = PostgresQuery(unsafeSQL: ProfileChange.withNotice, binds: ProfileChange.bindings(name: name, account: account))
                        for try await row in try await client.query(query) {
                            _ = try row.makeRandomAccess()[0].decode(UUID.self)
                            count += 1
                        }
                    }
                    guard count == 1 else { throw RoundTripError.noRow }
                },
                close: { running.cancel() })
        }
    }

    /// Runs `concurrency` tasks sending back to back for a second of warm-up and then `seconds` measured.
    func measure(seconds: Double, concurrency: Int) async throws -> Measured {
        let counters = Counters()
        return try await withThrowingTaskGroup(of: Void.self) { group in
            for task in 0..<concurrency {
                group.addTask {
                    var round = 0
                    while !counters.stop.load(ordering: .relaxed) {
                        round += 1
                        try await send(task, round)
                        counters.sent.add(1, ordering: .relaxed)
                    }
                }
            }
            try await Task.sleep(for: .seconds(1))
            let start = (counters.sent.load(ordering: .relaxed), CPUTime.ownMicroseconds(), CPUTime.postgres(), ContinuousClock.now)
            try await Task.sleep(for: .seconds(seconds))
            let end = (counters.sent.load(ordering: .relaxed), CPUTime.ownMicroseconds(), CPUTime.postgres(), ContinuousClock.now)
            counters.stop.store(true, ordering: .relaxed)
            try await group.waitForAll()
            let statements = end.0 - start.0
            let elapsed = end.3 - start.3
            let wall = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            // Only backends alive at both ends count: every connection was opened before the window.
            let postgres = end.2.reduce(0) { total, entry in total + (start.2[entry.key].map { entry.value - $0 } ?? 0) }
            return Measured(
                statements: statements, perSecond: Double(statements) / wall,
                clientMicrosecondsEach: Double(end.1 - start.1) / Double(max(1, statements)),
                postgresMicrosecondsEach: Double(postgres) / Double(max(1, statements)))
        }
    }
}

/// What the sending tasks share.
final class Counters: Sendable {
    let sent = Atomic<Int>(0)
    let stop = Atomic<Bool>(false)
}

struct Measured {
    let statements: Int
    let perSecond: Double
    let clientMicrosecondsEach: Double
    let postgresMicrosecondsEach: Double
}

/// CPU time read from the kernel.
enum CPUTime {
    /// This process's user and system CPU time so far.
    static func ownMicroseconds() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return (usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1_000_000 + Int(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec)
    }

    /// User and system CPU microseconds of every `postgres` process on the machine, by process id.
    static func postgres() -> [Int: Int] {
        let ticks = 1_000_000 / sysconf(Int32(_SC_CLK_TCK))
        var found: [Int: Int] = [:]
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let pid = Int(entry),
                (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8))?.hasPrefix("postgres") == true,
                let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { continue }
            // Fields after the command's closing parenthesis: state is the first, utime the 12th, stime the 13th.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else { continue }
            found[pid] = (user + system) * ticks
        }
        return found
    }
}

enum RoundTripError: Error {
    case noRow
    case badURL
}

extension PostgresClient {
    /// A client of `connections` connections, all opened at once, for a `postgres://user@host:port/database` URL.
    convenience init(url: String, connections: Int, logger: Logger) throws {
        guard let parts = URLComponents(string: url), let host = parts.host, let user = parts.user else { throw RoundTripError.badURL }
        var configuration = PostgresClient.Configuration(
            host: host, port: parts.port ?? 5432, username: user, password: parts.password,
            database: String(parts.path.dropFirst()), tls: .disable)
        configuration.options.minimumConnections = connections
        configuration.options.maximumConnections = connections
        self.init(configuration: configuration, backgroundLogger: logger)
    }
}
