/// Why sync stopped, as facts; the command line says it in words. Whatever
/// was done before (a commit, a merged copy) is kept.
package enum SyncError: Error {
    /// `--setup` outside a git repository.
    case notARepository(journal: String)
    /// Outside git, with no conflict copies beside the journal.
    case nothingToSync(journal: String)
    case attributesNotWritten(FileError)
    case configFailed(key: String, reason: String)
    /// Merging a conflict copy was refused (the journal has errors, the
    /// copy cannot be read, …); the journal is unchanged.
    case copyNotMerged(ServiceError)
    case copyNotMovedAside(FileError)
    /// Merged copies disagreed; the conflicts are marked in the journal.
    case copyConflicts(Int)
    case journalUnreadable(FileError)
    /// git has no name or email to commit with; nothing was done.
    case noIdentity(name: Bool, email: Bool)
    /// A version git kept of a conflicted journal could not be read.
    case stageUnreadable(stage: Int, reason: String)
    case journalNotWritten(FileError)
    /// The journal has errors: nothing was committed.
    case journalHasErrors(Journal)
    /// A merge is in progress and the journal still has markers on these lines.
    case conflictMarkersRemain(journal: String, lines: [Int])
    case addFailed(reason: String)
    case concludeFailed(reason: String)
    case commitFailed(reason: String)
    case diffFailed(reason: String)
    case remotesFailed(reason: String)
    /// HEAD is no branch: nothing was committed.
    case detachedHead(journal: String)
    /// git would merge the journal with `value`, not sitecycle, even with
    /// our line last in .gitattributes (`.git/info/attributes`, or a
    /// `.gitattributes` nearer the journal, says otherwise).
    case driverNotInEffect(journal: String, value: String)
    /// The remote's branch no longer has the journal (`journal`, relative
    /// to the top) that BASE had: nothing was merged.
    case journalDeletedOnRemote(journal: String, remote: String, branch: String)
    /// The remote's branch has the journal as a symlink (`symlink`) or
    /// something else that is no file, where HEAD has a file: merging
    /// would check the link out, and the next write would follow it out
    /// of the repository. Nothing was merged.
    case journalReplacedOnRemote(journal: String, remote: String, branch: String, symlink: Bool)
    /// A merge under way deletes on THEIRS the journal OURS changed.
    case journalDeletedInMerge(journal: String)
    /// A resolution by hand drops or changes entries that were in no
    /// conflict: nothing was committed.
    case resolutionDropsEntries(journal: String, atStake: [MergeInvariant.Breach])
    /// The merge left these other files (relative to the top) with git's
    /// conflicts: nothing was committed.
    case otherFilesInConflict([String])
    /// The journal changed after git wrote it: it was left as it is.
    case journalChangedMeanwhile(journal: String)
    /// The merged journal could not replace git's result.
    case journalNotReplaced(ServiceError)
    /// A remote or branch name git would read as an option.
    case optionLikeRemote(String)
    case optionLikeBranch(String)
    case timedOut(remote: String, seconds: Double, while: String)
    case fetchFailed(remote: String, reason: String)
    /// The remote changed what this clone changed: the conflict is marked
    /// in the journal on these lines.
    case mergeConflict(journal: String, lines: [Int])
    case mergeFailed(reason: String)
    case revParseFailed(reason: String)
    case pushFailed(remote: String, reason: String)
    /// A pull (`SyncService.pull`) in a repository with no remote.
    case noRemote(journal: String)
    /// A pull while git is in the middle of a merge: nothing was fetched.
    case mergeUnderWay(journal: String)
    /// Each of `attempts` pushes lost the race to another clone's push,
    /// each merged here: the merges are committed here, not pushed.
    case pushRaceLost(remote: String, branch: String, attempts: Int)
    case stillDiffer(remote: String, branch: String)
}
