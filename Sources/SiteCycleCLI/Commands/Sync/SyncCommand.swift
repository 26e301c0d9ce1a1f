import FoundationEssentials
import SiteCycleKit

extension CommandRegistry {
    static let sync = Command(
        name: "sync",
        summary: "sync the journal with git; merge conflict copies",
        usage: "sitecycle sync [--setup] [--timeout SECONDS]",
        details: """
            In a git repository: commits the journal if it changed (the message
            says what: "log Left Front Abdomen 2026-02-07 08:15; set target
            48h", "amend 3 site changes: …"), fetches and
            merges the remote branch through the journal merge driver, and
            pushes. The remote is the one `git pull` would use: the branch's
            upstream, else `origin`, else the first `git remote` lists.
            Without a remote it commits and says so. The journal may be in a
            subfolder: git runs at the top of the repository. "In sync"
            means HEAD is the remote branch after the push. A remote or branch
            whose name starts with "-" is refused (git would read it as an
            option). Fetch and push give up after --timeout seconds (default
            60), naming the remote; the commit is kept. A push that loses a race
            (another clone pushed since the fetch) is said, and sync fetches,
            merges and pushes again, up to 3 times. A network or
            authentication failure, or a conflict the driver could not resolve
            (two different edits of the same entry or setting), stops with a
            clear message and a non-zero exit; nothing is lost — conflicts are
            marked in the journal (sync names their lines) for `sitecycle
            check` and an editor. Once the journal is fixed, `sync` again
            concludes git's merge and pushes; while markers remain it names
            their lines and exits 1.

            Before every merge, sync asks git which merge it will really use
            (`git check-attr merge`): a driver path left from a binary since
            moved or reinstalled is pointed at this binary, and a later
            .gitattributes line (`* binary`, `-merge`, another `merge=`) is
            outranked by moving sitecycle's line last; where that cannot win
            (.git/info/attributes) sync refuses, saying what git would use.
            git merges without committing, and the result is checked before
            the merge commit: every entry of either side is in it or inside a
            marked conflict, and none is changed unless one side changed it.
            A result that breaks this (git kept one side whole, or merged as
            text) is merged again by meaning, naming the entries at stake; git's
            result is kept in .git/sitecycle/. A merge git made as text (a
            plain `git pull` before --setup, markers such as `<<<<<<< HEAD`) is
            redone the same way, but only while the journal is exactly what
            git wrote: a resolution you have begun, and marker-like lines that
            are a version's own content, are never merged over. A resolution by
            hand is yours: it may keep either side of each conflict (HEAD's
            whole too) and is committed as written; one that drops an entry no
            conflict was about is refused. sync merges over only a journal
            that is still what git or the driver wrote. What the merge kept
            that a reader might not expect is said after "Merge note:". A
            conflict git left in another file (.gitattributes, a note file)
            stops sync naming the file; nothing is committed with git's
            markers: resolve it, `git add` it, and sync again.

            A detached HEAD is refused before anything is committed (`git
            switch BRANCH` carries the change over). A remote whose branch
            deleted or moved the journal is refused before merging: the journal
            stays as it is, and sync prints the git commands that bring it
            back there. A merge under way that deletes the journal you changed
            (modify/delete) says so; `git add -- JOURNAL` keeps it. Without a git
            name and email, sync changes nothing and prints the two `git
            config --global user.name/user.email` lines to run. git writes
            files readable by everyone: after each git step sync makes the
            journal private again (0600).

            --setup (run once per clone; `sync` does it when needed) adds
            `JOURNAL merge=sitecycle` to .gitattributes and sets
            merge.sitecycle.name and merge.sitecycle.driver in the repository's
            git config to call this binary, and makes a cloned journal private.
            It is safe to run again.

            Shared folders (Syncthing, Dropbox, Nextcloud): conflict copies next
            to the journal are merged into it as git merges, against the
            journal as it was when the two went apart, and moved into
            .sitecycle-merged/ beside it, never deleted. That base is rebuilt
            from this machine's `undo` history: an entry deleted or amended
            here since then stays deleted or amended (whichever of the two
            files the sync client kept), and sync says what it kept and why.
            Where the history cannot show that the copy saw the base, an entry
            the copy lacks or has otherwise is kept as it was here, and named.
            With no history (a journal not written by sitecycle here), all
            entries of both are kept. A copy's merge is held to the same rule as
            git's before it is written: every entry of either file is kept (or
            named as kept as it was here), none changed unless one side changed
            it; a merge that breaks it is not written, both files are kept whole
            between markers, and sync names the entries at stake. A
            .sitecycle-merged (or .git/sitecycle) that is a link or a file stops
            sync before the journal changes, naming it: remove or rename it. A
            conflict copy that is a symlink (or anything but a file) is never followed:
            sync names it, leaves it and what it points to alone, and merges
            the other copies. Every command warns when such copies exist.
            Outside git, with no conflict copy to merge, there is nothing to
            sync (exit 1).

            After a merge (git's or a copy's), sync names each probable duplicate
            the merge made: two entries of one device at one location at most 15
            minutes apart, one from each side (the same change logged on two
            computers), with `check`'s fix: `sitecycle delete N` for the later
            line. It names too each pair of changes of one device at different
            locations, one from each side, closer than the device's grace period
            or 4 hours, whichever is longer (one site change logged on two
            computers, each at the site it thought was next): both lines, how far
            apart they are, and `sitecycle delete N` for either. Both are kept,
            nothing is removed: only the merge knows the two came from two
            computers, so `check` does not warn of it (to `check` it is a site
            that failed early). Each write sync makes to the journal is kept for
            `undo` (recorded under the same lock as the write): `sitecycle undo`
            right after a sync puts the journal back as it was before the merge.
            """,
        options: SyncOptions.specs,
        run: { SyncCommand(invocation: $0).run() })
}

/// `sync` on the command line: read the options into a request, hand it to
/// `SyncService` (git through the real `Git`, the disk through POSIX), and
/// have `SyncRenderer` print each step as it happens and, if it stopped, why.
struct SyncCommand {
    let invocation: Invocation

    func run() -> Int32 {
        let options: SyncOptions
        do throws(UsageError) { options = try SyncOptions(invocation.arguments) } catch { return invocation.usageError(error) }
        guard invocation.fileSystem.exists(invocation.journalLocation.path) else {
            _ = invocation.readJournal()
            return ExitCode.failure
        }
        let request = SyncService.Request(journal: invocation.journalLocation.path,
                                          setupOnly: options.setupOnly, timeout: options.timeout)
        // Like every command that changes the journal, merging a conflict
        // copy first checks `--now`.
        // Each write is remembered for `undo` inside its own lock.
        let recording = invocation.undoRecording()
        let service = SyncService(git: Git(environment: invocation.env), fileSystem: invocation.fileSystem,
                                  folder: POSIXSyncFolder(), defaultZone: invocation.systemZone,
                                  environment: invocation.env, recording: recording,
                                  clock: invocation.runClock)
        let renderer = SyncRenderer(invocation: invocation)
        do throws(SyncError) {
            _ = try service.sync(request, progress: { event in
                // Each step is said, and a write `undo` cannot reverse.
                switch event {
                case .journalWritten: if recording == nil { invocation.warnIfNotRecorded(nil, recording: nil) }
                case .notRecorded(let failure): invocation.warnIfNotRecorded(failure, recording: recording)
                default: renderer.render(event)
                }
            })
            return ExitCode.ok
        } catch {
            return renderer.fail(error)
        }
    }
}
