import SiteCycleKit

extension SyncService.SetupChange {
    /// What setting up changed, as `sync --setup` lists it.
    var words: String {
        switch self {
        case .attributesLine(let line): "added `\(line)` to .gitattributes"
        case .config(let key): "set \(key)"
        case .madePrivate(let path): "made \(path.terminalSafe) readable by you only"
        case .driverRepointed(let was): "pointed merge.sitecycle.driver at this binary (it ran `\(was)`)"
        case .attributesLineMovedLast(let value):
            "moved its .gitattributes line last (a later line made git merge it as `merge: \(value)`)"
        }
    }
}

extension [MergeInvariant.Breach] {
    /// The entries at stake, as their sides wrote them ("2026-02-07 09:00
    /// Left Hip (theirs)"), the first three.
    var words: String {
        prefix(3).map { "\($0.line) (\($0.side))" }.joined(separator: ", ") + (count > 3 ? ", …" : "")
    }
}

/// Why sync stopped, in the words the person at the keyboard reads (the
/// Kit's `SyncError` holds only the facts).
extension SyncError {
    var message: String {
        switch self {
        case .notARepository(let journal): "\(journal.terminalSafe) is not in a git repository"
        case .nothingToSync(let journal):
            "nothing to sync: \(journal.terminalSafe) is not in a git repository and has no conflict copy beside it to merge"
        case .attributesNotWritten(let e), .copyNotMovedAside(let e), .journalUnreadable(let e), .journalNotWritten(let e):
            e.message
        case .configFailed(let key, let reason): "git config \(key) failed: \(reason)"
        case .noIdentity(let name, let email):
            "git does not know your \(name && email ? "name and email" : name ? "name" : "email") yet, "
                + "so it cannot commit; nothing was changed"
        case .stageUnreadable(let stage, let reason): "could not read git's version \(stage) of the journal: \(reason)"
        case .copyNotMerged(let e): e.message
        case .copyConflicts(let n):
            n == 1 ? "1 conflict between the copies is marked in the journal"
                : "\(n) conflicts between the copies are marked in the journal"
        case .journalHasErrors(let journal):
            "\(journal.source.path.terminalSafe) has \(journal.diagnostics.errors.count) error"
                + "\(journal.diagnostics.errors.count == 1 ? "" : "s"); nothing was done"
        case .conflictMarkersRemain(let journal, let lines):
            "a merge is in progress and the journal still has conflict markers: "
                + lines.map { "\(journal.terminalSafe):\($0)" }.joined(separator: ", ")
        case .addFailed(let reason): "git add failed: \(reason)"
        case .concludeFailed(let reason): "could not conclude the merge: \(reason)"
        case .commitFailed(let reason): "git commit failed: \(reason)"
        case .diffFailed(let reason): "git diff failed: \(reason)"
        case .remotesFailed(let reason): "git remote failed: \(reason)"
        case .detachedHead(let journal): "not on a branch (detached HEAD); nothing was committed, \(journal.terminalSafe) is as it was"
        case .driverNotInEffect(let journal, let value):
            "git would merge \(journal.terminalSafe) as `merge: \(value)`, not with sitecycle, although "
                + ".gitattributes ends with its line; nothing was merged or committed"
        case .journalDeletedOnRemote(let journal, let remote, let branch):
            "\(remote)/\(branch) deletes (or moves) \(journal.terminalSafe); nothing was merged, and your journal is kept as it was"
        case .journalReplacedOnRemote(let journal, let remote, let branch, let symlink):
            "\(remote)/\(branch) makes \(journal.terminalSafe) \(symlink ? "a symlink" : "something that is not a file"); "
                + "nothing was merged, and your journal is kept as it was"
        case .journalDeletedInMerge(let journal):
            "the merge under way deletes \(journal.terminalSafe) on the other side, where you changed it (modify/delete); "
                + "nothing was committed, and your journal is kept"
        case .resolutionDropsEntries(let journal, let atStake):
            "the merge resolved in \(journal.terminalSafe) drops or changes \(atStake.count) "
                + "entr\(atStake.count == 1 ? "y" : "ies") that no conflict was about: " + atStake.words
                + "; nothing was committed"
        case .otherFilesInConflict(let files):
            "the merge left git's conflicts in " + files.map { $0.terminalSafe }.joined(separator: ", ")
                + " (sitecycle merges only the journal); nothing was committed"
        case .journalChangedMeanwhile(let journal):
            "\(journal.terminalSafe) changed while sync was merging it; it was left as it is"
        case .journalNotReplaced: "the merged journal could not be written; git's result is left as it is"
        case .optionLikeRemote(let name):
            "refusing the remote \"\(name)\": git would read a name starting with \"-\" as an option"
        case .optionLikeBranch(let name):
            "refusing the branch \"\(name)\": git would read a name starting with \"-\" as an option"
        case .timedOut(let remote, let timeout, let doing):
            "\(remote) did not answer within "
                + "\(timeout.rounded() == timeout ? String(Int(timeout)) : String(timeout)) seconds (\(doing)); git was stopped"
        case .fetchFailed(let remote, let reason): "could not fetch from \(remote): \(reason)"
        case .mergeConflict(let journal, let lines):
            "the remote and this clone changed the journal in ways that cannot both be kept; the conflict is marked in the journal: "
                + lines.map { "\(journal.terminalSafe):\($0)" }.joined(separator: ", ")
        case .mergeFailed(let reason): "git merge failed: \(reason)"
        case .revParseFailed(let reason): "git rev-parse failed: \(reason)"
        case .pushFailed(let remote, let reason): "could not push to \(remote): \(reason)"
        case .pushRaceLost(let remote, let branch, let attempts):
            "\(attempts) pushes to \(remote) in a row lost the race: each time another clone pushed to "
                + "\(remote)/\(branch) first (the remote was reachable)"
        case .noRemote(let journal): "the repository of \(journal.terminalSafe) has no remote to pull from"
        case .mergeUnderWay(let journal):
            "git is in the middle of a merge of \(journal.terminalSafe); nothing was pulled"
        case .stillDiffer(let remote, let branch): "after pushing, \(branch) and \(remote)/\(branch) still differ"
        }
    }

    var help: String? {
        switch self {
        case .notARepository: "run `git init` in its folder first"
        case .noIdentity: "tell git once (leave out --global for this repository only), then sync again:"
        case .stageUnreadable: "look with `git status`; the journal is unchanged"
        case .nothingToSync: "for git: `git init`, then `sitecycle sync --setup`"
        case .copyNotMovedAside(let e): e.hint
        case .attributesNotWritten, .configFailed, .addFailed, .commitFailed, .diffFailed,
             .remotesFailed, .mergeFailed, .revParseFailed:
            nil
        case .copyNotMerged(let e): e.help
        case .journalUnreadable(let e), .journalNotWritten(let e): e.hint
        case .copyConflicts(let n): "`sitecycle check` shows where; fix \(n == 1 ? "it" : "them") in an editor"
        case .journalHasErrors: "fix the lines above, then run `sitecycle check`"
        case .conflictMarkersRemain: "keep the right lines and delete the marker lines in an editor, then sync again"
        case .concludeFailed: "resolve the other files git lists in `git status`, then sync again"
        case .detachedHead: "check out your branch (`git switch BRANCH` carries the change over), then sync again"
        case .driverNotInEffect(let journal, _):
            "find the line that says so with `git check-attr -a -- \(journal.terminalSafe)` (look in .git/info/attributes and "
                + "in .gitattributes files nearer the journal), remove it, then sync again"
        case .journalDeletedOnRemote, .journalReplacedOnRemote: nil  // the commands follow, one a line
        case .journalDeletedInMerge(let journal):
            "keep it with `git add -- \(journal.terminalSafe)`, then sync again (or drop it with `git rm -- \(journal.terminalSafe)`)"
        case .resolutionDropsEntries:
            "put them back (the three versions: `git show :1:FILE`, `:2:`, `:3:`), or delete them after the merge, then sync again"
        case .otherFilesInConflict(let files):
            "keep the right lines and delete the marker lines in an editor, then `git add -- "
                + (files.count == 1 ? files[0].terminalSafe : "FILE") + "` and sync again"
        case .journalChangedMeanwhile: "sync again when nothing else is writing it"
        case .journalNotReplaced(let e): e.help
        case .optionLikeRemote: "rename it (`git remote rename -- OLD NEW`); your commit is kept"
        case .optionLikeBranch: "rename it (`git branch -m -- NEW`); your commit is kept"
        case .timedOut:
            "your commit is kept here; sync again when the remote is reachable, or allow longer with --timeout SECONDS"
        case .fetchFailed: "check the network and your access to the remote; the journal is unchanged"
        case .mergeConflict: "`sitecycle check` shows where; fix it in an editor, then sync again"
        // The fetch just before reached the remote: git's words say why it refused.
        case .pushFailed: "your commit is safe here; sync again once the remote takes the push"
        case .pushRaceLost: "your commits and what was merged so far are kept here, not pushed; sync again in a moment"
        case .noRemote: "add one with `git remote add origin URL`"
        case .mergeUnderWay: "`sitecycle sync` concludes it once the journal is fixed"
        case .stillDiffer: "your commit is safe here; look with `git status`, then sync again"
        }
    }
}
