/// One population of animations of one workload, as one strategy holds it, advanced a frame at a
/// time by the runner.
///
/// Contract: `advance(_:to:)` for disjoint ranges may run on different threads at once (the runner
/// hands each thread one contiguous chunk), so a kernel touches only the animations in its range;
/// anything shared is read-only during a frame. Frames are numbered from 1; frame f is at time
/// f·Δt with Δt = 1/frameRate (frame 0 is the initial state). Kernels are classes only so that the
/// runner can hold any of them; the per-animation work inside `advance` is concrete code over
/// contiguous buffers (the `naive` kernels are deliberately the exception).
public protocol FrameKernel: AnyObject, Sendable {
    /// The number of animations.
    var count: Int { get }
    /// Bytes of per-animation state this strategy keeps (its data layout, excluding the population's
    /// shared parameters that only setup reads).
    var stateBytesPerAnimation: Int { get }
    /// Bytes of per-animation state a frame streams (everything it reads; what it writes is among
    /// them) for a kernel bound by memory traffic; nil (the default) for the others.
    var bytesMovedPerAnimation: Int? { get }
    /// Advances the animations in `range` to frame `frame` (time `frame`·Δt).
    func advance(_ range: Range<Int>, to frame: Int)
    /// The presented value and velocity of animation `index` after the last frame.
    func state(of index: Int) -> (value: Double, velocity: Double)
    /// Frees the kernel's buffers (the runner calls it before building the next kernel, so peak
    /// memory is one population at a time).
    func release()
}

extension FrameKernel {
    public var bytesMovedPerAnimation: Int? { nil }
}
