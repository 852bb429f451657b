import AnimationMath

extension KeyframesFile {
    /// The timeline's duration: the sum of its keyframes' durations (a spring keyframe without one
    /// lasts its settling duration).
    public var duration: Double {
        KeyframeTrack(initialValue: 0.0, keyframes: keyframes { _ in 0.0 }).duration
    }

    /// Samples the timeline at `times`, handing `row` the time, the value's and the velocity's
    /// components (one each for a scalar file) as they are computed. After the last keyframe the
    /// value holds (velocity 0). A −0 (0 scaled by a negative factor) is given as 0.
    public func sample(at times: SampleTimes, _ row: (_ time: Double, _ value: [Double], _ velocity: [Double]) throws -> Void) rethrows {
        if isVector {
            let dimension = initialValue.count
            let timeline = KeyframeTimeline(initialValue: AnimatableVector(initialValue), keyframes: keyframes { AnimatableVector($0) })
            /// Components padded to the file's length (an `AnimatableVector` may be shorter).
            func padded(_ vector: AnimatableVector) -> [Double] {
                var list = vector.values.map { $0 + 0 }
                if list.count < dimension { list += repeatElement(0, count: dimension - list.count) }
                return list
            }
            for time in times {
                try row(time, padded(timeline.value(time: time)), padded(timeline.velocity(time: time)))
            }
        } else {
            let timeline = KeyframeTimeline(initialValue: initialValue[0], keyframes: keyframes { $0[0] })
            for time in times {
                try row(time, [timeline.value(time: time) + 0], [timeline.velocity(time: time) + 0])
            }
        }
    }
}
