// CheckBuilding.swift — helpers that turn statistics and tolerances into `CheckReport`s.

import Foundation
import HookeSupport

/// A number in a check's detail: 3 significant digits (`formatShort`).
func short(_ value: Double) -> String { formatShort(value, digits: 3) }

/// What a check is about: its suite and name, what kind of evidence it is and what it is judged
/// against (`source`), the implementation under test, whether it is in the quick set, and whether
/// its cases come from the seed.
struct CheckSubject {
    var suite: String
    var name: String
    var kind: CheckReport.Kind
    var source: String
    var implementation: String
    var quickSet: Bool
    var seeded = false
}

/// A check of `subject` held to `tolerance` on the metric the tolerance names (NaN fails).
func gatedCheck(
    _ subject: CheckSubject, metrics: [Metric], worst: WorstCase?, tolerance: Tolerance, detail: String? = nil,
    series: [SampleSeries] = []
) -> CheckReport {
    precondition(subject.kind != .finding, "a finding has no tolerance")
    let value = metrics.first { $0.name == tolerance.metric }?.value ?? .nan
    let passed = value <= tolerance.value  // NaN fails
    let text = detail ?? "\(tolerance.metric) \(short(value)) (tolerance \(short(tolerance.value)))"
    return CheckReport(suite: subject.suite, name: subject.name, kind: subject.kind, source: subject.source,
                       implementation: subject.implementation, quickSet: subject.quickSet, seeded: subject.seeded,
                       metrics: metrics, worst: worst, tolerance: tolerance, status: passed ? .pass : .fail,
                       detail: text, series: series)
}

/// A measurement with no pass/fail meaning: a finding.
func infoCheck(
    suite: String, name: String, source: String, implementation: String, quickSet: Bool, seeded: Bool = false,
    metrics: [Metric], worst: WorstCase?, detail: String, series: [SampleSeries] = []
) -> CheckReport {
    CheckReport(suite: suite, name: name, kind: .finding, source: source, implementation: implementation,
                quickSet: quickSet, seeded: seeded,
                metrics: metrics, worst: worst, tolerance: nil, status: .info, detail: detail, series: series)
}

/// A documentation claim: a finding about the documentation, with its verdict (holds within
/// `tolerance`). The check fails when the verdict is not the expected one, and — for a claim
/// expected to fail — when it fails by less than `clearMiss` of the metric: a claim that is almost
/// true means the model changed as surely as a changed verdict.
func claimCheck(
    suite: String, name: String, source: String, implementation: String, holds: Bool, expected: CheckReport.Verdict,
    metrics: [Metric], worst: WorstCase?, tolerance: Tolerance, clearMiss: Double = 1e-3, detail: String
) -> CheckReport {
    let verdict: CheckReport.Verdict = holds ? .holds : .fails
    let miss = metrics.first { $0.name == tolerance.metric }?.value ?? .nan
    let asExpected = verdict == expected && (expected == .holds || miss >= clearMiss)
    return CheckReport(suite: suite, name: name, kind: .finding, source: source, implementation: implementation,
                       quickSet: true, metrics: metrics,
                       worst: worst, tolerance: tolerance, status: asExpected ? .pass : .fail,
                       verdict: verdict, detail: "\(verdict.rawValue): \(detail)")
}

/// A check that could not be computed (the reference threw): a failure naming the error.
func erroredCheck(suite: String, name: String, kind: CheckReport.Kind = .reference, implementation: String, quickSet: Bool,
                  error: Error) -> CheckReport {
    CheckReport(suite: suite, name: name, kind: kind == .finding ? .reference : kind, source: "-",
                implementation: implementation, quickSet: quickSet, metrics: [],
                tolerance: nil, status: .fail, detail: "could not run: \(error)")
}

