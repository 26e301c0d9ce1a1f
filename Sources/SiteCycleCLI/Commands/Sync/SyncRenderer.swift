import SiteCycleKit

/// What `sync` says: each step as it happens (a fetch can take a while, so
/// the steps before it are shown first), and why it stopped.
struct SyncRenderer {
    let invocation: Invocation

    func render(_ event: SyncService.Event) {
        switch event {
        case .setUp(let journal, let changes):
            invocation.say(changes.isEmpty ? "Already set up: git merges \(journal.terminalSafe) with sitecycle."
                           : "Set up git to merge \(journal.terminalSafe) with sitecycle: "
                               + changes.map(\.words).joined(separator: "; ") + ".")
        case .journalWritten, .notRecorded:
            break  // kept for `undo` under the write's lock; the command warns when it was not
        case .skippedCopy(let copy, let kind):
            invocation.warn("conflict copy \(copy.terminalSafe): it is \(kind); it was left alone (not followed, "
                            + "not merged), and any other copies are merged",
                            help: "a sync client writes copies as files: if you made the link, replace it with a "
                                + "copy of the file, then sync again")
        case .keptBothOfCopy(let copy, let atStake):
            invocation.say("Merging \(String(copy.split(separator: "/").last ?? "").terminalSafe) by meaning would "
                           + "have dropped or changed \(atStake.count) entr\(atStake.count == 1 ? "y" : "ies") "
                           + "(\(atStake.words.terminalSafe)); kept the journal and the copy whole between markers.")
        case .probableDuplicates(let duplicates):
            for d in duplicates { invocation.say(d.words) }
        case .differentSites(let found, let from):
            for d in found { invocation.say(d.words(ours: "this clone", theirs: (from ?? "the merged branch").terminalSafe)) }
        case .mergedCopy(let copy, let moved):
            // Where it went, by the folder's name: the full path of a copy
            // beside a deep journal is wider than the screen.
            let folder = moved.split(separator: "/").dropLast().last.map(String.init) ?? moved
            invocation.say("Merged \(String(copy.split(separator: "/").last!).terminalSafe) into the journal "
                           + "(moved to \(folder.terminalSafe)/ beside it).")
        case .keptInCopy(let notes):
            for note in notes { invocation.say("  " + note.words(ours: "the journal", theirs: "the copy"), indent: "    ") }
        case .mergedTextConflict(let kept, let conflicts):
            invocation.say("git had merged the journal as text; merged it by meaning instead"
                           + (conflicts == 0 ? "" : " (\(conflicts) conflict\(conflicts == 1 ? "" : "s") marked)")
                           + ". git's marked text is kept in \(kept.terminalSafe).")
        case .remerged(let atStake, let kept, let conflicts):
            invocation.say("git's merge dropped or changed \(atStake.count) entr\(atStake.count == 1 ? "y" : "ies") "
                           + "(\(atStake.words.terminalSafe)); merged the journal by meaning instead"
                           + (conflicts == 0 ? "" : " (\(conflicts) conflict\(conflicts == 1 ? "" : "s") marked)")
                           + (kept.map { ". git's result is kept in \($0.terminalSafe)." } ?? "."))
        case .mergeNotes(let notes, let from):
            for note in notes {
                invocation.say("Merge note: " + note.words(ours: "this clone", theirs: from ?? "the merged branch"))
            }
        case .concludedMerge: invocation.out("Concluded the merge with the fixed journal.\n")
        case .committed(let message): invocation.say("Committed: \(message)")
        case .noRemote: invocation.say("No remote: committed here only. Add one with `git remote add origin URL`.")
        case .mergedRemote(let remote, let branch): invocation.say("Merged changes from \(remote)/\(branch).")
        case .lostPushRace(let remote, let branch, let retry, let of):
            invocation.say("Another clone pushed to \(remote)/\(branch) first; merging its changes and pushing again "
                           + "(try \(retry) of \(of)).")
        case .inSync(let remote, let branch): invocation.say("In sync with \(remote)/\(branch).")
        }
    }

    /// Why sync stopped (`Invocation.fail` breaks it for 80 columns).
    func fail(_ error: SyncError) -> Int32 {
        switch error {
        case .copyNotMerged(let e):
            return invocation.fail(e)
        case .journalHasErrors(let journal):
            return invocation.fail(ServiceError(.journalHasErrors(path: journal.source.path), journal: journal))
        case .journalUnreadable(let e):
            // Says where it looked, as every command does; else git's words.
            if invocation.readJournal() != nil { invocation.fail(e.message, help: e.hint) }
            return ExitCode.failure
        case .journalDeletedOnRemote(let journal, let remote, let branch),
             .journalReplacedOnRemote(let journal, let remote, let branch, _):
            // The way back, one command a line.
            invocation.fail(error.message, help: "to bring it back on \(remote)/\(branch), run these, then sync again:")
            invocation.err("    git merge \(remote)/\(branch)\n")
            invocation.err("    git checkout ORIG_HEAD -- \(SyncService.shellQuoted(journal).terminalSafe)\n")
            invocation.err("    git commit -m 'Bring back the journal'\n")
            return ExitCode.failure
        case .journalNotReplaced(let e):
            return invocation.fail(e)
        case .noIdentity(let name, let email):
            // git's own fix, whole: one command a line, never broken.
            invocation.fail(error.message, help: error.help)
            if name { invocation.err("    git config --global user.name \"Your Name\"\n") }
            if email { invocation.err("    git config --global user.email you@example.com\n") }
            return ExitCode.failure
        default:
            return invocation.fail(error.message, help: error.help)
        }
    }
}
