import Conformance
import Foundation
import HookeSupport

/// `hooke conform --engine 'CMD ARGS…'`: runs Hooke's conformance case set through an animation
/// engine of any language (a child process speaking JSON Lines) and prints its scorecard. The
/// judge is the `Conformance` library; this command parses, calls it and prints.
struct ConformCommand: HookeCommand {
    static let words = ["conform"]
    static let summary = "Judge an animation engine (any language, over JSON Lines) against physics and SwiftUI"
    static let options: [OptionSpec] = [
        OptionSpec("--engine", .single, "CMD", "the engine to start: a program and its arguments, split as a shell\nsplits plain words (quotes and backslashes; no variables or pipes)"),
        OptionSpec("--list", .flag, "", "list the cases (id and what each probes) instead of judging"),
        OptionSpec("--kind", .single, "K,...", "only these kinds: spring, curve, animation, transaction (default all)"),
        OptionSpec("--tier", .single, "T", "what passes: exact (≤ 1e-9 of the distance, the default) or\nvisual (≤ 5e-4: half a pixel of a 1,000-pixel move)"),
        OptionSpec("--timeout", .single, "S", "seconds to wait for each reply before the engine is killed\n(default 10)"),
        OptionSpec("--json", .single, "FILE", "also write every case's result as JSON ('-': stdout, the table\nthen goes to stderr); written even when the run is incomplete"),
        OptionSpec("--expected-failures", .single, "FILE", "case ids or globs (one per line, # comments) that may fail\nwithout failing the run; a listed case that passes is reported"),
    ]
    static let help = """
    USAGE: hooke conform --engine 'CMD ARGS...' [--kind K,...] [--tier exact|visual] [--timeout S]
                         [--json FILE|-] [--expected-failures FILE]
           hooke conform --list [--kind K,...]

    Starts the engine as a child process and speaks JSON Lines (protocol 1) on its stdin and
    stdout; its stderr is passed through, each line prefixed with its name:
      hooke  → {"type":"hello","protocol":1}
      engine → {"type":"hello","protocol":1,"name":"…","version":"…","kinds":["spring","curve","animation"]}
      hooke  → {"type":"case","id":"…","kind":"spring", …inputs…}        (one per case)
      engine → {"type":"result","id":"…","values":[…]}  (optional "velocities", "times";
               or "unsupported":"why")
      hooke  → {"type":"bye"}, closes stdin; the engine exits 0.
    Kinds: spring (judged against the GSL reference: physics), curve (cubic Bézier, against
    GSL's Brent root), animation (a `hooke run` scenario, against Hooke's animator: the SwiftUI
    model the device recordings confirm), transaction (a `hooke run` tree scenario, sent with
    "values": [names]; the engine answers every value at every frame, frame by frame, and is
    judged against Hooke's transaction resolution and animator). The README's "hooke conform"
    section is the contract.

    Each case is graded relative to the motion's distance: exact (≤ 1e-9), visual (≤ 5e-4) or
    fail; velocities, when given, relative to ω0·distance. The scorecard has one row per kind
    (cases, exact, visual, failed, unsupported, engine errors, not run, worst error with its case
    and time). A case of a kind the engine does not declare is unsupported, never a failure.

    An engine that hangs (no reply within --timeout), dies, writes a line that is not a reply,
    answers the wrong id or writes a line over 64 MiB is killed and named with its case in one
    line; the cases judged before keep their results, the rest are not run, and --json is still
    written, with "complete": false. A reply with the wrong number of values, or a NaN or
    infinity, makes that case an error and the run goes on.

    OPTIONS:
    \(OptionSpec.helpLines(options, column: 25))

    EXIT STATUS (this command): 0 every case passes or is an expected failure; 1 an unexpected
    failure or an engine error; 2 bad usage, or an engine that cannot start or fails the
    handshake; 4 only improvements (listed failures that now pass).

    EXAMPLES:
      hooke conform --engine 'python3 examples/engines/python/euler.py'
      hooke conform --engine .build/debug/hooke-engine --json scorecard.json
      hooke conform --list --kind curve
    """

    enum Mode {
        case list
        case judge(command: String, words: [String], timeout: Double, json: String?, expected: ExpectedFailures)
    }

    var mode: Mode
    var kinds: Set<ConformanceKind>?
    var tier: Tier

    init(parsing arguments: ParsedArguments) throws {
        if let list = arguments.string("--kind") {
            kinds = Set(try list.split(separator: ",", omittingEmptySubsequences: false).map {
                try parseChoice(String($0), option: "--kind") as ConformanceKind
            })
        }
        tier = try arguments.choice("--tier", default: Tier.exact.rawValue)
        if arguments.flag("--list") {
            try arguments.refuse(["--engine", "--tier", "--timeout", "--json", "--expected-failures"], with: "--list",
                                 because: "it only lists the cases")
            mode = .list
        } else {
            guard let command = arguments.string("--engine") else {
                throw InputError("--engine: needs the engine's command, e.g. --engine 'python3 euler.py'; see 'hooke conform --help'")
            }
            let words: [String]
            do {
                words = try engineCommandWords(command)
            } catch {
                throw InputError("--engine: \(error.message) in \(quoted(command))")
            }
            let timeout = try arguments.double("--timeout", default: 10, .positiveTime)
            let json = try arguments.outputFile("--json")
            var expected = ExpectedFailures()
            if let path = try arguments.inputFile("--expected-failures") {
                guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
                    throw InputError("--expected-failures: cannot read \(quoted(path))")
                }
                do {
                    expected = try ExpectedFailures(text: text)
                } catch {
                    throw InputError("--expected-failures: \(path) line \(error.line): \(error.message)")
                }
            }
            mode = .judge(command: command, words: words, timeout: timeout, json: json, expected: expected)
        }
    }

    func run(console: Console) throws -> Int32 {
        let cases = try CaseSet.standard(repository: Repository.root())
        guard case let .judge(command, words, timeout, json, expected) = mode else {
            console.print(cases.listing(of: kinds))
            return ExitStatus.success
        }
        let selected = cases.cases(of: kinds)
        var engine = ProcessEngine(command: words, timeout: timeout, stderr: { console.printError($0) })
        let card: Scorecard
        do {
            var current: ConformanceKind?
            card = try Judge(tier: tier).run(selected, on: &engine) { _, item in
                if item.kind != current {
                    current = item.kind
                    console.printError("conform: \(item.kind.rawValue): \(selected.filter { $0.kind == item.kind }.count) cases")
                }
            }
        } catch {
            throw InputError("--engine \(quoted(command)): \(error.message)")
        }
        let verdict = card.verdict(expected)
        let shownKinds = ConformanceKind.allCases.filter { kinds?.contains($0) ?? true }
        let show = try console.writeJSON(Data(card.json(verdict: verdict, kinds: shownKinds).utf8), to: json)
        if let line = card.engineFailure { console.printError("hooke conform: " + line) }
        if let line = card.finishFailure { console.printError("hooke conform: " + line) }
        show(card.table(verdict: verdict, kinds: shownKinds))
        if let json, json != standardOutputPath { console.printError("wrote \(json)") }
        switch verdict.outcome {
        case .pass: return ExitStatus.success
        case .failed: return ExitStatus.checkFailed
        case .improvementsOnly: return ExitStatus.improvementsOnly
        }
    }
}
