/// How this module was compiled. SwiftPM defines `DEBUG` in debug builds, so a measurement taken
/// from a debug build (no optimisation, every bounds check kept) can be refused before it starts.
public enum BuildConfiguration: String, Sendable, Codable {
    case debug
    case release

    /// The configuration of the running build.
    public static var current: BuildConfiguration {
        #if DEBUG
        return .debug
        #else
        return .release
        #endif
    }

}
