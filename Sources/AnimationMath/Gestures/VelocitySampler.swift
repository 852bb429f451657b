/// Turns samples of a drag into a velocity per second — what SwiftUI uses to hand a gesture's end to
/// an animation as its initial velocity.
///
/// **The rule.** The sampler keeps the three newest samples with distinct times. With fewer than
/// two the velocity is zero; with two it is the slope between them; with three it blends the two
/// segments' slopes, ¾ of the older one and ¼ of the newest:
///
///     v = ¾ · (x₂ − x₁)/(t₂ − t₁) + ¼ · (x₃ − x₂)/(t₃ − t₂)
///
/// A sample earlier than the newest one is ignored; a sample less than `Double.ulpOfOne` after the
/// newest one replaces it (value and time). This reproduces every figure SwiftUI's own sampler gives
/// in OpenSwiftUI's dual tests (compared symbol for symbol with SwiftUI): one sample → 0;
/// (t 1, x 1), (1.1, 2) → 10; (1, 1), (2, 2) → 1, then (3, 4) → 1.25 (not the newest slope 2, not
/// the least-squares 1.5); (1, 1), (2, 2), (4, 4) → 1; (1, 1), (1, 3), (2, 4) → 1 (the second
/// sample replaced the first). The three-sample window and the ¾ weight on the older segment are
/// those of OpenSwiftUI's audited re-implementation; the figures above pin the weight (1.25).
///
/// Cost: no allocation; `addSample` and `velocity` are O(1).
public struct VelocitySampler<Value: VectorArithmetic> {
    /// The weight of the older segment's slope when three samples are held.
    public static var olderSegmentWeight: Double { 0.75 }

    // The three newest samples, oldest first; `nil` until filled.
    @usableFromInline var first: (value: Value, time: Double)?
    @usableFromInline var second: (value: Value, time: Double)?
    @usableFromInline var third: (value: Value, time: Double)?

    /// The time of the newest accepted sample with a new time; `nil` before the first sample.
    /// (`package`: the tests read it to pin which samples were accepted; SwiftUI shows no such
    /// property.)
    package private(set) var lastTime: Double?

    /// An empty sampler (velocity zero).
    public init() {}

    /// Adds `value` observed at `time` (seconds, non-decreasing; see the type's rule for earlier
    /// and equal times).
    public mutating func addSample(_ value: Value, time: Double) {
        let sample = (value: value, time: time)
        if let lastTime {
            if time < lastTime { return }
            if time - lastTime < Double.ulpOfOne {
                if third != nil { third = sample } else if second != nil { second = sample } else { first = sample }
                return
            }
        }
        lastTime = time
        if third != nil {
            (first, second, third) = (second, third, sample)
        } else if second != nil {
            third = sample
        } else if first != nil {
            second = sample
        } else {
            first = sample
        }
    }

    /// The velocity in value units per second (see the type's rule); zero with fewer than two samples.
    public var velocity: Value {
        guard let first, let second else { return .zero }
        let older = (second.value - first.value).scaled(by: 1 / (second.time - first.time))
        guard let third else { return older }
        let newest = (third.value - second.value).scaled(by: 1 / (third.time - second.time))
        return older.scaled(by: Self.olderSegmentWeight) + newest.scaled(by: 1 - Self.olderSegmentWeight)
    }

    /// Forgets every sample: the velocity is zero and `lastTime` is `nil` again.
    public mutating func reset() {
        self = VelocitySampler()
    }
}
