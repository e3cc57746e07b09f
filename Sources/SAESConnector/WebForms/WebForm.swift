import HTMLQuery

/// A field of a WebForms post, in page order.
public struct FormField: Sendable, Hashable, Codable {
    public var name: String
    public var value: String

    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}

/// An option of a `<select>`.
public struct FormOption: Sendable, Hashable, Codable {
    public var value: String
    public var label: String
}

/// A `<select>` with its options and the one the page marks selected.
public struct FormSelect: Sendable, Hashable, Codable {
    public var options: [FormOption]
    public var selected: String?
}

/// What an ASP.NET WebForms page carries for its next post: the hidden fields (`__VIEWSTATE`,
/// `__VIEWSTATEGENERATOR`, `__EVENTVALIDATION`…) that must go back unchanged, and its lists.
public struct WebForm: Sendable, Hashable, Codable {
    public var hiddenFields: [FormField]
    public var selects: [String: FormSelect]

    public init(html: String) { self.init(document: HTMLDocument(html: html)) }

    init(document: HTMLDocument) {
        hiddenFields = document.select("//input[translate(@type,'HIDEN','hiden')='hidden'][@name]").compactMap { input in
            input.attribute("name").map { FormField($0, input.attribute("value") ?? "") }
        }
        var selects: [String: FormSelect] = [:]
        for select in document.select("//select[@name]") {
            guard let name = select.attribute("name") else { continue }
            let options = select.select(".//option").map { option in
                FormOption(value: option.attribute("value") ?? option.cleanText, label: option.cleanText)
            }
            let selected = select.first(".//option[@selected]").map { $0.attribute("value") ?? $0.cleanText }
            selects[name] = FormSelect(options: options, selected: selected ?? options.first?.value)
        }
        self.selects = selects
    }

    /// The hidden field's value, if the page has it.
    public func hidden(_ name: String) -> String? {
        hiddenFields.first { $0.name == name }?.value
    }

    /// The hidden fields followed by `fields`, ready for ``SAESFormEncoding/encode(_:)``: what the browser
    /// would post.
    public func post(_ fields: [FormField]) -> [FormField] {
        let overridden = Set(fields.map(\.name))
        return hiddenFields.filter { !overridden.contains($0.name) } + fields
    }
}
