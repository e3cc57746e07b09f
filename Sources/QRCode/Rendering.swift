import Foundation

extension QRCode {
    /// A standalone SVG: one path of horizontal runs of dark modules on a light square, sized by its container.
    public func svg(quietZone: Int = 4, dark: String = "#000", light: String = "#fff", title: String? = nil) -> String {
        let side = size + 2 * quietZone
        var path = ""
        for y in 0..<size {
            var x = 0
            while x < size {
                guard isDark(x: x, y: y) else { x += 1; continue }
                let start = x
                while x < size && isDark(x: x, y: y) { x += 1 }
                path += "M\(start + quietZone) \(y + quietZone)h\(x - start)v1h-\(x - start)z"
            }
        }
        let label = title.map { "<title>\(Self.escape($0))</title>" } ?? ""
        return "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(side) \(side)\" role=\"img\" shape-rendering=\"crispEdges\">\(label)"
            + "<rect width=\"\(side)\" height=\"\(side)\" fill=\"\(Self.escape(light))\"/><path fill=\"\(Self.escape(dark))\" d=\"\(path)\"/></svg>"
    }

    /// A binary greyscale PGM (P5) image of the symbol, for tools that read plain images.
    public func pgm(moduleSize: Int = 4, quietZone: Int = 4) -> [UInt8] {
        let side = (size + 2 * quietZone) * moduleSize
        var pixels = [UInt8](repeating: 255, count: side * side)
        for py in 0..<side {
            for px in 0..<side where isDark(x: px / moduleSize - quietZone, y: py / moduleSize - quietZone) {
                pixels[py * side + px] = 0
            }
        }
        return Array("P5\n\(side) \(side)\n255\n".utf8) + pixels
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;").replacingOccurrences(of: "'", with: "&apos;")
    }
}
