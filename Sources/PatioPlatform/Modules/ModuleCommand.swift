/// A command a module adds to the `patio` command line, as `patio <module id> <path…> <arguments…>`:
/// `patio <module> audit`, `patio <module> rates import FILE`. It exists only while its module is enabled,
/// and the command line knows no module by name.
public struct ModuleCommand: Sendable {
    /// The words after the module id, such as `["rates", "import"]`.
    public let path: [String]
    /// Names of the positional arguments it takes, for its usage line (`["FILE"]`).
    public let arguments: [String]
    public let abstract: String
    /// Runs with exactly `arguments.count` values; answers the process's exit status.
    public let run: @Sendable (ModuleCommandInvocation) async throws -> Int32

    public init(path: [String], arguments: [String] = [], abstract: String, run: @escaping @Sendable (ModuleCommandInvocation) async throws -> Int32)
    {
        self.path = path
        self.arguments = arguments
        self.abstract = abstract
        self.run = run
    }

    /// `patio <module> rates import FILE`.
    public func usage(module: String) -> String {
        (["patio", module] + path + arguments).joined(separator: " ")
    }
}

/// What a module command is run with: its argument values, the platform as the server would give it, and
/// where to write what the operator reads.
public struct ModuleCommandInvocation: Sendable {
    public let arguments: [String]
    public let environment: ModuleEnvironment
    public let print: @Sendable (String) -> Void

    public init(arguments: [String], environment: ModuleEnvironment, print: @escaping @Sendable (String) -> Void) {
        self.arguments = arguments
        self.environment = environment
        self.print = print
    }
}

extension PatioModule {
    /// The command `words` name (the longest matching path) and the words left for its arguments.
    public func command(for words: [String]) -> (ModuleCommand, [String])? {
        commands()
            .filter { words.starts(with: $0.path) }
            .max { $0.path.count < $1.path.count }
            .map { ($0, Array(words.dropFirst($0.path.count))) }
    }
}
