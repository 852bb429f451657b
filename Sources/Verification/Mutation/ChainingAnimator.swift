// ChainingAnimator.swift — a second, small animator written from the documented model
// (AnimationMath.docc/MergeAndChain.md), with the two places a real animator can go wrong as
// switches: what interval a merging animation samples the previous one with, and whether
// interruptions chain or are summed. With both right it passes the animator checks the library's
// `Animator` passes (the mutation tests run it as the control); each switch flipped is a planted
// fault. Values only: it reports no velocity.

import AnimationMath

struct ChainingAnimator: AnimatorDriving {
    enum MergeSample { case intervalBeforeChange, newInterval }
    enum Combination { case chained, summed }

    struct Entry {
        var animation: Animation
        /// Vᵢ: the run's interval once this entry's change was applied.
        var target: Double
        /// For `summed`: this entry's own change.
        var change: Double
        var start: Double
        var context = AnimationContext<Double>()
    }

    let mergeSample: MergeSample
    let combination: Combination
    var model: Double
    var runInterval = 0.0
    var base = 0.0
    var entries: [Entry] = []
    /// The chain's result before the newest entry, and the whole result, at the last frame.
    var beforeNewest = 0.0
    var lastResult = 0.0

    init(value: Double, mergeSample: MergeSample = .intervalBeforeChange, combination: Combination = .chained) {
        model = value
        self.mergeSample = mergeSample
        self.combination = combination
    }

    var isAnimating: Bool { !entries.isEmpty }

    mutating func setValue(_ newValue: Double, animation: Animation, at time: Double) {
        let change = newValue - model
        guard change != 0 else { return }
        model = newValue
        runInterval += change
        guard let newest = entries.indices.last else {
            base = 0
            beforeNewest = 0
            lastResult = 0
            entries = [Entry(animation: animation, target: runInterval, change: change, start: time)]
            return
        }
        let value = mergeSample == .intervalBeforeChange
            ? entries[newest].target - beforeNewest : runInterval - beforeNewest
        let elapsed = time - entries[newest].start
        if animation.shouldMerge(previous: entries[newest].animation, value: value, time: elapsed,
                                 context: &entries[newest].context) {
            entries[newest].animation = animation
            entries[newest].target = runInterval
            entries[newest].change += change
        } else {
            beforeNewest = lastResult
            entries.append(Entry(animation: animation, target: runInterval, change: change, start: time))
        }
    }

    mutating func frame(at time: Double) -> (value: Double, velocity: Double?) {
        guard !entries.isEmpty else { return (model, 0) }
        var result = base
        var index = 0
        while index < entries.count {
            let remaining: Double
            switch combination {
            case .chained: remaining = entries[index].target - result
            case .summed: remaining = entries[index].change
            }
            if index == entries.count - 1 { beforeNewest = result }
            let elapsed = time - entries[index].start
            if let value = entries[index].animation.animate(value: remaining, time: elapsed, context: &entries[index].context) {
                result += value
                index += 1
            } else if index == entries.count - 1 {
                // The newest entry finished: the run ends at the model.
                entries.removeAll()
                runInterval = 0
                return (model, 0)
            } else {
                // An older entry finished: the chain starts at its target from now on.
                switch combination {
                case .chained: result = entries[index].target
                case .summed: result += remaining
                }
                base = result
                entries.removeFirst(index + 1)
                index = 0
            }
        }
        lastResult = result
        return (model - runInterval + result, nil)
    }
}
