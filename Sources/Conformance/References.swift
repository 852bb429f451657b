import ReferenceSolver
import Scenarios

/// What a case should produce, at the times the engine sampled: the GSL oscillator for springs,
/// GSL's Brent root for curves, Hooke's animator (the SwiftUI model) for animations.
struct Expected {
    var values: [Double]
    /// Velocities to grade an engine's against (springs: dx/dt; curves: dy/dx, NaN where the
    /// reference slope is not graded); nil when the kind grades none.
    var velocities: [Double]?
    /// Per sample, how far any double-precision answer may be from the reference without being
    /// wrong (nil: nothing; the error counted is what exceeds it). Curves only, see `curve`.
    var allowance: [Double]? = nil
}

/// The reference could not be computed at the engine's times (for instance an integration that
/// would exceed its step budget); the case is then an error, with this message.
struct ReferenceFailure: Error {
    var message: String
}

enum Reference {
    static func expected(_ request: ConformanceRequest, at times: [Double]) throws(ReferenceFailure) -> Expected {
        switch request {
        case .spring(let spring): try self.spring(spring, at: times)
        case .curve(let curve): try self.curve(curve, at: times)
        case .animation(let animation): animationValues(animation, at: times)
        case .transaction(let transaction): treeValues(transaction, at: times)
        }
    }

    /// m x'' + c x' + k (x − target(t)) = 0 integrated by GSL (rk8pd or bsimp at 1e-13), the
    /// target piecewise constant: ~1e-13 of the distance (OscillatorReference's contract).
    static func spring(_ request: SpringRequest, at times: [Double]) throws(ReferenceFailure) -> Expected {
        let problem = OscillatorProblem(
            mass: request.spring.mass, stiffness: request.spring.stiffness, damping: request.spring.damping,
            initialPosition: request.from, initialVelocity: request.velocity, target: request.to,
            retargets: request.retargets.map { .init(time: $0.time, target: $0.to) })
        do {
            let trajectory = try OscillatorReference.solve(problem, at: times)
            return Expected(values: trajectory.positions, velocities: trajectory.velocities)
        } catch {
            throw ReferenceFailure(message: "the GSL reference cannot be computed at these times: \(error)")
        }
    }

    /// Slopes where x'(s) is below this are not graded: dy/dx there is the ratio of two vanishing
    /// derivatives, so the ~1e-16 to which any solver pins s (x(s) is known to an ulp) moves it by
    /// more than 1e-9 (measured: 2e-8 at x'(s) = 3e-6); at the ends SwiftUI even defines it by
    /// convention, not as the limit. At 1e-3 the error in s is ≤ ~1e-13 and the slope's ~1e-10.
    static let slopeGradedAbove = 1e-3

    /// y(s) with x(s) = p solved by Brent to 4.4e-16 in s (BezierReference); dy/dx = y'(s)/x'(s).
    static func curve(_ request: CurveRequest, at progress: [Double]) throws(ReferenceFailure) -> Expected {
        let (x1, y1, x2, y2) = (request.bezier[0], request.bezier[1], request.bezier[2], request.bezier[3])
        var values: [Double] = [], slopes: [Double] = [], allowance: [Double] = []
        for p in progress {
            do {
                let s = try BezierReference.parameter(x1: x1, x2: x2, forX: p)
                values.append(bernstein(s, y1, y2))
                let dx = derivative(s, x1, x2), dy = derivative(s, y1, y2)
                slopes.append(p > 0 && p < 1 && dx > slopeGradedAbove ? dy / dx : .nan)
                // x(s) is known to an ulp of 1, so s only to ulp/x'(s), and y to |dy/dx|·ulp: no
                // double-precision solver can be held closer (x1 = x2 = 1 at p = 1 − 1e-12: 5e-9).
                allowance.append(p == 0 || p == 1 ? 0 : abs(dy) * Double.ulpOfOne / abs(dx))
            } catch {
                throw ReferenceFailure(message: "the Brent reference cannot be computed at progress \(p): \(error)")
            }
        }
        return Expected(values: values, velocities: slopes, allowance: allowance)
    }

    /// 3(1−s)²s·c1 + 3(1−s)s²·c2 + s³.
    static func bernstein(_ s: Double, _ c1: Double, _ c2: Double) -> Double {
        let r = 1 - s
        return 3 * r * s * (r * c1 + s * c2) + s * s * s
    }

    /// d/ds of `bernstein`: 3[(1−s)²c1 + 2(1−s)s(c2 − c1) + s²(1 − c2)].
    static func derivative(_ s: Double, _ c1: Double, _ c2: Double) -> Double {
        let r = 1 - s
        return 3 * (r * r * c1 + 2 * r * s * (c2 - c1) + s * s * (1 - c2))
    }

    /// The tree scenario run by Hooke's `ViewTreeAnimator` at `times`, every value per time.
    static func treeValues(_ request: TransactionRequest, at times: [Double]) -> Expected {
        var scenario = request.scenario
        scenario.frames = SampleTimes(times)
        var values: [Double] = []
        values.reserveCapacity(times.count * request.valueNames.count)
        _ = scenario.run { values += $0.values }
        return Expected(values: values, velocities: nil)
    }

    /// The scenario run by Hooke's animator at `times` (its frames, or the engine's own).
    static func animationValues(_ request: AnimationRequest, at times: [Double]) -> Expected {
        var scenario = request.scenario
        scenario.frames = SampleTimes(times)
        var values: [Double] = []
        values.reserveCapacity(times.count)
        _ = scenario.run { values.append($0.value[0]) }
        return Expected(values: values, velocities: nil)
    }
}
