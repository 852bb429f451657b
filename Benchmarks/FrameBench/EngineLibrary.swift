import CHookeEngine
#if canImport(Glibc)
import Glibc
#endif

/// An animation engine outside Hooke, loaded from a shared library through the C ABI of
/// `include/hooke_engine.h` (version ``abiVersion``), measured by the frame runner as strategy
/// `engine:NAME` (``strategy``).
///
/// Loading opens the library (`dlopen`, every symbol resolved at once), finds the entry point,
/// and checks the table it returns before anything calls into it: the version first, then the
/// name, then the functions. The library then stays loaded for the life of the process (kernels
/// hold pointers into it; it is never closed).
public final class EngineLibrary: @unchecked Sendable, Equatable, CustomStringConvertible {
    /// The version of the ABI this build reads (`HOOKE_ENGINE_ABI_VERSION`).
    public static let abiVersion = HOOKE_ENGINE_ABI_VERSION
    /// The longest engine name, in bytes (`HOOKE_ENGINE_NAME_MAXIMUM`).
    public static let nameMaximum = Int(HOOKE_ENGINE_NAME_MAXIMUM)

    /// The library's path as given.
    public let path: String
    /// The engine's name, from its table.
    public let name: String
    /// What the engine takes for granted beyond the workload's definition, from its table.
    public let assumptions: [String]
    /// The workloads the engine runs (those whose create function the table has), in `Workload` order.
    public let workloads: [Workload]
    /// Bytes the engine keeps per animation of each workload it runs (0: not stated).
    public let stateBytesPerAnimation: [Workload: Int]
    /// The table, copied (its name and assumptions point into the library, which stays loaded).
    let table: hooke_engine

    /// The strategy the runner measures the engine as: `engine:NAME`.
    public var strategy: Strategy { .engine(name) }

    public var description: String { "\(name) (\(path))" }

    /// Loads the library at `path` (a path with no "/" is taken in the working directory, not
    /// searched for as `dlopen` would) and checks its table.
    /// - Throws: `EngineLibraryError` naming the library and what is wrong with it.
    public init(path: String) throws {
        self.path = path
        let opened = path.contains("/") ? path : "./" + path
        guard let handle = dlopen(opened, RTLD_NOW | RTLD_LOCAL) else {
            throw EngineLibraryError.cannotLoad(path: path, reason: dlerror().map { String(cString: $0) } ?? "unknown")
        }
        guard let symbol = dlsym(handle, HOOKE_ENGINE_ENTRY_SYMBOL) else {
            throw EngineLibraryError.missingEntry(path: path)
        }
        typealias Entry = @convention(c) () -> UnsafePointer<hooke_engine>?
        guard let pointer = unsafeBitCast(symbol, to: Entry.self)() else {
            throw EngineLibraryError.missingField(path: path, field: "table (\(HOOKE_ENGINE_ENTRY_SYMBOL) returned NULL)")
        }
        // The version is the first field; nothing else is read from a table of another version.
        let version = pointer.pointee.abi_version
        guard version == Self.abiVersion else {
            throw EngineLibraryError.version(path: path, found: version)
        }
        table = pointer.pointee
        guard let namePointer = table.name else { throw EngineLibraryError.missingField(path: path, field: "name") }
        name = String(cString: namePointer)
        guard Self.isValidName(name) else { throw EngineLibraryError.badName(path: path, name: name) }
        guard table.advance != nil else { throw EngineLibraryError.missingField(path: path, field: "advance") }
        guard table.destroy != nil else { throw EngineLibraryError.missingField(path: path, field: "destroy") }
        var workloads: [Workload] = []
        if table.create_springs != nil { workloads.append(.spring) }
        if table.create_curves != nil { workloads.append(.curve) }
        guard !workloads.isEmpty else {
            throw EngineLibraryError.missingField(path: path, field: "create_springs and create_curves (it runs no workload)")
        }
        self.workloads = workloads
        assumptions = table.assumptions.map { String(cString: $0) }.map(Self.phrases) ?? []
        stateBytesPerAnimation = [.spring: table.spring_state_bytes, .curve: table.curve_state_bytes]
    }

    /// The workloads an engine can run through this ABI, in `Workload` order.
    public static let abiWorkloads: [Workload] = [.spring, .curve]

    /// Whether `name` is 1 to `nameMaximum` of A–Z a–z 0–9 . _ - (it appears in keys and file names).
    public static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= nameMaximum && name.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == 0x2E || byte == 0x5F || byte == 0x2D
        }
    }

    /// The ";"-separated phrases of `text`, trimmed, empty ones dropped.
    static func phrases(_ text: String) -> [String] {
        text.split(separator: ";").map { String($0.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()) }
            .filter { !$0.isEmpty }
    }

    public static func == (a: EngineLibrary, b: EngineLibrary) -> Bool { a === b }
}

/// Why an engine library cannot be measured; each description is one line naming the library.
public enum EngineLibraryError: Error, CustomStringConvertible, Equatable {
    /// `dlopen` failed (no such file, not a shared object, an unresolved symbol).
    case cannotLoad(path: String, reason: String)
    /// The library exports no `hooke_engine_entry`.
    case missingEntry(path: String)
    /// The table is of another ABI version.
    case version(path: String, found: UInt32)
    /// The table lacks a required field.
    case missingField(path: String, field: String)
    /// The table's name is not 1 to 64 of A–Z a–z 0–9 . _ -.
    case badName(path: String, name: String)
    /// Two libraries give the same engine name.
    case duplicateName(path: String, name: String, other: String)
    /// The engine cannot run a workload it was asked to run.
    case unsupportedWorkload(path: String, name: String, workload: Workload, supported: [Workload])
    /// The engine's create function returned NULL.
    case createFailed(name: String, workload: Workload, count: Int)
    /// A strategy names an engine no loaded library provides.
    case notLoaded(name: String)

    public var description: String {
        let header = "include/hooke_engine.h"
        switch self {
        case .cannotLoad(let path, let reason):
            return "engine library '\(path)': cannot load it: \(reason)"
        case .missingEntry(let path):
            return "engine library '\(path)': no symbol \(HOOKE_ENGINE_ENTRY_SYMBOL) (the ABI's entry point, \(header))"
        case .version(let path, let found):
            return "engine library '\(path)': ABI version \(found), this hooke reads version \(EngineLibrary.abiVersion) (\(header))"
        case .missingField(let path, let field):
            return "engine library '\(path)': its table has no \(field) (\(header))"
        case .badName(let path, let name):
            return "engine library '\(path)': engine name '\(name)' must be 1 to \(EngineLibrary.nameMaximum) of A-Z a-z 0-9 . _ -"
        case .duplicateName(let path, let name, let other):
            return "engine library '\(path)': engine name '\(name)' is already taken by '\(other)'"
        case .unsupportedWorkload(let path, let name, let workload, let supported):
            return "engine library '\(path)': engine \(name) has no \(workload.rawValue) workload (it runs "
                + supported.map(\.rawValue).joined(separator: ", ") + "; the ABI knows "
                + EngineLibrary.abiWorkloads.map(\.rawValue).joined(separator: ", ") + ")"
        case .createFailed(let name, let workload, let count):
            return "engine \(name): its create function returned NULL for \(count) \(workload.rawValue) animations"
        case .notLoaded(let name):
            return "no engine library gives the engine name '\(name)'"
        }
    }
}
