/// How often each location was used, and when last: what `locations`
/// lists and what decides whether `locations remove` deletes a name or
/// only disables it. One count, read by both.
public struct LocationUsage: Sendable {
    public private(set) var uses: [String: Int] = [:]
    public private(set) var last: [String: SiteChange] = [:]

    /// The site changes that start at or before `now` (every one when nil:
    /// a name that a future line uses is still in use).
    public init(_ journal: Journal, upTo now: Instant? = nil) {
        for change in journal.changes where now.map({ change.start <= $0 }) ?? true {
            guard let name = journal.name(of: change) else { continue }
            uses[name, default: 0] += 1
            last[name] = change
        }
    }

    public func uses(of name: String) -> Int { uses[name] ?? 0 }
    public func lastUse(of name: String) -> SiteChange? { last[name] }
}
