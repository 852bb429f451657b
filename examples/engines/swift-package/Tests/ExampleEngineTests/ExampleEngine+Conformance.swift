import Conformance
import ExampleEngine

/// The example engine as the judge sees it: its springs and timing curves behind Hooke's
/// in-process engine protocols. The conformance lives here, in the tests, so the engine itself
/// depends on nothing of Hooke.
struct ExampleConformanceEngine: SpringEngine, TimingCurveEngine {
    let name = "example-swift-engine"
    let version = "1.0.0"

    func spring(_ request: SpringRequest) -> EngineAnswer {
        let parameters = request.spring
        let motion = SpringMotion(
            spring: DampedSpring(mass: parameters.mass, stiffness: parameters.stiffness, damping: parameters.damping),
            from: request.from, to: request.to, velocity: request.velocity,
            retargets: request.retargets.map { ($0.time, $0.to) })
        let samples = motion.sample(at: request.times)
        return .samples(EngineSamples(values: samples.map(\.value), velocities: samples.map(\.velocity)))
    }

    func curve(_ request: CurveRequest) -> EngineAnswer {
        let b = request.bezier
        let curve = CubicTimingCurve(x1: b[0], y1: b[1], x2: b[2], y2: b[3])
        let samples = request.progress.map { curve.valueAndSlope(at: $0) }
        return .samples(EngineSamples(values: samples.map(\.value), velocities: samples.map(\.slope)))
    }
}
