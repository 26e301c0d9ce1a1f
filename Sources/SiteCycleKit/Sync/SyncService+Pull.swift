/// Half of `sync`, for a command that must decide from the other computer's
/// changes too (`remind --pull`, often run by a timer nobody watches):
/// fetch the remote branch and merge it through the journal merge driver,
/// as `sync` does, but never push.
///
/// Decisions, as an experienced git user would expect of a background pull:
///
/// - The journal's own uncommitted edits (a `log` since the last sync) are
///   committed first, with the message `sync` would write, and not pushed:
///   the next `sync` pushes that very commit. Nothing else in the work tree
///   is committed. Refusing instead would leave a clone that logs without
///   syncing never pulling at all; stashing would put the edit back over a
///   merge by text. A commit is what `sync` would make, and `git reset
///   HEAD~` takes it back.
/// - Nothing is fetched while git is in the middle of a merge (a person is
///   resolving it), on a detached HEAD, or while the journal has errors.
/// - A merge that stops (a true conflict, a remote that deleted the
///   journal) is undone with `git merge --abort`: the journal is as it was
///   before the pull, with no markers, so a reminder reads it whole; the
///   person's next `sync` meets the conflict and marks it.
extension SyncService {
    /// How a pull ended. Whatever it did on the way (the commit of the
    /// journal's own edits, merge notes, entries the merge brought together)
    /// is said through `progress` as `Event`s, as `sync` says it.
    package enum PullOutcome: Sendable {
        /// Merged `commits` commits from `remote`/`branch` the clone lacked
        /// (a fast-forward or a merge commit); the journal has them.
        case pulled(commits: Int, remote: String, branch: String)
        /// `remote`/`branch` has nothing the clone lacks (or no such branch yet).
        case upToDate(remote: String, branch: String)
        /// The remote could not be reached (`.fetchFailed`, `.timedOut`):
        /// nothing was merged.
        case offline(SyncError)
        /// The fetched branch could not be merged (`.mergeConflict`,
        /// `.journalDeletedOnRemote`, …): the merge was undone, the journal
        /// is as it was before the pull.
        case conflict(SyncError)
        /// Nothing was fetched (`.notARepository`, `.noRemote`,
        /// `.mergeUnderWay`, `.journalHasErrors`, `.detachedHead`,
        /// `.noIdentity`, …); the journal's edits may have been committed
        /// (then `progress` heard `.committed`).
        case notPulled(SyncError)
    }

    /// Fetches and merges the remote branch `sync` would, without pushing;
    /// `request.setupOnly` is ignored, `request.timeout` bounds the fetch.
    package func pull(_ request: Request, progress: @escaping (Event) -> Void = { _ in }) -> PullOutcome {
        var run = Run(service: self, request: request, progress: progress)
        return run.pull()
    }
}

extension SyncService.Run {
    mutating func pull() -> SyncService.PullOutcome {
        let start = JournalStore.parentFolder(of: path)
        guard let top = git.topLevel(of: start) else { return .notPulled(.notARepository(journal: request.journal)) }
        defer { keepPrivate() }
        let (remote, branch): (String, String)
        do throws(SyncError) {
            try requireIdentity(top: top)
            if git.run(["symbolic-ref", "-q", "HEAD"], in: top).status == 1 { throw .detachedHead(journal: request.journal) }
            if git.run(["rev-parse", "-q", "--verify", "MERGE_HEAD"], in: top).ok {
                throw .mergeUnderWay(journal: request.journal)
            }
            let relative = relativePath(top: top)
            try setup(top: top, quiet: true)
            let journal = try readJournal()
            guard !journal.diagnostics.hasErrors else { throw .journalHasErrors(journal) }
            try commitChanges(journal, relative: relative, top: top)
            guard let found = try remoteAndBranch(top: top) else { throw .noRemote(journal: request.journal) }
            (remote, branch) = found
        } catch {
            return .notPulled(error)
        }
        do throws(SyncError) { try fetch(remote, top: top) } catch { return .offline(error) }
        let tracking = "refs/remotes/\(remote)/\(branch)"
        guard git.run(["rev-parse", "--verify", "-q", tracking + "^{commit}"], in: top).ok,
              let count = git.value(["rev-list", "--count", "HEAD.." + tracking], in: top).flatMap({ Int($0) }), count > 0
        else { return .upToDate(remote: remote, branch: branch) }
        do throws(SyncError) {
            _ = try mergeFetched(remote: remote, branch: branch, relative: relativePath(top: top), top: top)
        } catch {
            if git.run(["rev-parse", "-q", "--verify", "MERGE_HEAD"], in: top).ok {
                _ = git.run(["merge", "--abort"], in: top)
            }
            return .conflict(error)
        }
        return .pulled(commits: count, remote: remote, branch: branch)
    }
}
