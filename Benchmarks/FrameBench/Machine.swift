// Machine.swift — the machine a run measured, in one record: what decides its speed (CPU, cores,
// instruction set, OS, compiler, GSL) and the name pages tell it apart by. Bench runs, reports and
// the dashboard export all describe a machine with it.

import ReferenceSolver
#if canImport(Glibc)
import Glibc
#endif

/// The machine a run measured: a name (the one the user gave, or made from the hardware) and what
/// decides its speed. A stamped bench run records it whole (its `machine` block); the `environment`
/// blocks of bench runs and reports record its facts without the name and the ISA
/// (`encodeFacts(to:)`), so a machine read from one is named after its hardware with ISA `unknown`.
public struct Machine: Codable, Sendable, Equatable {
    /// The label pages and the merged `benchmarks` names use. Shards of one machine share it.
    public var name: String
    /// The first `model name` of /proc/cpuinfo.
    public var cpuModel: String
    /// Online processors.
    public var cores: Int
    /// The host's architecture and its widest vector extension: `x86_64 (AVX2)`, `arm64 (NEON)`.
    public var isa: String
    /// PRETTY_NAME of /etc/os-release.
    public var operatingSystem: String
    public var swiftVersion: String
    public var gslVersion: String

    public init(name: String? = nil, cpuModel: String, cores: Int, isa: String, operatingSystem: String,
                swiftVersion: String, gslVersion: String) {
        self.name = name ?? Self.hardwareName(isa: isa, cores: cores, cpuModel: cpuModel)
        self.cpuModel = cpuModel
        self.cores = cores
        self.isa = isa
        self.operatingSystem = operatingSystem
        self.swiftVersion = swiftVersion
        self.gslVersion = gslVersion
    }

    /// This machine, named `name` or, when nil, after its hardware.
    public static func current(name: String? = nil) -> Machine {
        Machine(name: name, cpuModel: cpuModel(), cores: cores, isa: hostISA(), operatingSystem: operatingSystem(),
                swiftVersion: swiftVersion, gslVersion: OscillatorReference.gslVersion)
    }

    /// The same machine named `name`, or after its hardware when nil.
    public func named(_ name: String?) -> Machine {
        Machine(name: name, cpuModel: cpuModel, cores: cores, isa: isa, operatingSystem: operatingSystem,
                swiftVersion: swiftVersion, gslVersion: gslVersion)
    }

    /// `x86_64 (AVX2), 2 cores, <CPU model>`.
    static func hardwareName(isa: String, cores: Int, cpuModel: String) -> String {
        "\(isa), \(cores) cores, \(cpuModel)"
    }

    // MARK: The facts an environment block records

    package enum FactKey: String, CodingKey { case cpuModel, cores, operatingSystem, swiftVersion, gslVersion }

    /// Writes the facts (not the name, not the ISA) into the keyed container of `encoder`, beside
    /// the other fields of an `environment` block.
    package func encodeFacts(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: FactKey.self)
        try container.encode(cpuModel, forKey: .cpuModel)
        try container.encode(cores, forKey: .cores)
        try container.encode(operatingSystem, forKey: .operatingSystem)
        try container.encode(swiftVersion, forKey: .swiftVersion)
        try container.encode(gslVersion, forKey: .gslVersion)
    }

    /// The machine whose facts an `environment` block records: named after its hardware, ISA `unknown`.
    package init(facts decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: FactKey.self)
        self.init(cpuModel: try container.decode(String.self, forKey: .cpuModel),
                  cores: try container.decode(Int.self, forKey: .cores), isa: "unknown",
                  operatingSystem: try container.decode(String.self, forKey: .operatingSystem),
                  swiftVersion: try container.decode(String.self, forKey: .swiftVersion),
                  gslVersion: try container.decode(String.self, forKey: .gslVersion))
    }

    // MARK: Reading this host

    /// Online processors.
    public static var cores: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }

    /// This host's architecture, from the compiler, and its widest vector extension, from the
    /// kernel's CPU flags (`/proc/cpuinfo`); what the build targets can be narrower.
    public static func hostISA() -> String {
        #if arch(x86_64)
        let flags = Set(readLines("/proc/cpuinfo").first { $0.hasPrefix("flags") }?
            .split(separator: " ").map(String.init) ?? [])
        let widest = flags.contains("avx512f") ? "AVX-512" : flags.contains("avx2") ? "AVX2"
            : flags.contains("avx") ? "AVX" : "SSE2"
        return "x86_64 (\(widest))"
        #elseif arch(arm64)
        return "arm64 (NEON)"
        #else
        return "unknown"
        #endif
    }

    /// The first `model name` line of /proc/cpuinfo.
    static func cpuModel() -> String {
        for line in readLines("/proc/cpuinfo") where line.hasPrefix("model name") {
            if let colon = line.firstIndex(of: ":") {
                return String(line[line.index(after: colon)...]).trimmingCharacters()
            }
        }
        return "unknown"
    }

    /// PRETTY_NAME from /etc/os-release.
    static func operatingSystem() -> String {
        for line in readLines("/etc/os-release") where line.hasPrefix("PRETTY_NAME=") {
            return String(line.dropFirst("PRETTY_NAME=".count)).filter { $0 != "\"" }
        }
        return "unknown"
    }

    /// The compiler's language version, from compile-time conditions (the toolchain's full version
    /// string is not available at run time).
    static var swiftVersion: String {
        #if compiler(>=6.4)
        return "6.4 or later"
        #elseif compiler(>=6.3)
        return "6.3"
        #elseif compiler(>=6.2)
        return "6.2"
        #elseif compiler(>=6.1)
        return "6.1"
        #else
        return "6.0"
        #endif
    }

    /// The lines of a text file (/proc and /sys files included), without their newlines; empty
    /// when it cannot be read.
    static func readLines(_ path: String) -> [String] {
        guard let file = fopen(path, "r") else { return [] }
        defer { fclose(file) }
        var lines: [String] = []
        var buffer = [CChar](repeating: 0, count: 4096)
        while fgets(&buffer, Int32(buffer.count), file) != nil {
            var line = buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            if line.hasSuffix("\n") { line.removeLast() }
            lines.append(line)
        }
        return lines
    }
}

extension String {
    func trimmingCharacters() -> String {
        var slice = self[...]
        while let first = slice.first, first == " " || first == "\t" { slice.removeFirst() }
        while let last = slice.last, last == " " || last == "\t" || last == "\n" { slice.removeLast() }
        return String(slice)
    }
}
