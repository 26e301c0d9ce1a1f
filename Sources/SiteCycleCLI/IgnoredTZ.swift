import SiteCycleKit

extension Invocation {
    /// One warning when `$TZ` is set but names no zone (a POSIX rule such as
    /// `JST-9`) and the system's zone is used instead: said where that zone
    /// matters, by `init` (which writes it) and for a journal without a
    /// `timezone` line (whose times are read in it).
    func warnIfTZIgnored() {
        guard let tz = ZoneRules.ignoredTZ(environment: env) else { return }
        warn("TZ=\(tz) names no time zone this system knows; using \(systemZone.identifier) instead",
             help: "set TZ to a zone name such as Asia/Tokyo (see `sitecycle help time`), "
                 + "or write `timezone ZONE` in the journal")
    }
}
