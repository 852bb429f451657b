/// `Animation.default`, what SwiftUI uses when a transaction asks for "an animation" without
/// naming one.
///
/// Apple documents it as a spring with response 0.55 and damping fraction 1.0 (unverified on a
/// device; some re-implementations use 0.5). We take the documented values and make it a member of
/// the `.spring` family, so it merges like `.spring`: `spring(response: 0.55, dampingFraction: 1,
/// blendDuration: 0)`, equal to that animation.
extension Animation {
    public static var `default`: Animation {
        spring(response: 0.55, dampingFraction: 1, blendDuration: 0)
    }
}
