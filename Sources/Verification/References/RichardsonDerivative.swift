// RichardsonDerivative.swift — the derivative of a function known only by its values: central
// differences at steps h, h/2, h/4, … extrapolated to h → 0 (Richardson), every difference and
// extrapolation in double-double, so the only error left is that of the values themselves.
//
// A central difference D(h) = (f(t + h) − f(t − h)) / 2h of a smooth f is f'(t) + c₁h² + c₂h⁴ + …;
// halving h and eliminating one power of h² per column (Tᵢ,ⱼ = Tᵢ,ⱼ₋₁ + (Tᵢ,ⱼ₋₁ − Tᵢ₋₁,ⱼ₋₁)/(4ʲ − 1))
// leaves after L levels an error of order h^(2L). The evaluation points t ± h are the doubles the
// function was evaluated at, and their distance is taken exactly (TwoSum), so the division adds only
// double-double rounding (~1e-32). What is left:
//
//   - truncation: estimated by the last two diagonal entries, |T_L,L − T_L−1,L−1|;
//   - the values' own rounding δ (a few ulps of the value scale): each difference carries at most
//     2δ / 2h_L = δ/h_L at the finest step, and the extrapolation weights sum to less than 2 in
//     absolute value (∏ (4ʲ + 1)/(4ʲ − 1) < 1.9), so at most 2δ/h_L.
//
// `bound` is their sum. Nothing here knows what f computes: it is a reference for any velocity
// whose value is smooth on [t − h, t + h].

import HookeSupport

struct RichardsonDerivative {
    /// The coarsest step h.
    var step: Double
    /// Halvings of the step (L); the finest step is h / 2^(L−1).
    var levels: Int = 5
    /// The rounding of one value, in units of `valueScale` (a few ulps).
    var valueRounding: Double = 8 * Double.ulpOfOne

    /// f'(t) and the bound on its error (truncation estimate plus the values' rounding), for values
    /// of size up to `valueScale`.
    func derivative(at t: Double, valueScale: Double, _ f: (Double) -> Double) -> (value: Double, bound: Double) {
        var previous: [DoubleDouble] = []
        var finest = step
        for level in 0..<levels {
            let h = step / Double(1 << level)
            finest = h
            let plus = t + h, minus = t - h
            let difference = DoubleDouble.twoSum(f(plus), -f(minus))
            let span = DoubleDouble.twoSum(plus, -minus)
            var row = [difference / span]
            var power = DoubleDouble(1)
            for column in 1...max(1, level) where column <= level {
                power = power * DoubleDouble(4)
                let correction = (row[column - 1] - previous[column - 1]) / (power - DoubleDouble.one)
                row.append(row[column - 1] + correction)
            }
            if level == levels - 1 {
                let truncation = level == 0 ? Double.infinity : Swift.abs((row[level] - previous[level - 1]).hi)
                let rounding = 2 * valueRounding * valueScale / finest
                return (row[level].hi, truncation + rounding)
            }
            previous = row
        }
        preconditionFailure("levels must be at least 1")
    }
}
