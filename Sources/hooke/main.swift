import HookeCommandLine
import HookeSupport

#if canImport(Glibc)
import Glibc
#endif

exit(Hooke.main(Array(CommandLine.arguments.dropFirst()), console: Console.standard()))
