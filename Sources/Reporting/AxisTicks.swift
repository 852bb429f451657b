// AxisTicks.swift — where an axis starts and ends and where its ticks go.
//
// Linear axes get "nice" steps 1, 2 or 5 × 10^k, chosen so that about `targetTickCount` ticks
// cover the data, and the axis is widened to whole steps (so the data never touches a bare end).
// Log axes span whole decades, with a tick at every decade and a label on every decade, or on
// every second, third… when there are more decades than fit; within one or two decades the 2 and
// 5 multiples are labelled too. Labels are short: `0.5`, `20`, `2e-6`, `1e-12`.

import Foundation

/// One tick: its value and its label (empty for a minor tick).
struct AxisTick: Equatable {
    var value: Double
    var label: String
    var isMajor: Bool { !label.isEmpty }
}

/// An axis's domain (in data units) and its ticks.
struct AxisLayout {
    var scale: ChartAxis.Scale
    var lower: Double
    var upper: Double
    var ticks: [AxisTick]

    /// The fraction 0…1 of the axis length at which `value` lies.
    func fraction(_ value: Double) -> Double {
        switch scale {
        case .linear: return (value - lower) / (upper - lower)
        case .log: return (log10(value) - log10(lower)) / (log10(upper) - log10(lower))
        }
    }
}

enum AxisTicks {
    /// About this many labelled ticks on a linear axis: enough to read a value to 10–20% of the
    /// range, few enough that labels like `-2.5e-6` never touch at 800 px.
    static let targetTickCount = 6.0
    /// At most this many labelled decades on a log axis; more decades get a label stride.
    static let maximumLogLabels = 8
    /// A log axis whose labelled decades all lie in 0.001 … 10000 prints them plainly (`0.01`,
    /// `500`, `10000`); any other prints every label as `1e-12`, `2e3` (`1` stays `1`), so one
    /// axis never mixes the two notations.
    static let plainExponents = -3...4

    /// The layout of a linear axis covering `lower…upper` (which may be equal).
    static func linear(lower rawLower: Double, upper rawUpper: Double) -> AxisLayout {
        var lower = rawLower, upper = rawUpper
        if !(lower.isFinite && upper.isFinite) { (lower, upper) = (0, 1) }
        if upper < lower { swap(&lower, &upper) }
        if upper == lower {
            // A flat series: one unit either side, or ±50% of its magnitude.
            let half = lower == 0 ? 1 : Swift.abs(lower) / 2
            lower -= half
            upper += half
        }
        let step = niceStep((upper - lower) / targetTickCount)
        let first = (lower / step).rounded(.down)
        let last = (upper / step).rounded(.up)
        let exponent = Int((log10(step)).rounded(.down))
        let maxMagnitude = Swift.max(Swift.abs(first * step), Swift.abs(last * step))
        let scientific = maxMagnitude >= 1e6 || maxMagnitude < 1e-3
        var ticks: [AxisTick] = []
        var k = first
        while k <= last {
            let value = k * step
            ticks.append(AxisTick(value: value, label: linearLabel(value, step: step, exponent: exponent, scientific: scientific)))
            k += 1
        }
        return AxisLayout(scale: .linear, lower: first * step, upper: last * step, ticks: ticks)
    }

    /// The smallest of 1, 2, 5 × 10^k that is ≥ `raw`.
    static func niceStep(_ raw: Double) -> Double {
        guard raw > 0, raw.isFinite else { return 1 }
        let magnitude = pow(10, (log10(raw)).rounded(.down))
        for multiple in [1.0, 2, 5, 10] where multiple * magnitude >= raw * (1 - 1e-12) {
            return multiple * magnitude
        }
        return 10 * magnitude
    }

    static func linearLabel(_ value: Double, step: Double, exponent: Int, scientific: Bool) -> String {
        if Swift.abs(value) < step * 1e-9 { return "0" }
        if scientific {
            var mantissa = Int((value / pow(10, Double(exponent))).rounded())
            var power = exponent
            while mantissa != 0 && mantissa % 10 == 0 {
                mantissa /= 10
                power += 1
            }
            return "\(mantissa)e\(power)"
        }
        let decimals = Swift.max(0, -exponent)
        return String(format: "%.\(decimals)f", value)
    }

    /// The layout of a log axis covering `lower…upper` (both > 0). The domain is kept as given
    /// when it contains at least two decades; otherwise it is widened to whole decades.
    static func log(lower rawLower: Double, upper rawUpper: Double) -> AxisLayout {
        var lower = rawLower, upper = rawUpper
        if !(lower > 0 && upper > 0 && lower.isFinite && upper.isFinite) { (lower, upper) = (1, 10) }
        if upper < lower { swap(&lower, &upper) }
        // The 1e-9 slack keeps a value that is exactly 10^k (up to log10's rounding) in its own
        // decade instead of dropping its tick.
        var low = Int((log10(lower) - 1e-9).rounded(.up))
        var high = Int((log10(upper) + 1e-9).rounded(.down))
        if high - low < 1 {
            low = Int((log10(lower) + 1e-9).rounded(.down))
            high = Swift.max(Int((log10(upper) - 1e-9).rounded(.up)), low + 1)
            lower = Swift.min(lower, pow(10, Double(low)))
            upper = Swift.max(upper, pow(10, Double(high)))
        }
        let decades = high - low
        let plain = plainExponents.contains(low - 1) && plainExponents.contains(high)
        let stride = Swift.max(1, Int((Double(decades) / Double(maximumLogLabels)).rounded(.up)))
        var ticks: [AxisTick] = []
        for e in (low - 1)...high {
            let decade = pow(10, Double(e))
            // Label every stride-th decade, counted from a multiple of the stride so the labelled
            // exponents are round (…, -12, -8, -4, 0) whatever the data's range.
            if decade >= lower * (1 - 1e-12) {
                ticks.append(AxisTick(value: decade, label: e % stride == 0 ? decadeLabel(e, plain: plain) : ""))
            }
            if decades <= 4 {
                for m in 2...9 {
                    let value = Double(m) * decade
                    guard value >= lower, value <= upper else { continue }
                    let showLabel = decades <= 1 && (m == 2 || m == 5)
                    ticks.append(AxisTick(value: value, label: showLabel ? multipleLabel(m, e, plain: plain) : ""))
                }
            }
        }
        return AxisLayout(scale: .log, lower: lower, upper: upper, ticks: ticks)
    }

    /// `1e-12`, `0.01`, `1`, `100`, `1e6`: plain when `plain` (or for 1).
    static func decadeLabel(_ exponent: Int, plain: Bool) -> String {
        if plain || exponent == 0 {
            return exponent >= 0 ? "1" + String(repeating: "0", count: exponent)
                : "0." + String(repeating: "0", count: -exponent - 1) + "1"
        }
        return "1e\(exponent)"
    }

    /// `2e-6`, `0.05`, `20`.
    static func multipleLabel(_ multiple: Int, _ exponent: Int, plain: Bool) -> String {
        if plain || exponent == 0 {
            let value = Double(multiple) * pow(10, Double(exponent))
            return String(format: "%.\(Swift.max(0, -exponent))f", value)
        }
        return "\(multiple)e\(exponent)"
    }
}
