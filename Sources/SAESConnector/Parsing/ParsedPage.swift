/// What a parser read from a page, and what it could not.
///
/// `value` is nil when the page lacks what the parser looks for altogether (the panel is missing): there is
/// nothing to keep. Otherwise it holds everything readable, and `problems` names each part left out (a row
/// with the wrong number of cells, a grade that is not a grade) instead of a guess.
public struct ParsedPage<Value: Sendable>: Sendable {
    public var value: Value?
    public var problems: [String]

    public init(value: Value?, problems: [String] = []) {
        self.value = value
        self.problems = problems
    }

    /// Nothing could be read; `problem` says why.
    public static func unreadable(_ problem: String) -> ParsedPage { ParsedPage(value: nil, problems: [problem]) }

    /// Read in full, nothing left out.
    public var isComplete: Bool { value != nil && problems.isEmpty }
}

extension ParsedPage: Equatable where Value: Equatable {}
