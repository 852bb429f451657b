import HookeSupport

/// The sample times of the spring cases: the frame grids real displays give (30–240 Hz), and the
/// irregular ones frame-stepped engines get wrong — jittered frames, dropped frames, long gaps,
/// times far from zero.
enum SampleGrid {
    /// i/rate + start for i = 0, 1, … while i/rate ≤ until.
    static func uniform(rate: Double, until: Double, start: Double = 0) -> [Double] {
        let count = Int((until * rate + 1e-9).rounded(.down)) + 1
        return (0..<count).map { start + Double($0) / rate }
    }

    /// A `rate` grid whose frames (after the first) each arrive up to `jitter` seconds early or late.
    static func jittered(rate: Double, until: Double, jitter: Double, random: inout SplitMix64) -> [Double] {
        var times = uniform(rate: rate, until: until)
        for index in times.indices.dropFirst() { times[index] += random.uniform(-jitter, jitter) }
        return times
    }

    /// A `rate` grid that drops runs of 2–6 frames now and then (a gap of `k` frames every ~8).
    static func dropped(rate: Double, until: Double, random: inout SplitMix64) -> [Double] {
        var times: [Double] = []
        var frame = 0
        while Double(frame) / rate <= until + 1e-9 {
            times.append(Double(frame) / rate)
            frame += random.next() % 8 == 0 ? 2 + Int(random.next() % 5) : 1
        }
        return times
    }

    /// A `rate` grid with no frame between `gapStart` and `gapStart + gap` (a stalled main thread,
    /// a backgrounded app).
    static func gap(rate: Double, until: Double, gapStart: Double, gap: Double) -> [Double] {
        uniform(rate: rate, until: gapStart) + uniform(rate: rate, until: until - gapStart - gap, start: gapStart + gap).filter { $0 > gapStart + gap - 1e-12 }
    }
}
