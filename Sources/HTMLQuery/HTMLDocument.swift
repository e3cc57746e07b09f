import CLibXML2

/// An HTML page parsed by the system's libxml2 the way a browser would: forgiving of unclosed tags, stray
/// characters and missing elements. Any text parses; the worst it gives is an empty document.
///
/// A document and the elements found in it are for one thread at a time: parse, read what you need into
/// plain values, and let it go.
public final class HTMLDocument {
    let pointer: htmlDocPtr?

    /// Parses `html` as UTF-8. The parser never reaches the network (`HTML_PARSE_NONET`) and reports nothing:
    /// broken markup is recovered, not refused.
    public init(html: String) {
        HTMLDocument.initialiseOnce()
        var bytes = Array(html.utf8)
        if bytes.isEmpty || bytes.count > Int(Int32.max) { bytes = Array("<html></html>".utf8) }
        let options = Int32(
            HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
                | HTML_PARSE_NONET.rawValue)
        pointer = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.flatMap { base in
                base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                    htmlReadMemory($0, Int32(buffer.count), nil, "UTF-8", options)
                }
            }
        }
    }

    deinit {
        if let pointer { xmlFreeDoc(pointer) }
    }

    /// The root element (`<html>`), nil only for a document libxml2 could not build at all.
    public var root: HTMLElement? {
        guard let pointer, let node = xmlDocGetRootElement(pointer) else { return nil }
        return HTMLElement(node: node, document: self)
    }

    /// Every element an XPath 1.0 expression selects, in document order; empty when nothing matches or the
    /// expression is not valid XPath.
    public func select(_ xpath: String) -> [HTMLElement] {
        guard let pointer else { return [] }
        return evaluate(xpath, from: UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: xmlNode.self))
    }

    /// The first element `xpath` selects.
    public func first(_ xpath: String) -> HTMLElement? { select(xpath).first }

    /// The text of the whole page (see ``HTMLElement/text``).
    public var text: String { root?.text ?? "" }

    func evaluate(_ xpath: String, from node: xmlNodePtr) -> [HTMLElement] {
        guard let pointer, let context = xmlXPathNewContext(pointer) else { return [] }
        defer { xmlXPathFreeContext(context) }
        context.pointee.node = node
        guard
            let result = xpath.withCString({ expression in
                expression.withMemoryRebound(to: xmlChar.self, capacity: xpath.utf8.count + 1) { xmlXPathEvalExpression($0, context) }
            })
        else { return [] }
        defer { xmlXPathFreeObject(result) }
        guard result.pointee.type == XPATH_NODESET, let set = result.pointee.nodesetval, let table = set.pointee.nodeTab else { return [] }
        var elements: [HTMLElement] = []
        for index in 0..<Int(max(0, set.pointee.nodeNr)) {
            if let found = table[index], found.pointee.type == XML_ELEMENT_NODE {
                elements.append(HTMLElement(node: found, document: self))
            }
        }
        return elements
    }

    /// libxml2 sets up its globals on first use; doing it once, up front, keeps that off concurrent threads.
    private static let initialised: Void = { xmlInitParser() }()
    private static func initialiseOnce() { _ = initialised }
}
