/// The `hooke` command line: finds the subcommand, parses and validates, runs, maps errors to
/// exit statuses (`ExitStatus`), never crashes on bad input.
import Scenarios

public enum Hooke {
    /// Every subcommand, in the order `hooke --help` lists them.
    public static var commands: [any HookeCommand.Type] { [
        MainJobCommand.self,
        EvalSpringCommand.self,
        EvalCurveCommand.self,
        EvalKeyframesCommand.self,
        SpringCommand.self,
        RunCommand.self,
        VerifyCommand.self,
        BenchCommand.self,
        ProfileCommand.self,
        ReportCommand.self,
    ] }

    public static let version = "0.1.0"

    /// Runs `hooke` with `arguments` (without the program name) and returns the exit status.
    public static func main(_ arguments: [String], console: Console) -> Int32 {
        let status = dispatch(arguments, console: console)
        do {
            try console.flush()
        } catch {
            console.printError("hooke: \(error)")
            return ExitStatus.usage
        }
        return status
    }

    /// Parses, runs and maps errors to exit statuses; the caller flushes standard output.
    static func dispatch(_ arguments: [String], console: Console) -> Int32 {
        if arguments.first == "--version" {
            console.print("hooke \(version)")
            return ExitStatus.success
        }
        if arguments.isEmpty == false, ["--help", "-h", "help"].contains(arguments[0]) {
            let rest = Array(arguments.dropFirst())
            if rest.isEmpty {
                console.print(topLevelHelp)
            } else if let (command, _) = resolve(rest) {
                console.print(helpText(command))
            } else {
                console.printError("hooke: unknown command \(quoted(rest.joined(separator: " "))); see 'hooke --help'")
                return ExitStatus.usage
            }
            return ExitStatus.success
        }
        guard let (command, rest) = resolve(arguments) else {
            // A group word alone (`hooke eval`): list its subcommands.
            let prefix = Array(arguments.prefix { !$0.hasPrefix("-") })
            let group = commands.filter { !prefix.isEmpty && $0.words.starts(with: prefix) }
            if !group.isEmpty {
                let list = group.map { "  hooke " + $0.name.padding(to: 16) + $0.summary }.joined(separator: "\n")
                if arguments.contains("--help") || arguments.contains("-h") {
                    console.print("USAGE: hooke \(prefix.joined(separator: " ")) SUBCOMMAND ...\n\n\(list)")
                    return ExitStatus.success
                }
                console.printError("hooke \(prefix.joined(separator: " ")): needs a subcommand: "
                                   + group.map { $0.name }.joined(separator: ", "))
                return ExitStatus.usage
            }
            let words = arguments.prefix { !$0.hasPrefix("-") }.joined(separator: " ")
            console.printError("hooke: unknown command \(quoted(words)); see 'hooke --help'")
            return ExitStatus.usage
        }
        if rest.contains("--help") || rest.contains("-h") {
            console.print(helpText(command))
            return ExitStatus.success
        }
        do {
            let parsed = try ParsedArguments(rest, options: command.options, command: command.name,
                                             maxPositionals: command.maxPositionals)
            let instance = try command.init(parsing: parsed)
            return try instance.run(console: console)
        } catch let error as UsageError {
            console.discardOutput()
            console.printError(oneLine("hooke \(command.name): \(error.message)", limit: errorLineLimit))
            return ExitStatus.usage
        } catch let error as CheckFailure {
            console.printError(oneLine("hooke \(command.name): \(error.message)", limit: errorLineLimit))
            return ExitStatus.checkFailed
        } catch let error as OutputError {
            // Standard output is gone (full disk, closed pipe): say so once, on stderr.
            console.discardOutput()
            console.printError("hooke \(command.name): \(error)")
            return ExitStatus.usage
        } catch {
            // Anything else (a reference solve that cannot finish, a file that cannot be written)
            // comes from what the user asked for: bad input, exit 2, nothing more on stdout.
            console.discardOutput()
            console.printError(oneLine("hooke \(command.name): \(error)", limit: errorLineLimit))
            return ExitStatus.usage
        }
    }

    /// The command whose words are the longest prefix of `arguments`, and the remaining arguments.
    static func resolve(_ arguments: [String]) -> (any HookeCommand.Type, [String])? {
        var best: (any HookeCommand.Type, [String])?
        var bestLength = -1
        for command in commands {
            let words = command.words
            guard arguments.count >= words.count, Array(arguments.prefix(words.count)) == words else { continue }
            // The main job (no words) only matches when the next argument is an option or nothing.
            if words.isEmpty, let first = arguments.first, !first.hasPrefix("-") { continue }
            if words.count > bestLength {
                best = (command, Array(arguments.dropFirst(words.count)))
                bestLength = words.count
            }
        }
        return best
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

extension String {
    func padding(to width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
    func leftPadding(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
