import AnimationMath
import Foundation
import ReferenceSolver
import Scenarios
import Testing
import _TestSupport

/// Every `examples/scenarios/*.json` run through the library (no command line), each against a
/// reference that does not share Hooke's code: timing curves and the chain rule worked by hand
/// (MergeAndChain.md's `result += animateᵢ(Vᵢ − result, t − sᵢ)`, the Bézier solved by bisection
/// here), springs against the GSL reference, and the two recordings against SwiftUI's own samples.
@Suite("examples/scenarios through the library")
struct ExampleScenarioTests {
    /// Values that go through a timing curve here and in the animator: the Bézier is solved by
    /// bisection here and by `UnitCurve`'s own solver there, both to ~1e-16 of the progress, times
    /// distances of 150 pt. Measured worst 5.7e-14 pt (chained-easeinout); 5e-13 pt is ~9× that.
    static let curveTolerance = 5e-13
    /// SwiftUI's `.spring` is a first-order 1/300 s integrator started with zero force, not the
    /// exact ODE: it departs from the GSL reference by a fraction ~ω·h of the distance (ω = 2π/response,
    /// h = 1/300 s). Measured 0.37·ω·h (spring-retarget, response 2.2: 0.35 %) and 0.34·ω·h (vector,
    /// response 0.5: 1.4 %); ω·h allows three times that. A dropped merge or a wrong chain misses
    /// by tens of percent.
    static func integratorTolerance(response: Double) -> Double { 2 * Double.pi / response / 300 }
    /// The recordings' fitted models reproduce their samples to ~1e-5 pt (data/swiftui-recordings);
    /// 1e-4 pt allows five times the worst fit residual. A wrong chain or merge misses by points.
    static let recordingRMSTolerance = 1e-4
    /// Relative difference allowed between two readings of the same decimal time: a few ulps (2.2e-16
    /// each), for JSONSerialization's reading, which is not always correctly rounded on Linux.
    static let timeReadingSlack = 1e-15

    static let root = repositoryRoot

    static func example(_ name: String) throws -> Scenario {
        try Scenario(path: root.appendingPathComponent("examples/scenarios/\(name)").path)
    }

    /// `data/swiftui-recordings/<name>`, as a JSON object.
    static func recording(_ name: String) throws -> [String: Any] {
        let data = try Data(contentsOf: root.appendingPathComponent("data/swiftui-recordings/\(name)"))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// The cubic Bézier timing curve through (0,0), (x1,y1), (x2,y2), (1,1) at progress `p`: x(s) = p
    /// solved by bisection (x is monotone for x1, x2 in [0, 1]), then y(s).
    static func bezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ p: Double) -> Double {
        let progress = min(max(p, 0), 1)
        func cubic(_ a: Double, _ b: Double, _ s: Double) -> Double {
            3 * a * s * (1 - s) * (1 - s) + 3 * b * s * s * (1 - s) + s * s * s
        }
        var low = 0.0, high = 1.0
        for _ in 0..<200 where high - low > 0 {
            let mid = (low + high) / 2
            if mid <= low || mid >= high { break }
            if cubic(x1, x2, mid) < progress { low = mid } else { high = mid }
        }
        return cubic(y1, y2, (low + high) / 2)
    }

    @Test("every example loads, runs one finite row per frame, and ends on its last target")
    func everyExample() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("examples/scenarios").path)
            .filter { $0.hasSuffix(".json") }.sorted()
        #expect(names.count >= 6)
        for name in names {
            let scenario = try Self.example(name)
            let (frames, _) = scenario.run()
            #expect(frames.count == scenario.frames.count, "\(name)")
            #expect(frames.allSatisfy { $0.value.count == scenario.initialValue.count && $0.value.allSatisfy(\.isFinite) }, "\(name)")
            #expect(zip(frames, scenario.frames).allSatisfy { $0.time == $1 }, "\(name): the rows are at the frame times")
            // Once the run ends the animator shows the model value: exactly the last target. The two
            // recordings end mid-motion (an undamped-ish interpolating spring; a 1.8 s response).
            let last = try #require(scenario.transactions.last, "\(name)")
            if !name.hasPrefix("recording-") {
                #expect(frames.last?.value == last.value, "\(name)")
                #expect(frames.last?.velocity == last.value.map { _ in 0 }, "\(name)")
            }
        }
    }

    @Test("chained-easeinout: the chain rule by hand, with the Bézier solved here")
    func chainedEaseInOut() throws {
        let scenario = try Self.example("chained-easeinout.json")
        let (frames, completions) = scenario.run()
        var worst = 0.0
        for frame in frames {
            let t = frame.time
            let first = 100 * Self.bezier(0.42, 0, 0.58, 1, t / 0.6)
            let expected = first + (-50 - first) * Self.bezier(0.42, 0, 0.58, 1, (t - 0.3) / 0.6)
            worst = max(worst, abs(frame.value[0] - expected))
        }
        #expect(worst <= Self.curveTolerance, "worst \(worst) pt")
        #expect(frames.last?.value == [-50])
        // "first" (logicallyComplete) once its easeInOut ends at 0.6 s; "second" (removed) when the
        // run ends with the second at 0.9 s: each at the first frame past its end (elapsed > duration).
        #expect(completions.map(\.name) == ["first", "second"])
        for (completion, start) in zip(completions, [0.0, 0.3]) {
            #expect(completion.time == scenario.frames.first { $0 - start > 0.6 }, "\(completion)")
        }
    }

    @Test("repeat-autoreverses: three passes by hand (Modifiers.md), done when the third ends")
    func repeatAutoreverses() throws {
        let scenario = try Self.example("repeat-autoreverses.json")
        let (frames, completions) = scenario.run()
        // A pass ends on the first frame after its 0.5 s, which shows the pass's end; the next pass
        // starts at that frame's time. After the third the animator shows the model value, 1.
        var pass = 0, passStart = 0.0, worst = 0.0
        var finished: Double?
        for frame in frames {
            let elapsed = frame.time - passStart
            var expected = 1.0
            if finished == nil, elapsed > 0.5 {
                expected = pass % 2 == 0 ? 1 : 0
                if pass == 2 { finished = frame.time } else { pass += 1; passStart = frame.time }
            } else if finished == nil {
                expected = pass % 2 == 0 ? elapsed / 0.5 : 1 - elapsed / 0.5
            }
            worst = max(worst, abs(frame.value[0] - expected))
        }
        #expect(worst <= Self.curveTolerance, "worst \(worst)")
        #expect(completions.map(\.name) == ["done"])
        #expect(completions.map(\.time) == [try #require(finished)])
    }

    @Test("spring-retarget: the merged .spring against the GSL reference with the same retarget")
    func springRetarget() throws {
        let scenario = try Self.example("spring-retarget.json")
        let (frames, _) = scenario.run()
        let spring = Spring(response: 2.2, dampingRatio: 0.5)
        let reference = try OscillatorReference.solve(
            OscillatorProblem(stiffness: spring.stiffness, damping: spring.damping, initialPosition: 694, target: 594,
                              retargets: [.init(time: 1.9835, target: 694)]),
            at: frames.map(\.time))
        let worst = zip(frames, reference.positions).map { abs($0.value[0] - $1) }.max() ?? .infinity
        #expect(worst / 100 <= Self.integratorTolerance(response: 2.2), "worst \(worst) pt of 100")
    }

    @Test("vector: the snappy spring (GSL) chained with a delayed easeOut, component by component")
    func vector() throws {
        let scenario = try Self.example("vector.json")
        let (frames, completions) = scenario.run()
        let spring = Spring(duration: 0.5, bounce: 0.15)
        var worst = 0.0
        for (component, (first, second)) in [(100.0, 20.0), (-40.0, 60.0)].enumerated() {
            let reference = try OscillatorReference.solve(
                OscillatorProblem(stiffness: spring.stiffness, damping: spring.damping, target: first), at: frames.map(\.time))
            for (frame, springPart) in zip(frames, reference.positions) {
                let expected = springPart + (second - springPart) * Self.bezier(0, 0, 0.58, 1, (frame.time - 0.3) / 0.4)
                worst = max(worst, abs(frame.value[component] - expected) / abs(first))
            }
        }
        #expect(worst <= Self.integratorTolerance(response: spring.response), "worst \(worst) of the distance")
        #expect(completions.map(\.name) == ["settled"])
    }

    @Test("the spring(response: 1.8, dampingFraction: 0.3) recording reproduces SwiftUI")
    func springRecording() throws {
        let samples = try #require(try Self.recording("spring-response1.8-damping0.3.json")["samples"] as? [[Double]])
        let (frames, _) = try Self.example("recording-spring-response1.8-damping0.3.json").run()
        try #require(frames.count == samples.count)
        let errors = zip(frames, samples).map { $0.value[0] - $1[1] }
        let rms = (errors.map { $0 * $0 }.reduce(0, +) / Double(errors.count)).squareRoot()
        #expect(rms <= Self.recordingRMSTolerance, "rms \(rms) pt")
        // Frame times are the recorder's. (Python and the scenario reader read the file's decimals to
        // the same doubles; Foundation's JSONSerialization on Linux is off by an ulp on some.)
        #expect(zip(frames, samples).allSatisfy { abs($0.time - $1[0]) <= Self.timeReadingSlack * max(abs($1[0]), 1e-300) },
                "frame times are the recorder's")
    }

    @Test("the interrupted interpolatingSpring recording reproduces SwiftUI")
    func interruptedRecording() throws {
        let file = try Self.recording("interpolatingspring-k1-c0.5-v2-interrupted.json")
        let segment0 = try #require((file["segment0"] as? [String: Any])?["samples"] as? [[Double]])
        let segment1 = try #require((file["segment1"] as? [String: Any])?["samples_time_since_interruption"] as? [[Double]])
        let (frames, _) = try Self.example("recording-interpolatingspring-interrupted.json").run()
        try #require(frames.count == segment0.count + segment1.count)
        // Compared: segment 0 whole, segment 1 from its third sample (the file's model_check: samples [2:]).
        var errors: [Double] = []
        for (index, sample) in (segment0 + segment1).enumerated() where index < segment0.count || index >= segment0.count + 2 {
            errors.append(frames[index].value[0] - sample[1])
        }
        let rms = (errors.map { $0 * $0 }.reduce(0, +) / Double(errors.count)).squareRoot()
        #expect(errors.count == 678)
        #expect(rms <= Self.recordingRMSTolerance, "rms \(rms) pt")
    }
}
