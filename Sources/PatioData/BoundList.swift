/// Lists of values bound into one `IN (…)`.
public enum BoundList {
    /// `values` in consecutive slices of at most 500, so that an `IN (…)` of each stays far below SQLite's and
    /// PostgreSQL's limits on bound values however long the list a caller reads.
    public static func slices<Value>(_ values: [Value], size: Int = 500) -> [[Value]] {
        let step = max(1, size)
        return stride(from: 0, to: values.count, by: step).map { Array(values[$0..<min($0 + step, values.count)]) }
    }
}
