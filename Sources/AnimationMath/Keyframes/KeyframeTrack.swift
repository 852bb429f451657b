// KeyframeTrack.swift — keyframes resolved into timed segments, and their evaluation.
//
// Accuracy contract
// -----------------
// - Knots are exact: at the start time of every keyframe the value is exactly the value the previous
//   keyframe ends on — the keyframe's own `to` for linear, cubic and move keyframes, the value the
//   spring reached for spring keyframes — because each segment stores its start value and is
//   evaluated from elapsed time 0 there.
// - Linear segments: x0 + Δ·curve(s), one rounding beyond the curve's own error (`UnitCurve`).
// - Cubic segments: Horner's rule, a few ulps of the coefficient scale |x0| + |d·v0| + 3|Δ| + …
// - Spring segments: the closed form (`Spring+Evaluation.swift`), a few ulps of |Δ| + |v0|·t.
// The time inside a segment is `time − start`, exact when both are within a factor of two (Sterbenz)
// and otherwise rounded once; start times are sums of the keyframe durations, rounded once each.
//
// Goals, in order: 1. SwiftUI's documented semantics (each rule cites its source in the keyframe
// types' documentation); 2. continuity of the value everywhere and of the velocity wherever the
// keyframes ask for smooth motion; 3. a hot path without allocation or division: a binary search over
// a contiguous array of start times, then one segment's closed form.

/// A list of keyframes from an initial value, resolved once into timed segments for evaluation.
///
/// Rules beyond the single keyframes' documentation (see `LinearKeyframe`, `CubicKeyframe`,
/// `SpringKeyframe`, `MoveKeyframe`):
/// - Keyframes run back to back from time 0; keyframe i starts when keyframe i − 1 ends.
/// - Before time 0 the value is `initialValue`; from `duration` on it holds the final value (the last
///   keyframe's `to`, or the value its spring reached), with velocity 0.
/// - At the start of the timeline the value is at rest: the incoming velocity of the first keyframe
///   is 0.
/// - At a time where a keyframe starts, the new keyframe's segment is used (right-continuous), so a
///   move at time t shows its value at t.
/// - NaN times give NaN components (through the first segment, or `initialValue` scaled by NaN when
///   there is none).
///
/// - Complexity: building is O(n) in the number of keyframes (plus one settling-duration search per
///   spring keyframe without a duration); `value(time:)` and `velocity(time:)` are O(log n) and do
///   not allocate.
public struct KeyframeTrack<Value: VectorArithmetic> {
    /// The value before the first keyframe.
    public let initialValue: Value
    /// The keyframes, in order.
    public let keyframes: [Keyframe<Value>]
    /// The total length in seconds: the sum of the keyframes' durations.
    public let duration: Double
    /// The value held from `duration` on.
    public let finalValue: Value

    /// Start times of `segments`, strictly increasing, first 0: the array the binary search reads.
    @usableFromInline let segmentStarts: [Double]
    /// The resolved segments (`package`: the frame harness's `keyframes` fast kernel evaluates them
    /// per kind).
    @usableFromInline package let segments: [KeyframeSegment<Value>]

    /// Resolves `keyframes` from `initialValue`.
    ///
    /// - Precondition: every resolved duration is finite and ≥ 0 (a spring keyframe without a
    ///   duration needs a spring that settles), and so is their sum.
    public init(initialValue: Value, keyframes: [Keyframe<Value>]) {
        self.initialValue = initialValue
        self.keyframes = keyframes

        let durations = keyframes.map(\.duration)
        let ends = Self.endTimes(durations)
        duration = ends.last ?? 0

        var segments: [KeyframeSegment<Value>] = []
        segments.reserveCapacity(keyframes.count)
        var value = initialValue
        var velocity = Value.zero
        for index in keyframes.indices {
            let segment = Self.resolve(
                keyframes[index], at: index, start: index == 0 ? 0 : ends[index - 1], value: &value, velocity: &velocity,
                keyframes: keyframes, durations: durations, ends: ends)
            if let segment { segments.append(segment) }
        }
        finalValue = value
        self.segments = segments
        segmentStarts = segments.map(\.start)
    }

    /// ends[i]: when keyframe i ends (it starts at ends[i − 1], 0 for the first), after checking that
    /// every duration and their sum are finite and ≥ 0.
    static func endTimes(_ durations: [Double]) -> [Double] {
        for (index, duration) in durations.enumerated() {
            precondition(duration >= 0 && duration.isFinite,
                         "KeyframeTrack: keyframe \(index) has duration \(duration); durations must be finite and ≥ 0 (a spring keyframe without a duration needs a spring that settles)")
        }
        var ends: [Double] = []
        ends.reserveCapacity(durations.count)
        var clock = 0.0
        for duration in durations {
            clock += duration
            ends.append(clock)
        }
        precondition(clock.isFinite, "KeyframeTrack: the total duration must be finite (got \(clock))")
        return ends
    }

    /// The segment keyframe `index` draws from `start` (nil for a move or a zero-length keyframe),
    /// advancing `value` and `velocity` to where the next keyframe takes over.
    static func resolve(
        _ keyframe: Keyframe<Value>, at index: Int, start: Double, value: inout Value, velocity: inout Value,
        keyframes: [Keyframe<Value>], durations: [Double], ends: [Double]
    ) -> KeyframeSegment<Value>? {
        let length = durations[index]
        switch keyframe {
        case .move(let keyframe):
            value = keyframe.to
            velocity = .zero
            return nil

        case .linear(let keyframe):
            guard length > 0 else {
                value = keyframe.to
                velocity = .zero
                return nil
            }
            let delta = keyframe.to - value
            let segment = KeyframeSegment(start: start, duration: length, kind: .linear(keyframe.timingCurve), origin: value, a: delta)
            value = keyframe.to
            velocity = delta.scaled(by: keyframe.timingCurve.velocity(at: 1) / length)
            return segment

        case .spring(let keyframe):
            let v0 = keyframe.startVelocity ?? velocity
            guard length > 0 else {
                velocity = v0
                return nil
            }
            let delta = keyframe.to - value
            let segment = KeyframeSegment(start: start, duration: length, kind: .spring(keyframe.spring), origin: value, a: delta, b: v0)
            // Where the spring is when the next keyframe takes over (not necessarily `to`).
            velocity = keyframe.spring.velocity(target: delta, initialVelocity: v0, time: length)
            value = value + keyframe.spring.value(target: delta, initialVelocity: v0, time: length)
            return segment

        case .cubic(let keyframe):
            let v0 = keyframe.startVelocity ?? velocity
            let v1 = keyframe.endVelocity
                ?? automaticEndVelocity(after: index, from: value, keyframes: keyframes, durations: durations, ends: ends)
            guard length > 0 else {
                value = keyframe.to
                velocity = v1
                return nil
            }
            let delta = keyframe.to - value
            let dv0 = v0.scaled(by: length), dv1 = v1.scaled(by: length)
            // Hermite in the power basis: a = d·v0, b = 3Δ − 2d·v0 − d·v1, c = −2Δ + d·v0 + d·v1.
            let b = delta.scaled(by: 3) - dv0.scaled(by: 2) - dv1
            let c = dv0 + dv1 - delta.scaled(by: 2)
            let segment = KeyframeSegment(start: start, duration: length, kind: .cubic, origin: value, a: dv0, b: b, c: c)
            value = keyframe.to
            velocity = v1
            return segment
        }
    }

    /// The end velocity a cubic keyframe at `index` takes when it is not given (see `CubicKeyframe`).
    ///
    /// - Parameter from: the value at the start of the cubic's segment (x₋ of the Catmull-Rom chord).
    static func automaticEndVelocity(
        after index: Int, from previous: Value, keyframes: [Keyframe<Value>], durations: [Double], ends: [Double]
    ) -> Value {
        let next = index + 1
        guard next < keyframes.count else { return .zero }  // the value holds after the last keyframe
        let start = index == 0 ? 0 : ends[index - 1]
        /// Catmull-Rom in time: the chord from this segment's start to the next segment's end.
        func catmullRom(_ target: Value) -> Value {
            let span = ends[next] - start
            return span > 0 ? (target - previous).scaled(by: 1 / span) : .zero
        }
        switch keyframes[next] {
        case .move:
            return .zero
        case .linear(let following):
            let length = durations[next]
            guard length > 0 else { return .zero }
            return (following.to - keyframes[index].to).scaled(by: following.timingCurve.velocity(at: 0) / length)
        case .cubic(let following):
            return following.startVelocity ?? catmullRom(following.to)
        case .spring(let following):
            return following.startVelocity ?? catmullRom(following.to)
        }
    }

    // MARK: Evaluation

    /// The index of the segment that covers `time` (the last whose start is ≤ time), or −1.
    @inlinable
    func segmentIndex(at time: Double) -> Int {
        segmentStarts.withUnsafeBufferPointer { starts in
            var low = 0, high = starts.count  // invariant: starts[..<low] ≤ time < starts[high...]
            while low < high {
                let middle = (low &+ high) &>> 1
                if starts[middle] <= time { low = middle &+ 1 } else { high = middle }
            }
            return low &- 1
        }
    }

    /// The value at `time` seconds from the start of the track.
    ///
    /// - Complexity: O(log n) in the number of keyframes; no allocation.
    @inlinable
    public func value(time: Double) -> Value {
        if time.isNaN { return segments.first?.value(elapsed: time) ?? initialValue.scaled(by: .nan) }
        if time < 0 { return initialValue }
        if time >= duration { return finalValue }
        let index = segmentIndex(at: time)
        // time < duration, so some segment covers it (zero-length keyframes leave no gaps).
        let segment = segments[index]
        return segment.value(elapsed: time - segment.start)
    }

    /// The velocity (value units per second) at `time` seconds from the start of the track: 0 before
    /// the start and from `duration` on.
    ///
    /// - Complexity: O(log n) in the number of keyframes; no allocation.
    @inlinable
    public func velocity(time: Double) -> Value {
        if time.isNaN { return segments.first?.velocity(elapsed: time) ?? initialValue.scaled(by: .nan) }
        if time < 0 || time >= duration { return .zero }
        let segment = segments[segmentIndex(at: time)]
        return segment.velocity(elapsed: time - segment.start)
    }
}

extension KeyframeTrack {
    /// `value(time:)` and `velocity(time:)` together — the same numbers, one segment search and one
    /// curve solve or spring transition.
    ///
    /// - Complexity: O(log n) in the number of keyframes; no allocation.
    @inlinable
    public func valueAndVelocity(time: Double) -> (value: Value, velocity: Value) {
        if time.isNaN || time < 0 || time >= duration { return (value(time: time), velocity(time: time)) }
        let segment = segments[segmentIndex(at: time)]
        return segment.valueAndVelocity(elapsed: time - segment.start)
    }
}

extension KeyframeTrack: Sendable where Value: Sendable {}
