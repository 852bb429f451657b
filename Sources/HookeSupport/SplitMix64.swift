// SplitMix64.swift — the seeded generator of the verifier's random cases and the harness's
// populations (Steele, Lea, Flood, "Fast splittable pseudorandom number generators", OOPSLA 2014).
// Deterministic on every platform, so a seed reproduces a run exactly.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A small, fast, seedable generator: every random case and population comes from one.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A double uniform in [a, b), from the top 53 bits.
    public mutating func uniform(_ a: Double, _ b: Double) -> Double {
        a + (b - a) * (Double(next() >> 11) * 0x1p-53)
    }

    /// A double whose logarithm is uniform between log(a) and log(b) (a, b > 0).
    public mutating func logUniform(_ a: Double, _ b: Double) -> Double {
        exp(uniform(log(a), log(b)))
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
