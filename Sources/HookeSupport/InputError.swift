/// Bad input — a scenario or keyframes file, or a command-line flag — and how its error messages
/// quote what the user gave. `hooke` prints the message on one line and exits 2 (its `InputError`
/// is this type).

/// Bad input: the message names the flag or the JSON path of the field, and the value.
public struct InputError: Error, CustomStringConvertible, Equatable {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// The longest user value an error message repeats, in characters; longer ones end in "…".
package let quotedValueLimit = 80
/// A user's value as an error message shows it: in single quotes, on one line (control characters
/// escaped), at most `quotedValueLimit` characters.
package func quoted(_ value: some CustomStringConvertible) -> String {
    "'" + oneLine(value.description, limit: quotedValueLimit) + "'"
}

/// `text` with control characters and line separators escaped (`\n`, `\r`, `\t`, `\u{1B}`), cut
/// to `limit` characters with "…".
package func oneLine(_ text: String, limit: Int) -> String {
    var result = ""
    var count = 0
    for character in text {
        if count == limit { return result + "…" }
        count += 1
        for scalar in character.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar == "\u{2028}" || scalar == "\u{2029}" {
                    result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
    }
    return result
}
