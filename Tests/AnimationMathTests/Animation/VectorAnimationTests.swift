// VectorAnimationTests.swift — every animation acts on each component of a vector as it does on a
// Double: AnimatablePair and AnimatableVector against scalar runs, over all presets and modifiers.

import AnimationMath
import Testing

@Suite("animations of vector values")
struct VectorAnimationTests {
    /// The pair and vector conformances perform the same IEEE operations per component as Double,
    /// so results agree exactly in practice; 1e-12 of the interval allows a conformance that fuses or
    /// reorders an operation.
    static let relativeTolerance = 1e-12

    static let animations: [Animation] = [
        .linear, .easeIn, .easeOut, .easeInOut, .timingCurve(0.2, 1.4, 0.6, -0.3, duration: 0.5),
        .timingCurve(.circularEaseInOut, duration: 0.4),
        .spring, .spring(response: 0.3, dampingFraction: 0.5), .smooth, .snappy, .bouncy, .interactiveSpring, .default,
        .spring(duration: 0.2, bounce: -0.5),
        .interpolatingSpring(stiffness: 100, damping: 10), .interpolatingSpring(duration: 0.4, bounce: 0.2, initialVelocity: 1),
        .interpolatingSpring(mass: 2, stiffness: 300, damping: 80, initialVelocity: -2),
        .easeInOut.delay(0.2), .spring.speed(2), .linear.delay(0.1).speed(0.5),
        .linear.repeatCount(3), .linear.repeatCount(2, autoreverses: false), .easeIn.repeatForever(),
        .spring.logicallyComplete(after: 0.1), .bouncy.delay(0.1).repeatCount(2),
    ]

    /// Where a two-component run can no longer be compared with scalar runs frame by frame: a repeat
    /// whose `.spring`-family base ends its pass on the vector's magnitude, so later passes shift.
    /// Its first pass lasts more than 0.6 s (0.1 s delay, then response 0.5 s, ζ 0.7: still moving
    /// by more than its thresholds at 0.5 s).
    static let comparableUntil: [Animation: Double] = [.bouncy.delay(0.1).repeatCount(2): 0.5]

    static let a = 37.5, b = -12.25
    static let times = frameTimes(count: 240)

    static func close(_ x: Double?, _ y: Double?, scale: Double) -> Bool {
        switch (x, y) {
        case (nil, nil): true
        case let (x?, y?): abs(x - y) <= relativeTolerance * abs(scale)
        default: false
        }
    }

    @Test("a pair matches scalar runs", arguments: animations)
    func pairMatchesScalarRuns(animation: Animation) {
        let runA = drive(animation, value: Self.a, times: Self.times)
        let runB = drive(animation, value: Self.b, times: Self.times)
        let pair = drive(animation, value: AnimatablePair(Self.a, Self.b), times: Self.times)
        // While everything runs, each component is the scalar result. (When they stop differs for the
        // `.spring` family, whose finish thresholds use the magnitude of the whole vector.)
        let limit = Self.comparableUntil[animation] ?? .infinity
        for i in Self.times.indices where Self.times[i] < limit {
            guard let p = pair[i], let x = runA[i], let y = runB[i] else { continue }
            #expect(Self.close(p.first, x, scale: Self.a), "\(animation) frame \(i)")
            #expect(Self.close(p.second, y, scale: Self.b), "\(animation) frame \(i)")
        }
        // With one non-zero component the magnitudes agree, so even the finish frame matches.
        let single = drive(animation, value: AnimatablePair(Self.a, 0.0), times: Self.times)
        for i in Self.times.indices {
            #expect(Self.close(single[i]?.first, runA[i], scale: Self.a), "\(animation) frame \(i)")
            #expect(single[i].map { $0.second == 0 } ?? true)
        }
    }

    @Test("an AnimatableVector matches scalar runs", arguments: animations)
    func animatableVectorMatchesScalarRuns(animation: Animation) {
        func component(_ v: AnimatableVector?, _ index: Int) -> Double? {
            v.map { index < $0.values.count ? $0.values[index] : 0 }
        }
        let runA = drive(animation, value: Self.a, times: Self.times)
        let runB = drive(animation, value: Self.b, times: Self.times)
        let vector = drive(animation, value: AnimatableVector([Self.a, Self.b]), times: Self.times)
        let limit = Self.comparableUntil[animation] ?? .infinity
        for i in Self.times.indices where Self.times[i] < limit {
            guard vector[i] != nil, runA[i] != nil, runB[i] != nil else { continue }
            #expect(Self.close(component(vector[i], 0), runA[i], scale: Self.a), "\(animation) frame \(i)")
            #expect(Self.close(component(vector[i], 1), runB[i], scale: Self.b), "\(animation) frame \(i)")
        }
        let single = drive(animation, value: AnimatableVector([Self.a]), times: Self.times)
        for i in Self.times.indices {
            #expect(Self.close(component(single[i], 0), runA[i], scale: Self.a), "\(animation) frame \(i)")
        }
    }

    @Test("every animation produces values to compare")
    func everyAnimationProducesValuesToCompare() {
        // Guards the parametrised tests above against comparing nothing.
        for animation in Self.animations {
            let run = drive(animation, value: Self.a, times: Self.times)
            #expect(run.contains { $0 != nil }, "\(animation) never produced a value")
        }
    }
}
