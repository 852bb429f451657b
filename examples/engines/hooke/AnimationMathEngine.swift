import AnimationMath
import Conformance
import Scenarios

/// Hooke's `AnimationMath` as a conformance engine: springs by the exact closed form (restarted
/// from the reached position and velocity at each retarget), curves by `UnitCurve`, animations
/// by the `Animator` through `Scenarios`. The control of `hooke conform`: it must grade exact on
/// every case. (Its animation answers come from the same animator the judge uses as the SwiftUI
/// model, so for that kind this is a consistency check of the protocol, not of the math.)
struct AnimationMathEngine: ConformanceEngine {
    func start() -> EngineIdentity {
        EngineIdentity(name: "hooke", version: "0.1.0", kinds: [.spring, .curve, .animation, .transaction])
    }

    func spring(_ request: SpringRequest, caseID: String) -> EngineAnswer {
        let parameters = request.spring
        let spring = Spring(mass: parameters.mass, stiffness: parameters.stiffness, damping: parameters.damping,
                            allowOverDamping: true)
        let trajectory = SpringTrajectory(spring: spring, from: request.from, to: request.to, velocity: request.velocity,
                                          retargets: request.retargets.map { .init(time: $0.time, target: $0.to) })
        var values: [Double] = [], velocities: [Double] = []
        trajectory.exact(at: SampleTimes(request.times)) { _, value, velocity in
            values.append(value)
            velocities.append(velocity)
        }
        return .samples(EngineSamples(values: values, velocities: velocities))
    }

    func curve(_ request: CurveRequest, caseID: String) -> EngineAnswer {
        let b = request.bezier
        let curve = UnitCurve.bezier(startControlPoint: UnitPoint(x: b[0], y: b[1]), endControlPoint: UnitPoint(x: b[2], y: b[3]))
        let samples = request.progress.map { curve.valueAndVelocity(at: $0) }
        return .samples(EngineSamples(values: samples.map(\.value), velocities: samples.map(\.velocity)))
    }

    func animation(_ request: AnimationRequest, caseID: String) -> EngineAnswer {
        guard request.scenario.dimension == nil else { return .unsupported("vector scenarios are not in protocol 1") }
        var values: [Double] = []
        _ = request.scenario.run { values.append($0.value[0]) }
        return .samples(EngineSamples(values: values))
    }

    func transaction(_ request: TransactionRequest, caseID: String) -> EngineAnswer {
        var values: [Double] = []
        _ = request.scenario.run { values += $0.values }
        return .samples(EngineSamples(values: values))
    }

    func finish() {}
}
