/// What a view shows, frame by frame, for one animatable value whose model changes while animations
/// run: SwiftUI's animator with its merge and chain rules (AnimationMath.docc/MergeAndChain.md).
///
/// ## The model
///
/// The animator holds the *model* value (the latest value set) and the *interval*, the change the
/// running animations still have to cover: `model − interval` is where the current run began. Every
/// frame it presents
///
///     presentation(t) = model − interval + chain(t)
///
/// where `chain(t)` goes from zero to `interval`. The chain is a list of entries, oldest first, each
/// with an animation, a cumulative target Vᵢ (the interval as it stood once that entry's change was
/// applied), a start time sᵢ and its own `AnimationContext`:
///
///     result = 0
///     for each entry i:  result += animateᵢ(Vᵢ − result, t − sᵢ)
///
/// An entry whose `animate` returns `nil` sets `result = Vᵢ` and leaves the chain; from then on the
/// chain starts at Vᵢ (older entries still running would be overwritten by that pin, so they leave
/// with it — in practice older entries finish first). When the newest
/// entry finishes, the run ends: the presentation is the model and the interval resets to zero, even
/// if older entries had not finished. Real SwiftUI recordings confirm this chain to 1e-5 pt, where a
/// plain sum of the animations misses by more than 20 pt (`interpolatingspring-k1-c0.5-v2-interrupted`).
///
/// ## Changes (`setValue(_:transaction:at:)`)
///
/// - **Animated** (the transaction has an animation and does not disable animations): the interval
///   grows by the change. If the animator is idle, a run starts with one entry. Otherwise the new
///   animation's `shouldMerge(previous:value:time:context:)` is asked, with the newest entry's
///   animation, the interval that entry animates *before* the change (its target minus the result
///   of the older entries at the last frame) and the newest entry's elapsed time; only then does the
///   entry's interval grow by the change. So a merging animation samples the previous one toward
///   the target it was heading for — for a `.spring` the integrator steps between the last frame and
///   the change still pull toward the old target, which is what SwiftUI does: a device recording of
///   `.spring(response: 2.2, dampingFraction: 0.5)` sent back mid-flight matches this order to
///   ~2e-7 pt RMS and the opposite one (the new interval) only to 0.56 pt. If it merges, the new
///   animation replaces the newest entry's animation and target but keeps its context (the state,
///   e.g. the `.spring` integrator's offset, velocity and force) and its start time. If not, a new
///   entry is chained.
/// - **Not animated** (no animation, or `disablesAnimations`): SwiftUI moves the model and leaves the
///   running animations alone, so their offsets are kept and the presentation jumps by exactly the
///   change (the interval is unchanged; `model − interval` moves with the model). When idle the
///   presentation simply becomes the new model.
/// - **No change** (the new value equals the model): no animation is created, whatever the transaction
///   says.
///
/// Changes do not evaluate the animations: as in SwiftUI, only frames run them, so a change between
/// frames takes effect at the next frame, and an animation that would have finished at the change's
/// time is still present until a frame observes it (this matters for integrators like `.spring`,
/// whose state must not be advanced toward the old target past the last frame).
///
/// ## Velocity
///
/// `Frame.velocity` is the time derivative of the presentation, assembled from each entry's
/// `velocity(value:time:context:)` by the chain rule. With rᵢ = rᵢ₋₁ + aᵢ(Δᵢ, t), Δᵢ = Vᵢ − rᵢ₋₁:
///
///     ṙᵢ = ṙᵢ₋₁ − ∂aᵢ/∂Δ · ṙᵢ₋₁ + velocityᵢ(Δᵢ, t)
///
/// For an animation *linear in its value*, aᵢ(Δ, t) = pᵢ(t)·Δ (timing curves, interpolating springs,
/// delay/speed/repeat of them), ∂aᵢ/∂Δ = pᵢ, and pᵢ is recovered from the value already computed as
/// the projection pᵢ = ⟨aᵢ, Δᵢ⟩ / |Δᵢ|², with the dot product formed from `magnitudeSquared` by
/// polarisation, ⟨a, b⟩ = (|a + b|² − |a − b|²) / 4. This is exact (to rounding, absolute error in
/// pᵢ ≈ 1 ulp) for linear animations. For an animation that is not linear in its value, or a stateful
/// one whose state depends on past intervals, the projection is an approximation of ∂aᵢ/∂Δ. When Δᵢ is
/// exactly zero, pᵢ is unknowable and taken as 0. The first entry needs no chain rule (ṙ₋₁ = 0), so a
/// single animation — including a merged `.spring`, whose velocity is its integrator's v — is exact.
/// An entry that finished contributes a constant (velocity zero from there on); the velocity of an
/// idle animator is zero. If any running entry returns `nil` from `velocity`, the frame's velocity is
/// `nil` (SwiftUI's default `velocity` is `nil`: the animation "cannot say").
///
/// ## Completions
///
/// A change may carry one `AnimationCompletion` (an `id` and/or a handler). Each fires exactly once
/// ("The completion callback will always be fired exactly one time", Apple,
/// `Transaction.addAnimationCompletion(criteria:_:)`) and is reported as an `AnimationCompletionEvent`
/// in `completionEvents`:
///
/// - A change that creates no animation (not animated, disabled, or no change) fires its completion
///   at the change's time, both criteria: "If no animations are created by the changes in body, then
///   the callback will be called immediately after body" (same page).
/// - `.logicallyComplete` fires at the first frame after which the change's own entry has
///   `context.isLogicallyComplete == true`, or when the entry finishes (returns `nil`), or when it is
///   removed because a newer entry finished or the run ended — whichever is first ("If this is never set to true, the behavior
///   is equivalent to if this had been set to true just as the animation finished", Apple,
///   `AnimationContext.isLogicallyComplete`). A later *chained* change does not delay it: the entry
///   keeps running in the chain and reports its own logical completion ("those callbacks will fire
///   when the animations from the change that they were registered with logically complete, ignoring
///   the new animations", Apple, `AnimationCompletionCriteria.logicallyComplete`).
/// - A change whose animation is **merged away** (a later change's animation takes over its entry)
///   fires its `.logicallyComplete` completion at the merging change's time. The merged-away
///   animation no longer runs, and Apple's rule for an animation removed before it reports logical
///   completion is that "logical completion will be reported immediately"
///   (`Animation.logicallyComplete(after:)`); waiting for the merged animation instead would tie the
///   callback to the new animation, which the criteria's documentation says to ignore. The merged
///   entry starts a new logical life: its `isLogicallyComplete` is reset to `false` for the new
///   change's completion. *Unverified on a device.*
/// - `.removed` fires when the run ends — the newest entry finished and the presentation is the model
///   — for every change of the run, merged, chained or not: "those callbacks will only fire when
///   *all* of the created animations are complete" (`AnimationCompletionCriteria.removed`).
///
/// Events found during a frame carry that frame's time; events fired by a change carry its time.
/// Within one call, `.logicallyComplete` events come before `.removed` ones, older changes first.
///
/// ## Time
///
/// Times passed to `frame(at:)` and `setValue(_:transaction:at:)` should not decrease. A time earlier
/// than the latest one seen is clamped to it (animations with state, such as integrators, cannot run
/// backwards, so the animator shows the latest state instead of mixing two times); NaN is a
/// precondition failure.
///
/// ## Why a struct
///
/// The animator is a value: copying it forks the run (a what-if evaluation, a snapshot for a test, one
/// animator per value in a contiguous array for the frame harness) and each copy then evolves
/// independently, with no shared mutable state and no reference counting of the animator itself.
/// Mutation is explicit (`mutating`), which matches what a frame does: it advances integrator state.
/// The storage it holds (the chain, the completions, the events, and the contexts' state) is copy on
/// write, so a copy costs a few retains and the first mutation of a copy reallocates its arrays once;
/// a class would instead make aliasing the default and copying a hand-written deep copy.
///
/// ## Cost
///
/// A frame costs one combined `animate`-then-`velocity` step per chain entry
/// (`Animation.animateThenVelocity`) plus a few vector operations. For the library's animations the
/// step is a switch on the animation's kind into a direct call of its concrete code, specialised for
/// `Value` (the `.spring` family's step is inlined into the frame); a user's `CustomAnimation` costs
/// one indirect call (for `Double`) into code specialised for it. The `.spring` family's integrator state lives inline in the entry's context
/// (`AnimationContext.fluidSpring`), so a `.spring` frame reads and writes it in place: no lookup by
/// key, no reference counting, no copy-on-write check. The chain's oldest entry is held inline in
/// the animator (`Chain`), so a frame of a chain of one — a `.spring` with every later spring merged
/// into it, or any animation running alone — reads no chain storage outside the animator, and takes
/// a straight path (`frameOfOne(at:)`); the walk over a longer chain is out of line
/// (`frameOfChain(at:)`).
///
/// In steady state neither frames nor changes allocate for scalar values: a chain of one needs no
/// array; the chain's tail and the completion arrays reserve room for `Self.reservedChainCapacity`
/// entries on first use and keep their capacity when a run ends; events accumulate in a reserved
/// array that `removeAllCompletionEvents()` empties keeping its capacity; and the state storage of
/// an entry that leaves the chain (an animation that keeps state in `context.state`: a user's
/// animation, a `repeatCount` of a base that uses its context) is kept as a spare and handed,
/// emptied, to the next new entry (`AnimationState.removeAllKeepingStorage()`), so a new run after
/// a finished one reuses its state boxes instead of allocating them. An animator's first run, and a
/// chain longer than any before, still allocate. A copy of the animator shares the spare; whichever copy reuses it first while it
/// is shared lets go of it instead (copy on write), so copies stay independent.
public struct Animator<Value: VectorArithmetic> {
    /// One evaluated frame.
    public struct Frame {
        /// The (clamped) frame time.
        public var time: Double
        /// The presentation value.
        public var value: Value
        /// The presentation's rate of change, or `nil` when a running animation cannot say (see the
        /// type's documentation for what is exact and what is approximated).
        public var velocity: Value?

        @inlinable
        public init(time: Double, value: Value, velocity: Value?) {
            self.time = time
            self.value = value
            self.velocity = velocity
        }
    }

    @usableFromInline
    struct PendingCompletion {
        @usableFromInline var completion: AnimationCompletion
        /// The serial of the entry whose logical completion fires a `.logicallyComplete` completion.
        @usableFromInline var serial: Serial

        @inlinable
        init(completion: AnimationCompletion, serial: Serial) {
            self.completion = completion
            self.serial = serial
        }
    }

    /// Identifies a change among the animator's changes: a 32-bit counter that wraps, so that an
    /// entry's serial shares a word with its flag (`Entry`). Two changes with one serial are 2³²
    /// changes apart; they could only be confused while a `.logicallyComplete` completion of the
    /// older one is still pending, that is while its animation still runs 2³² changes later.
    @usableFromInline typealias Serial = Int32

    /// How many chain entries and pending completions are held without growing once reserved: the
    /// chain's oldest entry is inline (`Chain.head`), the others in `Chain.tail`. Chains longer than
    /// this are rare (each needs a non-merging change while all older ones still run); a longer one
    /// grows the array once and keeps the capacity. Three, not more: an entry is 96 bytes, so a
    /// larger reserve holds memory for nothing; two made `mixed`'s chains of three grow in steady
    /// state.
    @usableFromInline package static var reservedChainCapacity: Int { 3 }

    /// The chain entries reserved when a run starts with `animation`: one, the inline head, for the
    /// `.spring` family, which merges every later `.spring` into its entry; else
    /// `reservedChainCapacity`, so that the changes chained behind it later do not allocate (a run
    /// that starts with a `.spring` and then chains reserves the tail then).
    @inlinable static func reservedChainCapacity(startingWith animation: Animation) -> Int {
        switch animation.box.kind {
        case .fluidSpring, .defaultSpring: return 1
        default: return reservedChainCapacity
        }
    }

    /// The value most recently set: where the presentation ends up.
    @inlinable public var modelValue: Value { model }

    /// The change the running animations cover, `to − from` of the run (zero when idle).
    @inlinable public var interval: Value { runInterval }

    /// Completions fired since the last `removeAllCompletionEvents()`, in the order they fired.
    @inlinable public var completionEvents: [AnimationCompletionEvent] { events }

    /// The latest time passed to the animator (−∞ before the first call).
    @inlinable public var latestTime: Double { clock }

    // Stored state. `@usableFromInline` (not `private`) so that `frame(at:)` and `setValue` can be
    // inlined and specialised in the caller's module: a frame of a `Double` animator then runs without
    // generic dispatch on `Value`.
    //
    // Layout: what a frame does not read first, then what it reads, so that the fields a frame reads
    // lie in as few cache lines as possible. For `Double`, 192 bytes, three cache lines (in a buffer
    // aligned to 64 bytes):
    // - bytes 0–63: the completion bookkeeping, the result before the newest entry, the model, the
    //   interval, the next serial and the tail's reference — read by changes, longer chains and
    //   completions;
    // - 64–128: the head entry's keyed state, `.spring` integrator and inline slot (a `.spring`'s
    //   blend or a repeat's pass, its case in byte 128) — read by a frame of a `.spring` (the
    //   blend only while blending), of a `repeatCount` or of a keyed-state animation;
    // - 128–191: the head's `isLogicallyComplete`, flags, serial, animation, target and start, and
    //   the clock, chain base, last result and run origin — all that a frame of a chain of one
    //   reads otherwise, and all that an idle frame reads.
    // So a frame of a timing curve, an interpolating spring, a `delay` or `speed` of one, or an idle
    // animator reads one line of the animator, a `.spring` or `repeatCount` frame two.
    @usableFromInline var events: [AnimationCompletionEvent] = []
    @usableFromInline var pending: [PendingCompletion] = []
    /// The state storage of an entry that left the chain, kept for the next new entry (see Cost);
    /// empty (no storage) when there is none.
    @usableFromInline var spareState = AnimationState<Value>()
    /// The chain's result before its newest entry at the last frame; for a chain of one it is
    /// always `chainBase` (a frame of a chain of one does not write it).
    @usableFromInline var resultBeforeNewest: Value = .zero
    @usableFromInline var model: Value
    @usableFromInline var runInterval: Value
    @usableFromInline var nextSerial: Serial = 0
    @usableFromInline var chain = Chain()
    @usableFromInline var clock: Double = -.infinity
    /// Where the chain starts: zero, or the target of the latest entry that finished while newer
    /// ones run (relative to the run's origin, like the targets).
    @usableFromInline var chainBase: Value = .zero
    /// The chain's whole result at the last frame.
    @usableFromInline var lastResult: Value = .zero
    /// `model − runInterval`, where the run began (formed by `-=` whenever either changes, as a
    /// frame formed it before adding the chain's result); the model itself when idle.
    @usableFromInline var runOrigin: Value

    /// An animator showing `value`, with no animation running.
    public init(value: Value) {
        model = value
        runInterval = .zero
        runOrigin = value
    }

    /// Whether an animation is running (the presentation may differ from the model).
    @inlinable public var isAnimating: Bool { !chain.isEmpty }

    /// The number of animations in the chain (0 when idle, 1 after merges, more after chaining).
    @inlinable public var chainCount: Int { chain.count }

    // MARK: Changes

    /// Sets the model value with a transaction, at `time`.
    ///
    /// See the type's documentation for animated, non-animated and empty changes, merging, chaining
    /// and completions. The change takes effect at the next frame; nothing is evaluated here.
    /// - Complexity: O(1) amortised, plus O(pending completions) when a merge fires completions.
    @inlinable
    public mutating func setValue(_ newValue: Value, transaction: Transaction, at time: Double) {
        setValue(newValue, animation: transaction.effectiveAnimation, completion: transaction.completion, at: time)
    }

    /// Sets the model value with `animation` (or none), at `time`: `withAnimation(animation) { value = newValue }`.
    /// The same as a transaction with this animation and completion, without building one (a
    /// `Transaction` carries a dictionary of custom values, which a change would create and destroy).
    @inlinable
    public mutating func setValue(
        _ newValue: Value, animation: Animation?, completion: AnimationCompletion? = nil, at time: Double
    ) {
        let time = clamp(time)
        guard newValue != model else {
            fireImmediately(completion, at: time)
            return
        }
        let change = newValue - model
        model = newValue
        guard let animation else {
            updateRunOrigin()
            fireImmediately(completion, at: time)
            return
        }
        runInterval += change
        var origin = model
        origin -= runInterval
        runOrigin = origin

        let serial = nextSerial
        nextSerial &+= 1
        if !chain.isEmpty {
            // The interval the newest entry animates *before* this change: the merging animation
            // samples the previous one toward its own target; the change is added afterwards.
            let resultBeforeNewest = resultBeforeNewest, runInterval = runInterval
            let merged = chain.withEntry(chain.count - 1) { newest -> (serial: Serial, hadReported: Bool)? in
                let previous = newest.animation
                let value = newest.target - resultBeforeNewest
                let elapsed = time - newest.start
                guard animation.shouldMerge(previous: previous, value: value, time: elapsed, context: &newest.context)
                else { return nil }
                let merged = (newest.serial, newest.hasReportedLogicalCompletion)
                newest.animation = animation
                newest.target = runInterval
                newest.serial = serial
                newest.hasReportedLogicalCompletion = false
                newest.context.isLogicallyComplete = false
                return merged
            }
            if let merged {
                if !merged.hadReported { fireLogicalCompletions(of: merged.serial, at: time) }
            } else {
                self.resultBeforeNewest = lastResult
                chain.append(makeEntry(animation: animation, start: time, serial: serial))
            }
        } else {
            chainBase = .zero
            resultBeforeNewest = .zero
            lastResult = .zero
            chain.reserveCapacity(Self.reservedChainCapacity(startingWith: animation))
            chain.append(makeEntry(animation: animation, start: time, serial: serial))
        }
        if let completion {
            if pending.capacity < Self.reservedChainCapacity { pending.reserveCapacity(Self.reservedChainCapacity) }
            pending.append(PendingCompletion(completion: completion, serial: serial))
        }
    }

    // MARK: Frames

    /// Evaluates the frame at `time`: the presentation value and velocity, firing any completions due.
    ///
    /// - Complexity: O(chain length) calls to `animate` and `velocity`.
    @inlinable
    public mutating func frame(at time: Double) -> Frame {
        let time = clamp(time)
        // Idle, the run origin is the model (and lies in the line the frame reads).
        if chain.isEmpty { return Frame(time: time, value: runOrigin, velocity: .zero) }
        if chain.hasOneEntry() { return frameOfOne(at: time) }
        return frameOfChain(at: time)
    }

    /// `frame(at:)` for a chain of two or more entries: the walk over the chain. Out of line, so
    /// that a frame of a chain of one (`frameOfOne(at:)`) carries none of its code.
    @inlinable @inline(never)
    mutating func frameOfChain(at time: Double) -> Frame {
        var walk = ChainWalk(start: chainBase)
        while true {
            switch Self.walk(&chain, &walk, at: time) {
            case .end:
                resultBeforeNewest = walk.before
                lastResult = walk.result
                var value = runOrigin
                value += walk.result
                return Frame(time: time, value: value, velocity: walk.velocityIsKnown ? walk.velocity : nil)
            case .logicallyComplete:
                fireLogicalCompletions(of: chain.withEntry(walk.index - 1) { $0.serial }, at: time)
            case .finished where walk.index == chain.count - 1:
                endRun(at: time)
                return Frame(time: time, value: model, velocity: .zero)
            case .finished:
                // A finished entry pins the result to its target, for this frame and every later
                // one: the chain now starts there, and the entries up to it no longer contribute, so
                // they leave with it. The velocity carried so far drops to zero (a constant start).
                chainBase = chain.withEntry(walk.index) { $0.target }
                walk.result = chainBase
                walk.velocity = .zero
                removeEntries(through: walk.index, at: time)
                walk.index = 0
            }
        }
    }

    /// `frame(at:)` for a chain of one entry — most frames: a `.spring` with every later spring
    /// merged into it, or any animation running alone — with the walk below unrolled for its one
    /// step: the same operations in the same order, so the same numbers (the velocity is
    /// `.zero + own`, as the walk accumulates it, which turns a −0 into +0), in straight-line code
    /// with no walk state. It leaves `resultBeforeNewest` alone: for a chain of one that is the
    /// chain base already (a run starts with both zero, and a walk that leaves one entry ends with
    /// the base as the result before it), and it lies outside the bytes a frame reads.
    @inlinable @inline(__always)
    mutating func frameOfOne(at time: Double) -> Frame {
        let base = chainBase
        let (step, logicallyComplete, serial) = chain.withEntry(0) {
            entry -> ((value: Value, velocity: Value?)?, Bool, Serial) in
            let step = entry.step(remaining: entry.target - base, elapsed: time - entry.start, wantsVelocity: true)
            guard step != nil, entry.context.isLogicallyComplete, !entry.hasReportedLogicalCompletion else {
                return (step, false, 0)
            }
            entry.hasReportedLogicalCompletion = true
            return (step, true, entry.serial)
        }
        guard let step else {
            endRun(at: time)
            return Frame(time: time, value: model, velocity: .zero)
        }
        if logicallyComplete { fireLogicalCompletions(of: serial, at: time) }
        let result = base + step.value
        lastResult = result
        var value = runOrigin
        value += result
        return Frame(time: time, value: value, velocity: step.velocity.map { .zero + $0 })
    }

    /// Where `frame(at:)`'s walk over the chain stands: the chain's result before the entry last
    /// stepped and after it, the velocity so far (and whether it is known), the next entry.
    @usableFromInline
    struct ChainWalk {
        @usableFromInline var result: Value
        @usableFromInline var before: Value
        @usableFromInline var velocity: Value = .zero
        @usableFromInline var velocityIsKnown = true
        @usableFromInline var index = 0

        @inlinable init(start: Value) {
            result = start
            before = start
        }
    }

    /// Why a walk over the chain stopped: it stepped every entry; the entry before `index` became
    /// logically complete (its completions fire, then the walk goes on); or the entry at `index`
    /// finished.
    @usableFromInline
    enum ChainPause {
        case end, logicallyComplete, finished
    }

    /// Steps the chain's entries from `walk.index` on, each on what the older ones left of its
    /// target, carrying the velocity by the chain rule (see Velocity in the type's documentation).
    /// The tail's entries are stepped in place through the array's subscript, a uniqueness check
    /// each: chains are rarely longer than two, and handing the walk to
    /// `withUnsafeMutableBufferPointer` instead (one check per walk) costs a closure call that is
    /// not inlined.
    @inlinable @inline(__always)
    static func walk(_ chain: inout Chain, _ walk: inout ChainWalk, at time: Double) -> ChainPause {
        if walk.index == 0, let pause = step(&chain.head!, &walk, at: time) { return pause }
        let count = chain.count
        while walk.index < count {
            if let pause = step(&chain.tail[walk.index - 1], &walk, at: time) { return pause }
        }
        return .end
    }

    /// Steps `entry`, the chain's entry at `walk.index`, and moves the walk past it; returns why the
    /// walk pauses, or `nil` to go on.
    @inlinable @inline(__always)
    static func step(_ entry: inout Entry, _ walk: inout ChainWalk, at time: Double) -> ChainPause? {
        let index = walk.index
        walk.before = walk.result
        let remaining = entry.target - walk.result
        let elapsed = time - entry.start
        guard let step = entry.step(remaining: remaining, elapsed: elapsed, wantsVelocity: walk.velocityIsKnown) else {
            return .finished
        }
        let value = step.value
        if walk.velocityIsKnown {
            if let own = step.velocity {
                if index > 0 {
                    walk.velocity -= walk.velocity.scaled(by: Self.progress(value, of: remaining))
                }
                walk.velocity += own
            } else {
                walk.velocityIsKnown = false
            }
        }
        walk.result += value
        walk.index = index + 1
        if entry.context.isLogicallyComplete, !entry.hasReportedLogicalCompletion {
            entry.hasReportedLogicalCompletion = true
            return .logicallyComplete
        }
        return nil
    }

    /// Empties `completionEvents`, keeping its storage for the next events.
    public mutating func removeAllCompletionEvents() {
        events.removeAll(keepingCapacity: true)
    }

    // MARK: Internals

    /// The factor p with a ≈ p·Δ: the projection ⟨a, Δ⟩ / |Δ|², the dot product by polarisation.
    /// Exact for an animation linear in its value; 0 when Δ is zero.
    @inlinable
    static func progress(_ a: Value, of delta: Value) -> Double {
        let norm = delta.magnitudeSquared
        guard norm > 0 else { return 0 }
        return ((a + delta).magnitudeSquared - (a - delta).magnitudeSquared) / (4 * norm)
    }

    /// A new chain entry for the current interval, with the spare state storage (emptied) if any.
    @inlinable
    mutating func makeEntry(animation: Animation, start: Double, serial: Serial) -> Entry {
        var context = AnimationContext<Value>()
        if spareState.storage != nil {
            spareState.removeAllKeepingStorage()
            swap(&context.state, &spareState)
        }
        return Entry(animation: animation, target: runInterval, start: start, context: context, serial: serial)
    }

    /// Keeps the state storage of entry `index`, about to leave the chain, as the spare (if there is
    /// no spare yet).
    @inlinable
    mutating func keepSpareState(of index: Int) {
        guard spareState.storage == nil else { return }
        var state = AnimationState<Value>()
        chain.withEntry(index) { swap(&state, &$0.context.state) }
        spareState = state
    }

    /// Entry `index`, about to leave the chain, is logically complete: its completions fire unless
    /// they fired before.
    @inlinable
    mutating func reportLogicalCompletion(ofEntry index: Int, at time: Double) {
        let serial = chain.withEntry(index) { entry -> Serial? in
            guard !entry.hasReportedLogicalCompletion else { return nil }
            entry.hasReportedLogicalCompletion = true
            return entry.serial
        }
        if let serial { fireLogicalCompletions(of: serial, at: time) }
    }

    /// Sets `runOrigin` after the model or the interval changed: `model − runInterval` while a run
    /// goes on, the model when idle.
    @inlinable
    mutating func updateRunOrigin() {
        var origin = model
        if !chain.isEmpty { origin -= runInterval }
        runOrigin = origin
    }

    @inlinable
    mutating func clamp(_ time: Double) -> Double {
        // A later time (every frame's, as a rule) cannot be NaN: the NaN test is left to the rest.
        if time > clock {
            clock = time
            return time
        }
        precondition(!time.isNaN, "Animator: time must not be NaN")
        return clock
    }

    /// The newest entry finished: every remaining entry is removed (logically complete now if not
    /// before), then every `.removed` completion fires, and the animator is idle.
    @inlinable
    mutating func endRun(at time: Double) {
        for index in 0..<chain.count { reportLogicalCompletion(ofEntry: index, at: time) }
        for index in (0..<chain.count).reversed() { keepSpareState(of: index) }
        chain.removeAll()
        runInterval = .zero
        runOrigin = model
        chainBase = .zero
        resultBeforeNewest = .zero
        lastResult = .zero
        fire(where: { $0.completion.criteria == .removed }, at: time)
    }

    /// Removes entries 0...last (a finished entry and the older ones it masks), reporting logical
    /// completion for each that had not, oldest first.
    @inlinable
    mutating func removeEntries(through last: Int, at time: Double) {
        for index in 0...last { reportLogicalCompletion(ofEntry: index, at: time) }
        for index in (0...last).reversed() { keepSpareState(of: index) }
        chain.removeFirst(last + 1)
    }

    @inlinable
    mutating func fireLogicalCompletions(of serial: Serial, at time: Double) {
        guard !pending.isEmpty else { return }
        fire(where: { $0.serial == serial && $0.completion.criteria == .logicallyComplete }, at: time)
    }

    /// Fires and removes the pending completions matching `predicate`, in order, compacting in place.
    @inlinable
    mutating func fire(where predicate: (PendingCompletion) -> Bool, at time: Double) {
        // Most runs carry no completion: then the compaction below would still cost a call.
        guard !pending.isEmpty else { return }
        var kept = 0
        for index in pending.indices {
            let item = pending[index]
            if predicate(item) {
                record(item.completion, at: time)
            } else {
                if kept != index { pending.swapAt(kept, index) }
                kept += 1
            }
        }
        pending.removeSubrange(kept...)
    }

    @inlinable
    mutating func fireImmediately(_ completion: AnimationCompletion?, at time: Double) {
        guard let completion else { return }
        record(completion, at: time)
    }

    @inlinable
    mutating func record(_ completion: AnimationCompletion, at time: Double) {
        let event = AnimationCompletionEvent(id: completion.id, time: time, criteria: completion.criteria)
        if events.capacity == 0 { events.reserveCapacity(Self.reservedChainCapacity) }
        events.append(event)
        completion.handler?(event)
    }
}
