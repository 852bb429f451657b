import FrameBench
import Foundation

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
