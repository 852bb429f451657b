import HookeSupport

/// Rows of `time,value,velocity` — or, for vectors, `time,value[0],…,velocity[0],…` — as `hooke
/// eval` and `hooke run` print them: CSV or JSON with 17 significant digits (they round-trip),
/// handed to `write` as they are made, so memory stays bounded whatever the number of rows.
///
/// JSON: `{METADATA, "rows": [{"time", "value", "velocity"}, …]TRAILER}`; a vector's value and
/// velocity are arrays; an unknown velocity is `null` in JSON and `nan` in CSV, a non-finite number
/// `null` in JSON.
///
/// ```swift
/// var text = ""
/// var rows = try RowWriter(.csv) { text += $0 }
/// let completions = try scenario.run { try rows.row($0) }
/// try rows.finish(trailer: RowWriter.completionsJSON(completions))
/// ```
public struct RowWriter {
    public enum Format: String, CaseIterable, Sendable { case csv, json }

    public let format: Format
    /// Components of a vector value, or `nil` for a scalar.
    public let dimension: Int?
    /// The value names of a tree scenario's rows (`time,name,value,velocity`), or nil.
    public let valueNames: [String]?
    private let write: (String) throws -> Void
    private var rows = 0
    /// Whether every number written so far was finite.
    public private(set) var allFinite = true

    /// Writes the CSV header or the JSON opening with `metadata` (keys, and values already encoded
    /// as JSON: `jsonString(path)`, a number).
    public init(_ format: Format, dimension: Int? = nil, metadata: [(String, String)] = [],
                to write: @escaping (String) throws -> Void) throws {
        self.format = format
        self.dimension = dimension
        valueNames = nil
        self.write = write
        switch format {
        case .csv:
            var header = ["time"]
            if let dimension {
                header += (0..<dimension).map { "value[\($0)]" } + (0..<dimension).map { "velocity[\($0)]" }
            } else {
                header += ["value", "velocity"]
            }
            try write(header.joined(separator: ",") + "\n")
        case .json:
            var text = "{"
            for (key, value) in metadata { text += "\(jsonString(key)): \(value), " }
            try write(text + "\"rows\": [")
        }
    }

    /// Writes the header of a tree scenario's rows — CSV `time,name,value,velocity`, one row per
    /// value per frame; JSON rows `{"time", "name", "value", "velocity"}` — or the JSON opening with
    /// `metadata`.
    public init(_ format: Format, valueNames: [String], metadata: [(String, String)] = [],
                to write: @escaping (String) throws -> Void) throws {
        self.format = format
        dimension = nil
        self.valueNames = valueNames
        self.write = write
        switch format {
        case .csv:
            try write("time,name,value,velocity\n")
        case .json:
            var text = "{"
            for (key, value) in metadata { text += "\(jsonString(key)): \(value), " }
            try write(text + "\"rows\": [")
        }
    }

    /// One frame of a tree scenario: a row per value, in `valueNames` order.
    public mutating func row(_ frame: TreeScenarioFrame) throws {
        precondition(valueNames?.count == frame.values.count, "RowWriter: a tree frame needs the writer made with its valueNames")
        for (index, name) in (valueNames ?? []).enumerated() {
            let value = frame.values[index], velocity = frame.velocities[index]
            if !(value.isFinite && (velocity?.isFinite ?? true)) { allFinite = false }
            switch format {
            case .csv:
                try write(formatNumber(frame.time) + "," + csvField(name) + "," + formatNumber(value) + ","
                          + (velocity.map(formatNumber) ?? "nan") + "\n")
            case .json:
                try write((rows == 0 ? "\n  " : ",\n  ") + "{\"time\": \(formatJSONNumber(frame.time)), \"name\": \(jsonString(name)), "
                          + "\"value\": \(formatJSONNumber(value)), \"velocity\": \(velocity.map(formatJSONNumber) ?? "null")}")
            }
            rows += 1
        }
    }

    /// A name as a CSV field: quoted (quotes doubled) when it holds a comma, a quote or a line break.
    private func csvField(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        return "\"" + String(text.flatMap { $0 == "\"" ? ["\"", "\""] : [$0] }) + "\""
    }

    /// One row of a scalar value.
    public mutating func row(_ time: Double, _ value: Double, _ velocity: Double?) throws {
        if !(value.isFinite && (velocity?.isFinite ?? true)) { allFinite = false }
        switch format {
        case .csv:
            try write(formatNumber(time) + "," + formatNumber(value) + "," + (velocity.map(formatNumber) ?? "nan") + "\n")
        case .json:
            try write((rows == 0 ? "\n  " : ",\n  ") + "{\"time\": \(formatJSONNumber(time)), \"value\": \(formatJSONNumber(value)), "
                      + "\"velocity\": \(velocity.map(formatJSONNumber) ?? "null")}")
        }
        rows += 1
    }

    /// One row of a vector value (`dimension` components each).
    public mutating func row(_ time: Double, values: [Double], velocities: [Double]?) throws {
        if !(values.allSatisfy(\.isFinite) && (velocities?.allSatisfy(\.isFinite) ?? true)) { allFinite = false }
        switch format {
        case .csv:
            var fields = [formatNumber(time)]
            fields += values.map(formatNumber)
            fields += velocities?.map(formatNumber) ?? Array(repeating: "nan", count: values.count)
            try write(fields.joined(separator: ",") + "\n")
        case .json:
            func numbers(_ list: [Double]?) -> String {
                guard let list else { return "null" }
                return "[" + list.map(formatJSONNumber).joined(separator: ", ") + "]"
            }
            try write((rows == 0 ? "\n  " : ",\n  ") + "{\"time\": \(formatJSONNumber(time)), \"value\": \(numbers(values)), "
                      + "\"velocity\": \(numbers(velocities))}")
        }
        rows += 1
    }

    /// One row of components: a vector row when `dimension` is set, else a scalar row of the first
    /// components (a scalar scenario or keyframes file has one).
    public mutating func row(_ time: Double, components values: [Double], velocities: [Double]?) throws {
        if dimension != nil {
            try row(time, values: values, velocities: velocities)
        } else {
            try row(time, values[0], velocities?[0])
        }
    }

    /// One frame of a scenario run (`row(_:components:velocities:)`).
    public mutating func row(_ frame: ScenarioFrame) throws {
        try row(frame.time, components: frame.value, velocities: frame.velocity)
    }

    /// Ends the output; for JSON, `trailer` (e.g. `completionsJSON`) follows the rows.
    public func finish(trailer: String = "") throws {
        if format == .json { try write("\n]" + trailer + "}\n") }
    }

    /// `, "completions": [{"name", "criteria", "time"}, …]`: a scenario's completion events as the
    /// trailer of its JSON rows.
    public static func completionsJSON(_ completions: [ScenarioCompletion]) -> String {
        var trailer = ", \"completions\": ["
        for (index, event) in completions.enumerated() {
            trailer += index == 0 ? "\n  " : ",\n  "
            trailer += "{\"name\": \(jsonString(event.name)), \"criteria\": \(jsonString(event.criteria.description)), \"time\": \(formatJSONNumber(event.time))}"
        }
        return trailer + (completions.isEmpty ? "]" : "\n]")
    }
}
