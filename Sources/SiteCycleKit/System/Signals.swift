#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Sets what `signal` does (a C function, `SIG_IGN` or `SIG_DFL`) with an
/// empty mask and no flags, so no SA_RESTART: a blocked read returns EINTR.
/// Returns what was set before, to put back. One place for the field whose
/// name differs between Glibc and Darwin.
@discardableResult
public func setSignalHandler(_ signal: Int32, _ handler: (@convention(c) (Int32) -> Void)?) -> sigaction {
    var action = sigaction(), previous = sigaction()
    #if canImport(Glibc)
    action.__sigaction_handler.sa_handler = handler
    #else
    action.__sigaction_u.__sa_handler = handler
    #endif
    sigemptyset(&action.sa_mask)
    action.sa_flags = 0
    sigaction(signal, &action, &previous)
    return previous
}
