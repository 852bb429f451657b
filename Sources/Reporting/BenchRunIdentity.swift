import FrameBench
import Foundation
import HookeSupport

/// `hooke bench --shard`, `--machine` and `--commit`: which share of the plan a run measures and
/// whose run it is, recorded in its JSON for `hooke report --from` to merge.
package struct BenchRunIdentity {
    /// nil: the whole plan.
    package var shard: (index: Int, count: Int)?
    package var machineName: String?
    package var commit: String?

    /// The values as given (nil: absent); `shard` is `I/N`, `auto` or `auto/N`, resolved against
    /// a job array's variables in `environment`. - Throws: `InputError` naming the flag and value.
    package init(shard: String?, machine: String?, commit: String?,
                 environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        if let shard {
            guard let request = BenchShard.Request(shard) else {
                throw InputError("--shard: must be I/N with 1 ≤ I ≤ N ≤ \(BenchShard.maximumCount), auto or auto/N, got '\(shard)'")
            }
            do {
                self.shard = try request.resolve(environment: environment)
            } catch let error as ShardError {
                throw InputError("--shard \(shard): \(error)")
            }
        }
        machineName = try Self.label(machine, "--machine")
        self.commit = try Self.label(commit, "--commit")
    }

    /// A name for pages: not empty, printable, at most 80 characters.
    static func label(_ text: String?, _ name: String) throws -> String? {
        guard let text else { return nil }
        guard !text.isEmpty, text.count <= 80, text.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }) else {
            throw InputError("\(name): must be 1 to 80 printable characters, got '\(text)'")
        }
        return text
    }

    /// Measures `plan`'s configurations (this shard's) and records the machine, commit and shard.
    package func measure(_ plan: BenchPlan, hookeVersion: String, repository: URL,
                         progress: (Int, Int, BenchConfiguration) -> Void) throws -> BenchReport {
        let shard = shard.map { BenchShard(index: $0.index, count: $0.count, plan: plan.fingerprint) }
        var report = try FrameRunner.run(plan, shard: shard, hookeVersion: hookeVersion, progress: progress)
        report.stamp(machineName: machineName, commit: commit, shard: shard, repository: repository)
        return report
    }
}

extension BenchReport {
    /// Records whose run this is, as `hooke report --from` merges runs: the machine (named
    /// `machineName`, or after its hardware), the commit (`commit`, or the repository's HEAD by
    /// git, with its committer date), the date and the shard.
    public mutating func stamp(machineName: String?, commit: String?, shard: BenchShard?, repository: URL, date: Date = Date()) {
        machine = BenchMachine(environment: environment, name: machineName)
        let id = commit ?? ReportEnvironment.gitCommit(in: repository)
        self.commit = BenchCommit(id: id, date: id == "unknown" ? nil : ReportEnvironment.gitCommitDate(id, in: repository))
        self.date = ReportEnvironment.format(date)
        self.shard = shard
    }
}
