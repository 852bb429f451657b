import Scenarios

/// What a case asks an engine to compute. Version 1 of the protocol has three kinds; an engine
/// declares in its hello which it supports, and a case of another kind is `unsupported` for it.
public enum ConformanceKind: String, CaseIterable, Sendable, Comparable {
    /// One spring's motion, retargets included, sampled at given times: judged against physics.
    case spring
    /// A cubic Bézier timing curve at given progress values: judged against root finding.
    case curve
    /// A `hooke run` scenario, one presented value per frame: judged against the SwiftUI model.
    case animation
    /// A `hooke run` tree scenario, every value's presented value per frame: judged against the
    /// SwiftUI model's transaction resolution (which animation each value runs) and animator.
    case transaction

    public static func < (lhs: Self, rhs: Self) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// One case of the conformance set: a stable id, what it probes (for the case list and reports), and
/// the request an engine answers.
public struct ConformanceCase: Sendable {
    /// `kind/group/detail`, stable within a case-set version (an expected-failures list names it).
    public var id: String
    /// One line: what an engine that fails this case gets wrong.
    public var probe: String
    public var request: ConformanceRequest
    public var kind: ConformanceKind { request.kind }

    public init(id: String, probe: String, request: ConformanceRequest) {
        self.id = id
        self.probe = probe
        self.request = request
    }
}

/// The inputs of a case, by kind.
public enum ConformanceRequest: Sendable {
    case spring(SpringRequest)
    case curve(CurveRequest)
    case animation(AnimationRequest)
    case transaction(TransactionRequest)

    public var kind: ConformanceKind {
        switch self {
        case .spring: .spring
        case .curve: .curve
        case .animation: .animation
        case .transaction: .transaction
        }
    }

    /// How many values the engine answers per sample time: one, or for a tree scenario one per
    /// value of the tree (`values[sample · valuesPerSample + value]`).
    public var valuesPerSample: Int {
        if case .transaction(let request) = self { return request.valueNames.count }
        return 1
    }

    /// The times (or, for a curve, the progress values) the engine is asked to sample.
    public var sampleTimes: [Double] {
        switch self {
        case .spring(let request): request.times
        case .curve(let request): request.progress
        case .animation(let request): Array(request.scenario.frames)
        case .transaction(let request): Array(request.scenario.frames)
        }
    }
}

/// A spring from `from` with `velocity` toward `to`; at each retarget the target jumps and
/// position and velocity carry over. The spring is given in every parameterisation (they are
/// equivalent), so an engine reads the one it speaks.
public struct SpringRequest: Sendable, Equatable {
    public struct Parameters: Sendable, Equatable {
        public var mass: Double
        public var stiffness: Double
        public var damping: Double
        public var response: Double
        public var dampingRatio: Double
        public var duration: Double
        public var bounce: Double
    }
    public struct Retarget: Sendable, Equatable {
        public var time: Double
        public var to: Double
    }
    public var spring: Parameters
    public var from: Double
    public var to: Double
    /// Initial velocity, per second.
    public var velocity: Double
    /// Sorted by time.
    public var retargets: [Retarget]
    /// Sample times, sorted, ≥ 0.
    public var times: [Double]

    /// The natural angular frequency √(k/m).
    public var naturalFrequency: Double { (spring.stiffness / spring.mass).squareRoot() }

    /// The motion's scale, which errors are measured against: the largest of the first distance
    /// |from − to|, each retarget's jump, and |velocity|/ω0 (how far the initial velocity alone
    /// carries an undamped spring). The GSL reference scales its own state by the same figure.
    public var distance: Double {
        var scale = max(abs(from - to), abs(velocity) / naturalFrequency)
        var previous = to
        for retarget in retargets {
            scale = max(scale, abs(retarget.to - previous))
            previous = retarget.to
        }
        return scale > 0 ? scale : 1
    }
}

/// The cubic Bézier timing curve from (0, 0) to (1, 1) with control points (x1, y1), (x2, y2)
/// (x1, x2 in [0, 1]; y free), at each progress value in [0, 1].
public struct CurveRequest: Sendable, Equatable {
    /// [x1, y1, x2, y2].
    public var bezier: [Double]
    public var progress: [Double]
}

/// A scenario exactly as `hooke run` reads it (scalar values), sent to the engine as its JSON text.
public struct AnimationRequest: Sendable {
    /// The scenario's JSON object, as sent.
    public var json: String
    public var scenario: Scenario
    /// Device samples of SwiftUI itself, one per frame (nil where a sample is not compared), when
    /// the scenario is a recording.
    public var recording: [Double?]?

    /// Reads `json` as `hooke run` does; it is sent as one line (whitespace between tokens removed).
    public init(json: String, recording: [Double?]? = nil) throws {
        scenario = try Scenario(json: json)
        self.json = try StrictJSON.parse(json).compactText
        self.recording = recording
    }

    /// The largest change of value the transactions ask for (at least 1e-300, so a scenario
    /// with no change still has a scale).
    public var distance: Double {
        var previous = scenario.initialValue[0]
        var scale = 0.0
        for transaction in scenario.transactions {
            scale = max(scale, abs(transaction.value[0] - previous))
            previous = transaction.value[0]
        }
        return scale > 0 ? scale : 1
    }
}
