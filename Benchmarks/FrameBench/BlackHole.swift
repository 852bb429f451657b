/// Keeps a result alive so the optimiser cannot delete the work that produced it.
///
/// Not inlinable and not inlined: the compiler must assume the value is observed. Kernels write
/// their state to heap memory that outlives the frame, and hand a pointer or checksum to
/// `blackHole` once per chunk per frame (never per animation, which would dominate a 2 ns step).
@inline(never)
public func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}
