/// What an animation sees besides its interval and time: its typed state and whether it is
/// logically complete (SwiftUI's `AnimationContext`).
///
/// Besides `state`, the context holds the `.spring` integrator's state inline (`fluidSpring`, not
/// public): the library's one stateful animation that runs every frame reads and writes it in
/// place, with no lookup by key, no reference counting and no copy-on-write check, and a new
/// context (a new chain entry) starts it at zero without allocating. It travels with the context
/// exactly as a value in `state` would — a merging `.spring` takes it over, a copy of the context
/// copies it.
///
/// Besides, one inline slot (`inlineSlot`) holds either the `.spring`'s pending response blend or a
/// `repeatCount`'s pass (for a base that reads no context: a timing curve, delayed or sped up), so
/// that a repeat frame reads and writes its pass in place instead of looking it up by key on the heap.
/// The slot says which it holds; an animation finding it taken by the other keeps its state as
/// before (the blend is never moved; a repeat's pass moves to `state`, see `setFluidSpringBlend`).
///
/// Layout: `state`, the `.spring` integrator and the slot first (read by frames of a keyed-state
/// animation, of a `.spring`, of a blending `.spring`, of a repeat), `isLogicallyComplete` last (read
/// by every frame), so that the animator's flags that follow the context share its word
/// (`Animator.Entry`).
public struct AnimationContext<Value: VectorArithmetic> {
    /// Per-animation state, keyed by `AnimationStateKey` types.
    public var state: AnimationState<Value>

    /// The `.spring` family's state (`FluidSpringAnimation`); all zero until a `.spring` runs.
    @usableFromInline var fluidSpring: FluidSpringState<Value>

    /// The `.spring` family's pending response blend (`FluidSpringAnimation`; read by a frame only
    /// while a spring with a positive `blendDuration` runs) or a repeat's pass (`RepeatAnimation`).
    @usableFromInline var inlineSlot: InlineSlot

    /// Set by an animation once it is logically complete (for `.spring`: after `response` seconds),
    /// which fires `.logicallyComplete` completions before the motion has visibly ended.
    public var isLogicallyComplete: Bool

    @inlinable
    public init(state: AnimationState<Value> = AnimationState(), isLogicallyComplete: Bool = false) {
        self.state = state
        fluidSpring = FluidSpringState()
        inlineSlot = .empty
        self.isLogicallyComplete = isLogicallyComplete
    }
}

/// What `AnimationContext.inlineSlot` holds: nothing yet, the `.spring`'s pending response blend, or
/// a repeat's pass. 17 bytes for the largest payload and the case.
@usableFromInline
enum InlineSlot {
    case empty
    case fluidSpringBlend(FluidSpringBlend)
    case repeatPass(RepeatPass)
}

extension AnimationContext {
    /// The `.spring`'s pending response blend: the slot's, or none (all zero) when the slot holds
    /// none. A blend whose interval is zero is no blend: nothing reads its start then
    /// (`FluidSpringAnimation.blendedResponse`).
    @inlinable
    var fluidSpringBlend: FluidSpringBlend {
        if case .fluidSpringBlend(let blend) = inlineSlot { return blend }
        return FluidSpringBlend()
    }

    /// Stores the `.spring`'s pending response blend (a merge). If the slot holds a repeat's pass
    /// (a `.spring` merging into a repeat's context), a blend with a zero interval — the same as
    /// none — leaves it there; a real blend takes the slot and the pass moves to the repeat's keyed
    /// state, where the repeat finds it if it runs in this context again.
    @inlinable
    mutating func setFluidSpringBlend(_ blend: FluidSpringBlend) {
        if case .repeatPass(let pass) = inlineSlot {
            guard blend.interval != 0 else { return }
            var moved = RepeatState<Value>()
            moved.pass = pass.index
            moved.passStart = pass.start
            state[RepeatStateKey<Value>.self] = moved
        }
        inlineSlot = .fluidSpringBlend(blend)
    }
}

/// A key for a value stored in `AnimationState`; the key type itself is the identity.
public protocol AnimationStateKey {
    associatedtype Value
    static var defaultValue: Value { get }
}

/// Typed per-animation storage with value semantics.
///
/// Layout: nothing until the first write (so an animation without state costs no allocation), then
/// one storage object holding the first key and its box inline and any further (key, box) pairs in
/// two short arrays searched linearly — an animation keeps one or two keys, so this beats hashing,
/// and the common single key costs one comparison. Writes to an existing key mutate its box in place
/// when the storage is uniquely referenced: a steady-state frame allocates nothing. Copies share the
/// storage until one of them writes (copy on write).
///
/// Reuse: `Animator` hands the storage of a finished animation to the next one it starts
/// (`removeAllKeepingStorage()`), so a run that starts after another one finished allocates nothing
/// either. Emptying bumps the storage's *generation*; every box records the generation it was last
/// written in, and a box from an older generation is treated as absent (the getter returns the key's
/// default, `contains` is false) until a write overwrites it in place. A box always holds its key's
/// `Value` type (the key type is the identity), so overwriting a stale box is type-safe.
public struct AnimationState<Value: VectorArithmetic> {
    @usableFromInline var storage: AnimationStateStorage?

    @inlinable
    public init() {}

    @inlinable
    public subscript<K: AnimationStateKey>(key: K.Type) -> K.Value {
        get {
            guard let storage, let box = storage.box(for: ObjectIdentifier(key)) else { return K.defaultValue }
            return box._withUnsafeGuaranteedRef { box in
                box.generation == storage.generation
                    ? unsafeDowncast(box, to: AnimationStateBox<K.Value>.self).value : K.defaultValue
            }
        }
        set {
            uniqueStorage()._withUnsafeGuaranteedRef { storage in
                storage.box(forWriting: key)._withUnsafeGuaranteedRef { box in
                    unsafeDowncast(box, to: AnimationStateBox<K.Value>.self).value = newValue
                    box.generation = storage.generation
                }
            }
        }
    }

    /// Calls `body` with the value for `key` — its default if absent or stale — to read and update in
    /// place; the value is then stored (live). One lookup where a get and a set make two. Always
    /// inlined, with `uniqueStorage()`: called out of line, with `body` as a closure, the lookup
    /// cost a `repeatCount`'s frame about 100 instructions more.
    @inlinable @inline(__always)
    mutating func update<K: AnimationStateKey, Result>(_ key: K.Type, _ body: (inout K.Value) -> Result) -> Result {
        uniqueStorage()._withUnsafeGuaranteedRef { storage in
            storage.box(forWriting: key)._withUnsafeGuaranteedRef { box in
                let typed = unsafeDowncast(box, to: AnimationStateBox<K.Value>.self)
                if box.generation != storage.generation {
                    typed.value = K.defaultValue
                    box.generation = storage.generation
                }
                return body(&typed.value)
            }
        }
    }

    /// Whether a value was stored for `key` (since the state was last emptied).
    @inlinable
    public func contains<K: AnimationStateKey>(_ key: K.Type) -> Bool {
        guard let storage, let box = storage.box(for: ObjectIdentifier(key)) else { return false }
        return box._withUnsafeGuaranteedRef { $0.generation == storage.generation }
    }

    /// Empties the state — every key reads its default again — keeping the storage object and its
    /// boxes for reuse when this value is their only owner (otherwise it lets go of the shared
    /// storage, so copies are unaffected). O(1): it bumps the generation (see the type's notes).
    @inlinable
    mutating func removeAllKeepingStorage() {
        guard storage != nil else { return }
        if isKnownUniquelyReferenced(&storage!) {
            storage.unsafelyUnwrapped.generation &+= 1
        } else {
            storage = nil
        }
    }

    /// The storage, created or copied first unless this value is its only owner (copy on write).
    /// Unretained: `self` owns it, and the caller uses it only while `self` is not otherwise mutated
    /// (a retain and release here cost ~15% of a `.spring` frame).
    @inlinable @inline(__always)
    mutating func uniqueStorage() -> Unmanaged<AnimationStateStorage> {
        if storage == nil {
            storage = AnimationStateStorage()
        } else if !isKnownUniquelyReferenced(&storage!) {
            storage = storage!.copy()
        }
        return Unmanaged.passUnretained(storage.unsafelyUnwrapped)
    }
}

@usableFromInline
class AnyAnimationStateBox {
    /// The storage generation in which the value was last written; the value is live only while this
    /// equals the storage's generation. A `UInt` counter cannot wrap in practice (2⁶⁴ empties).
    @exclusivity(unchecked) @usableFromInline final var generation: UInt

    @usableFromInline init(generation: UInt) { self.generation = generation }

    func copy(generation: UInt) -> AnyAnimationStateBox { fatalError("AnyAnimationStateBox is abstract") }
}

@usableFromInline
final class AnimationStateBox<T>: AnyAnimationStateBox {
    /// Unchecked exclusivity: every access is a short get or set through `AnimationState`, never
    /// overlapping; a dynamic check here cost ~35% of a `.spring` frame.
    @exclusivity(unchecked) @usableFromInline var value: T
    @inlinable init(_ value: T, generation: UInt) {
        self.value = value
        super.init(generation: generation)
    }
    override func copy(generation: UInt) -> AnyAnimationStateBox { AnimationStateBox(value, generation: generation) }
}

/// The shared, reference-counted part of `AnimationState`.
///
/// The boxes are held as `Unmanaged` references retained once by the storage and released in
/// `deinit`, so that a lookup reads a box in place (`_withUnsafeGuaranteedRef`) without the retain
/// and release a strong reference would cost on every access (about a third of a `.spring` frame's
/// state traffic). Boxes are never removed while the storage lives, so every reference stays valid.
@usableFromInline
final class AnimationStateStorage {
    // Unchecked exclusivity, as for `AnimationStateBox.value`: accessed only inside this file's
    // short, non-overlapping operations.
    /// The current generation (see `AnimationState`); boxes written earlier are stale.
    @exclusivity(unchecked) @usableFromInline var generation: UInt = 0
    /// The first key stored, and its box: the only one for most animations, found without an array.
    @exclusivity(unchecked) @usableFromInline var firstKey: ObjectIdentifier?
    @exclusivity(unchecked) @usableFromInline var firstBox: Unmanaged<AnyAnimationStateBox>?
    /// Any further keys and their boxes, index for index.
    @exclusivity(unchecked) @usableFromInline var otherKeys: [ObjectIdentifier] = []
    @exclusivity(unchecked) @usableFromInline var otherBoxes: [Unmanaged<AnyAnimationStateBox>] = []

    @inlinable init() {}

    deinit {
        firstBox?.release()
        for box in otherBoxes { box.release() }
    }

    /// The box for `key`, live or stale.
    @inlinable @inline(__always)
    func box(for key: ObjectIdentifier) -> Unmanaged<AnyAnimationStateBox>? {
        if firstKey == key { return firstBox }
        return otherKeys.isEmpty ? nil : otherBox(for: key)
    }

    /// The box for `key`, inserted holding the key's default (live) if there is none.
    @inlinable @inline(__always)
    func box<K: AnimationStateKey>(forWriting key: K.Type) -> Unmanaged<AnyAnimationStateBox> {
        if let box = box(for: ObjectIdentifier(key)) { return box }
        return insert(AnimationStateBox(K.defaultValue, generation: generation), for: ObjectIdentifier(key))
    }

    @usableFromInline func otherBox(for key: ObjectIdentifier) -> Unmanaged<AnyAnimationStateBox>? {
        for index in otherKeys.indices where otherKeys[index] == key { return otherBoxes[index] }
        return nil
    }

    /// Stores `box` for `key` (absent until now) and returns it.
    @usableFromInline func insert(_ box: AnyAnimationStateBox, for key: ObjectIdentifier) -> Unmanaged<AnyAnimationStateBox> {
        let reference = Unmanaged.passRetained(box)
        if firstKey == nil {
            firstKey = key
            firstBox = reference
        } else {
            otherKeys.append(key)
            otherBoxes.append(reference)
        }
        return reference
    }

    /// A copy holding copies of the live boxes only, at generation 0.
    @usableFromInline func copy() -> AnimationStateStorage {
        let result = AnimationStateStorage()
        func copyIfLive(_ box: Unmanaged<AnyAnimationStateBox>, for key: ObjectIdentifier) {
            let box = box.takeUnretainedValue()
            if box.generation == generation { _ = result.insert(box.copy(generation: 0), for: key) }
        }
        if let firstKey, let firstBox { copyIfLive(firstBox, for: firstKey) }
        for index in otherKeys.indices { copyIfLive(otherBoxes[index], for: otherKeys[index]) }
        return result
    }
}
