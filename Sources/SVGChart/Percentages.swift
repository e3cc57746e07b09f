/// Whole-number shares of a total.
enum Percentages {
    /// Rounds each value's share of the total to a whole percent using the
    /// largest-remainder method, so the printed figures add up to exactly 100
    /// (naive rounding shows 33 % + 33 % + 33 %, which readers notice).
    /// Whole numbers also sidestep locale-specific decimal separators.
    ///
    /// Negative and non-finite values count as zero. When the total is zero
    /// every share is 0.
    static func wholeShares(of values: [Double]) -> [Int] {
        let clean = values.map { $0.isFinite ? max(0, $0) : 0 }
        // Normalise by the largest value first so summing huge inputs cannot overflow to infinity.
        guard let largest = clean.max(), largest > 0 else {
            return Array(repeating: 0, count: values.count)
        }
        let normalised = clean.map { $0 / largest }
        let total = normalised.reduce(0, +)
        let exact = normalised.map { $0 / total * 100 }
        var shares = exact.map { Int($0.rounded(.down)) }
        let missing = 100 - shares.reduce(0, +)
        // Ties go to the earlier row, keeping output deterministic.
        let byRemainder = exact.indices.sorted {
            let a = exact[$0] - exact[$0].rounded(.down)
            let b = exact[$1] - exact[$1].rounded(.down)
            return a != b ? a > b : $0 < $1
        }
        for index in byRemainder.prefix(max(0, missing)) {
            shares[index] += 1
        }
        return shares
    }
}
