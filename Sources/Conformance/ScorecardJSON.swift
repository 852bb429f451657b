import HookeSupport

extension Scorecard {
    /// The scorecard as JSON: the run's identity, one summary per kind, and every case
    /// with `id`, `kind`, `status` (pass, fail, unsupported, error, not-run), `grade`, `error`
    /// (worst position error relative to the distance), `velocityError`, `recordingError`,
    /// `worst` {time, value, expected}, `message`, `expectedFailure`. `complete` is false when
    /// the engine failed and some cases were not run. Numbers have 17 significant digits; a
    /// missing one is null.
    public func json(verdict: Verdict, kinds: [ConformanceKind]) -> String {
        let expected = Set(verdict.expected + verdict.nowPassing)
        var lines = ["{"]
        lines.append(#"  "protocol": \#(EngineProtocol.version), "caseSet": \#(CaseSet.version), "tier": "\#(tier.rawValue)","#)
        lines.append(#"  "engine": {"name": \#(jsonString(engine.name)), "version": \#(jsonString(engine.version)), "kinds": [\#(engine.kinds.sorted().map { "\"\($0.rawValue)\"" }.joined(separator: ", "))]},"#)
        lines.append(#"  "complete": \#(complete), "engineError": \#(engineFailure.map(jsonString) ?? "null"), "finishError": \#(finishFailure.map(jsonString) ?? "null"),"#)
        let outcome = switch verdict.outcome { case .pass: "pass"; case .failed: "fail"; case .improvementsOnly: "improvements" }
        lines.append(#"  "outcome": "\#(outcome)", "nowPassing": [\#(verdict.nowPassing.map(jsonString).joined(separator: ", "))],"#)
        lines.append(#"  "kinds": ["#)
        lines.append(kinds.map { kind in
            let s = summary(of: kind)
            let worst = s.worst.map { #"{"id": \#(jsonString($0.id)), "error": \#(number($0.error)), "time": \#(number($0.worst?.time))}"# } ?? "null"
            return #"    {"kind": "\#(kind.rawValue)", "cases": \#(s.cases), "exact": \#(s.exact), "visual": \#(s.visual), "failed": \#(s.failed), "unsupported": \#(s.unsupported), "errors": \#(s.errors), "notRun": \#(s.notRun), "worst": \#(worst)}"#
        }.joined(separator: ",\n"))
        lines.append("  ],")
        lines.append(#"  "cases": ["#)
        lines.append(results.map { result in
            var fields = [#""id": \#(jsonString(result.id))"#, #""kind": "\#(result.kind.rawValue)""#, #""status": "\#(result.status.rawValue)""#]
            fields.append(#""grade": \#(result.grade.map { "\"\($0.rawValue)\"" } ?? "null")"#)
            fields.append(#""error": \#(number(result.error))"#)
            if result.velocityError != nil { fields.append(#""velocityError": \#(number(result.velocityError))"#) }
            if result.recordingError != nil { fields.append(#""recordingError": \#(number(result.recordingError))"#) }
            fields.append(#""worst": \#(result.worst.map { #"{"time": \#(number($0.time)), "value": \#(number($0.value)), "expected": \#(number($0.expected))}"# } ?? "null")"#)
            if let message = result.message { fields.append(#""message": \#(jsonString(message))"#) }
            fields.append(#""expectedFailure": \#(expected.contains(result.id))"#)
            return "    {" + fields.joined(separator: ", ") + "}"
        }.joined(separator: ",\n"))
        lines.append("  ]")
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    private func number(_ value: Double?) -> String { value.map(formatJSONNumber) ?? "null" }
}
