// ReportEnvironment.swift — where and when a report was made: the machine (`Machine`, its facts
// written flat in the JSON), the build, the source (the git commit) and the date.

import FrameBench
import Foundation

/// The environment block every page shows.
public struct ReportEnvironment: Codable, Sendable, Equatable {
    public var machine: Machine
    /// `release` or `debug`.
    public var buildConfiguration: String
    /// The source's commit (short hash), or "unknown".
    public var gitCommit: String
    /// ISO 8601, UTC, to the second.
    public var date: String
    public var hookeVersion: String

    public init(machine: Machine, buildConfiguration: String, gitCommit: String, date: String, hookeVersion: String) {
        self.machine = machine
        self.buildConfiguration = buildConfiguration
        self.gitCommit = gitCommit
        self.date = date
        self.hookeVersion = hookeVersion
    }

    /// The machine and build of `bench`, plus the commit and `date`.
    public init(bench: BenchEnvironment, gitCommit: String, date: Date) {
        self.init(machine: bench.machine, buildConfiguration: bench.buildConfiguration.rawValue, gitCommit: gitCommit,
                  date: BenchReport.timestamp(date), hookeVersion: bench.hookeVersion)
    }

    /// The environment a report states: the machine `bench` was measured on, else this process's;
    /// `gitCommit` names the source.
    package static func of(_ bench: BenchReport?, gitCommit: String, hookeVersion: String) -> ReportEnvironment {
        guard let bench else { return current(gitCommit: gitCommit, hookeVersion: hookeVersion) }
        return ReportEnvironment(bench: bench.environment, gitCommit: gitCommit, date: Date())
    }

    /// This process's environment now.
    public static func current(gitCommit: String, hookeVersion: String, date: Date = Date()) -> ReportEnvironment {
        ReportEnvironment(machine: .current(), buildConfiguration: BuildConfiguration.current.rawValue, gitCommit: gitCommit,
                          date: BenchReport.timestamp(date), hookeVersion: hookeVersion)
    }

    /// The environment as a two-column Markdown table.
    public var table: MarkdownTable {
        MarkdownTable(header: ["environment", "value"], rows: [
            ["CPU", machine.cpuModel], ["cores", "\(machine.cores)"], ["OS", machine.operatingSystem],
            ["Swift", machine.swiftVersion], ["GSL", machine.gslVersion], ["build", buildConfiguration],
            ["commit", gitCommit], ["date", date], ["hooke", hookeVersion],
        ])
    }

    enum CodingKeys: String, CodingKey { case buildConfiguration, gitCommit, date, hookeVersion }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(machine: try Machine(facts: decoder),
                  buildConfiguration: try container.decode(String.self, forKey: .buildConfiguration),
                  gitCommit: try container.decode(String.self, forKey: .gitCommit),
                  date: try container.decode(String.self, forKey: .date),
                  hookeVersion: try container.decode(String.self, forKey: .hookeVersion))
    }

    public func encode(to encoder: any Encoder) throws {
        try machine.encodeFacts(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(buildConfiguration, forKey: .buildConfiguration)
        try container.encode(gitCommit, forKey: .gitCommit)
        try container.encode(date, forKey: .date)
        try container.encode(hookeVersion, forKey: .hookeVersion)
    }
}
