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
    case detachedHead
    /// A remote or branch name git would read as an option.
    case optionLikeRemote(String)
    case optionLikeBranch(String)
    case timedOut(remote: String, seconds: Double, while: String)
    case fetchFailed(remote: String, reason: String)
    /// The driver could not resolve the merge; the conflict is marked.
    case mergeConflict
    case mergeFailed(reason: String)
    case revParseFailed(reason: String)
    case pushFailed(remote: String, reason: String)
    case stillDiffer(remote: String, branch: String)
}
