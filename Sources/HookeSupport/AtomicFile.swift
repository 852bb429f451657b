// AtomicFile.swift — how every command writes a file: a regular file is replaced atomically (a
// temporary file in the same directory, then rename(2)), so a reader never sees half a file and a
// failed write leaves the previous file intact. What is not a regular file is never replaced:
// a symlink is followed and its target written (renamed into the target's own directory), and a
// device or FIFO (`/dev/stdout`, `/dev/null`, a named pipe) is written in place. `-` is standard
// output.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A file could not be written; the previous file, if any, is unchanged.
public struct AtomicWriteError: Error, CustomStringConvertible, Equatable {
    public var path: String
    public var reason: String
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }
    public var description: String { "cannot write '\(path)': \(reason)" }
}

/// The output file name that means standard output.
public let standardOutputPath = "-"

/// Writes `data` to `path`: standard output for `-`, in place for a device or FIFO (also through a
/// symlink), else atomically into the file, or into the target of a symlink (see the file header).
/// Creates missing parent directories of a regular file; commands check user-given paths first.
public func writeAtomically(_ data: Data, toPath path: String) throws {
    if let descriptor = openDescriptor(named: path) {
        do {
            try writeAll(data, to: descriptor)
        } catch let error as AtomicWriteError {
            throw AtomicWriteError(path: path == standardOutputPath ? "standard output" : path, reason: error.reason)
        }
        return
    }
    var status = stat()
    let exists = stat(path, &status) == 0  // follows symlinks: the kind of the target
    if exists {
        let kind = status.st_mode & S_IFMT
        if kind == S_IFDIR { throw AtomicWriteError(path: path, reason: "it is a directory") }
        if kind != S_IFREG { return try writeInPlace(data, path: path) }
    }
    try replaceRegularFile(data, path: resolvingSymlinks(path), mode: exists ? status.st_mode & 0o7777 : nil)
}

/// The descriptor a path names when it is one of the process's own: `-` and `/dev/stdout` are 1,
/// `/dev/stderr` 2, `/dev/fd/N` and `/proc/self/fd/N` are N. Writing to the descriptor itself keeps
/// the shell's redirection (its offset, `>>`) instead of reopening or replacing what it points to.
func openDescriptor(named path: String) -> Int32? {
    switch path {
    case standardOutputPath, "/dev/stdout": return STDOUT_FILENO
    case "/dev/stderr": return STDERR_FILENO
    default:
        for prefix in ["/dev/fd/", "/proc/self/fd/"] where path.hasPrefix(prefix) {
            if let number = Int32(path.dropFirst(prefix.count)), fcntl(number, F_GETFD) != -1 { return number }
        }
        return nil
    }
}

/// Writes every byte of `data` to `descriptor`, retrying short writes and EINTR.
/// - Throws: `AtomicWriteError` with the system's reason (ENOSPC for a full disk, EPIPE for a
///   closed pipe once SIGPIPE is ignored); the path is the descriptor number.
public func writeAll(_ data: Data, to descriptor: Int32) throws {
    try data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
        try writeAll(buffer, to: descriptor)
    }
}

/// `writeAll(_:to:)` for raw bytes.
public func writeAll(_ buffer: UnsafeRawBufferPointer, to descriptor: Int32) throws {
    guard let base = buffer.baseAddress else { return }
    var offset = 0
    while offset < buffer.count {
        let written = write(descriptor, base + offset, buffer.count - offset)
        if written < 0 {
            if errno == EINTR { continue }
            throw AtomicWriteError(path: "file descriptor \(descriptor)", reason: String(cString: strerror(errno)))
        }
        if written == 0 { throw AtomicWriteError(path: "file descriptor \(descriptor)", reason: "nothing could be written") }
        offset += written
    }
}

/// The path a chain of symlinks at `path` ends in (which need not exist: a dangling link names the
/// file to create). Relative link targets are resolved against the link's directory.
func resolvingSymlinks(_ path: String) -> String {
    var current = path
    for _ in 0..<40 {  // the kernel's own limit on symlink chains
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(current, &buffer, buffer.count - 1)
        guard count > 0 else { return current }
        let target = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if target.hasPrefix("/") {
            current = target
        } else {
            current = URL(fileURLWithPath: current).deletingLastPathComponent().appendingPathComponent(target).path
        }
    }
    return current
}

/// Opens an existing non-regular file (a device, a FIFO) and writes `data` into it.
private func writeInPlace(_ data: Data, path: String) throws {
    let descriptor = open(path, O_WRONLY | O_NOCTTY)
    guard descriptor >= 0 else { throw AtomicWriteError(path: path, reason: String(cString: strerror(errno))) }
    defer { close(descriptor) }
    do {
        try writeAll(data, to: descriptor)
    } catch let error as AtomicWriteError {
        throw AtomicWriteError(path: path, reason: error.reason)
    }
}

/// A temporary file beside `path`, then rename(2) over it; the file keeps its permission bits.
private func replaceRegularFile(_ data: Data, path: String, mode: mode_t?) throws {
    let url = URL(fileURLWithPath: path)
    let directory = url.deletingLastPathComponent()
    let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
    do {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try data.write(to: temporary)
        if let mode { chmod(temporary.path, mode) }
    } catch {
        try? FileManager.default.removeItem(at: temporary)
        throw AtomicWriteError(path: path, reason: error.localizedDescription)
    }
    if rename(temporary.path, path) != 0 {
        let reason = String(cString: strerror(errno))
        try? FileManager.default.removeItem(at: temporary)
        throw AtomicWriteError(path: path, reason: reason)
    }
}

/// A file written in pieces and published whole: the pieces go to a temporary file beside the
/// destination (beside a symlink's target), and `commit()` renames it into place. Until then the
/// destination is untouched, and a file that is never committed (an error, a kill) leaves no
/// temporary behind once released. Descriptors, devices and FIFOs are written in place as they
/// come, as `writeAtomically(_:toPath:)` does.
public final class AtomicOutputFile {
    /// The destination as given.
    public let path: String
    private let descriptor: Int32
    /// The temporary file and the file it replaces, or nil when writing in place.
    private let staging: (temporary: String, destination: String)?
    private var finished = false

    public init(path: String) throws {
        self.path = path
        if let number = openDescriptor(named: path) {
            descriptor = dup(number)
            staging = nil
        } else {
            var status = stat()
            let exists = stat(path, &status) == 0
            if exists, status.st_mode & S_IFMT == S_IFDIR { throw AtomicWriteError(path: path, reason: "it is a directory") }
            if exists, status.st_mode & S_IFMT != S_IFREG {
                descriptor = open(path, O_WRONLY | O_NOCTTY)
                staging = nil
            } else {
                let destination = resolvingSymlinks(path)
                let url = URL(fileURLWithPath: destination)
                let temporary = url.deletingLastPathComponent()
                    .appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp").path
                descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o666)
                if exists, descriptor >= 0 { fchmod(descriptor, status.st_mode & 0o7777) }  // keep the file's mode
                staging = (temporary, destination)
            }
        }
        guard descriptor >= 0 else { throw AtomicWriteError(path: path, reason: String(cString: strerror(errno))) }
    }

    /// Appends bytes.
    public func write(_ buffer: UnsafeRawBufferPointer) throws {
        do {
            try writeAll(buffer, to: descriptor)
        } catch let error as AtomicWriteError {
            throw AtomicWriteError(path: path, reason: error.reason)
        }
    }

    /// Publishes what was written: renames the temporary file over the destination.
    public func commit() throws {
        guard !finished else { return }
        finished = true
        let closed = close(descriptor)
        guard let staging else { return }
        guard closed == 0, rename(staging.temporary, staging.destination) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(staging.temporary)
            throw AtomicWriteError(path: path, reason: reason)
        }
    }

    deinit {
        guard !finished else { return }
        close(descriptor)
        if let staging { unlink(staging.temporary) }
    }
}
