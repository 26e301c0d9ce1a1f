import SiteCycleKit

/// The language server's own read of a message's JSON, beside the Kit's
/// typed reads (`JSON+Reads.swift`): nil where the value is not of its
/// kind, so a field of the wrong type reads as a missing one, as the
/// protocol's optional fields do.
extension JSON {
    /// A line, a character or a version: a number from 0 below 10^15,
    /// its fraction dropped.
    var natural: Int? {
        guard let d = number, d.isFinite, d >= 0, d < 1e15 else { return nil }
        return Int(d)
    }
}
