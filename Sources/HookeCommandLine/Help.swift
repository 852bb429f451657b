import HookeSupport

/// The help `hooke` prints: the command list, each command's `--help`, and a group word's subcommands.
extension Hooke {
    /// `hooke help [SUBCOMMAND]`.
    static func help(_ words: [String], console: Console) -> Int32 {
        if words.isEmpty {
            console.print(topLevelHelp)
        } else if let (command, _) = resolve(words) {
            console.print(helpText(command))
        } else {
            console.printError("hooke: unknown command \(quoted(words.joined(separator: " "))); see 'hooke --help'")
            return ExitStatus.usage
        }
        return ExitStatus.success
    }

    /// Words that name no command: a group word alone (`hooke eval`) lists its subcommands.
    static func unresolved(_ arguments: [String], console: Console) -> Int32 {
        let prefix = Array(arguments.prefix { !$0.hasPrefix("-") })
        let group = commands.filter { !prefix.isEmpty && $0.words.starts(with: prefix) }
        guard !group.isEmpty else {
            console.printError("hooke: unknown command \(quoted(prefix.joined(separator: " "))); see 'hooke --help'")
            return ExitStatus.usage
        }
        let list = group.map { "  hooke " + $0.name.padding(to: 16) + $0.summary }.joined(separator: "\n")
        if arguments.contains("--help") || arguments.contains("-h") {
            console.print("USAGE: hooke \(prefix.joined(separator: " ")) SUBCOMMAND ...\n\n\(list)")
            return ExitStatus.success
        }
        console.printError("hooke \(prefix.joined(separator: " ")): needs a subcommand: " + group.map { $0.name }.joined(separator: ", "))
        return ExitStatus.usage
    }

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
