// ReportFormat.swift — how numbers and text appear in the pages: fixed C formats (never the
// locale), so the same numbers always print the same characters.

import Foundation
import HookeSupport
import Verification

public enum ReportFormat {
    /// `%.Ng` with a clean exponent: 3 significant digits gives `1.2e-13`, `0.00412`, `157`.
    public static func significant(_ value: Double, digits: Int = 3) -> String {
        if value.isInfinite { return value > 0 ? "∞" : "−∞" }
        if value == 0 { return "0" }
        let text = formatShort(value, digits: digits)
        // `1.2e-05` → `1.2e-5`, `3e+06` → `3e6`.
        guard let e = text.firstIndex(of: "e") else { return text }
        let mantissa = text[..<e]
        var exponent = text[text.index(after: e)...]
        var sign = ""
        if exponent.first == "-" { sign = "-" }
        if exponent.first == "-" || exponent.first == "+" { exponent = exponent.dropFirst() }
        while exponent.count > 1 && exponent.first == "0" { exponent = exponent.dropFirst() }
        return "\(mantissa)e\(sign)\(exponent)"
    }

    /// An error figure for tables: 3 significant digits (`errorFigure`), `—` when absent.
    public static func error(_ value: Double?) -> String {
        guard let value else { return "—" }
        return errorFigure(value) { significant($0, digits: 3) }
    }

    /// A time in nanoseconds with 3 significant digits in plain notation: `2.61`, `48.3`, `1520`.
    public static func nanoseconds(_ value: Double) -> String {
        value.isFinite ? formatPlain(value) : significant(value)
    }

    /// A count with thousands separators: `1,000,000`.
    public static func count(_ value: Int) -> String {
        let digits = String(Swift.abs(value))
        var result = ""
        for (index, character) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { result += "," }
            result.append(character)
        }
        return (value < 0 ? "-" : "") + result
    }

    /// A ratio with 3 significant digits and a ×: `18.4×`.
    public static func ratio(_ value: Double?) -> String {
        guard let value else { return "—" }
        return nanoseconds(value) + "×"
    }

    /// Milliseconds from nanoseconds: `8.33 ms`-style figures with 3 significant digits.
    public static func milliseconds(fromNanoseconds value: Double) -> String {
        nanoseconds(value / 1e6)
    }
}
