import HookeSupport

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

    /// Validates the arguments; throws `InputError` naming the flag and value.
    init(parsing arguments: ParsedArguments) throws

    /// Does the work and returns the exit status; writes through `console`.
    func run(console: Console) throws -> Int32
}

extension HookeCommand {
    public static var maxPositionals: Int { 0 }
    static var name: String { words.joined(separator: " ") }
}

extension HookeCommand {
    /// Why a command that measures refuses a debug build; `hint` adds another way out.
    static func debugRefusal(hint: String = "") -> String {
        let command = (["hooke"] + words).joined(separator: " ")
        return "refusing to measure a debug build: timings of unoptimised code mean nothing. "
            + "Build in release with 'swift build -c release' and run '.build/release/\(command)', "
            + "or run '\((["scripts/run"] + words).joined(separator: " "))'." + hint
    }
}

extension ParsedArguments {
    /// The file the first positional argument names; without one, an error naming what the command
    /// needs (`a scenario file`) and where (`SCENARIO.json`).
    func requiredFile(_ what: String, placeholder: String) throws -> String {
        guard let path = positionals.first else {
            throw InputError("needs \(what): hooke \(command) \(placeholder); see 'hooke \(command) --help'")
        }
        return path
    }
}
