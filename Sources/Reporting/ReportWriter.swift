// ReportWriter.swift — publishing a report's files so that a reader never sees a half-written
// report and a failed run leaves the previous one intact.
//
// 1. Every page, chart and JSON file is rendered in memory first (`ReportGenerator.render`).
// 2. The files are written into a staging directory inside the output directory (same file
//    system, so `rename(2)` is atomic), each one complete before the next starts.
// 3. Only when all are staged is each renamed over its destination. A failure before step 3
//    (a throw while rendering or staging, a full disk) removes the staging directory and leaves
//    every published file as it was.
// `baselines/` belongs to `hooke verify`/`hooke bench`: a report may never write there.

import Foundation

/// One file of a report: a path relative to the output directory and its bytes.
public struct ReportFile: Sendable, Equatable {
    public var path: String
    public var contents: Data

    public init(path: String, contents: Data) {
        self.path = path
        self.contents = contents
    }

    public init(path: String, text: String) {
        self.init(path: path, contents: Data(text.utf8))
    }
}

/// Failures the user can act on.
public enum ReportError: Error, CustomStringConvertible, Equatable {
    case cannotWrite(path: String, reason: String)
    case forbiddenPath(String)
    case cannotRead(path: String, reason: String)

    public var description: String {
        switch self {
        case let .cannotWrite(path, reason): return "cannot write '\(path)': \(reason); check that the directory is writable"
        case let .forbiddenPath(path):
            return "refusing to write '\(path)': reports never write into baselines/ or outside the output directory"
        case let .cannotRead(path, reason): return "cannot read '\(path)': \(reason)"
        }
    }
}

public enum ReportWriter {
    /// The directory a report never writes into (the stored baselines).
    public static let protectedDirectory = "baselines"

    /// Stages `files` inside `directory`, then renames each into place.
    ///
    /// - Parameters:
    ///   - afterStaging: called after each file is staged with the number staged so far; a throw
    ///     abandons the run as any failure would (the tests use it to interrupt a write).
    /// - Returns: the destinations written, in the order given.
    /// - Throws: `ReportError`; on any throw nothing in `directory` has changed.
    @discardableResult
    public static func publish(_ files: [ReportFile], to directory: URL,
                               afterStaging: (Int) throws -> Void = { _ in }) throws -> [URL] {
        for file in files { try validate(file.path) }
        let fileManager = FileManager.default
        do {
            try fileManager.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw ReportError.cannotWrite(path: directory.path, reason: error.localizedDescription)
        }
        let staging = directory.appendingPathComponent(".report-staging-\(getpid())-\(UUID().uuidString)")
        defer { try? fileManager.removeItem(at: staging) }
        var staged: [(URL, URL)] = []
        for (index, file) in files.enumerated() {
            let source = staging.appendingPathComponent(file.path)
            do {
                try fileManager.createDirectory(at: source.deletingLastPathComponent(), withIntermediateDirectories: true)
                try file.contents.write(to: source)
            } catch {
                throw ReportError.cannotWrite(path: source.path, reason: error.localizedDescription)
            }
            staged.append((source, directory.appendingPathComponent(file.path)))
            try afterStaging(index + 1)
        }
        for (source, destination) in staged {
            do {
                try fileManager.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
            } catch {
                throw ReportError.cannotWrite(path: destination.path, reason: error.localizedDescription)
            }
            guard rename(source.path, destination.path) == 0 else {
                throw ReportError.cannotWrite(path: destination.path, reason: String(cString: strerror(errno)))
            }
        }
        return staged.map(\.1)
    }

    /// Writes one file atomically: a temporary file beside it, then a rename.
    public static func writeAtomically(_ data: Data, to url: URL) throws {
        try publish([ReportFile(path: url.lastPathComponent, contents: data)], to: url.deletingLastPathComponent())
    }

    /// A relative path, without `..`, outside `baselines/`.
    static func validate(_ path: String) throws {
        let components = path.split(separator: "/", omittingEmptySubsequences: false)
        guard !path.isEmpty, !path.hasPrefix("/"), !components.contains(".."), !components.contains(""),
              components.first.map(String.init) != protectedDirectory
        else { throw ReportError.forbiddenPath(path) }
    }
}
