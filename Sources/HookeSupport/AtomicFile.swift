// AtomicFile.swift — how the verifier and the harness write their JSON and baselines: a temporary
// file in the same directory, then rename(2), so a reader never sees half a file and a failed write
// leaves the previous file intact.

import Foundation

/// A file could not be written; the previous file, if any, is unchanged.
public struct AtomicWriteError: Error, CustomStringConvertible, Equatable {
    public var path: String
    public var reason: String
    public var description: String { "cannot write '\(path)': \(reason)" }
}

/// Writes `data` to a temporary file beside `url` and renames it over `url` (atomic on POSIX).
/// Creates missing parent directories; commands check user-given paths before calling this.
public func writeAtomically(_ data: Data, to url: URL) throws {
    let directory = url.deletingLastPathComponent()
    let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
    do {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try data.write(to: temporary)
    } catch {
        try? FileManager.default.removeItem(at: temporary)
        throw AtomicWriteError(path: url.path, reason: error.localizedDescription)
    }
    if rename(temporary.path, url.path) != 0 {
        let reason = String(cString: strerror(errno))
        try? FileManager.default.removeItem(at: temporary)
        throw AtomicWriteError(path: url.path, reason: reason)
    }
}

/// `writeAtomically(_:to:)` for a file path.
public func writeAtomically(_ data: Data, toPath path: String) throws {
    try writeAtomically(data, to: URL(fileURLWithPath: path))
}
