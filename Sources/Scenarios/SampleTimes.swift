import HookeSupport
/// Sample or frame times: a list, or evenly spaced times `i·step` (or `i / rate`) computed when
/// read, so a grid of ten million times takes no memory.
public struct SampleTimes: RandomAccessCollection, Sendable {
    public enum Storage: Sendable { case list([Double]), step(Double), rate(Double) }
    public let count: Int
    public let storage: Storage

    public init(_ list: [Double]) {
        count = list.count
        storage = .list(list)
    }

    public init(count: Int, _ spacing: Storage) {
        self.count = count
        storage = spacing
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }
    public subscript(index: Int) -> Double {
        switch storage {
        case .list(let list): return list[index]
        case .step(let step): return Double(index) * step
        case .rate(let rate): return Double(index) / rate
        }
    }
}

/// The sample times `i·step` for i = 0, 1, … while `i·step ≤ until` (plus 1e-9 step, so a grid
/// that should end exactly on `until` does not lose its last row to rounding).
public struct SampleGrid: Sendable {
    /// Slack for the last sample, as a fraction of the step: covers the rounding of `until/step`.
    public static let endSlack = 1e-9
    /// More rows than this is almost certainly a mistake (1e-9 s steps over seconds).
    public static let maxRows = 10_000_000

    public var times: SampleTimes

    /// - Throws: `TooManyRows` when the grid would have more than `maxRows` samples.
    public init(until: Double, step: Double) throws {
        let count = (until / step + Self.endSlack).rounded(.down) + 1
        guard count <= Double(Self.maxRows) else { throw TooManyRows(step: step, until: until, count: count) }
        times = SampleTimes(count: Int(count), .step(step))
    }

    /// A grid of more than `maxRows` samples: `step` is too small for `until`.
    public struct TooManyRows: Error, Equatable, CustomStringConvertible {
        public var step: Double
        public var until: Double
        /// The samples the grid would have.
        public var count: Double
        public var description: String {
            "\(formatShort(step)) with until \(formatShort(until)) gives \(formatShort(count)) rows; at most \(SampleGrid.maxRows) are allowed"
        }
    }
}
