/// One subcommand: its words (`["eval", "spring"]`), its help, its options, and a separate
/// validation step (`init(parsing:)`) before `run`, as swift-argument-parser does.
public protocol HookeCommand {
    /// The words after `hooke` that select the command, e.g. `["eval", "spring"]`.
    static var words: [String] { get }
    /// One line for the command list.
    static var summary: String { get }
    /// The full `--help` text.
    static var help: String { get }
    static var options: [OptionSpec] { get }
    static var maxPositionals: Int { get }

    /// Validates the arguments; throws `UsageError` naming the flag and value.
    init(parsing arguments: ParsedArguments) throws

    /// Does the work and returns the exit status; writes through `console`.
    func run(console: Console) throws -> Int32
}

extension HookeCommand {
    public static var maxPositionals: Int { 0 }
    static var name: String { words.joined(separator: " ") }
}
