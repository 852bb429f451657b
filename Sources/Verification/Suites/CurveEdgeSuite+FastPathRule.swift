// CurveEdgeSuite+FastPathRule.swift — the Bézier solver's documented acceptance rule, checked
// decision by decision. CubicTimingBezier documents when its fast path (a chord guess from the
// samples x(k/8) and two Halley steps) is accepted: the last step's predicted error
// (C² + |D|)·|step|³ below half an ulp of 1, |C·step| ≤ 1/8 (C = x″/(2x′), D = x‴/(6x′)) and s₂
// inside the chord's segment. Here that rule is evaluated apart from the library: the same
// documented iteration, replayed in double-double from the exact curve, its margins taken there;
// the solver must take the fast path (2 evaluations of x) exactly where the rule accepts, including
// at progresses constructed next to the bound of the predicted error and next to that of |C·step|.
// Where a margin is within the rounding of the solver's own double arithmetic the rule cannot say
// what a correct double solver does, and the point is left out (counted). |D|·step², which the rule
// does not test (the documentation says why it stays small), is reported: its largest value where
// the rule accepts.

import AnimationMath
import Foundation
import HookeSupport
import ReferenceSolver

extension CurveEdgeSuite {
    /// The documented fast path of the Bézier solve, replayed in double-double (~1e-31): the
    /// samples x(k/8), the chord's guess in the segment holding p, two Halley steps, and the
    /// acceptance rule's margins, each the relative distance of a test's left side from its bound
    /// (negative inside): m₁ for the predicted error, m₂ for |C·step|; and |D|·step², not tested.
    struct FastPathRule {
        let x1: DoubleDouble, x2: DoubleDouble
        /// The power-basis coefficients of x′ (c, 2b, 3a), for the noise estimate.
        let coefficients: (Double, Double, Double)
        let samples: [DoubleDouble]
        static let width = DoubleDouble(0.125)

        init(x1: Double, x2: Double) {
            self.x1 = DoubleDouble(x1)
            self.x2 = DoubleDouble(x2)
            let cx = 3 * x1, bx = 3 * (x2 - x1) - cx
            coefficients = (cx, 2 * bx, 3 * (1 - cx - bx))
            var samples: [DoubleDouble] = []
            for k in 1...7 { samples.append(Self.x(DoubleDouble(Double(k) / 8), DoubleDouble(x1), DoubleDouble(x2))) }
            self.samples = samples
        }

        static func x(_ s: DoubleDouble, _ x1: DoubleDouble, _ x2: DoubleDouble) -> DoubleDouble {
            let t = DoubleDouble.one - s
            return DoubleDouble(3) * s * t * t * x1 + DoubleDouble(3) * s * s * t * x2 + s * s * s
        }

        /// x′(s) = 3 (t² x₁ + 2 s t (x₂ − x₁) + s² (1 − x₂)) and x″(s) = 6 (t (x₂ − 2x₁) + s (1 − 2x₂ + x₁)).
        func derivatives(_ s: DoubleDouble) -> (DoubleDouble, DoubleDouble) {
            let t = DoubleDouble.one - s, three = DoubleDouble(3), six = DoubleDouble(6)
            let d1 = three * (t * t * x1 + DoubleDouble(2) * s * t * (x2 - x1) + s * s * (DoubleDouble.one - x2))
            let d2 = six * (t * (x2 - DoubleDouble(2) * x1) + s * (DoubleDouble.one - DoubleDouble(2) * x2 + x1))
            return (d1, d2)
        }

        /// Halley's step 2 f x′ / (2 x′² − f x″) at s, with x′ and x″ there.
        func halley(_ s: DoubleDouble, _ p: Double) -> (step: DoubleDouble, f: Double, d1: DoubleDouble, d2: DoubleDouble) {
            let f = Self.x(s, x1, x2) - DoubleDouble(p)
            let (d1, d2) = derivatives(s)
            let two = DoubleDouble(2)
            return (two * f * d1 / (two * d1 * d1 - f * d2), f.double, d1, d2)
        }

        struct Margins {
            var m1: Double, m2: Double
            /// |D|·step² = x‴·step²/(6x′): no test of the rule, reported.
            var dStepSquared: Double
            /// s₂ strictly inside the segment by more than rounding (or strictly outside).
            var bracket: Double
            /// The relative rounding of the solver's last step: ulp·s₁/|step| + 4 ulp·p/|f| +
            /// 8 ulp·(|c| + |2b·s₁| + |3a·s₁²|)/x′ — the difference its double arithmetic makes to
            /// the step (the first term: where s₁ lands; the second: f = x(s₁) − p; the third: x′
            /// in the power basis), f and x′ at s₁. Measured against the solver's own double
            /// arithmetic at 700 points next to the m₁ boundary of 14 random curves: its m₁ differs
            /// from the double-double m₁ by at most 0.7 × 3·noise (step³ triples the step's).
            var noise: Double
            var accepts: Bool { m1 < 0 && m2 <= 0 && bracket > 0 }
            /// The decision is the rule's beyond doubt: every test that decides it is 10 times its
            /// rounding (3 and 1 times the step's for step³ and step) from its bound.
            var decided: Bool {
                let rejected = m1 > 30 * noise || m2 > 10 * noise || bracket < 0
                let accepted = m1 < -30 * noise && m2 < -10 * noise && bracket > 0
                return noise.isFinite && (rejected || accepted)
            }
        }

        /// The rule's margins at progress p in (0, 1); nil where the segment is in doubt (p within
        /// rounding of a sample) or the step is 0 (the guess is the root).
        func margins(at p: Double) -> Margins? {
            let u = Double.ulpOfOne
            var k = 0
            for sample in samples {
                let gap = (DoubleDouble(p) - sample).double
                if Swift.abs(gap) <= 8 * u * Swift.abs(p) { return nil }
                if gap > 0 { k += 1 } else { break }
            }
            let lo = k == 0 ? DoubleDouble.zero : samples[k - 1], hi = k == 7 ? DoubleDouble.one : samples[k]
            let sLo = DoubleDouble(Double(k) / 8)
            let guess = sLo + Self.width * ((DoubleDouble(p) - lo) / (hi - lo))
            let first = halley(guess, p)
            let s1 = guess - first.step
            let last = halley(s1, p)
            let s2 = s1 - last.step
            let d1 = last.d1.magnitude, d2 = last.d2.magnitude, step = last.step.magnitude
            let d3 = (DoubleDouble(6) * (DoubleDouble.one - DoubleDouble(3) * x2 + DoubleDouble(3) * x1)).magnitude
            guard step.hi > 0, d1.hi > 0 else { return nil }
            let two = DoubleDouble(2), three = DoubleDouble(3)
            // 12 x′² times half an ulp of 1 (2⁻⁵³, exact).
            let bound = DoubleDouble(12) * d1 * d1 * DoubleDouble(0x1p-53)
            let m1 = ((three * d2 * d2 + two * d3 * d1) * step * step * step / bound).double - 1
            let m2 = (d2 * step / (DoubleDouble(0.25) * d1)).double - 1
            let dStepSquared = (d3 * step * step / (DoubleDouble(6) * d1)).double
            let s = s1.double, (c, b2, a3) = coefficients
            let noise = u * s / step.double + 4 * u * p / Swift.abs(last.f)
                + 8 * u * (Swift.abs(c) + Swift.abs(b2 * s) + Swift.abs(a3 * s * s)) / d1.double
            // s₂ inside the segment, or 0 where it is within the rounding of s₂ of an end.
            let inside = Swift.min((s2 - sLo).double, (sLo + Self.width - s2).double)
            let bracket = Swift.abs(inside) <= 4 * u * s2.double + 10 * noise * step.double ? 0 : inside
            return Margins(m1: m1, m2: m2, dStepSquared: dStepSquared, bracket: bracket, noise: noise)
        }

        /// Progress where the margin `margin` (m₁ or m₂) is `target`, between a and b where it
        /// minus target changes sign (bisection in p; nil if a point on the way has no margins).
        func progress(where margin: KeyPath<Margins, Double>, is target: Double, between a: Double, _ b: Double) -> Double? {
            guard let ma = margins(at: a) else { return nil }
            var a = a, b = b, fa = ma[keyPath: margin] - target
            for _ in 0..<100 {
                let mid = 0.5 * (a + b)
                guard mid != a, mid != b, let m = margins(at: mid) else { break }
                let fm = m[keyPath: margin] - target
                if (fm < 0) == (fa < 0) { (a, fa) = (mid, fm) } else { b = mid }
                if Swift.abs(fm) < 0.02 * Swift.abs(target) { return mid }
            }
            return nil
        }
    }

    /// Boundary points sit this far (relative) from the predicted-error bound or the |C·step| bound,
    /// on either side: ten times or more the rounding of the solver's step there (checked per
    /// point), and a twentieth of a change of 1e-6 in either term of the prediction or in the
    /// ratio's bound.
    static let ruleBoundaryMargin = 5e-8

    /// Every decided point must agree with the rule: no disagreement allowed.
    static let ruleTolerance = Tolerance(
        name: "ruleDisagreements", metric: "ruleDisagreements", value: 0,
        reason: "a documented rule decided beyond rounding: any disagreement fails")

    /// The fast path's value at the boundary points against Brent, relative to 1 + |slope|: the
    /// solver's accuracy contract (a few ulps times the local condition number).
    static let boundaryValueTolerance = 4e-15

    static func fastPathRuleCheck() throws -> CheckReport {
        var curves: [(String, Double, Double, Double, Double)] = [
            ("easeIn", 0.42, 0, 1, 1), ("easeOut", 0, 0, 0.58, 1), ("easeInOut", 0.42, 0, 0.58, 1),
            ("(0, 0.3)(0.7, 1)", 0, 0.3, 0.7, 1), ("(0.2, 0.1)(1, 0.6)", 0.2, 0.1, 1, 0.6),
            // Starts nearly flat: x′(0) = 3·x1 tiny but not 0. x is nearly linear in s up to
            // s ~ x1/x2 (p ~ x1²/x2), where the chord's guess is good, and quadratic beyond, where
            // it is poor (up to p ~ 1e-3); at the change the steps are so short that the predicted
            // error is far below its bound, and |C·step| alone decides. (With x1 = 0, |C·step|
            // crosses its bound only near p ~ 1e-3, where the predicted error already rejects.)
            ("(1e-18, 0)(0.58, 1)", 1e-18, 0, 0.58, 1), ("(1e-16, 0.3)(0.7, 1)", 1e-16, 0.3, 0.7, 1),
        ]
        var generator = SplitMix64(seed: 23)
        for _ in 0..<8 {
            let x1 = generator.uniform(0, 1), y1 = generator.uniform(-1, 2), x2 = generator.uniform(0, 1), y2 = generator.uniform(-1, 2)
            curves.append(("(\(short(x1)), \(short(y1)))(\(short(x2)), \(short(y2)))", x1, y1, x2, y2))
        }
        var decided = 0, undecided = 0, disagreements = 0, accepted = 0, boundaryPoints = 0, ratioBoundaryPoints = 0
        var tinyRejected = 0, largestDStepSquared = 0.0
        var closest = Double.infinity, closestRatio = Double.infinity
        var worst: WorstCase?
        var values = ErrorStatistics()
        func judge(_ label: String, _ c: UnitCurve, _ rule: FastPathRule, _ p: Double) -> FastPathRule.Margins? {
            guard let m = rule.margins(at: p), m.decided else { undecided += 1; return nil }
            decided += 1
            let fast = c.solverEvaluations(at: p) == 2
            if m.accepts { accepted += 1; largestDStepSquared = Swift.max(largestDStepSquared, m.dStepSquared) }
            if fast != m.accepts {
                disagreements += 1
                worst = WorstCase("\(label) at p = \(p): fast path \(fast ? "taken" : "not taken"), the rule "
                                  + "\(m.accepts ? "accepts" : "rejects") (m₁ \(short(m.m1)), m₂ \(short(m.m2)))")
            }
            return m
        }
        for (label, x1, y1, x2, y2) in curves {
            let c = curve(x1, y1, x2, y2), rule = FastPathRule(x1: x1, x2: x2)
            // The fast path's value at a boundary point against Brent's root.
            func boundaryValue(_ q: Double) throws {
                let s = try BezierReference.parameter(x1: x1, x2: x2, forX: q)
                let t = 1 - s
                let dx = 3 * (t * t * x1 + 2 * s * t * (x2 - x1) + s * s * (1 - x2))
                let dy = 3 * (t * t * y1 + 2 * s * t * (y2 - y1) + s * s * (1 - y2))
                let reference = try BezierReference.curveValue(x1: x1, y1: y1, x2: x2, y2: y2, progress: q)
                values.add(c.value(at: q), reference, scale: 1 + Swift.abs(dy / dx), location: WorstCase("\(label) at \(q)"))
            }
            // A 1/500 grid, with a pair of boundary points wherever m₁ changes sign between
            // neighbours while the ratio test and the bracket hold: the progress at m₁ = ±margin.
            var previous: (p: Double, m: FastPathRule.Margins)?
            for i in 1..<500 {
                let p = Double(i) / 500
                let judged = judge(label, c, rule, p)
                defer { previous = judged.map { (p, $0) } }
                guard let m = judged, let before = previous, (before.m.m1 < 0) != (m.m1 < 0), before.m.m2 < 0, m.m2 < 0,
                      before.m.bracket > 0, m.bracket > 0 else { continue }
                for target in [ruleBoundaryMargin, -ruleBoundaryMargin] {
                    guard let q = rule.progress(where: \.m1, is: target, between: before.p, p), let mq = rule.margins(at: q),
                          mq.decided else { continue }
                    boundaryPoints += 1
                    closest = Swift.min(closest, Swift.abs(mq.m1))
                    _ = judge("\(label) (boundary, m₁ = \(short(mq.m1)))", c, rule, q)
                    try boundaryValue(q)
                }
            }
            // Progress down to 1e-150 from either end: next to a flat start (x1 = 0) or end (x2 = 1)
            // the steps are as long as s itself, and the ratio test decides. (Not further: the
            // double-double step³ underflows below ~1e-100 in s.) Wherever m₂ changes sign between
            // neighbours from one end, a pair of boundary points at m₂ = ±margin, kept where the
            // predicted-error test and the bracket hold (so that m₂ alone decides).
            var previousFromEnd: [(p: Double, m: FastPathRule.Margins)?] = [nil, nil]
            for k in stride(from: 8, through: 600, by: 8) {
                let δ = pow(10, -Double(k) / 4)
                for (end, p) in [δ, 1 - δ].enumerated() where p > 0 && p < 1 {
                    let judged = judge(label, c, rule, p)
                    defer { previousFromEnd[end] = judged.map { (p, $0) } }
                    guard let m = judged else { continue }
                    if !m.accepts, m.m1 < 0 { tinyRejected += 1 }
                    guard let before = previousFromEnd[end], (before.m.m2 < 0) != (m.m2 < 0) else { continue }
                    for target in [ruleBoundaryMargin, -ruleBoundaryMargin] {
                        guard let q = rule.progress(where: \.m2, is: target, between: before.p, p), let mq = rule.margins(at: q),
                              mq.decided, mq.m1 < 0, mq.bracket > 0 else { continue }
                        ratioBoundaryPoints += 1
                        closestRatio = Swift.min(closestRatio, Swift.abs(mq.m2))
                        _ = judge("\(label) (boundary, m₂ = \(short(mq.m2)))", c, rule, q)
                        try boundaryValue(q)
                    }
                }
            }
        }
        let valueError = values.metrics().first { $0.name == "maxRelError" }?.value ?? .nan
        let metrics = [
            Metric("ruleDisagreements", Double(disagreements), unit: "decisions", better: .lower, ulpEquivalent: 1),
            Metric("decidedPoints", Double(decided), unit: "progresses", better: .none, ulpEquivalent: 1),
            Metric("undecidedPoints", Double(undecided), unit: "progresses", better: .none, ulpEquivalent: 1),
            Metric("boundaryPoints", Double(boundaryPoints), unit: "progresses", better: .none, ulpEquivalent: 1),
            Metric("ratioBoundaryPoints", Double(ratioBoundaryPoints), unit: "progresses", better: .none, ulpEquivalent: 1),
            Metric("boundaryValueError", valueError, unit: "relative to 1 + |slope|", better: .lower),
        ]
        var report = gatedCheck(
            CheckSubject(suite: name, name: "Bézier fast path taken exactly where its documented acceptance rule says (rule in double-double), boundary values vs Brent",
                         kind: .invariant, source: "the solver's documented acceptance rule (CubicTimingBezier: (C² + |D|)|step|³ < ½ ulp, |C·step| ≤ ⅛), evaluated in double-double on the exact curve; "
                             + CheckSource.brent + " at the boundary points",
                         implementation: "UnitCurve (Bézier solver)", quickSet: true),
            metrics: metrics, worst: worst ?? values.worst, tolerance: ruleTolerance,
            detail: "\(disagreements) disagreements in \(decided) decided progresses on \(curves.count) curves (\(accepted) accepted; "
                + "\(tinyRejected) below 1e-15 rejected by the ratio test alone; \(undecided) within rounding of a bound, left out); "
                + "\(boundaryPoints) points at m₁ = ±\(short(ruleBoundaryMargin)) (closest \(short(closest))) and "
                + "\(ratioBoundaryPoints) at m₂ = ±\(short(ruleBoundaryMargin)) (closest \(short(closestRatio))), values there within "
                + "\(short(valueError)) of Brent (at most \(short(boundaryValueTolerance))); |D|·step² where the rule accepts "
                + "at most \(short(largestDStepSquared)) (untested: at most ⅛ documented)")
        if !(valueError <= boundaryValueTolerance) || boundaryPoints < 8 || ratioBoundaryPoints < 4 || tinyRejected == 0
            || !(largestDStepSquared <= 0.125) { report.status = .fail }
        return report
    }
}
