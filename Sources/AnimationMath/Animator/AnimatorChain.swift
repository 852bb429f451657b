extension Animator {
    /// One animation of the chain. Layout: the context first (its `.spring` state leading, its
    /// `isLogicallyComplete` last), then this entry's flags and serial in the context's last word,
    /// then the animation box reference, the cumulative target and the start time: 96 bytes for
    /// `Double`, the last 32 of them all that a frame of a timing curve, an interpolating spring or a
    /// modifier reads (`Animator`'s Layout).
    @usableFromInline
    struct Entry {
        @usableFromInline var context: AnimationContext<Value>
        @usableFromInline var hasReportedLogicalCompletion: Bool
        /// Whether newer entries follow this one; kept for the chain's head only (`Chain`), so that
        /// a frame tells a chain of one from a longer one without reading the tail.
        @usableFromInline var hasNewer: Bool
        /// Identifies the change whose `.logicallyComplete` completions wait on this entry.
        @usableFromInline var serial: Serial
        @usableFromInline var animation: Animation
        /// Vᵢ: the interval once this entry's change was applied, relative to the run's origin.
        @usableFromInline var target: Value
        @usableFromInline var start: Double

        @inlinable
        init(animation: Animation, target: Value, start: Double, context: AnimationContext<Value>, serial: Serial) {
            self.context = context
            self.hasReportedLogicalCompletion = false
            self.hasNewer = false
            self.serial = serial
            self.animation = animation
            self.target = target
            self.start = start
        }

        /// Runs the animation on `remaining` at `elapsed` (`animate`, then `velocity` if wanted).
        /// A mutating method so that the animation is read in place while the context is mutated,
        /// with no retain of the animation box.
        @inlinable @inline(__always)
        mutating func step(remaining: Value, elapsed: Double, wantsVelocity: Bool) -> (value: Value, velocity: Value?)? {
            animation.animateThenVelocity(value: remaining, time: elapsed, context: &context, wantsVelocity: wantsVelocity)
        }
    }

    /// The chain's entries, oldest first (index 0), with the oldest held inline: most runs are one
    /// entry long (every `.spring` merges into the running one; an animation that finishes before
    /// the next change never chains), and such a run reads and writes the animator's own storage
    /// only and needs no array. The entries after the oldest are in `tail`, which keeps its capacity
    /// (see `Animator.reservedChainCapacity(startingWith:)`).
    /// Layout: the tail's reference first (a frame of a chain of one does not read it), then the
    /// head. No count is stored: the head's presence and its `hasNewer` tell an empty chain, a
    /// chain of one and a longer one apart, so a frame of a chain of one never reads the tail.
    @usableFromInline
    struct Chain {
        /// The entries after `head`, oldest first.
        @usableFromInline var tail: [Entry] = []
        /// The oldest entry; `nil` exactly when the chain is empty. Its `hasNewer` is `!tail.isEmpty`.
        @usableFromInline var head: Entry?

        @inlinable init() {}

        /// Whether the chain has no entry.
        @inlinable var isEmpty: Bool { head == nil }

        /// Whether the chain has exactly one entry, read in place from the head alone (a getter,
        /// `head?.hasNewer`, copies the whole entry). - Precondition: `!isEmpty`.
        @inlinable @inline(__always)
        mutating func hasOneEntry() -> Bool {
            withEntry(0) { !$0.hasNewer }
        }

        /// The number of entries, `head` included: `tail.count + 1`, or 0 when the chain is empty.
        @inlinable var count: Int { head == nil ? 0 : tail.count + 1 }

        /// Calls `body` with the entry at `index` in place, to read or update it (no copy of the
        /// entry, which a subscript's getter makes). - Precondition: `index < count`.
        /// (A function, not a `_modify` accessor: a coroutine that is not inlined allocates its frame.)
        @inlinable
        mutating func withEntry<Result>(_ index: Int, _ body: (inout Entry) -> Result) -> Result {
            index == 0 ? body(&head!) : body(&tail[index - 1])
        }

        /// Makes room for `capacity` entries in all (the head and `capacity − 1` in the tail).
        @inlinable
        mutating func reserveCapacity(_ capacity: Int) {
            if tail.capacity < capacity - 1 { tail.reserveCapacity(capacity - 1) }
        }

        /// Adds `entry` as the newest.
        @inlinable
        mutating func append(_ entry: consuming Entry) {
            if head == nil {
                head = entry
                head!.hasNewer = false
            } else {
                reserveCapacity(Animator.reservedChainCapacity)
                tail.append(entry)
                head!.hasNewer = true
            }
        }

        /// Removes the `k` oldest entries, `0 < k < count`: the entry at `k` becomes the oldest. The
        /// tail keeps its capacity (`removeSubrange` of a whole array lets go of its buffer).
        @inlinable
        mutating func removeFirst(_ k: Int) {
            swap(&head!, &tail[k - 1])
            if k == tail.count {
                tail.removeAll(keepingCapacity: true)
            } else {
                tail.removeSubrange(0..<k)
            }
            head!.hasNewer = !tail.isEmpty
        }

        /// Removes every entry, keeping the tail's capacity (a run that ended alone, most runs, leaves
        /// the tail empty: no call to clear it).
        @inlinable
        mutating func removeAll() {
            head = nil
            if !tail.isEmpty { tail.removeAll(keepingCapacity: true) }
        }
    }
}
