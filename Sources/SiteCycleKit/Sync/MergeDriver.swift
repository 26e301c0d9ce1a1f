/// git's merge driver (`sitecycle merge %O %A %B`): reads the three
/// versions, merges them by meaning, and writes the result over OURS, as
/// git expects, through the file system: replaced whole, and private
/// (0600), since git checks files out readable by everyone.
public struct MergeDriver {
    public let fileSystem: FileSystem
    /// The zone for a version without a `timezone` line.
    public let defaultZone: ZoneRules

    public init(fileSystem: FileSystem, defaultZone: ZoneRules) {
        self.fileSystem = fileSystem
        self.defaultZone = defaultZone
    }

    public struct Outcome: Equatable {
        /// Conflicts written between markers in OURS (0: a clean merge).
        public var conflicts: Int
        /// Whether OURS was rewritten (a merge that changes nothing leaves it).
        public var wrote: Bool
        /// What the merge kept and why (see `MergeNote`).
        public var notes: [MergeNote] = []
        /// Changes the merge brought together from both sides that look
        /// like one change logged on two computers (lines of OURS as written).
        package var found = MergeFindings()
    }

    public func merge(base: String, ours: String, theirs: String) throws(FileError) -> Outcome {
        var sources: [SourceFile] = []
        for path in [base, ours, theirs] { sources.append(SourceFile(path: path, bytes: try fileSystem.read(path))) }
        let result = JournalMerge.merge(base: sources[0], ours: sources[1], theirs: sources[2], defaultZone: defaultZone)
        let wrote = !sources[1].bytes.same(as: result.bytes)
        if wrote { try fileSystem.replace(ours, with: result.bytes, mode: 0o600) }
        let merged = JournalBuilder.load(SourceFile(path: ours, bytes: result.bytes), defaultZone: defaultZone)
        let found = MergeDuplicates.find(result: merged, sides: [sources[1].bytes.array, sources[2].bytes.array],
                                         defaultZone: defaultZone)
        return Outcome(conflicts: result.conflicts, wrote: wrote, notes: result.notes, found: found)
    }
}
