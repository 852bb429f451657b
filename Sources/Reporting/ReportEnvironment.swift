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

    /// The machine block of `bench`, plus the commit of `repository` and `date`.
    public init(bench: BenchEnvironment, gitCommit: String, date: Date) {
        self.init(cpuModel: bench.cpuModel, cores: bench.cores, operatingSystem: bench.operatingSystem,
                  swiftVersion: bench.swiftVersion, gslVersion: bench.gslVersion,
                  buildConfiguration: bench.buildConfiguration.rawValue, gitCommit: gitCommit,
                  date: Self.format(date), hookeVersion: bench.hookeVersion)
    }

    /// The environment a report states: the machine `bench` was measured on, else this process's.
    package static func of(_ bench: BenchReport?, repository: URL, hookeVersion: String) -> ReportEnvironment {
        guard let bench else { return current(repository: repository, hookeVersion: hookeVersion) }
        return ReportEnvironment(bench: bench.environment, gitCommit: gitCommit(in: repository), date: Date())
    }

    /// This process's environment now.
    public static func current(repository: URL?, hookeVersion: String, date: Date = Date()) -> ReportEnvironment {
        let bench = BenchEnvironment.current(frameRate: 120, hookeVersion: hookeVersion)
        return ReportEnvironment(bench: bench, gitCommit: repository.map(gitCommit(in:)) ?? "unknown", date: date)
    }

    /// `git rev-parse --short HEAD` run in `directory`; "unknown" when git or the repository is missing.
    public static func gitCommit(in directory: URL) -> String {
        guard let text = git(["rev-parse", "--short", "HEAD"], in: directory), text.allSatisfy({ $0.isHexDigit }) else {
            return "unknown"
        }
        return text
    }

    /// The committer date of `commit` (ISO 8601) in the repository at `directory`; nil when git,
    /// the repository or the commit is missing.
    public static func gitCommitDate(_ commit: String = "HEAD", in directory: URL) -> String? {
        git(["show", "-s", "--format=%cI", commit, "--"], in: directory)
    }

    /// Runs git with `arguments` in `directory`: its trimmed output, or nil when it fails or prints nothing.
    static func git(_ arguments: [String], in directory: URL) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", directory.path] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return nil
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return process.terminationStatus == 0 && !text.isEmpty ? text : nil
    }

    /// `2025-01-31T12:34:56Z`.
    public static func format(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
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
