import Foundation
import HookeCommandLine
import Testing

/// Bad and extreme invocations, each with what it must give: exit 0 with only
/// finite numbers, or exit 2 with one stderr line naming the user's flag or JSON path and value.
@Suite("robustness: finite or refused, one-line errors, early checks")
struct RobustnessTests {
    /// Every number in the output is finite (CSV fields, JSON numbers; `nan`, `inf`, `null` fail).
    static func expectFiniteOutput(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        let run = hooke(arguments)
        #expect(run.status == 0, "\(arguments): \(run.standardError)", sourceLocation: sourceLocation)
        #expect(!run.standardOutput.isEmpty, sourceLocation: sourceLocation)
        let lowered = run.standardOutput.lowercased()
        #expect(!lowered.contains("nan") && !lowered.contains("inf") && !lowered.contains("null"),
                "non-finite output for \(arguments)", sourceLocation: sourceLocation)
        for row in run.standardOutput.split(separator: "\n").dropFirst() {
            for field in row.split(separator: ",") {
                guard let number = Double(field) else { continue }
                #expect(number.isFinite, sourceLocation: sourceLocation)
            }
        }
    }

    static func temporaryFile(_ text: String, suffix: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("hooke-robust-\(UUID().uuidString)\(suffix)").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    // MARK: §2 finite inputs that gave nan/inf rows

    @Test("out-of-range numbers are refused, naming the flag and value", arguments: [
        (["eval", "spring", "--stiffness", "1", "--damping", "1e155", "--allow-overdamping"], ["--damping", "1e155", "1e100"]),
        (["eval", "spring", "--until", "1e308", "--step", "1e308"], ["--until", "1e308", "1e9"]),
        (["eval", "spring", "--from", "-1e308", "--to", "1e308"], ["--from", "-1e308", "1e100"]),
        (["eval", "spring", "--retarget", "0.2:1e308"], ["--retarget", "0.2:1e308", "1e100"]),
        (["eval", "curve", "--bezier", "0,1e308,1,1"], ["--bezier", "Y1", "1e308"]),
        (["eval", "curve", "--preset", "linear", "--duration", "1e-300"], ["--duration", "1e-300"]),
        (["eval", "spring", "--response", "0.5", "--damping-ratio", "1e308"], ["--damping-ratio", "1e308"]),
        (["eval", "spring", "--velocity", "1e200"], ["--velocity", "1e200"]),
    ])
    func refusedAtParsing(arguments: [String], mentions: [String]) {
        expectUsageError(arguments, mentions: mentions)
    }

    @Test("extreme but valid springs and spans give finite rows", arguments: [
        ["eval", "spring", "--duration", "0.5", "--bounce", "-0.9999999999"],
        ["eval", "spring", "--duration", "0.5", "--bounce", "-0.9999999999", "--engine", "gsl"],
        ["eval", "spring", "--stiffness", "1", "--damping", "1e100", "--allow-overdamping"],
        ["eval", "spring", "--stiffness", "1", "--damping", "1e100", "--allow-overdamping", "--engine", "gsl"],
        ["eval", "spring", "--until", "1e9", "--step", "1e8"],
        ["eval", "spring", "--from", "-1e100", "--to", "1e100", "--velocity", "1e100"],
        ["eval", "spring", "--from", "-1e100", "--to", "1e100", "--velocity", "1e100", "--engine", "gsl"],
        ["eval", "spring", "--response", "1e-6", "--damping-ratio", "1e100", "--to", "1e100", "--until", "1e9", "--step", "1e8"],
        ["eval", "spring", "--retarget", "0.2:1e100", "--retarget", "0.5:-1e100"],
        ["eval", "curve", "--bezier", "0.5,1e100,0.5,-1e100", "--from", "-1e100", "--to", "1e100", "--duration", "1e-6",
         "--until", "1e-6", "--step", "1e-7"],
    ])
    func extremeButValid(arguments: [String]) {
        Self.expectFiniteOutput(arguments)
    }

    @Test("scenario values beyond ±1e100 name their JSON path")
    func scenarioVectorTargets() throws {
        for value in ["1.8e308", "1e300"] {
            let path = try Self.temporaryFile(#"{"value": [1, 2], "frameRate": 60, "until": 0.1, "transactions": [{"time": 0, "value": [\#(value), 1], "animation": {"spring": {}}}]}"#, suffix: ".json")
            defer { try? FileManager.default.removeItem(atPath: path) }
            expectUsageError(["run", path], mentions: ["transactions[0].value[0]", value])
        }
    }

    @Test("trace values beyond ±1e100 are refused with line and column, not an rms of inf")
    func traceOverflow() throws {
        let path = try Self.temporaryFile("time,value\n0,0\n0.1,1e308\n0.2,-1e308\n", suffix: ".csv")
        defer { try? FileManager.default.removeItem(atPath: path) }
        expectUsageError(["verify", "--trace", path], mentions: ["--trace", "line 3 column 2 (value)", "1e308"])
    }

    // MARK: §3 valid springs get a settle time

    @Test("hooke spring answers for every accepted spring", arguments: [
        ["--response", "0.5", "--damping-ratio", "1e-6"],
        ["--response", "0.5", "--damping-ratio", "1e-9"],
        ["--response", "0.5", "--damping-ratio", "1e-300"],
        ["--bounce", "0.99999999999"],
        ["--stiffness", "100", "--damping", "1e-300"],
    ])
    func settleBeyondTheSearch(arguments: [String]) {
        let run = hooke(["spring"] + arguments)
        #expect(run.status == 0, "\(run.standardError)")
        let line = run.standardOutput.split(separator: "\n").first { $0.hasPrefix("trueSettleTime") } ?? ""
        #expect(line.contains("≥ ") && line.contains("≤ "), "\(line)")
    }

    // MARK: §4 errors name the user's input, on one line

    @Test("errors name the user's flags, never an internal parameter or GSL function", arguments: [
        (["eval", "spring", "--response", "0.5", "--damping-ratio", "1e308"], ["--damping-ratio"], ["--response:"]),
        (["eval", "spring", "--mass", "1e-308", "--stiffness", "1", "--damping", "1"], ["--mass 1e-308"], ["--stiffness:"]),
        (["eval", "spring", "--engine", "gsl", "--to", "1e308"], ["--to", "1e308"], ["initialVelocity"]),
        (["spring", "--stiffness", "1e-308", "--damping", "1", "--allow-overdamping"], ["--stiffness 1e-308"], ["times[0]"]),
        (["eval", "spring", "--engine", "gsl", "--response", "1e-6", "--damping-ratio", "0", "--until", "1e9", "--step", "1e8"],
         ["--engine gsl", "--until"], ["gsl_", "budget of"]),
    ])
    func errorsNameTheUsersInput(arguments: [String], mentions: [String], never: [String]) {
        expectUsageError(arguments, mentions: mentions)
        let message = hooke(arguments).standardError
        for word in never { #expect(!message.contains(word), "'\(message)' mentions '\(word)'") }
    }

    @Test("an argument with control characters gives one escaped line")
    func controlCharacters() {
        expectUsageError(["eval", "spring", "--response", "0.5\nx\u{1B}[31m", "--damping-ratio", "1"],
                         mentions: ["--response", "0.5\\nx\\u{1B}[31m"])
        expectUsageError(["eval", "spring", "--frobnicate\r\nnow"], mentions: ["--frobnicate\\r\\nnow"])
    }

    @Test("a huge field is echoed truncated, not whole")
    func hugeField() throws {
        let field = String(repeating: "7", count: 1_000_000) + "x"
        let path = try Self.temporaryFile("time,value\n0,\(field)\n", suffix: ".csv")
        defer { try? FileManager.default.removeItem(atPath: path) }
        expectUsageError(["verify", "--trace", path], mentions: ["line 2 column 2 (value)", "…"])
        let message = hooke(["verify", "--trace", path]).standardError
        #expect(message.count < 400, "\(message.count) characters")
    }

    // MARK: §5 output paths are checked before any work, no directory created

    @Test("output paths are checked before any work and create no directory")
    func earlyOutputChecks() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("hooke-robust-\(UUID().uuidString)")
        let deep = base.appendingPathComponent("new/deep/path.json").path
        expectUsageError(["verify", "--update-baseline", "--baseline", deep], mentions: ["--baseline", "does not exist"])
        expectUsageError(["bench", "--update-baseline", "--baseline", deep], mentions: ["--baseline", "does not exist"])
        expectUsageError(["bench", "--update-baseline", "--baseline", FileManager.default.temporaryDirectory.path],
                         mentions: ["--baseline", "is a directory"])
        #expect(!FileManager.default.fileExists(atPath: base.path))
        let file = try Self.temporaryFile("x", suffix: ".txt")
        defer { try? FileManager.default.removeItem(atPath: file) }
        expectUsageError(["report", "--out", file + "/sub", "--no-bench"], mentions: ["--out", "Not a directory"])
        expectUsageError(["verify", "--quick", "--json", file + "/x.json"], mentions: ["--json", "is not a directory"])
    }
}
