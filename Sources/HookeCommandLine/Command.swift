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

extension Hooke {
    /// A command's `--help`: its own text, then the exit statuses every command shares.
    static func helpText(_ command: any HookeCommand.Type) -> String {
        command.help + "\n\n" + ExitStatus.helpLine
    }

    static var topLevelHelp: String {
        var lines = [
            "hooke \(version) — SwiftUI-style animation math on Linux, checked against a GSL reference",
            "",
            "USAGE: hooke [SUBCOMMAND] [OPTIONS]",
            "",
            "SUBCOMMANDS:",
        ]
        for command in commands {
            let name = command.words.isEmpty ? "(none)" : command.name
            lines.append("  " + name.padding(to: 16) + command.summary)
        }
        lines += [
            "",
            "SPRING := --response R --damping-ratio Z | --duration D [--bounce B]",
            "        | --stiffness K --damping C [--mass M] [--allow-overdamping]",
            "",
            ExitStatus.helpLine,
            "See 'hooke SUBCOMMAND --help' for the options of each subcommand.",
        ]
        return lines.joined(separator: "\n")
    }
}
