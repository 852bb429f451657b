// ReportWriter.swift — publishing a report's files so that the report is replaced as a whole or
// not at all, and a reader never sees a half-written file.
//
// 1. Every page, chart and JSON file is rendered in memory first (`ReportGenerator.render`).
// 2. Staging directories left by a run that was killed (`.report-staging-PID-…` whose process is
//    gone) are removed.
// 3. The files are written into a new staging directory inside the output directory (same file
//    system, so `rename(2)` is atomic), each one complete before the next starts.
// 4. Every destination is checked before any is touched: each must be absent or a regular file
//    (never a symlink, a directory or a device, which a rename would replace), and every directory
//    on the way must be a directory we can write.
// 5. The swap: each previous file is hard-linked into the staging directory (so it survives), then
//    the new one is renamed over it; files the previous report left in the report's own
//    subdirectories (`charts/`) that this one does not write are moved aside the same way. If any
//    step fails, the files already swapped are put back and the new files removed.
// A failure at any step leaves every published file as it was and removes the staging directory.
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
        case let .cannotWrite(path, reason): return "cannot write '\(path)': \(reason); nothing was replaced"
        case let .forbiddenPath(path):
            return "refusing to write '\(path)': reports never write into baselines/ or outside the output directory"
        case let .cannotRead(path, reason): return "cannot read '\(path)': \(reason)"
        }
    }
}

public enum ReportWriter {
    /// The directory a report never writes into (the stored baselines).
    public static let protectedDirectory = "baselines"
    /// The prefix of staging directories; `<prefix><pid>-<uuid>`.
    static let stagingPrefix = ".report-staging-"

    /// Publishes `files` into `directory` as one unit (see the file header).
    ///
    /// - Parameters:
    ///   - afterStaging: called after each file is staged with the number staged so far; a throw
    ///     abandons the run as any failure would (the tests use it to interrupt a write).
    ///   - afterSwapping: called after each destination is replaced, with the number replaced so
    ///     far; a throw rolls the swap back (the tests use it to fail half-way through the swap).
    /// - Returns: the destinations written, in the order given.
    /// - Throws: `ReportError`; on any throw nothing in `directory` has changed.
    @discardableResult
    public static func publish(_ files: [ReportFile], to directory: URL,
                               afterStaging: (Int) throws -> Void = { _ in },
                               afterSwapping: (Int) throws -> Void = { _ in }) throws -> [URL] {
        for file in files { try validate(file.path) }
        try checkDirectory(directory)
        let fileManager = FileManager.default
        do {
            try fileManager.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw ReportError.cannotWrite(path: directory.path, reason: error.localizedDescription)
        }
        removeAbandonedStaging(in: directory)
        let staging = directory.appendingPathComponent("\(stagingPrefix)\(getpid())-\(UUID().uuidString)")
        defer { try? fileManager.removeItem(at: staging) }
        let newFiles = staging.appendingPathComponent("new")
        var staged: [(source: URL, destination: URL)] = []
        for (index, file) in files.enumerated() {
            let source = newFiles.appendingPathComponent(file.path)
            do {
                try fileManager.createDirectory(at: source.deletingLastPathComponent(), withIntermediateDirectories: true)
                try file.contents.write(to: source)
            } catch {
                throw ReportError.cannotWrite(path: directory.appendingPathComponent(file.path).path,
                                              reason: error.localizedDescription)
            }
            staged.append((source, directory.appendingPathComponent(file.path)))
            try afterStaging(index + 1)
        }
        for (_, destination) in staged { try checkDestination(destination, in: directory) }
        let obsolete = obsoleteFiles(in: directory, keeping: Set(files.map(\.path)))
        try swap(staged, obsolete: obsolete, in: directory, previous: staging.appendingPathComponent("previous"),
                 afterSwapping: afterSwapping)
        return staged.map(\.destination)
    }

    /// Checks that a report can be written into `directory` — it is a directory we can write, or
    /// can be created inside one — without writing anything. Commands call it before any work.
    public static func checkDirectory(_ directory: URL) throws {
        var path = directory.standardizedFileURL.path
        var status = stat()
        while stat(path, &status) != 0 {
            guard errno == ENOENT else {
                throw ReportError.cannotWrite(path: directory.path, reason: String(cString: strerror(errno)))
            }
            let parent = (path as NSString).deletingLastPathComponent
            if parent == path || parent.isEmpty { break }
            path = parent
        }
        guard status.st_mode & S_IFMT == S_IFDIR else {
            throw ReportError.cannotWrite(path: directory.path, reason: "'\(path)' is not a directory")
        }
        guard access(path, W_OK | X_OK) == 0 else {
            throw ReportError.cannotWrite(path: directory.path, reason: "'\(path)' is not writable")
        }
    }

    /// A relative path, without `..`, outside `baselines/`.
    static func validate(_ path: String) throws {
        let components = path.split(separator: "/", omittingEmptySubsequences: false)
        guard !path.isEmpty, !path.hasPrefix("/"), !components.contains(".."), !components.contains(""),
              components.first.map(String.init) != protectedDirectory
        else { throw ReportError.forbiddenPath(path) }
    }

    /// Removes staging directories whose process no longer runs (a run that was killed).
    static func removeAbandonedStaging(in directory: URL) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        for name in names where name.hasPrefix(stagingPrefix) {
            let pidText = name.dropFirst(stagingPrefix.count).prefix { $0 != "-" }
            if let pid = Int32(pidText), pid != getpid(), kill(pid, 0) == 0 || errno != ESRCH { continue }
            try? FileManager.default.removeItem(at: directory.appendingPathComponent(name))
        }
    }

    /// A destination may be absent or a regular file (not a symlink: renaming over it would replace
    /// the link, not write its target); every existing directory on its way must be a directory.
    static func checkDestination(_ destination: URL, in directory: URL) throws {
        var status = stat()
        if lstat(destination.path, &status) == 0 {
            let kind = status.st_mode & S_IFMT
            guard kind == S_IFREG else {
                let what = kind == S_IFLNK ? "a symlink" : kind == S_IFDIR ? "a directory" : "not a regular file"
                throw ReportError.cannotWrite(path: destination.path, reason: "it is \(what), which a report does not replace")
            }
        }
        var parent = destination.deletingLastPathComponent()
        while parent.path.count >= directory.path.count {
            if stat(parent.path, &status) == 0 {
                guard status.st_mode & S_IFMT == S_IFDIR else {
                    throw ReportError.cannotWrite(path: destination.path, reason: "'\(parent.path)' is not a directory")
                }
                guard access(parent.path, W_OK | X_OK) == 0 else {
                    throw ReportError.cannotWrite(path: destination.path, reason: "'\(parent.path)' is not writable")
                }
                return
            }
            parent = parent.deletingLastPathComponent()
        }
    }

    /// Regular files in the subdirectories the report writes into (e.g. `charts/`) that the new
    /// report does not write: left over from an earlier report, they would be stale.
    static func obsoleteFiles(in directory: URL, keeping paths: Set<String>) -> [String] {
        let subdirectories = Set(paths.compactMap { path -> String? in
            let parts = path.split(separator: "/")
            return parts.count > 1 ? String(parts[0]) : nil
        })
        var result: [String] = []
        for subdirectory in subdirectories.sorted() {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent(subdirectory).path)) ?? []
            for name in names.sorted() where !name.hasPrefix(".") {
                let path = subdirectory + "/" + name
                var status = stat()
                if !paths.contains(path), lstat(directory.appendingPathComponent(path).path, &status) == 0,
                   status.st_mode & S_IFMT == S_IFREG {
                    result.append(path)
                }
            }
        }
        return result
    }

    /// Replaces each destination, keeping the previous files under `previous` until all are done;
    /// on any failure puts everything back.
    static func swap(_ staged: [(source: URL, destination: URL)], obsolete: [String], in directory: URL, previous: URL,
                     afterSwapping: (Int) throws -> Void) throws {
        let fileManager = FileManager.default
        // (destination, its saved previous version or nil when there was none)
        var done: [(destination: URL, saved: URL?)] = []
        func rollBack() {
            for (destination, saved) in done.reversed() {
                if let saved {
                    rename(saved.path, destination.path)
                } else {
                    unlink(destination.path)
                }
            }
        }
        func fail(_ path: URL, _ reason: String) -> ReportError {
            rollBack()
            return ReportError.cannotWrite(path: path.path, reason: reason)
        }
        for (index, item) in staged.enumerated() {
            let relative = String(item.destination.path.dropFirst(directory.path.count + 1))
            let saved = previous.appendingPathComponent(relative)
            var status = stat()
            let existed = lstat(item.destination.path, &status) == 0
            do {
                try fileManager.createDirectory(at: item.destination.deletingLastPathComponent(), withIntermediateDirectories: true)
                if existed {
                    try fileManager.createDirectory(at: saved.deletingLastPathComponent(), withIntermediateDirectories: true)
                }
            } catch {
                throw fail(item.destination, error.localizedDescription)
            }
            if existed, link(item.destination.path, saved.path) != 0 {
                throw fail(item.destination, String(cString: strerror(errno)))
            }
            guard rename(item.source.path, item.destination.path) == 0 else {
                let reason = String(cString: strerror(errno))
                if existed { unlink(saved.path) }
                throw fail(item.destination, reason)
            }
            done.append((item.destination, existed ? saved : nil))
            do {
                try afterSwapping(index + 1)
            } catch {
                rollBack()
                throw error
            }
        }
        for path in obsolete {
            let old = directory.appendingPathComponent(path)
            let saved = previous.appendingPathComponent(path)
            do {
                try fileManager.createDirectory(at: saved.deletingLastPathComponent(), withIntermediateDirectories: true)
            } catch {
                throw fail(old, error.localizedDescription)
            }
            guard rename(old.path, saved.path) == 0 else { throw fail(old, String(cString: strerror(errno))) }
            // Rolling back puts the saved file back over the (now absent) old path.
            done.append((old, saved))
        }
    }
}
