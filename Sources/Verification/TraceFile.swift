import Foundation
import HookeSupport

/// A recorded trajectory as CSV (what `TraceVerifier` reads): header
/// `time,value` or `time,value,velocity`, then one row per sample, times non-decreasing and ≥ 0.
/// Every problem is an `InputError` naming the file, the line and the column (1-based, as an
/// editor shows them).
public struct TraceFile {
    public var samples: [TraceSample]

    public static let headers = [["time", "value"], ["time", "value", "velocity"]]

    public init(path: String) throws {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw InputError("cannot read \(quoted(path))")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw InputError("\(quoted(path)) is not UTF-8 text")
        }
        try self.init(text: text, name: path)
    }

    /// `name` is the file as the messages call it.
    public init(text: String, name: String) throws {
        // "\r\n" is one Character in Swift, so CRLF files split on it as well as on "\n".
        var lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
        while let last = lines.last, last.isEmpty { lines.removeLast() }
        guard let headerLine = lines.first else {
            throw InputError("\(name): empty file; expected the header 'time,value' or 'time,value,velocity'")
        }
        let header = headerLine.split(separator: ",", omittingEmptySubsequences: false).map {
            String($0).trimmingCharacters(in: .whitespaces)
        }
        guard Self.headers.contains(header) else {
            throw InputError("\(name) line 1: header must be 'time,value' or 'time,value,velocity', got \(quoted(headerLine))")
        }
        let columns = header.count
        samples = []
        samples.reserveCapacity(lines.count - 1)
        var previousTime = 0.0
        for (offset, line) in lines.dropFirst().enumerated() {
            let lineNumber = offset + 2
            let fields = line.split(separator: ",", omittingEmptySubsequences: false)
            guard fields.count == columns else {
                throw InputError("\(name) line \(lineNumber): expected \(columns) fields (\(header.joined(separator: ","))), got \(fields.count)")
            }
            var numbers: [Double] = []
            for (column, field) in fields.enumerated() {
                let trimmed = field.trimmingCharacters(in: .whitespaces)
                guard let value = Double(trimmed), value.isFinite else {
                    throw InputError("\(name) line \(lineNumber) column \(column + 1) (\(header[column])): not a finite number: \(quoted(field))")
                }
                if let problem = (column == 0 ? NumberConstraint.time : .any).check(value) {
                    throw InputError("\(name) line \(lineNumber) column \(column + 1) (\(header[column])): \(problem), got \(quoted(field))")
                }
                numbers.append(value)
            }
            if numbers[0] < previousTime {
                throw InputError("\(name) line \(lineNumber) column 1 (time): times must not decrease, got \(numbers[0]) after \(previousTime)")
            }
            previousTime = numbers[0]
            samples.append(TraceSample(time: numbers[0], value: numbers[1], velocity: columns == 3 ? numbers[2] : nil))
        }
        guard !samples.isEmpty else {
            throw InputError("\(name): no samples after the header")
        }
    }
}
