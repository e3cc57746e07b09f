/// Picks which category labels to print on a crowded x axis.
enum LabelThinning {
    /// Indices of the labels to draw, out of `count` evenly spaced slots,
    /// such that any two drawn labels are at least `minimumGap` slots apart.
    ///
    /// The first and last labels are always kept, because they tell the reader
    /// the range being shown; the rest are spread evenly between them. Rounding
    /// keeps every gap at least ⌊(count-1)/(kept-1)⌋ ≥ `minimumGap`.
    static func visibleIndices(count: Int, minimumGap: Int) -> [Int] {
        guard count > 0 else { return [] }
        guard count > 1 else { return [0] }
        let gap = max(1, minimumGap)
        let span = count - 1
        let kept = max(2, span / gap + 1)
        if kept >= count { return Array(0..<count) }
        let spacing = Double(span) / Double(kept - 1)
        return (0..<kept).map { Int((Double($0) * spacing).rounded()) }
    }
}
