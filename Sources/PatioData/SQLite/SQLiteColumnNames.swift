/// The names of a statement's columns in SELECT order, with each name's first place: read once per statement
/// and shared by all its rows.
final class SQLiteColumnNames: Sendable {
    let names: [String]
    private let places: [String: Int]

    init(_ names: [String]) {
        self.names = names
        // A join may return two columns of one name; the first is the one read, as SQLiteNIO does.
        places = Dictionary(names.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    }

    var count: Int { names.count }

    /// Where the first column named `name` is, or nil.
    func place(of name: String) -> Int? { places[name] }
}
