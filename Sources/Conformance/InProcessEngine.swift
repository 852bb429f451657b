import Foundation

/// What every in-process engine says of itself, shown at the head of its scorecard.
public protocol DescribedEngine {
    /// The engine's name.
    var name: String { get }
    /// The engine's version.
    var version: String { get }
}

/// An engine that computes springs (the `spring` kind): conform to be judged in-process.
public protocol SpringEngine: DescribedEngine {
    /// The spring's position — and, if the engine has them, velocity — at each of `request.times`
    /// (`EngineAnswer.samples`), or `.unsupported` with the reason when it does not model this
    /// case. A thrown error stops the run there, as a crashed engine process would.
    func spring(_ request: SpringRequest) throws -> EngineAnswer
}

/// An engine that computes cubic Bézier timing curves (the `curve` kind).
public protocol TimingCurveEngine: DescribedEngine {
    /// The eased value — and, optionally, the slope dy/dx — at each of `request.progress`.
    func curve(_ request: CurveRequest) throws -> EngineAnswer
}

/// An engine that runs whole animations (the `animation` kind): `hooke run` scenarios.
public protocol AnimationEngine: DescribedEngine {
    /// The presented value at each of the scenario's frames.
    func animation(_ request: AnimationRequest) throws -> EngineAnswer
}

/// An engine that runs view trees under SwiftUI's transaction rules (the `transaction` kind).
public protocol TransactionEngine: DescribedEngine {
    /// Every value of the tree at each of the scenario's frames, frame by frame, values in
    /// `request.valueNames` order.
    func transaction(_ request: TransactionRequest) throws -> EngineAnswer
}

/// An in-process engine as the judge sees every engine (`ConformanceEngine`): its kinds are the
/// protocols it conforms to; a thrown error becomes the `EngineFailure` that ends the run. The
/// process protocol (`ProcessEngine`) is the other such adapter, so both are judged by one `Judge`.
public struct InProcessEngine: ConformanceEngine {
    /// The version of the in-process engine protocols (`DescribedEngine`, `SpringEngine`,
    /// `TimingCurveEngine`, `AnimationEngine`, `TransactionEngine`, and the requests and answers
    /// they pass, which are protocol 1's): raised when a requirement changes.
    public static let protocolVersion = 1

    public let engine: any DescribedEngine

    public init(_ engine: any DescribedEngine) {
        self.engine = engine
    }

    /// The kinds `engine` conforms to.
    public var kinds: Set<ConformanceKind> {
        var kinds: Set<ConformanceKind> = []
        if engine is any SpringEngine { kinds.insert(.spring) }
        if engine is any TimingCurveEngine { kinds.insert(.curve) }
        if engine is any AnimationEngine { kinds.insert(.animation) }
        if engine is any TransactionEngine { kinds.insert(.transaction) }
        return kinds
    }

    public func start() -> EngineIdentity {
        EngineIdentity(name: engine.name, version: engine.version, kinds: kinds)
    }

    public func spring(_ request: SpringRequest, caseID: String) throws(EngineFailure) -> EngineAnswer {
        try call { try (engine as? any SpringEngine)?.spring(request) }
    }

    public func curve(_ request: CurveRequest, caseID: String) throws(EngineFailure) -> EngineAnswer {
        try call { try (engine as? any TimingCurveEngine)?.curve(request) }
    }

    public func animation(_ request: AnimationRequest, caseID: String) throws(EngineFailure) -> EngineAnswer {
        try call { try (engine as? any AnimationEngine)?.animation(request) }
    }

    public func transaction(_ request: TransactionRequest, caseID: String) throws(EngineFailure) -> EngineAnswer {
        try call { try (engine as? any TransactionEngine)?.transaction(request) }
    }

    public func finish() {}

    /// The answer of `body`; nil (a kind the engine lacks, which the judge never sends) is unsupported.
    private func call(_ body: () throws -> EngineAnswer?) throws(EngineFailure) -> EngineAnswer {
        do {
            return try body() ?? .unsupported("the engine does not conform to this kind's protocol")
        } catch {
            throw EngineFailure(.running, "threw \(error)")
        }
    }
}

extension Judge {
    /// Judges an in-process engine on the whole case set — the cases of the kinds it conforms to —
    /// and returns the scorecard (`Scorecard.verdict()` says pass or fail). `repository` is Hooke's
    /// checkout, where the case set reads its recordings.
    /// - Throws: `InputError` when the case set cannot be read.
    public func scorecard(of engine: any DescribedEngine, repository: URL) throws -> Scorecard {
        let cases = try CaseSet.standard(repository: repository).cases
        var adapter = InProcessEngine(engine)
        do {
            return try run(cases, on: &adapter)
        } catch {
            // `InProcessEngine.start` cannot fail; a failure during a case is in the scorecard.
            preconditionFailure("an in-process engine failed to start: \(error)")
        }
    }
}
