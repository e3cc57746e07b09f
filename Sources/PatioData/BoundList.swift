/// Lists of values bound into one `IN (…)`.
public enum BoundList {
    /// `values` in consecutive slices of at most 500, so that an `IN (…)` of each stays far below SQLite's and
    /// PostgreSQL's limits on bound values however long the list a caller reads.
    public static func slices<Value>(_ values: [Value], size: Int = 500) -> [[Value]] {
        stride(from: 0, to: values.count, by: max(1, size)).map { Array(values[$0..<min($0 + max(1, size), values.count)]) }
    }
}
