import CLimitKernels
#if canImport(Glibc)
import Glibc
#endif

/// Where and how a run was measured: the `environment` block of a bench run's JSON — the machine's
/// facts (`Machine`, written flat beside the other fields, without its name and ISA), the build,
/// the process's peak memory, the frame rate and Hooke's version.
public struct BenchEnvironment: Codable, Sendable, Equatable {
    /// The machine measured, named after its hardware (a stamped run names it in `BenchReport.machine`).
    public var machine: Machine
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

    public init(machine: Machine, buildConfiguration: BuildConfiguration, buildISA: String?, peakResidentMemoryBytes: Int,
                frameRate: Int, hookeVersion: String, transparentHugePages: String?) {
        self.machine = machine
        self.buildConfiguration = buildConfiguration
        self.buildISA = buildISA
        self.peakResidentMemoryBytes = peakResidentMemoryBytes
        self.frameRate = frameRate
        self.hookeVersion = hookeVersion
        self.transparentHugePages = transparentHugePages
    }

    /// The environment of this process now.
    public static func current(frameRate: Int, hookeVersion: String) -> BenchEnvironment {
        BenchEnvironment(machine: .current(), buildConfiguration: .current, buildISA: buildISA,
                         peakResidentMemoryBytes: peakResidentMemoryBytes(), frameRate: frameRate, hookeVersion: hookeVersion,
                         transparentHugePages: FrameNoise.transparentHugePageMode())
    }

    /// The ISA the package's C targets were compiled for (the predefined macros `-march` sets;
    /// `scripts/run --native` passes the same target to Swift and C).
    public static var buildISA: String { String(cString: hooke_build_isa()) }

    /// getrusage's ru_maxrss (kilobytes on Linux), in bytes.
    public static func peakResidentMemoryBytes() -> Int {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        return Int(usage.ru_maxrss) * 1024
    }

    enum CodingKeys: String, CodingKey {
        case buildConfiguration, buildISA, peakResidentMemoryBytes, frameRate, hookeVersion, transparentHugePages
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(machine: try Machine(facts: decoder),
                  buildConfiguration: try container.decode(BuildConfiguration.self, forKey: .buildConfiguration),
                  buildISA: try container.decodeIfPresent(String.self, forKey: .buildISA),
                  peakResidentMemoryBytes: try container.decode(Int.self, forKey: .peakResidentMemoryBytes),
                  frameRate: try container.decode(Int.self, forKey: .frameRate),
                  hookeVersion: try container.decode(String.self, forKey: .hookeVersion),
                  transparentHugePages: try container.decodeIfPresent(String.self, forKey: .transparentHugePages))
    }

    public func encode(to encoder: any Encoder) throws {
        try machine.encodeFacts(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(buildConfiguration, forKey: .buildConfiguration)
        try container.encodeIfPresent(buildISA, forKey: .buildISA)
        try container.encode(peakResidentMemoryBytes, forKey: .peakResidentMemoryBytes)
        try container.encode(frameRate, forKey: .frameRate)
        try container.encode(hookeVersion, forKey: .hookeVersion)
        try container.encodeIfPresent(transparentHugePages, forKey: .transparentHugePages)
    }
}
