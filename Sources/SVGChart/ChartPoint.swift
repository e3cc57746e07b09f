/// One datum of a chart: a category or time label and its value.
///
/// Charts never format values with the server's locale. Pass `valueLabel`
/// when the reader should see a localised or unit-bearing text such as
/// `"S/ 120,00"` or `"3 clases"`; otherwise the value is printed with at
/// most two decimals and `.` as the decimal separator.
public struct ChartPoint: Sendable, Equatable {
    /// The category or period shown under (or beside) the datum, e.g. `"Lun"`.
    public var label: String
    /// The magnitude that is plotted. Non-finite values (NaN, ±infinity) are
    /// plotted as zero; negative values are clamped to the baseline.
    public var value: Double
    /// Optional pre-formatted text for `value`, shown instead of the raw number.
    public var valueLabel: String?

    /// Creates a datum.
    /// - Parameters:
    ///   - label: The category or period name.
    ///   - value: The magnitude to plot.
    ///   - valueLabel: Optional pre-formatted text shown instead of `value`.
    public init(label: String, value: Double, valueLabel: String? = nil) {
        self.label = label
        self.value = value
        self.valueLabel = valueLabel
    }

    /// The value as drawn: a bad upstream number must not leak NaN into
    /// SVG attributes, and the axes start at zero, so negatives sit on the baseline.
    var plottedValue: Double {
        value.isFinite ? max(0, value) : 0
    }

    /// The text readers see for the value (in labels, tooltips and `<desc>`).
    /// The raw value is shown, even when negative, so clamping never hides data.
    var displayValue: String {
        valueLabel ?? SVGFormatting.number(value.isFinite ? value : 0)
    }
}
