#if canImport(Glibc)
import Glibc
#endif

/// The monotonic clock, `clock_gettime(CLOCK_MONOTONIC)` (about 35 ns per read here, AnimationMath.docc/CostPerFrame.md).
/// Only whole frames are timed, so the read cost is negligible against a frame.
public enum MonotonicClock {
    /// Nanoseconds since an arbitrary fixed point.
    @inline(__always)
    public static func now() -> UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return UInt64(spec.tv_sec) &* 1_000_000_000 &+ UInt64(spec.tv_nsec)
    }
}
