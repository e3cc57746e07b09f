import Foundation

/// Where Patio keeps its data: an embedded SQLite file by default, PostgreSQL when `DATABASE_URL` says so.
public enum DatabaseSettings: Sendable, Equatable {
    case sqlite(path: String)
    case postgres(url: String)

    /// `DATABASE_URL=postgres://…` wins; otherwise `<dataDir>/patio.sqlite`.
    public static func resolve(databaseURL: String?, dataDirectory: String) -> DatabaseSettings {
        if let url = databaseURL, url.hasPrefix("postgres://") || url.hasPrefix("postgresql://") {
            return .postgres(url: url)
        }
        return .sqlite(path: URL(fileURLWithPath: dataDirectory).appendingPathComponent("patio.sqlite").path)
    }

    public var kindName: String {
        switch self {
        case .sqlite: "sqlite"
        case .postgres: "postgres"
        }
    }
}

extension DatabaseSettings: CustomStringConvertible {
    /// For people: the SQLite file, or the PostgreSQL host and database (never the password).
    public var description: String {
        switch self {
        case .sqlite(let path): return path
        case .postgres(let url):
            guard let components = URLComponents(string: url) else { return "PostgreSQL" }
            return "PostgreSQL \(components.host ?? "localhost")\(components.path)"
        }
    }
}
