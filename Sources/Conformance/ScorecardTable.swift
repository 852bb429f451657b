import HookeSupport

extension Scorecard {
    /// Lines of failures and errors listed before "… and N more".
    public static let listedLimit = 20

    /// The scorecard as `hooke conform` prints it: a header naming the engine, one row per kind
    /// (cases, exact, visual, failed, unsupported, engine errors, not run, worst error with its
    /// case and time) and a total, then the unexpected failures and errors, the expected failures
    /// that now pass, and a last line with the outcome.
    public func table(verdict: Verdict, kinds: [ConformanceKind]) -> String {
        var lines = ["engine \(engine.name) \(engine.version) (declares \(engine.kinds.sorted().map(\.rawValue).joined(separator: ", ")));"
                     + " case set \(CaseSet.version), protocol \(EngineProtocol.version), tier \(tier.rawValue)"]
        let header = ["kind", "cases", "exact", "visual", "failed", "unsupported", "errors", "not-run"]
        // The first column fits the longest kind name and a space.
        let widths = [ConformanceKind.allCases.map(\.rawValue.count).max()! + 1] + header.dropFirst().map { $0.count + 2 }
        func row(_ cells: [String], _ tail: String) -> String {
            zip(cells, widths).enumerated().map { $0.offset == 0 ? $0.element.0.padding(to: $0.element.1) : $0.element.0.leftPadding(to: $0.element.1) }
                .joined() + "  " + tail
        }
        lines.append(row(header, "worst error (of the distance)"))
        for kind in kinds + [nil] {
            let s = summary(of: kind)
            let worst = s.worst.map { result in
                formatShort(result.error ?? 0, digits: 2) + " " + result.id + (result.worst.map { " at t=" + formatShort($0.time, digits: 6) } ?? "")
            } ?? "-"
            lines.append(row([kind?.rawValue ?? "all", "\(s.cases)", "\(s.exact)", "\(s.visual)", "\(s.failed)", "\(s.unsupported)",
                              "\(s.errors)", "\(s.notRun)"], worst))
        }
        if let engineFailure { lines.append("engine error: " + engineFailure) }
        if let finishFailure { lines.append("engine error: " + finishFailure) }
        for result in verdict.unexpected.prefix(Self.listedLimit) {
            lines.append((result.status == .error ? "error  " : "FAIL   ") + result.id + ": " + describe(result))
        }
        if verdict.unexpected.count > Self.listedLimit {
            lines.append("… and \(verdict.unexpected.count - Self.listedLimit) more failures (the JSON scorecard lists every case)")
        }
        if !verdict.expected.isEmpty { lines.append("\(verdict.expected.count) expected failures (listed)") }
        if !verdict.nowPassing.isEmpty {
            lines.append("now passing, remove from the expected failures: " + verdict.nowPassing.joined(separator: ", "))
        }
        if !verdict.unmatchedPatterns.isEmpty {
            lines.append("expected failures naming no case of this run: " + verdict.unmatchedPatterns.joined(separator: ", "))
        }
        let judged = results.filter { $0.status == .pass || $0.status == .fail }.count
        switch verdict.outcome {
        case .pass: lines.append("PASS: every case judged passes at tier \(tier.rawValue) (\(judged) judged)")
        case .improvementsOnly: lines.append("IMPROVED: no unexpected failure; \(verdict.nowPassing.count) expected failures now pass")
        case .failed:
            let errors = results.filter { $0.status == .error }.count
            lines.append("FAIL: \(verdict.unexpected.count) unexpected failures or errors (\(errors) engine errors)" + (complete ? "" : "; the run is incomplete"))
        }
        return lines.joined(separator: "\n")
    }

    /// "worst 3.1e-03 of the distance at t = 0.5 (value 0.51, expected 0.49)", or the message.
    func describe(_ result: CaseResult) -> String {
        guard result.status == .fail, let worst = result.worst else { return result.message ?? result.status.rawValue }
        var text = "worst " + formatShort(result.error ?? 0, digits: 2) + " of the distance at t = " + formatShort(worst.time, digits: 9)
            + " (value " + formatShort(worst.value, digits: 9) + ", expected " + formatShort(worst.expected, digits: 9) + ")"
        if let velocity = result.velocityError, velocity > Tolerance.exact { text += "; velocity " + formatShort(velocity, digits: 2) }
        if let recording = result.recordingError { text += "; against the device recording " + formatShort(recording, digits: 2) }
        return text
    }
}
