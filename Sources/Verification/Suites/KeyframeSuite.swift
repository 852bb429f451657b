// KeyframeSuite.swift — the hook for keyframe animations. AnimationMath has no keyframes yet; when
// they land, replace the skip with checks (linear, cubic and spring keyframes against their
// hand-derived piecewise formulas and, for spring keyframes, the GSL reference).

enum KeyframeSuite {
    static let name = "keyframes"

    static let suite = VerificationSuite(name: name, summary: "keyframe animations (hook: not implemented yet)") { _ in
        throw SuiteSkipped("keyframes not implemented yet")
    }
}
