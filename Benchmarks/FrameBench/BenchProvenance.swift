import Foundation

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
        machine = environment.machine.named(machineName)
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
