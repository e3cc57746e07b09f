import Foundation

/// A PDF 1.4 file of one or more pages drawn with the standard Helvetica fonts: enough for receipts and
/// reports that Patio writes itself, with no dependency.
public struct PDFDocument: Sendable {
    public var title: String
    public var author: String?
    public var creationDate: Date
    private var pages: [PDFPage] = []

    public init(title: String, author: String? = nil, creationDate: Date) {
        self.title = title
        self.author = author
        self.creationDate = creationDate
    }

    public mutating func add(_ page: PDFPage) { pages.append(page) }

    /// The whole file: objects, a cross-reference table with each object's byte offset, and the trailer.
    public func render() -> [UInt8] {
        let shown = pages.isEmpty ? [PDFPage()] : pages
        // 1 catalog, 2 page tree, 3 and 4 the fonts, 5 the info dictionary, then a page and its content per page.
        var objects: [[UInt8]] = []
        let pageIDs = shown.indices.map { 6 + 2 * $0 }
        objects.append(Array("<< /Type /Catalog /Pages 2 0 R >>".utf8))
        objects.append(Array("<< /Type /Pages /Kids [\(pageIDs.map { "\($0) 0 R" }.joined(separator: " "))] /Count \(shown.count) >>".utf8))
        objects.append(Array("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>".utf8))
        objects.append(Array("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>".utf8))
        var info = "<< /Producer " + PDFText.literal("Patio") + " /Title " + PDFText.literal(title)
        if let author { info += " /Author " + PDFText.literal(author) }
        info += " /CreationDate " + PDFText.literal(Self.dateText(creationDate)) + " >>"
        objects.append(Array(info.utf8))
        for (index, page) in shown.enumerated() {
            let contentID = pageIDs[index] + 1
            objects.append(
                Array(
                    ("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 \(PDFNumber.text(page.width)) \(PDFNumber.text(page.height))] "
                        + "/Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents \(contentID) 0 R >>").utf8))
            let stream = page.content
            objects.append(Array("<< /Length \(stream.count) >>\nstream\n".utf8) + stream + Array("\nendstream".utf8))
        }
        var file = Array("%PDF-1.4\n%\u{E2}\u{E3}\u{CF}\u{D3}\n".utf8)
        var offsets: [Int] = []
        for (index, body) in objects.enumerated() {
            offsets.append(file.count)
            file += Array("\(index + 1) 0 obj\n".utf8) + body + Array("\nendobj\n".utf8)
        }
        let xref = file.count
        var table = "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
        for offset in offsets { table += String(repeating: "0", count: max(0, 10 - String(offset).count)) + "\(offset) 00000 n \n" }
        table += "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R /Info 5 0 R >>\nstartxref\n\(xref)\n%%EOF\n"
        return file + Array(table.utf8)
    }

    static func dateText(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
        let seconds = date.timeIntervalSince1970.isFinite ? date.timeIntervalSince1970 : 0
        let p = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: Date(timeIntervalSince1970: seconds))
        return String(format: "D:%04d%02d%02d%02d%02d%02dZ", p.year ?? 1970, p.month ?? 1, p.day ?? 1, p.hour ?? 0, p.minute ?? 0, p.second ?? 0)
    }
}

/// Numbers as PDF writes them: finite, two decimals at most, never exponent notation.
enum PDFNumber {
    static func text(_ value: Double) -> String {
        let safe = value.isFinite ? max(-1_000_000, min(1_000_000, value)) : 0
        let rounded = (safe * 100).rounded() / 100
        if rounded == rounded.rounded() { return String(Int(rounded)) }
        return String(format: "%.2f", rounded)
    }
}
