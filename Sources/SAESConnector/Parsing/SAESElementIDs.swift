import HTMLQuery

/// SAES names its controls `ctl00_mainCopy_X` on most schools and `mainCopy_X` on some; every lookup takes
/// both.
enum SAESElementIDs {
    static let prefixes = ["ctl00_mainCopy_", "mainCopy_"]

    /// An XPath predicate matching either spelling of `id` (`GV_Calif`).
    static func predicate(_ id: String) -> String {
        prefixes.map { "@id='\($0)\(id)'" }.joined(separator: " or ")
    }

    /// The element whose id is either spelling of `id`.
    static func element(_ id: String, in document: HTMLDocument) -> HTMLElement? {
        document.first("//*[\(predicate(id))]")
    }

    /// Every element whose id starts with either spelling of `prefix`, keyed by its id without SAES's own
    /// prefix (`TabContainer1_Tab_Generales_Lbl_CURP`), the first in the page winning: one pass over the page
    /// instead of one per label.
    static func elements(prefixed prefix: String, in document: HTMLDocument) -> [String: HTMLElement] {
        let predicate = prefixes.map { "starts-with(@id,'\($0)\(prefix)')" }.joined(separator: " or ")
        var found: [String: HTMLElement] = [:]
        for element in document.select("//*[\(predicate)]") {
            guard let id = element.attribute("id"), let own = prefixes.first(where: id.hasPrefix) else { continue }
            let key = String(id.dropFirst(own.count))
            if found[key] == nil { found[key] = element }
        }
        return found
    }

    /// The cleaned text of a label, nil when the label is missing.
    static func label(_ id: String, in document: HTMLDocument) -> String? {
        element(id, in: document)?.cleanText
    }

    /// The rows of a table as their cells (`td` or `th`), each row's element kept for nested reads.
    static func rows(of table: HTMLElement) -> [(row: HTMLElement, cells: [HTMLElement])] {
        // Rows directly in the table or in its tbody/thead, not the rows of a table nested in a cell.
        table.select("./tr | ./tbody/tr | ./thead/tr").map { row in
            (row, row.children.filter { $0.name == "td" || $0.name == "th" })
        }
    }
}
