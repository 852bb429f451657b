// DashboardExport.swift — Hooke's speed and accuracy figures in the formats dashboards read:
// github-action-benchmark's `customSmallerIsBetter` JSON, the Bencher Metric Format, and InfluxDB
// line protocol. Every series is smaller-is-better.
//
// Naming (stable across runs, so a dashboard keeps one line per series):
// - speed: benchmark `<workload>/<strategy>/<animations>/<threads>t/<frame rate>Hz` (`BenchResult.key`),
//   measures `ns-per-animation-frame` (ns; value p50, lower p25, upper p75), `allocations-per-frame`
//   (allocations) and `max-error` (the bench's error against its reference, relative to each
//   animation's scale);
// - accuracy: benchmark `verify/<suite>/<check> [<implementation>]` (`CheckReport.key` under
//   `verify/`), measure `worst-error` in the unit of the check's judged metric (`relative` to the
//   distance, `absolute`, or `ulps`);
// - planted faults: benchmark `verify/planted-faults`, measure `uncaught` (faults);
// - random mutants (reports/mutation.json): benchmark `verify/random-mutants`, measure
//   `survived-percent` (%: the mutants not killed, survivors and those within the contract, of the
//   mutants not shown equivalent).
// github-action-benchmark has one name per series: `<benchmark> <measure>`. InfluxDB gets three
// measurements, `hooke_speed`, `hooke_accuracy`, `hooke_mutation`, with the machine, ISA, thread
// count and commit as tags.

import FrameBench
import Foundation
import HookeSupport
import Verification

/// One smaller-is-better series point.
public struct DashboardMetric: Sendable, Equatable {
    public var benchmark: String
    public var measure: String
    public var unit: String
    public var value: Double
    /// The spread: p25 and p75 for times; nil when the figure is a single number.
    public var lower: Double?
    public var upper: Double?
    /// More figures for tooltips and fields (the other percentiles, the sample count).
    public var extra: [(String, Double)]
    /// What the series is (`hooke_speed`, `hooke_accuracy`, `hooke_mutation`) and its own tags.
    public var kind: Kind
    public var tags: [(String, String)]

    public enum Kind: String, Sendable { case speed = "hooke_speed", accuracy = "hooke_accuracy", mutation = "hooke_mutation" }

    public static func == (a: DashboardMetric, b: DashboardMetric) -> Bool {
        a.benchmark == b.benchmark && a.measure == b.measure && a.unit == b.unit && a.value == b.value
            && a.lower == b.lower && a.upper == b.upper && a.kind == b.kind
            && a.extra.map(\.0) == b.extra.map(\.0) && a.extra.map(\.1) == b.extra.map(\.1)
            && a.tags.map(\.0) == b.tags.map(\.0) && a.tags.map(\.1) == b.tags.map(\.1)
    }
}

/// The formats `hooke export` writes.
public enum DashboardFormat: String, CaseIterable, Sendable {
    /// github-action-benchmark, tool `customSmallerIsBetter`: `[{name, unit, value, range, extra}]`.
    case githubActionBenchmark = "github-action-benchmark"
    /// Bencher Metric Format: `{benchmark: {measure: {value, lower_value, upper_value}}}`.
    case bencher
    /// InfluxDB line protocol, one point per line.
    case influx
}

/// Turns stored results into dashboard series and renders them.
public enum DashboardExport {
    /// Where and from what source the figures come: the InfluxDB tags every point carries.
    public struct Context: Sendable {
        public var machine: String?
        public var isa: String?
        public var commit: String?
        /// Nanoseconds since the epoch for InfluxDB points; nil lets the server stamp them.
        public var timestamp: Int64?

        public init(machine: String? = nil, isa: String? = nil, commit: String? = nil, timestamp: Int64? = nil) {
            self.machine = machine
            self.isa = isa
            self.commit = commit
            self.timestamp = timestamp
        }
    }

    /// The summary of reports/mutation.json this export needs (schemaVersion 1 or 2, written by
    /// `scripts/mutate`): the mutants sampled and how many survived, changed results only within
    /// the contract (2 only) or were shown equivalent.
    public struct MutationScore: Decodable, Sendable {
        public struct Score: Decodable, Sendable {
            public var survived: Int
            public var withinContract: Int?
            public var equivalent: Int
            public init(survived: Int, withinContract: Int? = nil, equivalent: Int) {
                self.survived = survived
                self.withinContract = withinContract
                self.equivalent = equivalent
            }
        }
        public var schemaVersion: Int
        public var count: Int
        public var score: Score

        /// The mutants not killed — survivors and those within the contract — of those not shown
        /// equivalent.
        public var survivedPercent: Double? {
            let judged = count - score.equivalent
            let alive = score.survived + (score.withinContract ?? 0)
            return judged > 0 ? 100 * Double(alive) / Double(judged) : nil
        }
    }

    // MARK: Series

    /// The speed series of a bench run: per configuration its time, allocations and error.
    public static func metrics(bench: BenchReport) -> [DashboardMetric] {
        var metrics: [DashboardMetric] = []
        for result in bench.results {
            let tags = [("workload", result.workload.rawValue), ("strategy", result.strategy.rawValue),
                        ("animations", "\(result.animations)"), ("threads", "\(result.threads)"),
                        ("frame_rate", "\(result.frameRate)")]
            let time = result.nsPerAnimationFrame
            var extra = time.named.filter { $0.name != "p50" }.map { ($0.name, $0.value) }
            extra.append(("samples", Double(result.samples)))
            if let spread = result.relativeSpread { extra.append(("iqr_over_p50", spread)) }
            metrics.append(DashboardMetric(benchmark: result.key, measure: "ns-per-animation-frame", unit: "ns", value: time.p50,
                                           lower: time.p25, upper: time.p75, extra: extra, kind: .speed, tags: tags))
            if let allocations = result.allocationsPerFrame {
                metrics.append(DashboardMetric(benchmark: result.key, measure: "allocations-per-frame", unit: "allocations",
                                               value: allocations, extra: [], kind: .speed, tags: tags))
            }
            if let error = result.maxError, error.isFinite {
                metrics.append(DashboardMetric(benchmark: result.key, measure: "max-error", unit: "relative",
                                               value: error, extra: [], kind: .accuracy, tags: tags))
            }
        }
        return metrics
    }

    /// The accuracy series of a verification run: each check's worst error (the metric its
    /// tolerance judges, else its first `max…` metric), and the planted faults left uncaught.
    public static func metrics(verification: VerificationReport) -> [DashboardMetric] {
        var metrics: [DashboardMetric] = []
        for check in verification.checks {
            let judged = check.tolerance.flatMap { tolerance in check.metrics.first { $0.name == tolerance.metric } }
            guard let metric = judged ?? check.metrics.first(where: { $0.better == .lower && $0.name.hasPrefix("max") }),
                  metric.value.isFinite else { continue }
            metrics.append(DashboardMetric(benchmark: "verify/" + check.key, measure: "worst-error", unit: unit(of: metric),
                                           value: metric.value, extra: [], kind: .accuracy,
                                           tags: [("suite", check.suite), ("check", check.name),
                                                  ("implementation", check.implementation), ("metric", metric.name)]))
        }
        if let mutants = verification.mutants {
            metrics.append(DashboardMetric(benchmark: "verify/planted-faults", measure: "uncaught", unit: "faults",
                                           value: Double(mutants.planted - mutants.caught),
                                           extra: [("planted", Double(mutants.planted))], kind: .mutation, tags: []))
        }
        return metrics
    }

    /// The random-mutant series of reports/mutation.json.
    public static func metrics(mutation: MutationScore) -> [DashboardMetric] {
        guard let percent = mutation.survivedPercent else { return [] }
        return [DashboardMetric(benchmark: "verify/random-mutants", measure: "survived-percent", unit: "%", value: percent,
                                extra: [("sampled", Double(mutation.count)), ("survived", Double(mutation.score.survived))],
                                kind: .mutation, tags: [])]
    }

    /// A metric's unit in words: errors relative to the distance, absolute, or in ulps.
    static func unit(of metric: Metric) -> String {
        let name = metric.name.lowercased()
        if name.contains("ulp") { return "ulps" }
        if name.contains("rel") { return "relative" }
        if name.contains("abs") { return "absolute" }
        return metric.unit.isEmpty ? "1" : metric.unit
    }

    // MARK: Formats

    public static func render(_ metrics: [DashboardMetric], format: DashboardFormat, context: Context) throws -> String {
        switch format {
        case .githubActionBenchmark: return try githubActionBenchmark(metrics)
        case .bencher: return try bencher(metrics)
        case .influx: return influx(metrics, context: context)
        }
    }

    /// `[{name, unit, value, range, extra}]`: `range` is the p25–p75 spread as text, `extra` the
    /// other figures (both strings, as the action shows them verbatim in its tooltip).
    static func githubActionBenchmark(_ metrics: [DashboardMetric]) throws -> String {
        let entries: [[String: Any]] = metrics.map { metric in
            var entry: [String: Any] = ["name": "\(metric.benchmark) \(metric.measure)", "unit": metric.unit, "value": metric.value]
            if let lower = metric.lower, let upper = metric.upper {
                entry["range"] = "p25–p75 \(ReportFormat.significant(lower))–\(ReportFormat.significant(upper))"
            }
            if !metric.extra.isEmpty {
                entry["extra"] = metric.extra.map { "\($0.0) \(ReportFormat.significant($0.1))" }.joined(separator: "; ")
            }
            return entry
        }
        return try json(entries)
    }

    /// `{benchmark: {measure: {value, lower_value, upper_value}}}`.
    static func bencher(_ metrics: [DashboardMetric]) throws -> String {
        var document: [String: [String: [String: Double]]] = [:]
        for metric in metrics {
            var figures = ["value": metric.value]
            if let lower = metric.lower { figures["lower_value"] = lower }
            if let upper = metric.upper { figures["upper_value"] = upper }
            document[metric.benchmark, default: [:]][metric.measure] = figures
        }
        return try json(document)
    }

    static func json(_ object: Any) throws -> String {
        let data = try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// One line per metric: `<kind>,<tags> value=…,lower=…,upper=…,<extra>=…,unit="…" [timestamp]`,
    /// tags sorted by key (InfluxDB's recommendation), the benchmark and measure among them.
    static func influx(_ metrics: [DashboardMetric], context: Context) -> String {
        var lines: [String] = []
        for metric in metrics {
            var tags = metric.tags + [("benchmark", metric.benchmark), ("measure", metric.measure)]
            if let machine = context.machine { tags.append(("machine", machine)) }
            if let isa = context.isa { tags.append(("isa", isa)) }
            if let commit = context.commit { tags.append(("commit", commit)) }
            tags = tags.filter { !$0.1.isEmpty }.sorted { $0.0 < $1.0 }
            var fields = [("value", metric.value)]
            if let lower = metric.lower { fields.append(("lower", lower)) }
            if let upper = metric.upper { fields.append(("upper", upper)) }
            fields += metric.extra
            var line = escape(metric.kind.rawValue, [",", " "])
            line += tags.map { "," + escape($0.0, [",", "=", " "]) + "=" + escape($0.1, [",", "=", " "]) }.joined()
            line += " " + fields.map { escape($0.0, [",", "=", " "]) + "=" + float($0.1) }.joined(separator: ",")
            line += ",unit=\"" + metric.unit.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
            if let timestamp = context.timestamp { line += " \(timestamp)" }
            lines.append(line)
        }
        return lines.joined(separator: "\n") + (lines.isEmpty ? "" : "\n")
    }

    /// Backslash before each of `special`; line breaks become spaces, which the protocol cannot
    /// carry in keys or tag values.
    static func escape(_ text: String, _ special: Set<Character>) -> String {
        var result = ""
        for character in text {
            let character = character.isNewline ? " " : character
            if special.contains(character) { result.append("\\") }
            result.append(character)
        }
        return result
    }

    /// A float field: shortest round-trip decimal (never an integer suffix `i`).
    static func float(_ value: Double) -> String {
        value.isFinite ? "\(value)" : "0"
    }

    /// The InfluxDB timestamp for an ISO 8601 date (`BenchReport.date`), in nanoseconds.
    public static func timestamp(iso8601 text: String?) -> Int64? {
        guard let text, let date = ISO8601DateFormatter().date(from: text) else { return nil }
        return Int64(date.timeIntervalSince1970) * 1_000_000_000
    }
}
