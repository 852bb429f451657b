/// What an animation sees besides its interval and time: its typed state and whether it is
/// logically complete (SwiftUI's `AnimationContext`).
public struct AnimationContext<Value: VectorArithmetic> {
    /// Per-animation state, keyed by `AnimationStateKey` types.
    public var state: AnimationState<Value>

    /// Set by an animation once it is logically complete (for `.spring`: after `response` seconds),
    /// which fires `.logicallyComplete` completions before the motion has visibly ended.
    public var isLogicallyComplete: Bool

    public init(state: AnimationState<Value> = AnimationState(), isLogicallyComplete: Bool = false) {
        self.state = state
        self.isLogicallyComplete = isLogicallyComplete
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
/// one storage object holding a short array of (key, box) pairs searched linearly — an animation
/// keeps one or two keys, so this beats hashing. Writes to an existing key mutate its box in place
/// when the storage is uniquely referenced: a steady-state frame allocates nothing. Copies share the
/// storage until one of them writes (copy on write).
public struct AnimationState<Value: VectorArithmetic> {
    @usableFromInline var storage: AnimationStateStorage?

    public init() {}

    @inlinable
    public subscript<K: AnimationStateKey>(key: K.Type) -> K.Value {
        get {
            guard let storage, let box = storage.box(for: ObjectIdentifier(key)) else { return K.defaultValue }
            return unsafeDowncast(box, to: AnimationStateBox<K.Value>.self).value
        }
        set {
            if storage == nil {
                storage = AnimationStateStorage()
            } else if !isKnownUniquelyReferenced(&storage!) {
                storage = storage!.copy()
            }
            let id = ObjectIdentifier(key)
            if let box = storage!.box(for: id) {
                unsafeDowncast(box, to: AnimationStateBox<K.Value>.self).value = newValue
            } else {
                storage!.insert(AnimationStateBox(newValue), for: id)
            }
        }
    }

    /// Whether a value was ever stored for `key`.
    @inlinable
    public func contains<K: AnimationStateKey>(_ key: K.Type) -> Bool {
        storage?.box(for: ObjectIdentifier(key)) != nil
    }
}

@usableFromInline
class AnyAnimationStateBox {
    func copy() -> AnyAnimationStateBox { fatalError("AnyAnimationStateBox is abstract") }
}

@usableFromInline
final class AnimationStateBox<T>: AnyAnimationStateBox {
    /// Unchecked exclusivity: every access is a short get or set through `AnimationState`'s
    /// subscript, never overlapping; a dynamic check here cost ~35% of a `.spring` frame.
    @exclusivity(unchecked) @usableFromInline var value: T
    @usableFromInline init(_ value: T) { self.value = value }
    override func copy() -> AnyAnimationStateBox { AnimationStateBox(value) }
}

@usableFromInline
final class AnimationStateStorage {
    // Unchecked exclusivity, as for `AnimationStateBox.value`: accessed only inside this file's
    // short, non-overlapping operations.
    @exclusivity(unchecked) @usableFromInline var keys: [ObjectIdentifier] = []
    @exclusivity(unchecked) @usableFromInline var boxes: [AnyAnimationStateBox] = []

    @usableFromInline init() {}

    @usableFromInline func box(for key: ObjectIdentifier) -> AnyAnimationStateBox? {
        for index in keys.indices where keys[index] == key { return boxes[index] }
        return nil
    }

    @usableFromInline func insert(_ box: AnyAnimationStateBox, for key: ObjectIdentifier) {
        keys.append(key)
        boxes.append(box)
    }

    @usableFromInline func copy() -> AnimationStateStorage {
        let result = AnimationStateStorage()
        result.keys = keys
        result.boxes = boxes.map { $0.copy() }
        return result
    }
}
