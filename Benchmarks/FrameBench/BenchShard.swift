/// One share of a bench plan: shard `index` of `count` (1-based: 1/3 … 3/3).
///
/// A plan is split into groups — one workload at one animation count, thread count and frame
/// rate, with all its strategies, so each strategy's ratio to `naive` is still measured side by
/// side in one process — and the groups are dealt to shards by expected cost (`assignment`). The
/// split depends only on the plan's configurations, never on the order they were declared in, the
/// machine or the process (no seeded `Hasher`): every shard computes the same split on its own,
/// which is what lets a CI matrix, a Slurm array or a Kubernetes Indexed Job run them apart.
public struct BenchShard: Codable, Sendable, Equatable, CustomStringConvertible {
    /// 1…count.
    public var index: Int
    public var count: Int
    /// `BenchPlan.fingerprint` of the plan this shard is a share of: shards of one run must agree.
    public var plan: String

    /// Shard counts allowed: a job array larger than the configurations leaves shards empty, but
    /// any count up to this is accepted.
    public static let maximumCount = 1_000

    public init(index: Int, count: Int, plan: String) {
        self.index = index
        self.count = count
        self.plan = plan
    }

    /// `I/N`.
    public var description: String { "\(index)/\(count)" }

    /// Where a shard comes from before the plan is known: the user's `I/N`, or `auto` (the job
    /// array's environment), optionally with the count (`auto/N`).
    public enum Request: Sendable, Equatable {
        case explicit(index: Int, count: Int)
        case automatic(count: Int?)

        /// Parses a shard request; nil when it is not `I/N`, `auto` or `auto/N` with
        /// 1 ≤ I ≤ N ≤ `maximumCount`.
        public init?(_ text: String) {
            let parts = text.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            if parts.first == "auto" {
                guard parts.count <= 2 else { return nil }
                if parts.count == 1 { self = .automatic(count: nil); return }
                guard let count = Int(parts[1]), (1...BenchShard.maximumCount).contains(count) else { return nil }
                self = .automatic(count: count)
                return
            }
            guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]),
                  (1...BenchShard.maximumCount).contains(count), (1...count).contains(index) else { return nil }
            self = .explicit(index: index, count: count)
        }

        /// The shard's `(index, count)`, reading the job array's variables for `auto`:
        /// - Kubernetes Indexed Job: `JOB_COMPLETION_INDEX` (0-based); the count is not in the
        ///   pod's environment, so it must be given (`auto/N`).
        /// - Slurm job array: `SLURM_ARRAY_TASK_ID` − `SLURM_ARRAY_TASK_MIN` (so `--array=0-2` and
        ///   `--array=1-3` both work) of `SLURM_ARRAY_TASK_COUNT`; `auto/N` overrides the count.
        /// - Throws: `ShardError` naming the variable and its value.
        public func resolve(environment: [String: String]) throws -> (index: Int, count: Int) {
            switch self {
            case let .explicit(index, count): return (index, count)
            case let .automatic(givenCount):
                func integer(_ name: String) throws -> Int? {
                    guard let text = environment[name] else { return nil }
                    guard let value = Int(text.trimmingCharacters()), value >= 0 else {
                        throw ShardError.badVariable(name: name, value: text)
                    }
                    return value
                }
                let index: Int, count: Int
                if let kubernetes = try integer("JOB_COMPLETION_INDEX") {
                    guard let givenCount else { throw ShardError.countNeeded(variable: "JOB_COMPLETION_INDEX") }
                    (index, count) = (kubernetes, givenCount)
                } else if let task = try integer("SLURM_ARRAY_TASK_ID") {
                    if let step = environment["SLURM_ARRAY_TASK_STEP"], step != "1" {
                        throw ShardError.badVariable(name: "SLURM_ARRAY_TASK_STEP", value: step)
                    }
                    let minimum = try integer("SLURM_ARRAY_TASK_MIN") ?? 0
                    guard let total = try givenCount ?? integer("SLURM_ARRAY_TASK_COUNT") else {
                        throw ShardError.countNeeded(variable: "SLURM_ARRAY_TASK_ID")
                    }
                    (index, count) = (task - minimum, total)
                } else {
                    throw ShardError.noJobArray
                }
                guard (1...BenchShard.maximumCount).contains(count), (0..<count).contains(index) else {
                    throw ShardError.outOfRange(index: index, count: count)
                }
                return (index + 1, count)
            }
        }
    }
}

/// Why an automatic shard request could not find its share.
public enum ShardError: Error, Equatable, CustomStringConvertible {
    case noJobArray
    case countNeeded(variable: String)
    case badVariable(name: String, value: String)
    case outOfRange(index: Int, count: Int)

    public var description: String {
        switch self {
        case .noJobArray:
            return "auto needs JOB_COMPLETION_INDEX (Kubernetes Indexed Job) or SLURM_ARRAY_TASK_ID (Slurm job array) in the environment; neither is set, give I/N instead"
        case .countNeeded(let variable):
            return "\(variable) gives the index but not the number of shards; write auto/N"
        case let .badVariable(name, value):
            return name == "SLURM_ARRAY_TASK_STEP" ? "\(name)=\(value): only arrays with step 1 can be shards"
                : "\(name) must be a non-negative integer, got '\(value)'"
        case let .outOfRange(index, count):
            return "the job array's index \(index) (0-based) is not within \(count) shards"
        }
    }
}

/// FNV-1a, 64 bit: a hash that is the same in every process and on every machine (Swift's
/// `Hasher` is seeded per process). Constants from Fowler, Noll and Vo's published definition.
public enum StableHash {
    public static func fnv1a64(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }

    /// 16 lowercase hex digits.
    public static func hex(_ text: String) -> String {
        let digits = String(fnv1a64(text), radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}

extension BenchPlan {
    /// A configuration group: what a shard receives whole.
    public struct ShardGroup: Sendable, Equatable {
        /// `workload/strategy+strategy…/animations/threads t/frame rate Hz`: what the hash reads.
        public var key: String
        public var configurations: [BenchConfiguration]
        /// Seconds the group is expected to take (`expectedSeconds`), summed.
        public var expectedSeconds: Double
    }

    /// The plan's configurations grouped by workload, animation count, thread count and frame rate.
    public var shardGroups: [ShardGroup] {
        var order: [String] = []
        var members: [String: [BenchConfiguration]] = [:]
        for configuration in configurations {
            let id = "\(configuration.workload.rawValue)/\(configuration.animations)/\(configuration.threads)/\(configuration.frameRate)"
            if members[id] == nil { order.append(id) }
            members[id, default: []].append(configuration)
        }
        return order.map { id in
            let group = members[id]!
            let first = group[0]
            let key = "\(first.workload.rawValue)/\(group.map(\.strategy.rawValue).joined(separator: "+"))/"
                + "\(first.animations)/\(first.threads)t/\(first.frameRate)Hz"
            return ShardGroup(key: key, configurations: group,
                              expectedSeconds: group.reduce(0) { $0 + expectedSeconds($1) })
        }
    }

    /// A hash of everything that decides what the plan measures and how (configurations and
    /// sampling): shards of one run must carry the same fingerprint to be merged.
    public var fingerprint: String {
        let sampling = "\(warmupFrames)/\(minimumFrames)/\(maximumFrames)/\(secondsPerConfiguration)"
        return StableHash.hex(shardGroups.map(\.key).sorted().joined(separator: ";") + "|" + sampling)
    }

    /// Which shard (0-based) each group goes to: longest expected time first, each to the
    /// least-loaded shard so far (the LPT rule, within 4/3 of the best split), ties broken by the
    /// groups' stable hashes and then by the lower shard. Keyed by `ShardGroup.key`.
    public func shardAssignment(count: Int) -> [String: Int] {
        precondition(count >= 1, "a plan splits into at least one shard")
        let groups = shardGroups.sorted {
            $0.expectedSeconds != $1.expectedSeconds ? $0.expectedSeconds > $1.expectedSeconds
                : StableHash.fnv1a64($0.key) < StableHash.fnv1a64($1.key)
        }
        var load = [Double](repeating: 0, count: count)
        load[0] = equalAccuracySeconds // shard 1 also measures the equal-accuracy table
        var assignment: [String: Int] = [:]
        for group in groups {
            let shard = load.indices.min { load[$0] != load[$1] ? load[$0] < load[$1] : $0 < $1 }!
            assignment[group.key] = shard
            load[shard] += group.expectedSeconds
        }
        return assignment
    }

    /// The configurations of shard `index` (1-based) of `count`, in the plan's run order.
    public func configurations(shard index: Int, of count: Int) -> [BenchConfiguration] {
        let assignment = shardAssignment(count: count)
        return shardGroups.filter { assignment[$0.key] == index - 1 }.flatMap(\.configurations)
    }

    /// Whether a run of this plan adds the spring strategies' cost at equal accuracy (`EqualAccuracy`).
    public var measuresEqualAccuracy: Bool {
        workloads.contains(.spring) && (strategies?.contains { $0 == .euler || $0 == .rk4 } ?? true)
    }

    /// The equal-accuracy table's expected time: each target and strategy timed for at most 0.2 s.
    public var equalAccuracySeconds: Double {
        measuresEqualAccuracy
            ? Double(EqualAccuracy.targets.count * EqualAccuracy.strategies.count) * min(secondsPerConfiguration, 0.2) : 0
    }

    /// A rough model of one configuration's wall time under this plan, for balancing shards only:
    /// warm-up frames plus the sampled frames (the time budget, raised to the minimum frames and
    /// capped by the maximum), plus building the population, at `typicalNanoseconds` per
    /// animation-frame shared by the threads.
    public func expectedSeconds(_ configuration: BenchConfiguration) -> Double {
        let frame = Double(configuration.animations)
            * Self.typicalNanoseconds(configuration.workload, configuration.strategy)
            / Double(max(configuration.threads, 1)) / 1e9
        let warmup = Double(warmupFrames + configuration.workload.steadyStateFrames) * frame
        let sampling = min(max(secondsPerConfiguration, Double(minimumFrames) * frame), Double(maximumFrames) * frame)
        let setup = Double(configuration.animations) * Self.setupNanosecondsPerAnimation(configuration.workload) / 1e9
        return warmup + sampling + setup
    }

    /// Nanoseconds per animation-frame on one thread, rounded from the quick run in
    /// `reports/performance.md` (2-core x86-64 machine); only their proportions matter.
    static func typicalNanoseconds(_ workload: Workload, _ strategy: Strategy) -> Double {
        switch (workload, strategy) {
        case (.spring, .gsl): return 2_600
        case (.spring, .fast), (.spring, .euler): return 2
        case (.spring, .rk4): return 4
        case (.swiftUISpring, .fast): return 18
        case (.curve, .fast), (.keyframes, .fast): return 70
        case (.mixed, .fast): return 145
        case (_, .floor), (.spring, .limit), (.spring, .limitAVX2): return 1
        case (_, .limit), (_, .limitAVX2): return 10
        default: return 150 // every naive strategy: 100–175
        }
    }

    /// Building a population and measuring its error, per animation: a configuration's wall time
    /// less its timed frames, from the quick plan's progress on the 2-core machine —
    /// ~2 µs, ~5 µs for `swiftui-spring`, ~45 µs for `mixed` (an animator per value, and its first
    /// retargets in the warm-up are slower than the frames timed later).
    static func setupNanosecondsPerAnimation(_ workload: Workload) -> Double {
        switch workload {
        case .mixed: return 45_000
        case .swiftUISpring: return 5_000
        default: return 2_000
        }
    }
}
