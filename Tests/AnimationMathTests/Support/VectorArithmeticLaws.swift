import AnimationMath
import Testing

/// Checks the `VectorArithmetic` laws (see the protocol's documentation) on every sample, every
/// pair of samples, a third of the triples, and every scalar, recording a Swift Testing issue at
/// the caller's source location for each law that fails.
///
/// Laws that IEEE arithmetic keeps exactly are checked with `==`: `a + 0 == a`, `0 + a == a`,
/// `a - 0 == a`, `a - a == 0`, `a + b == b + a`, `a.scaled(by: 1) == a`, `a.scaled(by: 0) == 0`,
/// `a.scaled(by: -1) == 0 - a`, and that `+=`, `-=`, `scale(by:)` agree with `+`, `-`,
/// `scaled(by:)`. Laws that rounding breaks are checked with `isClose`: associativity,
/// `(a - b) + b ≈ a`, both distributive laws and `(st)a ≈ s(ta)`. `+`, `-` and scaling must act
/// component by component (through `components`, missing components counting as 0, within
/// `componentTolerance`). `magnitudeSquared` must be ≥ 0, 0 for `zero`, and within
/// `relativeMagnitudeTolerance` of the sum of the squares of the components.
///
/// - Parameters:
///   - samples: Values to combine, with finite components (the exact laws fail for infinities and
///     NaN, as they do for `Double` itself).
///   - scalars: Finite factors for the scaling laws.
///   - isClose: Approximate equality, for the laws that only hold up to rounding.
///   - components: The value's components as `Double`s, in a fixed order.
///   - componentTolerance: Allowed absolute difference when comparing components with the
///     component-wise result computed in `Double` (0 when the type computes in `Double`).
///   - relativeMagnitudeTolerance: Allowed relative difference between `magnitudeSquared` and the
///     sum of the squared components.
///   - seed: The seed the samples came from, printed with every failure.
func checkVectorArithmeticLaws<V: VectorArithmetic & Equatable>(
    _ samples: [V],
    scalars: [Double],
    isClose: (V, V) -> Bool,
    components: (V) -> [Double],
    componentTolerance: Double,
    relativeMagnitudeTolerance: Double,
    seed: UInt64? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let seedNote = seed.map { " (seed \($0))" } ?? ""
    let zero = V.zero
    #expect(zero.magnitudeSquared == 0, "zero.magnitudeSquared must be 0", sourceLocation: sourceLocation)

    func matches(_ value: V, _ expected: [Double]) -> Bool {
        componentsMatch(components(value), expected, tolerance: componentTolerance)
    }

    for (index, a) in samples.enumerated() {
        let label = "sample \(index): \(a)\(seedNote)"
        let ca = components(a)

        // Identity and inverse: exact.
        #expect(a + zero == a, "a + zero == a fails for \(label)", sourceLocation: sourceLocation)
        #expect(zero + a == a, "zero + a == a fails for \(label)", sourceLocation: sourceLocation)
        #expect(a - zero == a, "a - zero == a fails for \(label)", sourceLocation: sourceLocation)
        #expect(a - a == zero, "a - a == zero fails for \(label)", sourceLocation: sourceLocation)
        var inPlace = a
        inPlace += zero
        #expect(inPlace == a, "a += zero changes \(label)", sourceLocation: sourceLocation)
        inPlace -= a
        #expect(inPlace == zero, "a -= a is not zero for \(label)", sourceLocation: sourceLocation)
        #expect(a.scaled(by: 1) == a, "a.scaled(by: 1) == a fails for \(label)", sourceLocation: sourceLocation)
        #expect(a.scaled(by: 0) == zero, "a.scaled(by: 0) == zero fails for \(label)", sourceLocation: sourceLocation)
        #expect(a.scaled(by: -1) == zero - a, "a.scaled(by: -1) == zero - a fails for \(label)",
                sourceLocation: sourceLocation)

        // Magnitude: non-negative and the sum of the squared components.
        let magnitude = a.magnitudeSquared
        let sumOfSquares = ca.reduce(0) { $0 + $1 * $1 }
        #expect(magnitude >= 0, "magnitudeSquared \(magnitude) < 0 for \(label)", sourceLocation: sourceLocation)
        #expect(Swift.abs(magnitude - sumOfSquares) <= relativeMagnitudeTolerance * sumOfSquares,
                "magnitudeSquared \(magnitude) is not the sum of squared components \(sumOfSquares) for \(label)",
                sourceLocation: sourceLocation)

        for s in scalars {
            let scaled = a.scaled(by: s)
            #expect(matches(scaled, ca.map { $0 * s }),
                    "a.scaled(by: \(s)) = \(scaled) is not component-wise for \(label)", sourceLocation: sourceLocation)
            #expect(Swift.abs(scaled.magnitudeSquared - s * s * magnitude)
                        <= 4 * relativeMagnitudeTolerance * s * s * magnitude + componentTolerance,
                    "|sa|² ≈ s²|a|² fails for \(label), s = \(s)", sourceLocation: sourceLocation)
            var scaledInPlace = a
            scaledInPlace.scale(by: s)
            #expect(scaledInPlace == scaled, "scale(by:) and scaled(by:) differ for \(label), s = \(s)",
                    sourceLocation: sourceLocation)
            for t in scalars {
                #expect(isClose(a.scaled(by: s + t), a.scaled(by: s) + a.scaled(by: t)),
                        "(s + t)a ≈ sa + ta fails for \(label), s = \(s), t = \(t)", sourceLocation: sourceLocation)
                #expect(isClose(a.scaled(by: s * t), a.scaled(by: t).scaled(by: s)),
                        "(st)a ≈ s(ta) fails for \(label), s = \(s), t = \(t)", sourceLocation: sourceLocation)
            }
        }

        for (otherIndex, b) in samples.enumerated() {
            let pair = "samples \(index), \(otherIndex): \(a), \(b)\(seedNote)"
            let cb = components(b)
            #expect(a + b == b + a, "a + b == b + a fails for \(pair)", sourceLocation: sourceLocation)
            var sum = a
            sum += b
            #expect(sum == a + b, "a += b differs from a + b for \(pair)", sourceLocation: sourceLocation)
            var difference = a
            difference -= b
            #expect(difference == a - b, "a -= b differs from a - b for \(pair)", sourceLocation: sourceLocation)
            #expect(isClose((a - b) + b, a), "(a - b) + b ≈ a fails for \(pair)", sourceLocation: sourceLocation)
            // + and - act component by component, missing components counting as 0.
            let n = Swift.max(ca.count, cb.count)
            let x = (0..<n).map { $0 < ca.count ? ca[$0] : 0 }
            let y = (0..<n).map { $0 < cb.count ? cb[$0] : 0 }
            #expect(matches(a + b, zip(x, y).map { $0 + $1 }),
                    "a + b is not component-wise for \(pair)", sourceLocation: sourceLocation)
            #expect(matches(a - b, zip(x, y).map { $0 - $1 }),
                    "a - b is not component-wise for \(pair)", sourceLocation: sourceLocation)
            for s in scalars {
                #expect(isClose((a + b).scaled(by: s), a.scaled(by: s) + b.scaled(by: s)),
                        "s(a + b) ≈ sa + sb fails for \(pair), s = \(s)", sourceLocation: sourceLocation)
            }
            for (thirdIndex, c) in samples.enumerated() where thirdIndex % 3 == 0 {
                #expect(isClose((a + b) + c, a + (b + c)),
                        "(a + b) + c ≈ a + (b + c) fails for \(pair), sample \(thirdIndex): \(c)",
                        sourceLocation: sourceLocation)
            }
        }
    }
}

/// Whether two component lists agree within an absolute `tolerance`, the shorter padded with 0.
func componentsMatch(_ lhs: [Double], _ rhs: [Double], tolerance: Double) -> Bool {
    let n = Swift.max(lhs.count, rhs.count)
    for i in 0..<n {
        let l = i < lhs.count ? lhs[i] : 0
        let r = i < rhs.count ? rhs[i] : 0
        if !(Swift.abs(l - r) <= tolerance) { return false }
    }
    return true
}

/// An `isClose` for `checkVectorArithmeticLaws` that compares components within an absolute
/// tolerance.
func closeByComponents<V>(_ components: @escaping (V) -> [Double],
                          tolerance: Double) -> (V, V) -> Bool {
    { componentsMatch(components($0), components($1), tolerance: tolerance) }
}
