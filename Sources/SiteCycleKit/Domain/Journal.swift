/// A parsed journal: the lossless syntax it came from and the model it means.
public struct Journal: Sendable {
    public var syntax: JournalSyntax
    public var settings: Settings
    /// Declared locations in header order.
    public var locations: [Location]
    /// Site changes ordered by time (file order breaks no ties: an instant
    /// appears once), each closed by the next.
    public var changes: [SiteChange]
    /// The zone that wall-clock times in the file are read in.
    public var zone: ZoneRules
    public var diagnostics: [Diagnostic]

    public var source: SourceFile { syntax.source }

    public func location(named name: String) -> Location? {
        locations.first { $0.name == name }
    }

    public var enabledLocations: [Location] { locations.filter(\.isEnabled) }

    /// The site in place now: the newest change, unless it is `removed`.
    public func activeChange(at now: Instant) -> SiteChange? {
        guard let last = changes.last(where: { $0.start <= now }), !last.isRemoval else { return nil }
        return last
    }
}
