// GSLRuntime.swift — process-wide GSL set-up and the status-code mapping.

import CGSL

/// Switches GSL's default error handler off exactly once per process. The default handler
/// prints and calls `abort()`; with it off, GSL routines return status codes, which the callers
/// turn into ``ReferenceError``. A global `let` is initialised lazily and thread-safely
/// (`swift_once`), so concurrent first calls are fine.
private let gslErrorHandlerIsOff: Bool = {
    _ = gsl_set_error_handler_off()
    return true
}()

/// Call at the top of every public entry point that reaches GSL.
@inline(__always)
func prepareGSL() {
    _ = gslErrorHandlerIsOff
}

/// `gsl_strerror` for a status code.
func gslReason(_ status: Int32) -> String {
    guard let text = gsl_strerror(status) else { return "unknown GSL status" }
    return String(cString: text)
}

/// `GSL_SUCCESS` and friends import as `Int`; the functions return `Int32`.
let gslSuccess = Int32(GSL_SUCCESS)
let gslMaxIterations = Int32(GSL_EMAXITER)
let gslBadFunction = Int32(GSL_EBADFUNC)
let gslOutOfMemory = Int32(GSL_ENOMEM)
