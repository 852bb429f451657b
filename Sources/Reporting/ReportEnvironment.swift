// ReportEnvironment.swift — where and when a report was made: the machine (from the frame
// harness's environment block), the source (the git commit) and the date.

import FrameBench
import Foundation

/// The environment block every page shows.
public struct ReportEnvironment: Codable, Sendable, Equatable {
    public var cpuModel: String
    public var cores: Int
    public var operatingSystem: String
    public var swiftVersion: String
    public var gslVersion: String
    /// `release` or `debug`.
    public var buildConfiguration: String
    /// `git rev-parse --short HEAD`, or "unknown".
    public var gitCommit: String
    /// ISO 8601, UTC, to the second.
    public var date: String
    public var hookeVersion: String

    public init(cpuModel: String, cores: Int, operatingSystem: String, swiftVersion: String, gslVersion: String,
                buildConfiguration: String, gitCommit: String, date: String, hookeVersion: String) {
        self.cpuModel = cpuModel
        self.cores = cores
        self.operatingSystem = operatingSystem
        self.swiftVersion = swiftVersion
        self.gslVersion = gslVersion
        self.buildConfiguration = buildConfiguration
        self.gitCommit = gitCommit
        self.date = date
        self.hookeVersion = hookeVersion
    }

    /// The machine block of `bench`, plus the commit and `date`.
    public init(bench: BenchEnvironment, gitCommit: String, date: Date) {
        self.init(cpuModel: bench.cpuModel, cores: bench.cores, operatingSystem: bench.operatingSystem,
                  swiftVersion: bench.swiftVersion, gslVersion: bench.gslVersion,
                  buildConfiguration: bench.buildConfiguration.rawValue, gitCommit: gitCommit,
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
        let bench = BenchEnvironment.current(frameRate: 120, hookeVersion: hookeVersion)
        return ReportEnvironment(bench: bench, gitCommit: gitCommit, date: date)
    }

    /// The environment as a two-column Markdown table.
    public var table: MarkdownTable {
        MarkdownTable(header: ["environment", "value"], rows: [
            ["CPU", cpuModel], ["cores", "\(cores)"], ["OS", operatingSystem], ["Swift", swiftVersion],
            ["GSL", gslVersion], ["build", buildConfiguration], ["commit", gitCommit], ["date", date],
            ["hooke", hookeVersion],
        ])
    }
}
