import FrameBench
import Testing

@Suite("bench shards")
struct BenchShardTests {
    /// FNV-1a 64's published test vectors (Fowler–Noll–Vo, "FNV hash" reference test suite).
    @Test("the stable hash matches the published vectors")
    func stableHashMatchesThePublishedVectors() {
        #expect(StableHash.fnv1a64("") == 0xcbf2_9ce4_8422_2325)
        #expect(StableHash.fnv1a64("a") == 0xaf63_dc4c_8601_ec8c)
        #expect(StableHash.fnv1a64("foobar") == 0x8594_4171_f739_67e8)
        #expect(StableHash.hex("a") == "af63dc4c8601ec8c")
    }

    @Test("parses shard requests")
    func parsesShardRequests() {
        #expect(BenchShard.Request("1/3") == .explicit(index: 1, count: 3))
        #expect(BenchShard.Request("3/3") == .explicit(index: 3, count: 3))
        #expect(BenchShard.Request("auto") == .automatic(count: nil))
        #expect(BenchShard.Request("auto/4") == .automatic(count: 4))
        for bad in ["0/3", "4/3", "1/0", "1/1001", "1", "1/3/5", "a/b", "auto/0", "auto/x", "auto/2/3", "", "/3", "-1/3"] {
            #expect(BenchShard.Request(bad) == nil, "'\(bad)' should be refused")
        }
    }

    @Test("auto reads Kubernetes and Slurm")
    func autoReadsKubernetesAndSlurm() throws {
        // Kubernetes: 0-based JOB_COMPLETION_INDEX; the count comes from auto/N.
        #expect(try BenchShard.Request.automatic(count: 3).resolve(environment: ["JOB_COMPLETION_INDEX": "0"]) == (1, 3))
        #expect(try BenchShard.Request.automatic(count: 3).resolve(environment: ["JOB_COMPLETION_INDEX": "2"]) == (3, 3))
        #expect(throws: ShardError.countNeeded(variable: "JOB_COMPLETION_INDEX")) {
            try BenchShard.Request.automatic(count: nil).resolve(environment: ["JOB_COMPLETION_INDEX": "0"])
        }
        #expect(throws: ShardError.outOfRange(index: 3, count: 3)) {
            try BenchShard.Request.automatic(count: 3).resolve(environment: ["JOB_COMPLETION_INDEX": "3"])
        }
        // Slurm: --array=1-4 and --array=0-3 are the same four shards.
        let oneBased = ["SLURM_ARRAY_TASK_ID": "4", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_COUNT": "4"]
        #expect(try BenchShard.Request.automatic(count: nil).resolve(environment: oneBased) == (4, 4))
        let zeroBased = ["SLURM_ARRAY_TASK_ID": "0", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_COUNT": "4"]
        #expect(try BenchShard.Request.automatic(count: nil).resolve(environment: zeroBased) == (1, 4))
        #expect(throws: ShardError.badVariable(name: "SLURM_ARRAY_TASK_STEP", value: "2")) {
            try BenchShard.Request.automatic(count: nil).resolve(environment: oneBased.merging(["SLURM_ARRAY_TASK_STEP": "2"]) { $1 })
        }
        #expect(throws: ShardError.badVariable(name: "JOB_COMPLETION_INDEX", value: "x")) {
            try BenchShard.Request.automatic(count: 2).resolve(environment: ["JOB_COMPLETION_INDEX": "x"])
        }
        #expect(throws: ShardError.noJobArray) { try BenchShard.Request.automatic(count: 2).resolve(environment: [:]) }
        // An explicit I/N ignores the environment.
        #expect(try BenchShard.Request.explicit(index: 2, count: 5).resolve(environment: ["JOB_COMPLETION_INDEX": "0"]) == (2, 5))
    }

    static func key(_ c: BenchConfiguration) -> String {
        "\(c.workload.rawValue)/\(c.strategy.rawValue)/\(c.animations)/\(c.threads)t/\(c.frameRate)Hz"
    }

    static var fullPlan: BenchPlan { BenchPlan.full(cores: 4) }

    /// Every configuration lands in exactly one shard, whole groups at a time, for any count
    /// (more shards than groups leaves some empty).
    @Test("shards partition the plan", arguments: [1, 2, 3, 5, 8, 100])
    func shardsPartitionThePlan(count: Int) {
        let plan = Self.fullPlan
        let all = plan.configurations.map(Self.key)
        let shards = (1...count).map { plan.configurations(shard: $0, of: count).map(Self.key) }
        let dealt = shards.flatMap { $0 }
        #expect(dealt.count == all.count, "\(dealt.count) configurations dealt for \(all.count)")
        #expect(Set(dealt) == Set(all), "missing: \(Set(all).subtracting(dealt).sorted().prefix(5))")
        // A group (workload, N, threads) is never split: its strategies stay side by side.
        for shard in shards {
            let groups = Set(shard.map { $0.split(separator: "/").enumerated().filter { $0.offset != 1 }.map(\.element).joined(separator: "/") })
            for group in groups {
                let members = all.filter { $0.split(separator: "/").enumerated().filter { $0.offset != 1 }.map(\.element).joined(separator: "/") == group }
                #expect(members.allSatisfy(shard.contains), "group \(group) is split")
            }
        }
    }

    /// The split depends on what is measured, not on the order the plan declares it in.
    @Test("the split ignores declaration order")
    func splitIgnoresDeclarationOrder() {
        let plan = Self.fullPlan
        var reordered = plan
        reordered.workloads.reverse()
        reordered.animationCounts.reverse()
        reordered.threadCounts.reverse()
        #expect(plan.fingerprint == reordered.fingerprint)
        for index in 1...3 {
            #expect(Set(plan.configurations(shard: index, of: 3).map(Self.key))
                    == Set(reordered.configurations(shard: index, of: 3).map(Self.key)))
        }
    }

    /// Balanced by expected time: greedy assignment to the least-loaded shard never exceeds the
    /// average load plus the largest group (Graham's list-scheduling bound, 1966); putting
    /// everything on one shard, or dealing groups round-robin by count, breaks it.
    @Test("shards are balanced by expected time", arguments: [2, 3, 4])
    func shardsAreBalancedByExpectedTime(count: Int) {
        for plan in [BenchPlan.quick(cores: 2), Self.fullPlan] {
            let groups = plan.shardGroups
            let assignment = plan.shardAssignment(count: count)
            var load = [Double](repeating: 0, count: count)
            load[0] = plan.equalAccuracySeconds
            for group in groups { load[assignment[group.key]!] += group.expectedSeconds }
            let bound = load.reduce(0, +) / Double(count) + max(groups.map(\.expectedSeconds).max()!, plan.equalAccuracySeconds)
            #expect(load.max()! <= bound, "loads \(load)")
            #expect(load.min()! > 0, "every shard has work: \(load)")
        }
    }

    @Test("the fingerprint changes with what is measured")
    func fingerprintChangesWithWhatIsMeasured() {
        let plan = Self.fullPlan
        var fewer = plan
        fewer.animationCounts = [1_000]
        var shorter = plan
        shorter.secondsPerConfiguration = 0.5
        #expect(plan.fingerprint != fewer.fingerprint)
        #expect(plan.fingerprint != shorter.fingerprint)
        #expect(plan.fingerprint.count == 16)
    }

    /// The cost model's shape: time grows with N, shrinks with threads, and a GSL group is the
    /// most expensive of its size.
    @Test("the expected time follows the work")
    func expectedTimeFollowsTheWork() {
        let plan = Self.fullPlan
        func seconds(_ w: Workload, _ s: Strategy, _ n: Int, _ t: Int) -> Double {
            plan.expectedSeconds(BenchConfiguration(workload: w, strategy: s, animations: n, threads: t, frameRate: 120))
        }
        #expect(seconds(.spring, .naive, 1_000_000, 1) > seconds(.spring, .naive, 100_000, 1))
        #expect(seconds(.spring, .naive, 1_000_000, 2) < seconds(.spring, .naive, 1_000_000, 1))
        #expect(seconds(.spring, .gsl, 1_000, 1) > seconds(.spring, .rk4, 1_000, 1))
        // A cheap configuration stops at the maximum frames (1,000 × ~2 µs) before the 1 s budget;
        // an expensive one runs its minimum frames (20 × ~0.15 s) past it.
        #expect(seconds(.spring, .fast, 1_000, 1) < plan.secondsPerConfiguration)
        #expect(seconds(.spring, .naive, 1_000_000, 1) >= Double(plan.minimumFrames) * 0.1)
    }
}
