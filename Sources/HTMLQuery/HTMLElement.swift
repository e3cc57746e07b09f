import CLibXML2
import Foundation

/// One element of an ``HTMLDocument``; it keeps its document alive.
public struct HTMLElement {
    let node: xmlNodePtr
    let document: HTMLDocument

    /// The tag name in lower case (`td`, `span`).
    public var name: String {
        guard let name = node.pointee.name else { return "" }
        return String(cString: name).lowercased()
    }

    /// The value of an attribute, nil when the element does not have it.
    public func attribute(_ name: String) -> String? {
        let found = name.withCString { text in
            text.withMemoryRebound(to: xmlChar.self, capacity: name.utf8.count + 1) { xmlGetProp(node, $0) }
        }
        guard let value = found else { return nil }
        defer { htmlquery_free(value) }
        return String(cString: value)
    }

    /// The element's `id`, or nil.
    public var id: String? { attribute("id") }

    /// The text inside the element as a reader sees it: entities decoded, every `<br>` a line break, scripts
    /// and styles left out. Spaces are as the page wrote them; see ``cleanText``.
    public var text: String {
        var text = ""
        Self.appendText(of: node, to: &text)
        return text
    }

    /// ``text`` with every run of white space (non-breaking spaces and line breaks included) made one space,
    /// and trimmed.
    public var cleanText: String { HTMLText.collapsingSpaces(text) }

    /// The child elements, in order.
    public var children: [HTMLElement] {
        var elements: [HTMLElement] = []
        var child = node.pointee.children
        while let current = child {
            if current.pointee.type == XML_ELEMENT_NODE { elements.append(HTMLElement(node: current, document: document)) }
            child = current.pointee.next
        }
        return elements
    }

    /// Elements an XPath expression selects with this element as the context node (start it with `.` to
    /// stay inside the element: `.//tr`).
    public func select(_ xpath: String) -> [HTMLElement] { document.evaluate(xpath, from: node) }

    /// The first element `xpath` selects from here.
    public func first(_ xpath: String) -> HTMLElement? { select(xpath).first }

    /// Depth first without recursion: libxml2 may build trees thousands of elements deep (its own depth cap
    /// differs between versions), and a recursive walk over one would exhaust the thread's stack.
    private static func appendText(of node: xmlNodePtr, to text: inout String) {
        // Per open element, the next node to visit at its level.
        var pending: [xmlNodePtr?] = [node.pointee.children]
        while let next = pending.last {
            guard let current = next else {
                pending.removeLast()
                continue
            }
            pending[pending.count - 1] = current.pointee.next
            switch current.pointee.type {
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                if let content = current.pointee.content { text += String(cString: content) }
            case XML_ELEMENT_NODE:
                let name = current.pointee.name.map { String(cString: $0).lowercased() } ?? ""
                if name == "br" {
                    text += "\n"
                } else if name != "script" && name != "style" {
                    pending.append(current.pointee.children)
                }
            default:
                break
            }
        }
    }
}

/// Text helpers for what pages write.
public enum HTMLText {
    /// Every run of white space (including U+00A0 and line breaks) as one space, trimmed at both ends.
    public static func collapsingSpaces(_ text: String) -> String {
        // Scalar by scalar: splitting into Characters and joining costs more than the rest of a parse.
        var result = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            let isSpace = scalar.isASCII ? (scalar == " " || (0x09...0x0D).contains(scalar.value)) : scalar.properties.isWhitespace
            if isSpace {
                pendingSpace = !result.isEmpty
            } else {
                if pendingSpace { result.append(" ") }
                pendingSpace = false
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// Lower case with Spanish accents folded (`Miércoles` → `miercoles`, `Salón` → `salon`), for matching
    /// headers and labels whatever way a page spells them.
    public static func folded(_ text: String) -> String {
        collapsingSpaces(text).folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).lowercased()
    }
}
