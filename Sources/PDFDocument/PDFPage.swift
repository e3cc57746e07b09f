import Foundation

/// An sRGB colour, each part from 0 to 1.
public struct PDFColor: Sendable, Equatable {
    public var red: Double, green: Double, blue: Double

    public init(red: Double, green: Double, blue: Double) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// `#1a2b3c`; nil for anything else.
    public init?(hex: String) {
        let digits = hex.hasPrefix("#") ? String(hex.dropFirst()) : hex
        guard digits.count == 6, let value = Int(digits, radix: 16) else { return nil }
        self.init(red: Double((value >> 16) & 0xFF) / 255, green: Double((value >> 8) & 0xFF) / 255, blue: Double(value & 0xFF) / 255)
    }

    public static let black = PDFColor(red: 0, green: 0, blue: 0)
    public static let white = PDFColor(red: 1, green: 1, blue: 1)
    public static let grey = PDFColor(red: 0.42, green: 0.45, blue: 0.5)

    var components: String { [red, green, blue].map { PDFNumber.text(max(0, min(1, $0.isFinite ? $0 : 0))) }.joined(separator: " ") }
}

/// The two standard fonts a page may use.
public enum PDFFont: Sendable {
    case regular, bold

    var resource: String { self == .regular ? "/F1" : "/F2" }
}

/// One page being drawn. Coordinates are in points from the top-left corner, y growing downwards, as a
/// screen reads; the page turns them into PDF's bottom-left space.
public struct PDFPage: Sendable {
    public static let a4Width = 595.28, a4Height = 841.89

    public let width: Double
    public let height: Double
    private var operations: [String] = []

    public init(width: Double = PDFPage.a4Width, height: Double = PDFPage.a4Height) {
        self.width = width.isFinite && width > 0 ? min(width, 14_400) : PDFPage.a4Width
        self.height = height.isFinite && height > 0 ? min(height, 14_400) : PDFPage.a4Height
    }

    /// Text with its baseline at `y`.
    public mutating func text(_ text: String, x: Double, y: Double, size: Double, font: PDFFont = .regular, color: PDFColor = .black) {
        let size = size.isFinite ? max(1, min(size, 200)) : 10
        operations.append(
            "BT \(font.resource) \(PDFNumber.text(size)) Tf \(color.components) rg \(PDFNumber.text(x)) \(PDFNumber.text(height - y)) Td "
                + PDFText.literal(text) + " Tj ET")
    }

    /// Text cut with "…" so it fits in `maxWidth`.
    public mutating func text(
        _ text: String, x: Double, y: Double, size: Double, font: PDFFont = .regular, color: PDFColor = .black, maxWidth: Double
    ) {
        self.text(Self.fitted(text, size: size, font: font, maxWidth: maxWidth), x: x, y: y, size: size, font: font, color: color)
    }

    public mutating func rectangle(
        x: Double, y: Double, width: Double, height: Double, fill: PDFColor? = nil, stroke: PDFColor? = nil, lineWidth: Double = 0.5
    ) {
        guard fill != nil || stroke != nil else { return }
        var op = "q "
        if let fill { op += "\(fill.components) rg " }
        if let stroke { op += "\(stroke.components) RG \(PDFNumber.text(lineWidth)) w " }
        op += "\(PDFNumber.text(x)) \(PDFNumber.text(self.height - y - height)) \(PDFNumber.text(width)) \(PDFNumber.text(height)) re "
        op += fill != nil && stroke != nil ? "B Q" : (fill != nil ? "f Q" : "S Q")
        operations.append(op)
    }

    public mutating func line(fromX: Double, fromY: Double, toX: Double, toY: Double, color: PDFColor = .black, width: Double = 0.5) {
        operations.append(
            "q \(color.components) RG \(PDFNumber.text(width)) w \(PDFNumber.text(fromX)) \(PDFNumber.text(height - fromY)) m "
                + "\(PDFNumber.text(toX)) \(PDFNumber.text(height - toY)) l S Q")
    }

    /// The dark cells of a `count`×`count` grid (a QR code's modules) as filled squares, black.
    public mutating func cells(x: Double, y: Double, cellSize: Double, count: Int, isDark: (Int, Int) -> Bool) {
        let count = max(0, min(count, 400))
        var op = "q 0 0 0 rg "
        for row in 0..<count {
            for column in 0..<count where isDark(column, row) {
                op +=
                    "\(PDFNumber.text(x + Double(column) * cellSize)) \(PDFNumber.text(height - y - Double(row + 1) * cellSize)) "
                    + "\(PDFNumber.text(cellSize)) \(PDFNumber.text(cellSize)) re "
            }
        }
        operations.append(op + "f Q")
    }

    /// The width of `text` in points, from the fonts' metrics.
    public static func textWidth(_ text: String, size: Double, font: PDFFont = .regular) -> Double {
        Double(PDFText.encode(text).reduce(0) { $0 + HelveticaMetrics.width(of: $1, bold: font == .bold) }) * size / 1000
    }

    static func fitted(_ text: String, size: Double, font: PDFFont, maxWidth: Double) -> String {
        guard textWidth(text, size: size, font: font) > maxWidth else { return text }
        var characters = Array(text)
        while !characters.isEmpty, textWidth(String(characters) + "…", size: size, font: font) > maxWidth { characters.removeLast() }
        return characters.isEmpty ? "" : String(characters) + "…"
    }

    var content: [UInt8] { Array(operations.joined(separator: "\n").utf8) }
}
