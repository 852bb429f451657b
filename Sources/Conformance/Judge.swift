/// Runs cases through an engine and grades each answer; independent of how the engine is
/// reached. An engine failure (it hung, died, broke the protocol) ends the run: the case it was
/// on is an error, the rest are not run, and every case judged before keeps its result.
public struct Judge {
    public var tier: Tier
    /// The most samples an engine may answer at its own times (a frame-clocked engine).
    public static let maximumOwnTimes = 100_000

    public init(tier: Tier = .exact) {
        self.tier = tier
    }

    /// Starts `engine` (throws if it cannot start or its hello is wrong), judges `cases` in
    /// order — a case of a kind the engine did not declare is `unsupported` and not sent — and
    /// finishes the engine. `progress` hears of each case before it is sent.
    public func run<Engine: ConformanceEngine>(
        _ cases: [ConformanceCase], on engine: inout Engine, progress: (Int, ConformanceCase) -> Void = { _, _ in }
    ) throws(EngineFailure) -> Scorecard {
        let identity = try engine.start()
        var card = Scorecard(engine: identity, tier: tier, results: [])
        for (index, item) in cases.enumerated() {
            guard identity.kinds.contains(item.kind) else {
                card.results.append(CaseResult(item, status: .unsupported, message: "the engine does not declare the kind \(item.kind.rawValue)"))
                continue
            }
            progress(index, item)
            do {
                let answer = try engine.answer(item.request, caseID: item.id)
                card.results.append(judge(item, answer))
            } catch {
                card.engineFailure = "case \(item.id): engine \(identity.name) \(error.message)"
                card.results.append(CaseResult(item, status: .error, message: error.message))
                card.results += cases[(index + 1)...].map { CaseResult($0, status: .notRun) }
                return card
            }
        }
        do {
            try engine.finish()
        } catch {
            card.finishFailure = "engine \(identity.name) \(error.message)"
        }
        return card
    }

    /// Grades one answer against the reference.
    public func judge(_ item: ConformanceCase, _ answer: EngineAnswer) -> CaseResult {
        let samples: EngineSamples
        switch answer {
        case .unsupported(let reason): return CaseResult(item, status: .unsupported, message: reason)
        case .samples(let given): samples = given
        }
        let requested = item.request.sampleTimes
        let times: [Double]
        do {
            times = try checkedTimes(samples.times, requested: requested)
            try checkNumbers(samples, count: times.count * item.request.valuesPerSample)
        } catch {
            return CaseResult(item, status: .error, message: error.message)
        }
        let expected: Expected
        do {
            expected = try Reference.expected(item.request, at: times)
        } catch {
            return CaseResult(item, status: .error, message: error.message)
        }
        var result = CaseResult(item, status: .pass)
        let perSample = item.request.valuesPerSample
        let valueTimes = perSample == 1 ? times : times.flatMap { Array(repeating: $0, count: perSample) }
        let position = worstError(samples.values, expected.values, times: valueTimes, scale: item.distance, allowance: expected.allowance)
        result.error = position.error
        result.worst = position.worst
        var grade = Tolerance.grade(position.error)
        if let velocities = samples.velocities, let reference = expected.velocities {
            // Velocities matter only where the reference grades them (a curve's vertical tangent may be ±infinity).
            do {
                try checkFinite(velocities, "velocities", where: { !reference[$0].isNaN })
            } catch {
                return CaseResult(item, status: .error, message: error.message)
            }
            let scale: Double
            switch item.request {
            case .spring(let spring): scale = spring.naturalFrequency * spring.distance
            default: scale = max(1, reference.filter { !$0.isNaN }.map(abs).max() ?? 1)
            }
            let velocity = worstError(velocities, reference, times: times, scale: scale)
            result.velocityError = velocity.error
            grade = max(grade, Tolerance.grade(velocity.error))
        }
        if case .animation(let animation) = item.request, let recording = animation.recording, samples.times == nil {
            let recordedError = zip(samples.values, recording).compactMap { value, recorded in recorded.map { abs(value - $0) } }.max() ?? 0
            result.recordingError = recordedError / item.distance
            // The device samples are known to ~1e-5 pt of a 100 pt move: only the visual grade can be asked of them.
            if result.recordingError! > Tolerance.visual { grade = .fail }
        }
        result.grade = grade
        result.status = tier.passes(grade) ? .pass : .fail
        return result
    }

    /// The times the case is judged at: the requested ones, or the engine's own (checked).
    func checkedTimes(_ own: [Double]?, requested: [Double]) throws(AnswerError) -> [Double] {
        guard let own else { return requested }
        guard own.count <= Self.maximumOwnTimes else {
            throw AnswerError("\(own.count) times; at most \(Self.maximumOwnTimes) are judged")
        }
        let first = requested.first ?? 0, last = requested.last ?? 0
        for (index, time) in own.enumerated() {
            guard time.isFinite else { throw AnswerError("times[\(index)] is \(time.isNaN ? "NaN" : "infinite")") }
            guard time >= first, time <= last else {
                throw AnswerError("times[\(index)] = \(time) is outside the requested span [\(first), \(last)]")
            }
            guard index == 0 || time >= own[index - 1] else { throw AnswerError("times[\(index)] = \(time) is before times[\(index - 1)]") }
        }
        return own
    }

    /// Every value is there and finite; velocities, when given, are as many.
    func checkNumbers(_ samples: EngineSamples, count: Int) throws(AnswerError) {
        for (name, list) in [("values", samples.values), ("velocities", samples.velocities)] {
            guard let list else { continue }
            guard list.count == count else {
                throw AnswerError("\(list.count) \(name) for \(count) \(samples.times == nil ? "requested" : "given") times")
            }
        }
        try checkFinite(samples.values, "values", where: { _ in true })
    }

    /// The first entry of `list` that is not finite where `graded` holds is an error.
    func checkFinite(_ list: [Double], _ name: String, where graded: (Int) -> Bool) throws(AnswerError) {
        if let index = list.indices.first(where: { !list[$0].isFinite && graded($0) }) {
            throw AnswerError("\(name)[\(index)] is \(list[index].isNaN ? "NaN (or null)" : "infinite")")
        }
    }
}

/// An answer the judge cannot grade: wrong count, a NaN, times out of order. The case is an
/// error; the engine is still in step, so the run goes on.
struct AnswerError: Error {
    var message: String
    init(_ message: String) { self.message = message }
}

extension ConformanceCase {
    /// The motion's distance, which errors are relative to.
    var distance: Double {
        switch request {
        case .spring(let spring): spring.distance
        case .curve: 1
        case .animation(let animation): animation.distance
        case .transaction(let transaction): transaction.distance
        }
    }
}
