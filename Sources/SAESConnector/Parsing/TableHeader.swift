import HTMLQuery

/// A table's header row, its cells named the way the readers match them, so a reader finds its columns by
/// name and can tell which ones it does not know.
struct TableHeader {
    /// Each header cell's ``name(_:)``, in order.
    let names: [String]

    init(_ cells: [HTMLElement]) { names = cells.map { Self.name($0.cleanText) } }

    /// Folded (`Miércoles` → `miercoles`), underscores as spaces (`Plan_Estud`), without the dot leaders real
    /// pages pad headers with (`Materia.......`, `Final.........`, `Forma Eval.`).
    static func name(_ text: String) -> String {
        var name = HTMLText.folded(text.replacingOccurrences(of: "_", with: " "))
        while let last = name.last, last == "." || last == " " { name.removeLast() }
        return name
    }

    /// The first column whose name passes `matches`.
    func column(_ matches: (String) -> Bool) -> Int? { names.firstIndex(where: matches) }

    /// Every column whose name passes `matches`, in order.
    func columns(_ matches: (String) -> Bool) -> [Int] { names.indices.filter { matches(names[$0]) } }

    /// The problem a column no reader maps leaves: its data is on the page but not in what Patio read.
    func unread(_ known: Set<Int>) -> [String] {
        names.indices.filter { !known.contains($0) }.map { "The column “\(names[$0].prefix(30))” is not one Patio reads; it was left out." }
    }
}
