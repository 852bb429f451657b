import CLimitKernels
import ReferenceSolver
#if canImport(Glibc)
import Glibc
#endif

/// Where a run was measured: the `environment` block of a bench run's JSON.
public struct BenchEnvironment: Codable, Sendable, Equatable {
    public var cpuModel: String
    public var cores: Int
    public var operatingSystem: String
    public var swiftVersion: String
    public var gslVersion: String
    public var buildConfiguration: BuildConfiguration
    /// The instruction set the build targeted: "x86-64 baseline (SSE2)" unless built with
    /// `scripts/run --native` ("x86-64 native (AVX2)", …); nil in results older than this field.
    public var buildISA: String?
    /// Peak resident memory of the process so far (getrusage ru_maxrss), bytes.
    public var peakResidentMemoryBytes: Int
    public var frameRate: Int
    public var hookeVersion: String
    /// The transparent-huge-page policy (`FrameNoise.transparentHugePageMode`: always, madvise,
    /// never); nil when unreadable or in results written before it.
    public var transparentHugePages: String?

    /// The environment of this process now.
    public static func current(frameRate: Int, hookeVersion: String) -> BenchEnvironment {
        BenchEnvironment(
            cpuModel: cpuModel(), cores: cores, operatingSystem: operatingSystem(), swiftVersion: swiftVersion,
            gslVersion: OscillatorReference.gslVersion, buildConfiguration: .current, buildISA: buildISA,
            peakResidentMemoryBytes: peakResidentMemoryBytes(), frameRate: frameRate, hookeVersion: hookeVersion,
            transparentHugePages: FrameNoise.transparentHugePageMode())
    }

    /// The ISA the package's C targets were compiled for (the predefined macros `-march` sets;
    /// `scripts/run --native` passes the same target to Swift and C).
    public static var buildISA: String { String(cString: hooke_build_isa()) }

    /// Online processors.
    public static var cores: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }

    /// getrusage's ru_maxrss (kilobytes on Linux), in bytes.
    public static func peakResidentMemoryBytes() -> Int {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        return Int(usage.ru_maxrss) * 1024
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
