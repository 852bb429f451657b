/// The `hooke` command line: finds the subcommand, parses and validates, runs, maps errors to
/// exit statuses (`ExitStatus`), never crashes on bad input.
import HookeSupport
import Scenarios
import Verification

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
        ConformCommand.self,
        BenchCommand.self,
        ProfileCommand.self,
        ReportCommand.self,
        ExportCommand.self,
    ] }

    public static let version = "0.1.0"

    /// The longest error line, in characters (a backstop for values not passed through `quoted`).
    static let errorLineLimit = 1000

    /// Runs `hooke` with `arguments` (without the program name) and returns the exit status.
    public static func main(_ arguments: [String], console: Console) -> Int32 {
        // A child started by verify's preconditions suite runs its probe instead of a command.
        if let status = PreconditionProbe.runIfRequested() { return status }
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
            return help(Array(arguments.dropFirst()), console: console)
        }
        guard let (command, rest) = resolve(arguments) else { return unresolved(arguments, console: console) }
        if rest.contains("--help") || rest.contains("-h") {
            console.print(helpText(command))
            return ExitStatus.success
        }
        return run(command, rest, console: console)
    }

    /// Parses and runs `command`; every error becomes one line on stderr and its exit status.
    static func run(_ command: any HookeCommand.Type, _ rest: [String], console: Console) -> Int32 {
        do {
            let parsed = try ParsedArguments(rest, options: command.options, command: command.name,
                                             maxPositionals: command.maxPositionals)
            let instance = try command.init(parsing: parsed)
            return try instance.run(console: console)
        } catch let error as OutputError {
            // Standard output is gone (full disk, closed pipe): say so once, on stderr.
            console.discardOutput()
            console.printError("hooke \(command.name): \(error)")
            return ExitStatus.usage
        } catch {
            // A usage error, or anything else (a reference solve that cannot finish, a file that
            // cannot be written): it comes from what the user asked for, so exit 2, nothing on stdout.
            let message = (error as? InputError)?.message ?? (error as? BaselineError)?.withRemedy ?? "\(error)"
            console.discardOutput()
            console.printError(oneLine("hooke \(command.name): \(message)", limit: errorLineLimit))
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
}
