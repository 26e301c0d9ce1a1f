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
            60), naming the remote; the commit is kept. A network or
            authentication failure, or a conflict the driver could not resolve
            (two different edits of the same entry or setting), stops with a
            clear message and a non-zero exit; nothing is lost — conflicts are
            marked in the journal for `sitecycle check` and an editor. Once
            the journal is fixed, `sync` again concludes git's merge and pushes;
            while markers remain it names their lines and exits 1. A merge git
            made as text (a plain `git pull` before --setup, markers such as
            `<<<<<<< HEAD`) is redone by meaning from the three versions git
            kept; the marked text is kept in .git/sitecycle/. Without a git
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
            entries of both are kept. Every command warns when such copies
            exist. Outside git, with no conflict copies, there is nothing to
            sync (exit 1).
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
        guard JournalFile.exists(invocation.journalLocation.path) else {
            _ = invocation.readJournal()
            return ExitCode.failure
        }
        let request = SyncService.Request(journal: invocation.journalLocation.path,
                                          setupOnly: options.setupOnly, timeout: options.timeout)
        // Like every command that changes the journal, merging a conflict
        // copy first checks `--now`.
        let service = SyncService(git: Git(environment: invocation.env), fileSystem: invocation.fileSystem,
                                  folder: POSIXSyncFolder(), defaultZone: invocation.systemZone,
                                  environment: invocation.env,
                                  checkBeforeMerging: { journal throws(ServiceError) in
                                      do throws(CommandError) { _ = try invocation.now(for: journal) } catch {
                                          throw ServiceError(.callerRefused(.init(error)))
                                      }
                                  })
        let renderer = SyncRenderer(invocation: invocation)
        do throws(SyncError) {
            _ = try service.sync(request, progress: { event in
                // Each write is kept for `undo`; each step is said.
                if case .journalWritten(let before, let after) = event { invocation.remember(from: before, to: after) }
                renderer.render(event)
            })
            return ExitCode.ok
        } catch {
            return renderer.fail(error)
        }
    }
}
