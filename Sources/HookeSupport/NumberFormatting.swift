#if canImport(Glibc)
import Glibc
#endif

/// Formats `value` with 17 significant digits (`%.17g`), enough to round-trip any Double.
package func formatNumber(_ value: Double) -> String {
    withUnsafeTemporaryAllocation(of: CChar.self, capacity: 40) { buffer in
        _ = withVaList([value]) { vsnprintf(buffer.baseAddress!, 40, "%.17g", $0) }
        return String(cString: buffer.baseAddress!)
    }
}

/// Formats `value` for JSON: 17 significant digits, `null` when not finite (JSON has no NaN).
package func formatJSONNumber(_ value: Double) -> String {
    value.isFinite ? formatNumber(value) : "null"
}

/// Formats `value` with `digits` significant digits (`%.Ng`, never the locale), for tables, details
/// and messages: the one short number format (`ReportFormat.significant` only tidies its exponent).
/// Not-a-number prints `NaN`, infinities `inf` and `-inf`.
package func formatShort(_ value: Double, digits: Int = 6) -> String {
    if value.isNaN { return "NaN" }
    return withUnsafeTemporaryAllocation(of: CChar.self, capacity: 48) { buffer in
        _ = withVaList([Int32(digits), value]) { vsnprintf(buffer.baseAddress!, 48, "%.*g", $0) }
        return String(cString: buffer.baseAddress!)
    }
}

/// `value` (finite) with about three significant digits in plain notation, 0 to 3 decimals by
/// magnitude: `0.412`, `2.61`, `48.3`, `1520` — times and ratios in tables.
package func formatPlain(_ value: Double) -> String {
    let magnitude = abs(value)
    let decimals: Int32 = magnitude >= 100 ? 0 : magnitude >= 10 ? 1 : magnitude >= 1 ? 2 : 3
    return withUnsafeTemporaryAllocation(of: CChar.self, capacity: 340) { buffer in
        _ = withVaList([decimals, value]) { vsnprintf(buffer.baseAddress!, 340, "%.*f", $0) }
        return String(cString: buffer.baseAddress!)
    }
}

/// Quotes `text` as a JSON string.
package func jsonString(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": result += "\\\""
        case "\\": result += "\\\\"
        case "\n": result += "\\n"
        case "\t": result += "\\t"
        case "\r": result += "\\r"
        default:
            if scalar.value < 0x20 {
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
    }
    return result + "\""
}

extension String {
    /// The string left-aligned in `width` columns (followed by one space when it fills them), for tables.
    package func padding(to width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
    /// The string right-aligned in `width` columns.
    package func leftPadding(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
