import Foundation

/// A zero-based value axis whose top is a "nice" number.
///
/// Rule: the maximum is the smallest of 1, 2, 2.5 or 5 × 10ⁿ that is ≥ the
/// largest value (so 7 → 10, 1234 → 2000, 0.3 → 0.5). The step is chosen per
/// mantissa so the axis always has 4 or 5 intervals above the baseline:
///
/// | mantissa | step   | intervals |
/// |----------|--------|-----------|
/// | 1        | 0.2    | 5         |
/// | 2        | 0.5    | 4         |
/// | 2.5      | 0.5    | 5         |
/// | 5        | 1      | 5         |
///
/// A largest value of zero (or below 1e-12, or not finite) yields the axis
/// 0…1 so empty and all-zero data never divide by zero.
struct NiceScale: Sendable, Equatable {
    /// Top of the axis; always finite and > 0.
    let maximum: Double
    /// Distance between gridlines.
    let step: Double

    /// Values above this are drawn at full height; beyond it 10ⁿ⁺¹ could overflow.
    static let largestSupportedValue = 1e300
    /// Below this nothing is distinguishable with two-decimal labels.
    static let smallestSupportedValue = 1e-12

    /// Creates the scale for data whose largest value is `largestValue`.
    init(covering largestValue: Double) {
        guard largestValue.isFinite, largestValue >= Self.smallestSupportedValue else {
            maximum = 1
            step = 0.2
            return
        }
        let value = min(largestValue, Self.largestSupportedValue)
        let base = pow(10, floor(log10(value)))
        // (mantissa, step as a fraction of the decade); 10 covers log10 rounding down.
        let candidates: [(mantissa: Double, step: Double)] = [
            (1, 0.2), (2, 0.5), (2.5, 0.5), (5, 1), (10, 2),
        ]
        // Relative tolerance so 2 × 10⁻¹ is accepted for 0.2 despite binary rounding.
        let chosen = candidates.first { $0.mantissa * base >= value * (1 - 1e-9) } ?? (10, 2)
        maximum = chosen.mantissa * base
        step = chosen.step * base
    }

    /// Number of intervals between baseline and maximum (4 or 5).
    var intervalCount: Int {
        Int((maximum / step).rounded())
    }

    /// Gridline values from 0 to `maximum` inclusive, computed by
    /// multiplication so errors do not accumulate.
    var ticks: [Double] {
        (0...intervalCount).map { Double($0) * step }
    }

    /// Fraction of the axis height for `value`, clamped to 0…1 so negative
    /// or oversized values stay inside the plot.
    func fraction(of value: Double) -> Double {
        guard value.isFinite else { return 0 }
        return min(1, max(0, value / maximum))
    }
}
