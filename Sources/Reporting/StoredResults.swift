// StoredResults.swift — a report from stored results: reading bench and verification result
// files (or folders of them) and merging the shards of each machine and commit into one
// run, refusing anything that would make the merged set silently wrong.

import FrameBench
import Foundation
import Verification

/// The stored results read: bench runs (each a whole run or a shard) and verification runs.
public struct StoredResults: Sendable {
    public struct Bench: Sendable {
        public var path: String
        public var report: BenchReport
    }

    public struct Verification: Sendable {
        public var path: String
        public var report: VerificationReport
    }

    public var bench: [Bench] = []
    public var verifications: [Verification] = []

    /// Reads `paths`: each a JSON file, or a folder searched recursively for `*.json` (in path
    /// order). A file named directly must be a bench or verify result; in a folder, JSON that is
    /// neither (a report's own pages, a baseline) is passed over.
    /// - Throws: `StoredResultsError` naming the path.
    public static func load(_ paths: [String]) throws -> StoredResults {
        var results = StoredResults()
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw StoredResultsError.unreadable(path: path, reason: "no such file or folder")
            }
            if isDirectory.boolValue {
                let root = URL(fileURLWithPath: path)
                let found = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?
                    .compactMap { ($0 as? URL)?.path }.filter { $0.hasSuffix(".json") }.sorted() ?? []
                for file in found { try results.read(file, required: false) }
            } else {
                try results.read(path, required: true)
            }
        }
        guard !results.bench.isEmpty || !results.verifications.isEmpty else {
            throw StoredResultsError.nothingFound(paths: paths)
        }
        return results
    }

    private mutating func read(_ path: String, required: Bool) throws {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw StoredResultsError.unreadable(path: path, reason: "not readable")
        }
        let keys = ((try? JSONSerialization.jsonObject(with: data)) as? [String: Any]).map { Set($0.keys) } ?? []
        if keys.isSuperset(of: ["environment", "results", "benchmarks"]) {
            do {
                bench.append(Bench(path: path, report: try BenchReport.decode(data)))
            } catch {
                throw StoredResultsError.unreadable(path: path, reason: "not a bench result: \(error)")
            }
        } else if keys.contains("suites") {
            do {
                verifications.append(Verification(path: path, report: try VerificationReport.decode(data)))
            } catch {
                throw StoredResultsError.unreadable(path: path, reason: "not a verification result: \(error)")
            }
        } else if required {
            throw StoredResultsError.unreadable(path: path, reason: "neither a bench nor a verification result")
        }
    }

    /// The bench results merged into one run per machine and commit, ordered by machine name and
    /// then by commit date (`MergedRun.isOrdered`).
    /// - Throws: `StoredResultsError` for a missing or duplicated shard, shards of different
    ///   plans, or a configuration measured twice.
    public func mergedRuns() throws -> [MergedRun] {
        var order: [String] = []
        var groups: [String: [Bench]] = [:]
        for item in bench {
            let key = "\(MergedRun.machine(of: item.report).name)\u{0}\(MergedRun.commit(of: item.report).id)"
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(item)
        }
        return try order.map { try MergedRun(merging: groups[$0]!) }.sorted(by: MergedRun.isOrdered)
    }
}

/// One machine's run at one commit, its shards merged.
public struct MergedRun: Sendable {
    public var machine: Machine
    public var commit: BenchCommit
    /// When it was measured: the latest shard's date (ISO 8601), or nil.
    public var date: String?
    /// The merged results, with ratios and speed-ups linked across shards.
    public var report: BenchReport
    /// The files it came from.
    public var sources: [String]
    /// How many shards were merged (1 for a whole run).
    public var shards: Int

    /// "<machine> at <commit>".
    public var label: String { "\(machine.name) at \(commit.id)" }

    init(merging items: [StoredResults.Bench]) throws {
        let first = items[0].report
        machine = Self.machine(of: first)
        commit = Self.commit(of: first)
        let label = "machine '\(machine.name)' at commit \(commit.id)"
        let whole = items.filter { $0.report.shard == nil }
        if let run = whole.first, items.count > 1 {
            let other = items.first { $0.path != run.path }!
            let hint = commit.id == "unknown" ? "; label each run with the source it measured" : ""
            throw StoredResultsError.duplicated(what: "\(label) (a whole run, not a shard\(hint))", paths: [run.path, other.path])
        }
        if whole.isEmpty {
            let shards = items.map { ($0.path, $0.report.shard!) }
            let count = shards[0].1.count
            if let other = shards.first(where: { $0.1.count != count }) {
                throw StoredResultsError.mismatch("\(label): '\(shards[0].0)' is shard \(shards[0].1) but '\(other.0)' is shard \(other.1.description); run every shard with the same count")
            }
            if let other = shards.first(where: { $0.1.plan != shards[0].1.plan }) {
                throw StoredResultsError.mismatch("\(label): '\(shards[0].0)' and '\(other.0)' are shares of different plans; run every shard with the same flags on the same kind of machine")
            }
            for index in 1...count {
                let given = shards.filter { $0.1.index == index }
                if given.count > 1 {
                    throw StoredResultsError.duplicated(what: "\(label): shard \(index)/\(count)", paths: given.map(\.0))
                }
                if given.isEmpty { throw StoredResultsError.missingShard(machine: machine.name, commit: commit.id, shard: "\(index)/\(count)") }
            }
        }
        var results: [BenchResult] = []
        var seen: [String: String] = [:]
        for item in items {
            for result in item.report.results {
                if let earlier = seen[result.key] {
                    throw StoredResultsError.duplicated(what: "\(label): configuration \(result.key)", paths: [earlier, item.path])
                }
                seen[result.key] = item.path
                results.append(result)
            }
        }
        results.sort(by: Self.runOrder)
        results.linkRelativeFigures()
        var environment = first.environment
        environment.peakResidentMemoryBytes = items.map(\.report.environment.peakResidentMemoryBytes).max() ?? 0
        report = BenchReport(environment: environment, results: results,
                             equalAccuracy: items.lazy.compactMap(\.report.equalAccuracy).first)
        report.machine = machine
        report.commit = commit
        date = items.compactMap(\.report.date).max()
        report.date = date
        sources = items.map(\.path)
        shards = items.count
    }

    /// The machine a file names, or one made from its environment (files from before `machine`).
    static func machine(of report: BenchReport) -> Machine {
        report.machine ?? report.environment.machine
    }

    static func commit(of report: BenchReport) -> BenchCommit {
        report.commit ?? BenchCommit(id: "unknown", date: nil)
    }

    /// Workloads, then animations, threads and strategies in their declared order.
    static func runOrder(_ a: BenchResult, _ b: BenchResult) -> Bool {
        func rank(_ r: BenchResult) -> [Int] {
            [Workload.allCases.firstIndex(of: r.workload) ?? 0, r.animations, r.threads, r.frameRate,
             Strategy.allCases.firstIndex(of: r.strategy) ?? 0]
        }
        return rank(a).lexicographicallyPrecedes(rank(b))
    }

    /// By machine name, then commit date (undated last), then measurement date, then commit id.
    static func isOrdered(_ a: MergedRun, _ b: MergedRun) -> Bool {
        if a.machine.name != b.machine.name { return a.machine.name < b.machine.name }
        if a.commit.date != b.commit.date { return (a.commit.date ?? "~") < (b.commit.date ?? "~") }
        if a.date != b.date { return (a.date ?? "~") < (b.date ?? "~") }
        return a.commit.id < b.commit.id
    }
}

/// What cannot be merged from stored results; each message names the file, shard or configuration.
public enum StoredResultsError: Error, Equatable, CustomStringConvertible {
    case unreadable(path: String, reason: String)
    case nothingFound(paths: [String])
    case missingShard(machine: String, commit: String, shard: String)
    case duplicated(what: String, paths: [String])
    case mismatch(String)

    public var description: String {
        switch self {
        case let .unreadable(path, reason): return "cannot read '\(path)': \(reason)"
        case .nothingFound(let paths):
            return "no bench or verification result in \(paths.map { "'\($0)'" }.joined(separator: ", "))"
        case let .missingShard(machine, commit, shard):
            return "machine '\(machine)' at commit \(commit): shard \(shard) is missing"
        case let .duplicated(what, paths):
            return "\(what) is given twice: \(paths.map { "'\($0)'" }.joined(separator: ", "))"
        case .mismatch(let text): return text
        }
    }
}
