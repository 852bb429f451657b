// AnimatorTestSupport.swift — helpers of the animator tests: the interrupted recording, frame
// clocks, error statistics, and two small hand-made animations whose every value is known.

@testable import AnimationMath
import Foundation
import Testing

/// `interpolatingspring-k1-c0.5-v2-interrupted.json`: samples before and after the interruption.
struct InterruptedRecording: Decodable {
    struct Segment0: Decodable {
        var samples: [[Double]]
        var animation_time_zero_at_recorder_t: Double
    }

    struct Segment1: Decodable {
        var samples_time_since_interruption: [[Double]]
        var start_offset: Double
    }

    var segment0: Segment0
    var segment1: Segment1

    static func load() throws -> InterruptedRecording {
        let url = try RepositoryData.url("swiftui-recordings/interpolatingspring-k1-c0.5-v2-interrupted.json")
        return try JSONDecoder().decode(InterruptedRecording.self, from: Data(contentsOf: url))
    }
}

/// `spring-response1.8-damping0.3.json`: one `.spring` animation, 694 → 594.
struct SpringRecordingFile: Decodable {
    var samples: [[Double]]
    var animation_time_zero_at_recorder_t: Double

    static func load() throws -> SpringRecordingFile {
        let url = try RepositoryData.url("swiftui-recordings/spring-response1.8-damping0.3.json")
        return try JSONDecoder().decode(SpringRecordingFile.self, from: Data(contentsOf: url))
    }
}

func animatorRMS(_ errors: [Double]) -> Double {
    (errors.reduce(0) { $0 + $1 * $1 } / Double(max(errors.count, 1))).squareRoot()
}

/// Frame `i` of a 64 Hz clock, i/64: exact in binary, so hand-computed expectations that compare a
/// time with a duration (t ≤ d, t > d) are not at the mercy of rounding.
func animatorTick(_ i: Int) -> Double { Double(i) / 64 }

/// A linear ramp over `duration`, finishing (`nil`) once the time is past it, with its exact
/// velocity; optionally merging, in which case it keeps nothing but the begin time.
struct AnimatorRamp: CustomAnimation {
    var duration: Double
    var merges = false

    func animate<V: VectorArithmetic>(value: V, time: Double, context: inout AnimationContext<V>) -> V? {
        guard time <= duration else { return nil }
        return value.scaled(by: max(time, 0) / duration)
    }

    func velocity<V: VectorArithmetic>(value: V, time: Double, context: AnimationContext<V>) -> V? {
        time <= duration ? value.scaled(by: 1 / duration) : .zero
    }

    func shouldMerge<V: VectorArithmetic>(
        previous: Animation, value: V, time: Double, context: inout AnimationContext<V>
    ) -> Bool {
        merges
    }
}

/// A ramp whose `velocity` is SwiftUI's default (`nil`).
struct AnimatorSilentRamp: CustomAnimation {
    var duration: Double

    func animate<V: VectorArithmetic>(value: V, time: Double, context: inout AnimationContext<V>) -> V? {
        guard time <= duration else { return nil }
        return value.scaled(by: max(time, 0) / duration)
    }
}

extension Animation {
    static func ramp(_ duration: Double, merges: Bool = false) -> Animation {
        Animation(AnimatorRamp(duration: duration, merges: merges))
    }
}
