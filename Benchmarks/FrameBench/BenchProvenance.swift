import Foundation

/// The machine a run measured, as merged reports tell machines apart: a name (the one the user
/// gave, or made from the hardware) and what decides its speed.
public struct BenchMachine: Codable, Sendable, Equatable {
    /// The label pages and the merged `benchmarks` names use. Shards of one machine share it.
    public var name: String
    public var cpuModel: String
    public var cores: Int
    /// The host's architecture and its widest vector extension: `x86_64 (AVX2)`, `arm64 (NEON)`.
    public var isa: String
    public var operatingSystem: String
    public var swiftVersion: String
    public var gslVersion: String

    public init(name: String, cpuModel: String, cores: Int, isa: String, operatingSystem: String,
                swiftVersion: String, gslVersion: String) {
        self.name = name
        self.cpuModel = cpuModel
        self.cores = cores
        self.isa = isa
        self.operatingSystem = operatingSystem
        self.swiftVersion = swiftVersion
        self.gslVersion = gslVersion
    }

    /// The machine of `environment`, named `name` or, when nil, after its hardware
    /// (`x86_64 (AVX2), 2 cores, <CPU model>`).
    public init(environment: BenchEnvironment, isa: String = BenchMachine.hostISA(), name: String? = nil) {
        self.init(name: name ?? "\(isa), \(environment.cores) cores, \(environment.cpuModel)",
                  cpuModel: environment.cpuModel, cores: environment.cores, isa: isa,
                  operatingSystem: environment.operatingSystem, swiftVersion: environment.swiftVersion,
                  gslVersion: environment.gslVersion)
    }

    /// This host's architecture, from the compiler, and its widest vector extension, from the
    /// kernel's CPU flags (`/proc/cpuinfo`); what the build targets can be narrower.
    public static func hostISA() -> String {
        #if arch(x86_64)
        let flags = Set(BenchEnvironment.readLines("/proc/cpuinfo").first { $0.hasPrefix("flags") }?
            .split(separator: " ").map(String.init) ?? [])
        let widest = flags.contains("avx512f") ? "AVX-512" : flags.contains("avx2") ? "AVX2"
            : flags.contains("avx") ? "AVX" : "SSE2"
        return "x86_64 (\(widest))"
        #elseif arch(arm64)
        return "arm64 (NEON)"
        #else
        return "unknown"
        #endif
    }
}

/// The source a run measured.
public struct BenchCommit: Codable, Sendable, Equatable {
    /// A git commit (short hash), or the label the user gave; "unknown" without either.
    public var id: String
    /// The commit's committer date, ISO 8601; nil when git could not tell. History pages order
    /// commits by it.
    public var date: String?

    public init(id: String, date: String?) {
        self.id = id
        self.date = date
    }
}

/// Whose run a bench run is and which share of its plan it measures, as `BenchReport` records them
/// for runs to be merged: the shard (nil: the whole plan), the machine's name (nil: named after its
/// hardware) and the source measured.
public struct BenchRunIdentity: Sendable {
    /// 1-based index and count (`BenchShard.Request.resolve`); nil: the whole plan.
    public var shard: (index: Int, count: Int)?
    public var machineName: String?
    public var commit: BenchCommit

    public init(shard: (index: Int, count: Int)?, machineName: String?, commit: BenchCommit) {
        self.shard = shard
        self.machineName = machineName
        self.commit = commit
    }

    /// Whether `text` may name a machine or a commit on pages: 1 to 80 printable characters.
    public static func isValidLabel(_ text: String) -> Bool {
        !text.isEmpty && text.count <= 80 && text.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F }
    }

    /// Measures `plan`'s configurations (this shard's) and stamps the report with this identity.
    public func measure(_ plan: BenchPlan, hookeVersion: String,
                        progress: (Int, Int, BenchConfiguration) -> Void) throws -> BenchReport {
        let shard = shard.map { BenchShard(index: $0.index, count: $0.count, plan: plan.fingerprint) }
        var report = try FrameRunner.run(plan, shard: shard, hookeVersion: hookeVersion, progress: progress)
        report.stamp(machineName: machineName, commit: commit, shard: shard)
        return report
    }
}

extension BenchReport {
    /// Records whose run this is: the machine (named `machineName`, or after its hardware), the
    /// commit, the date and the shard.
    public mutating func stamp(machineName: String?, commit: BenchCommit, shard: BenchShard?, date: Date = Date()) {
        machine = BenchMachine(environment: environment, name: machineName)
        self.commit = commit
        self.date = Self.timestamp(date)
        self.shard = shard
    }

    /// `2025-01-31T12:34:56Z`: ISO 8601 in UTC, to the second, as runs and reports record dates.
    public static func timestamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }
}
