// VerifierReach.swift — what the verifier reaches, as `scripts/coverage` and `scripts/mutate` measured it:
// the models of reports/coverage.json and reports/mutation.json (their schemas are documented in the
// scripts' headers), read when present, and the accuracy page's section that renders them.

import Foundation

/// The verifier's reach: its coverage of a module and its score on random mutants, each optional.
public struct VerifierReach: Sendable {
    public var coverage: CoverageSummary?
    public var mutation: MutationSummary?

    public init(coverage: CoverageSummary? = nil, mutation: MutationSummary? = nil) {
        self.coverage = coverage
        self.mutation = mutation
    }

    /// The files the scripts write, relative to the repository.
    public static let coveragePath = "reports/coverage.json"
    public static let mutationPath = "reports/mutation.json"

    /// Reads both files from `repository` (a missing file leaves its part nil).
    /// - Throws: `InputError`-style text naming the file and the reason, for a file that exists but
    ///   is not a result of the script, or has a schema version this build does not know.
    public static func load(repository: URL) throws -> VerifierReach {
        VerifierReach(coverage: try read(CoverageSummary.self, coveragePath, repository),
                      mutation: try read(MutationSummary.self, mutationPath, repository))
    }

    public struct LoadError: Error, CustomStringConvertible {
        public var description: String
    }

    static func read<T: Decodable & Versioned>(_ type: T.Type, _ path: String, _ repository: URL) throws -> T? {
        let url = repository.appendingPathComponent(path)
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        let value: T
        do {
            value = try JSONDecoder().decode(T.self, from: Data(contentsOf: url))
        } catch {
            throw LoadError(description: "\(path): not a result of scripts/\(T.script): \(error)")
        }
        guard T.readableVersions.contains(value.schemaVersion) else {
            throw LoadError(description: "\(path): schemaVersion \(value.schemaVersion), this hooke reads "
                            + T.readableVersions.map(String.init).joined(separator: " or "))
        }
        return value
    }
}

protocol Versioned {
    var schemaVersion: Int { get }
    /// The schema versions this reader understands, oldest first.
    static var readableVersions: [Int] { get }
    static var script: String { get }
}

/// reports/coverage.json (`scripts/coverage`, schemaVersion 2).
public struct CoverageSummary: Codable, Sendable, Versioned {
    public struct Totals: Codable, Sendable {
        public var lines, linesReached, linesIndependent, linesExplained, functions, functionsReached, functionsIndependent: Int
    }
    /// A range of lines no reference or invariant check reaches, and why (from scripts/coverage-reasons.json).
    public struct Reason: Codable, Sendable {
        public var path: String
        public var first, last: Int
        /// "unreached", or "consistency": reached only by consistency checks, findings or the code around the checks.
        public var status: String
        /// unreachable | debug-only | delegated | unverified; nil when no reason is given.
        public var kind: String?
        public var reason: String?
    }
    public struct File: Codable, Sendable {
        public var path: String
        public var lines, linesReached, linesIndependent, functions, functionsReached, functionsIndependent: Int
        /// Line ranges [first, last] reached only by consistency checks, findings or the code around the checks.
        public var onlyConsistency: [[Int]]
        public var unreached: [[Int]]
    }
    public struct Function: Codable, Sendable {
        public var path: String
        public var line: Int
        public var name: String
    }
    public struct PublicFunctions: Codable, Sendable {
        public var count, reached, independent: Int
        public var unreached, notIndependent: [Function]
    }

    public var schemaVersion: Int
    public var module: String
    public var command: String
    public var commit: String
    public var llvmCov: String
    public var totals: Totals
    public var files: [File]
    public var reasons: [Reason]
    public var publicFunctions: PublicFunctions
    public var failedSuites: [String]

    static let readableVersions = [2]
    static let script = "coverage"
}

/// reports/mutation.json (`scripts/mutate`, schemaVersion 2; 1, which had no within-contract
/// outcome, is read with `withinContract` absent).
public struct MutationSummary: Codable, Sendable, Versioned {
    public struct Spread: Codable, Sendable {
        public var median, min, max: Double
    }
    public struct Timing: Codable, Sendable {
        public var buildSeconds: Double
        public var verifyRunSeconds: Spread?
        public var testRunSeconds: Spread?
        public var totalSeconds: Double
    }
    public struct Score: Codable, Sendable {
        public var killedByVerify, killedOnlyByTests, survived, equivalent: Int
        /// Mutants that change results only within the documented accuracy (schemaVersion 2): not
        /// killed, so they stay in the percentages' denominator.
        public var withinContract: Int?
        public var verifyPercent: Double?
        public var verifyAndTestsPercent: Double?
    }
    public struct Mutant: Codable, Sendable {
        public var id: Int
        public var path: String
        public var line: Int
        public var `operator`: String
        public var original: String
        public var mutated: String
        /// verify | tests | survived | within-contract | equivalent
        public var outcome: String
        public var verifySeconds: Double?
        public var evidence: String?
        public var argument: String?
    }

    public var schemaVersion: Int
    public var module: String
    public var seed: Int
    public var count: Int
    public var command: String
    public var commit: String
    public var load: Double
    public var timing: Timing
    public var dropped: Int
    public var score: Score
    public var mutants: [Mutant]

    static let readableVersions = [1, 2]
    static let script = "mutate"

    /// "172/200 (86.0 %)" killed by verify alone, of the mutants not shown equivalent.
    public var verifyScore: String {
        "\(score.killedByVerify)/\(count - score.equivalent)" + (score.verifyPercent.map { " (\(ReportFormat.significant($0, digits: 3)) %)" } ?? "")
    }
}

extension AccuracyPage {
    /// The headline's words for the random sample, beside the planted faults (`planted`: "15/15").
    static func randomSampleHeadline(_ reach: VerifierReach?, planted: String? = nil) -> String {
        guard let mutation = reach?.mutation else { return "" }
        return (planted.map { " Planted faults caught \($0);" } ?? "") + " Random mutants of \(mutation.module) (seed \(mutation.seed), \(mutation.count) sampled): killed by `hooke verify` "
            + "\(mutation.verifyScore)"
            + (mutation.score.verifyAndTestsPercent.map { ", by verify and the tests \(ReportFormat.significant($0, digits: 3)) %" } ?? "")
            + " — see [reach of the verifier](#reach-of-the-verifier)."
    }

    /// Coverage by kind of check, and the score on random mutants with every survivor.
    static func reachSection(_ reach: VerifierReach?) -> String {
        var page = "## Reach of the verifier\n\n"
        guard let reach, reach.coverage != nil || reach.mutation != nil else {
            return page + "_No coverage or mutation results (`scripts/coverage`, `scripts/mutate` write "
                + "reports/coverage.json and reports/mutation.json)._\n\n"
        }
        if let coverage = reach.coverage { page += coverageText(coverage) }
        if let mutation = reach.mutation { page += mutationText(mutation) }
        return page
    }

    static func percent(_ part: Int, _ whole: Int) -> String {
        whole == 0 ? "—" : ReportFormat.significant(100 * Double(part) / Double(whole), digits: 3) + " %"
    }

    static func ranges(_ ranges: [[Int]], limit: Int = 8) -> String {
        let text = ranges.prefix(limit).map { $0.count == 2 && $0[0] != $0[1] ? "\($0[0])–\($0[1])" : "\($0.first ?? 0)" }
        return text.joined(separator: ", ") + (ranges.count > limit ? " (+\(ranges.count - limit))" : "")
    }

    static func coverageText(_ coverage: CoverageSummary) -> String {
        let totals = coverage.totals, functions = coverage.publicFunctions
        var text = "### Coverage of \(coverage.module)\n\n"
        text += "`\(coverage.command)` at commit `\(coverage.commit)` (\(coverage.llvmCov)): the release `hooke` built with "
        text += "coverage instrumentation runs `hooke verify --quick --no-mutants` one suite at a time, and the counters "
        text += "gathered for each check are attributed to its kind. \"Independent\" is reached by a reference or invariant "
        text += "check; \"only consistency\" lines ran only under consistency checks, findings or the code around the checks.\n\n"
        text += "**Lines: \(percent(totals.linesReached, totals.lines)) reached, \(percent(totals.linesIndependent, totals.lines)) "
        text += "by independent checks (\(totals.linesIndependent)/\(totals.lines)). Functions: \(percent(totals.functionsReached, totals.functions)) "
        text += "reached, \(percent(totals.functionsIndependent, totals.functions)) by independent checks (closures included). "
        text += "Public functions: \(functions.reached)/\(functions.count) reached, \(functions.independent)/\(functions.count) by independent checks.**"
        if !coverage.failedSuites.isEmpty { text += " Suites with a failed check in that run: \(coverage.failedSuites.joined(separator: ", "))." }
        text += "\n\n"
        var table = MarkdownTable(header: ["file", "lines", "reached", "independent", "functions reached", "only consistency (lines)", "unreached (lines)"],
                                  alignments: [.left, .right, .right, .right, .right, .left, .left])
        for file in coverage.files {
            table.append([file.path, "\(file.lines)", percent(file.linesReached, file.lines), percent(file.linesIndependent, file.lines),
                          "\(file.functionsReached)/\(file.functions)", ranges(file.onlyConsistency), ranges(file.unreached)])
        }
        text += table.render() + "\n"
        text += reasonsText(coverage)
        if !functions.unreached.isEmpty {
            text += "Public functions no check reaches: "
            text += functions.unreached.map { "`\($0.name)` (\($0.path):\($0.line))" }.joined(separator: "; ") + ".\n\n"
        }
        if !functions.notIndependent.isEmpty {
            text += "Public functions reached only by consistency checks or findings: "
            text += functions.notIndependent.map { "`\($0.name)` (\($0.path):\($0.line))" }.joined(separator: "; ") + ".\n\n"
        }
        return text
    }

    /// Every range of lines no reference or invariant check reaches, with its argued reason.
    static func reasonsText(_ coverage: CoverageSummary) -> String {
        let totals = coverage.totals
        let missing = totals.lines - totals.linesIndependent
        guard missing > 0 else { return "" }
        var text = "#### Lines no reference or invariant check reaches, and why\n\n"
        text += "\(missing) lines; \(totals.linesExplained) with a reason argued in `scripts/coverage-reasons.json` "
        text += "(unreachable: no input reaches them; debug-only: a precondition's message or an abstract method; delegated: "
        text += "judged by another check or by the tests, named; unverified: what no independent reference exists for; "
        text += "miscounted: reached, as the reason shows, but counted wrongly by llvm-cov)"
        let unexplained = missing - totals.linesExplained
        text += unexplained == 0 ? ".\n\n" : "; **\(unexplained) without one**.\n\n"
        var table = MarkdownTable(header: ["file", "lines", "status", "kind", "why"], alignments: [.left, .right, .left, .left, .left])
        for item in coverage.reasons {
            table.append([item.path, item.first == item.last ? "\(item.first)" : "\(item.first)–\(item.last)",
                          item.status == "unreached" ? "unreached" : "consistency only", item.kind ?? "—",
                          item.reason ?? "**no reason given**"])
        }
        return text + table.render() + "\n"
    }

    static func mutationText(_ mutation: MutationSummary) -> String {
        let score = mutation.score
        var text = "### Random mutants of \(mutation.module)\n\n"
        text += "`\(mutation.command)` at commit `\(mutation.commit)`: \(mutation.count) mutants drawn at random (seeded) from "
        text += "every site of the module's source, compiled into one build as mutant schemata (\(mutation.dropped) drawn "
        text += "mutants did not compile and were replaced by the next ones). Each runs `hooke verify --quick --no-mutants`; "
        text += "those it leaves alive run the module's tests.\n\n"
        text += "**Killed by `hooke verify` alone: \(mutation.verifyScore); "
        text += score.verifyAndTestsPercent == nil ? "the tests were not run (`--no-tests`); " : "killed only by the tests: \(score.killedOnlyByTests); "
        text += "survived: \(score.survived); "
        if let within = score.withinContract { text += "within the contract (argued below, not killed): \(within); " }
        text += "equivalent (argued below): \(score.equivalent).**"
        if let both = score.verifyAndTestsPercent { text += " Verify and tests together: \(ReportFormat.significant(both, digits: 3)) %." }
        text += "\n\n"
        if score.withinContract != nil {
            text += "Equivalent: the program behaves the same for every input. Within the contract: it behaves differently "
            text += "(other bits, another step count) but never beyond the documented accuracy, so no independent check can "
            text += "tell it from the original without pinning the code's own bits; it counts as not killed.\n\n"
        }
        let timing = mutation.timing
        text += "Time (load \(ReportFormat.significant(mutation.load, digits: 2)) at the start): builds \(Int(timing.buildSeconds.rounded())) s"
        if let run = timing.verifyRunSeconds {
            text += "; one verify run median \(ReportFormat.significant(run.median, digits: 2)) s "
            text += "(\(ReportFormat.significant(run.min, digits: 2))–\(ReportFormat.significant(run.max, digits: 2)) s)"
        }
        if let run = timing.testRunSeconds {
            text += "; one test run median \(ReportFormat.significant(run.median, digits: 2)) s"
        }
        text += "; total \(Int(timing.totalSeconds.rounded())) s.\n\n"
        let survivors = mutation.mutants.filter { ["survived", "within-contract", "equivalent"].contains($0.outcome) }
        if survivors.isEmpty {
            text += "No mutant survived.\n\n"
        } else {
            text += "Survivors, each with its diff (argued ones with the argument):\n\n"
            for mutant in survivors {
                text += "- #\(mutant.id) `\(mutant.path):\(mutant.line)` \(mutant.operator) — "
                switch mutant.outcome {
                case "equivalent": text += "equivalent: \(mutant.argument ?? "")\n"
                case "within-contract": text += "within the contract: \(mutant.argument ?? "")\n"
                default: text += "**survived**\n"
                }
                text += "  ```diff\n  - \(mutant.original)\n  + \(mutant.mutated)\n  ```\n"
            }
            text += "\n"
        }
        let testsOnly = mutation.mutants.filter { $0.outcome == "tests" }
        if !testsOnly.isEmpty {
            text += "Killed only by the tests: "
            text += testsOnly.map { "#\($0.id) `\($0.path):\($0.line)` \($0.operator)" }.joined(separator: "; ") + ".\n\n"
        }
        return text
    }
}
