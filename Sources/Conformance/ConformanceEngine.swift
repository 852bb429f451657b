/// An animation engine under test, however it is reached: a child process speaking the JSON Lines
/// protocol (`ProcessEngine`), or Swift code conforming directly. The judge sees only this.
///
/// The judge calls `start` once, then one request per case of a kind the engine declared (in
/// case-set order), then `finish`. A request returns the engine's answer or throws
/// `EngineFailure`, which ends the run: the case it was on is an engine error, the cases after
/// it are not run. Answers that are merely wrong (a missing value, a NaN) are not failures of
/// the engine: the judge grades them as errors of that case and goes on.
public protocol ConformanceEngine {
    /// Starts the engine and returns who it is and which kinds it supports.
    mutating func start() throws(EngineFailure) -> EngineIdentity
    /// The spring's position (and, optionally, velocity) at each of `request.times`.
    mutating func spring(_ request: SpringRequest, caseID: String) throws(EngineFailure) -> EngineAnswer
    /// The eased value (and, optionally, dy/dx) at each of `request.progress`.
    mutating func curve(_ request: CurveRequest, caseID: String) throws(EngineFailure) -> EngineAnswer
    /// The presented value at each of the scenario's frames.
    mutating func animation(_ request: AnimationRequest, caseID: String) throws(EngineFailure) -> EngineAnswer
    /// Every value of the tree at each of the scenario's frames, frame by frame, values in
    /// `request.valueNames` order. An engine that does not declare the kind is never asked.
    mutating func transaction(_ request: TransactionRequest, caseID: String) throws(EngineFailure) -> EngineAnswer
    /// Ends the session; an engine that does not end cleanly throws.
    mutating func finish() throws(EngineFailure)
}

extension ConformanceEngine {
    /// Sends `request` to the method of its kind.
    mutating func answer(_ request: ConformanceRequest, caseID: String) throws(EngineFailure) -> EngineAnswer {
        switch request {
        case .spring(let spring): try self.spring(spring, caseID: caseID)
        case .curve(let curve): try self.curve(curve, caseID: caseID)
        case .animation(let animation): try self.animation(animation, caseID: caseID)
        case .transaction(let transaction): try self.transaction(transaction, caseID: caseID)
        }
    }

    /// Engines written before the `transaction` kind do not declare it, so the judge never asks.
    public mutating func transaction(_ request: TransactionRequest, caseID: String) throws(EngineFailure) -> EngineAnswer {
        .unsupported("the engine does not model view trees")
    }
}

/// The engine's hello: its name and version, and the kinds it answers.
public struct EngineIdentity: Sendable, Equatable {
    public var name: String
    public var version: String
    public var kinds: Set<ConformanceKind>

    public init(name: String, version: String, kinds: Set<ConformanceKind>) {
        self.name = name
        self.version = version
        self.kinds = kinds
    }
}

/// An engine's answer to one case.
public enum EngineAnswer: Sendable, Equatable {
    /// Values at the requested times, or at the engine's own `times` (a frame-clocked engine);
    /// velocities optional.
    case samples(EngineSamples)
    /// The engine does not model this case; the reason is shown.
    case unsupported(String)
}

public struct EngineSamples: Sendable, Equatable {
    public var values: [Double]
    public var velocities: [Double]?
    /// The engine's own sample times (or progress values), when it could not sample at the
    /// requested ones; the case is then judged at these.
    public var times: [Double]?

    public init(values: [Double], velocities: [Double]? = nil, times: [Double]? = nil) {
        self.values = values
        self.velocities = velocities
        self.times = times
    }
}

/// An engine that cannot go on: it did not start, failed the handshake, hung, died, or broke the
/// protocol. `message` is one line that says what happened (the judge adds the case id).
public struct EngineFailure: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Stage: Sendable, Equatable {
        /// The engine could not be started, or its hello was missing or wrong.
        case start
        /// During a case.
        case running
        /// After `bye`: it did not exit, or exited with a failure.
        case finish
    }
    public var stage: Stage
    public var message: String

    public init(_ stage: Stage, _ message: String) {
        self.stage = stage
        self.message = message
    }

    public var description: String { message }
}
