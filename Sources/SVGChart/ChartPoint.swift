/// One value on a chart, with its axis label and an optional ready-formatted value ("S/ 120.00", "3 clases").
public struct ChartPoint: Sendable, Equatable {
    public var label: String
    public var value: Double
    public var valueLabel: String?

    public init(label: String, value: Double, valueLabel: String? = nil) {
        self.label = label
        self.value = value
        self.valueLabel = valueLabel
    }
}
