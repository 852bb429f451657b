// The input types of this library's API, defined in HookeSupport (which the command line and the
// verifier share) and re-exported so that `import Scenarios` alone can name them.
@_exported import struct HookeSupport.InputError
@_exported import enum HookeSupport.InputRange
@_exported import enum HookeSupport.NumberConstraint
@_exported import struct HookeSupport.Retarget
