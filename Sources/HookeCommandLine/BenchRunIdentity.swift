import HookeSupport
import FrameBench
import Foundation

/// `hooke bench --shard`, `--machine` and `--commit`: which share of the plan a run measures and
/// whose run it is, recorded in its JSON for `hooke report --from` to merge.
struct BenchRunIdentity {
    static let options: [OptionSpec] = [
        OptionSpec("--shard", .single, "I/N|auto[/N]", """

        I/N: measure only shard I of N (1 ≤ I ≤ N ≤ \(BenchShard.maximumCount)): configurations grouped by workload,
        N and threads, dealt to shards by expected time, the same way on every machine;
        merge the shards' --json files with 'hooke report --from'
        auto[/N]: the shard of a job array: JOB_COMPLETION_INDEX of N (Kubernetes Indexed Job) or
        SLURM_ARRAY_TASK_ID of SLURM_ARRAY_TASK_COUNT (Slurm)
        """),
        OptionSpec("--machine", .single, "NAME", "the machine's name in merged reports (default: ISA, cores and CPU model)"),
        OptionSpec("--commit", .single, "ID", "the source's name in merged reports (default: git rev-parse --short HEAD)"),
    ]

    /// nil: the whole plan.
    var shard: (index: Int, count: Int)?
    var machineName: String?
    var commit: String?

    init(parsing arguments: ParsedArguments, environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        if let text = arguments.string("--shard") {
            guard let request = BenchShard.Request(text) else {
                throw UsageError("--shard: must be I/N with 1 ≤ I ≤ N ≤ \(BenchShard.maximumCount), auto or auto/N, got '\(text)'")
            }
            do {
                shard = try request.resolve(environment: environment)
            } catch let error as ShardError {
                throw UsageError("--shard \(text): \(error)")
            }
        }
        machineName = try Self.label(arguments, "--machine")
        commit = try Self.label(arguments, "--commit")
    }

    /// A name for pages: not empty, printable, at most 80 characters.
    static func label(_ arguments: ParsedArguments, _ name: String) throws -> String? {
        guard let text = arguments.string(name) else { return nil }
        guard !text.isEmpty, text.count <= 80, text.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }) else {
            throw UsageError("\(name): must be 1 to 80 printable characters, got '\(text)'")
        }
        return text
    }

    /// This run's share of `plan`, or nil for the whole plan.
    func shard(of plan: BenchPlan) -> BenchShard? {
        shard.map { BenchShard(index: $0.index, count: $0.count, plan: plan.fingerprint) }
    }

}
