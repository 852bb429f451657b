import HookeSupport

/// The timing-curve cases: SwiftUI's Bézier presets, control points on the edges of the allowed
/// square (x at 0 and 1, where the curve's x'(s) vanishes at an end), y outside [0, 1]
/// (overshoot), and seeded random control points; each sampled at progress 0, 1, within 1e-9
/// and 1e-12 of each, and every 0.01 between. Judged against GSL's Brent root of x(s) = p.
enum CurveCases {
    static func all() -> [ConformanceCase] {
        presets() + edges() + overshoot() + random(count: 80, seed: 0x5EED_0010)
    }

    /// 0, 1e-12, 1e-9, 0.01 … 0.99, 1 − 1e-9, 1 − 1e-12, 1.
    static let progress: [Double] = [0, 1e-12, 1e-9] + (1...99).map { Double($0) / 100 } + [1 - 1e-9, 1 - 1e-12, 1]

    static func make(_ id: String, _ probe: String, _ bezier: [Double]) -> ConformanceCase {
        ConformanceCase(id: "curve/" + id, probe: probe, request: .curve(CurveRequest(bezier: bezier, progress: progress)))
    }

    static func presets() -> [ConformanceCase] {
        [("linear", [0, 0, 1, 1.0]), ("easeIn", [0.42, 0, 1, 1]), ("easeOut", [0, 0, 0.58, 1]), ("easeInOut", [0.42, 0, 0.58, 1])].map {
            make("preset/\($0.0)", "SwiftUI's .\($0.0) as a Bézier (\($0.1.map { formatShort($0) }.joined(separator: ", ")))", $0.1)
        }
    }

    static func edges() -> [ConformanceCase] {
        [(0.0, 0.0), (0, 1), (1, 0), (1, 1)].flatMap { x1, x2 in
            [(0.0, 1.0), (-0.5, 1.5)].map { y1, y2 in
                make("edge/x1-\(formatShort(x1))-x2-\(formatShort(x2))/y1-\(formatShort(y1))-y2-\(formatShort(y2))",
                     "x1 = \(formatShort(x1)), x2 = \(formatShort(x2)): " + flatSpot(x1, x2), [x1, y1, x2, y2])
            }
        }
    }

    /// Where x'(s) = 3[(1−s)²x1 + 2(1−s)s(x2 − x1) + s²(1 − x2)] vanishes for control x on the edges.
    static func flatSpot(_ x1: Double, _ x2: Double) -> String {
        switch (x1, x2) {
        case (0, 0): "x'(0) = 0 (a vertical start), where Newton's method from s = p stalls"
        case (0, 1): "x'(0) = x'(1) = 0: vertical at both ends"
        case (1, 0): "x'(½) = 0: a vertical tangent mid-curve, at progress ½"
        default: "x'(1) = 0 and x ≈ 1 − (1 − s)³ near the end (a vertical finish)"
        }
    }

    static func overshoot() -> [ConformanceCase] {
        [[0.3, -0.6, 0.7, 1.6], [0.5, 1.8, 0.5, -0.8], [0.1, 3, 0.9, -2], [0.68, -0.55, 0.265, 1.55], [0.175, 0.885, 0.32, 1.275], [0.6, -0.28, 0.735, 0.045]].enumerated().map {
            make("overshoot/\($0.offset)", "y outside [0, 1]: the curve overshoots (\($0.element.map { formatShort($0) }.joined(separator: ", ")))", $0.element)
        }
    }

    static func random(count: Int, seed: UInt64) -> [ConformanceCase] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { index in
            let bezier = [random.uniform(0, 1), random.uniform(-1, 2), random.uniform(0, 1), random.uniform(-1, 2)]
            return make("random/\(index)", "seeded random control points (\(bezier.map { formatShort($0, digits: 4) }.joined(separator: ", ")))", bezier)
        }
    }
}
