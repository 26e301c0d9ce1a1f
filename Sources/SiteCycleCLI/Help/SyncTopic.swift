extension HelpTopic {
    /// Shown after the `sync` command's own page by `help sync`.
    static let sync = HelpTopic(
        name: "sync", aliases: ["syncing", "git"],
        summary: "the journal on two computers: git, or a shared folder",
        manTitle: "SYNCING BETWEEN COMPUTERS",
        text: #"""
            SYNCING BETWEEN COMPUTERS
            The app syncs through iCloud; the journal syncs through git or a
            shared folder, and two computers' worth of offline logging meet
            without a conflict.

            WITH GIT
              Keep the journal in a repository with a remote you can push to.
              In each clone, once:

                sitecycle sync --setup     the merge driver and .gitattributes

              then, whenever you like (after a `log`, from cron):

                sitecycle sync             commit, merge the remote, push

              --setup adds `sites.journal merge=sitecycle` to .gitattributes
              (quoted as git reads it) and sets merge.sitecycle.name and
              merge.sitecycle.driver (this binary's path, `merge %O %A %B`) in the
              repository's git config; running it again changes nothing. The
              commit message says what changed ("log Left Front Abdomen 2026-02-07
              08:15; set target 48h", "rename location Left Hip to Left Flank",
              "add .gitattributes (merge driver)"), every change in words, so `git
              log` on the other computer reads what happened: a device other than
              the pump by name ("remove libre 2026-11-21 08:00"), a pause ("pause
              location Left Hip until 2026-12-01", "resume location Left Hip"), a
              `for` list ("location Lower Back for pump,libre"), devices, and the
              order of locations; "reformat the journal (comments and layout
              only)" means exactly that. The journal may sit anywhere in the
              repository (`-f health/sites.journal`): git runs at the top of the
              work tree, with paths relative to it. sitecycle runs git with
              argument vectors, never a shell line, and never waits for a password
              prompt; it puts `--` before every name it passes and checks every
              git step's exit status. A remote that does not answer is given up on
              after --timeout seconds: git and whatever it started, ssh included,
              are stopped, and your commit is kept. A push another clone's push
              beat (two syncs at the same moment: git answers "fetch first" or
              "failed to update ref") is no unreachable remote: sync says so,
              fetches, merges and pushes again, up to 3 times, then stops saying
              the pushes kept losing the race, with all it merged committed here.
              A push refused for another reason is said in git's words.

            HOW TWO VERSIONS MERGE
              `sitecycle help merge` has the rules: entries match by start,
              settings by keyword, locations by name, and only true conflicts
              are marked. Beyond them: removing the last location and adding
              one reads as a rename (the text cannot tell the two apart); a
              location deleted on one side while the other logged to it stays
              declared; location order follows OURS with THEIRS's additions
              after their predecessor. The merge is linear in the size of the
              journal: 40,000 entries edited on both sides merge in about a
              second (a debug build).
              After a conflict, fix the journal in an editor (`sitecycle check`
              says where) and run `sync` again: with git's merge still in
              progress and the journal clean, it adds the journal, commits and
              pushes; while conflict markers remain, it names their lines
              (`sites.journal:7`) and exits 1 without committing. Nothing is
              dropped silently.
              A plain `git pull` in a clone not yet set up merges the journal as
              text and leaves git's markers (`<<<<<<< HEAD`). `sync` sees the
              journal unmerged in git's index, merges the three versions git
              kept by meaning instead, and concludes the merge; the marked text
              is kept in .git/sitecycle/sites.journal.marked. It does so only
              while the journal is exactly what git's text merge wrote: once you
              have begun to resolve it by hand, it is yours, and sync names the
              marker lines left instead. A resolution you finished is yours
              too, whichever side of each conflict you kept (HEAD's lines
              whole included): sync commits it as you wrote it. sync merges
              over only what git (or the driver) wrote and nobody changed
              since. What the merge kept that you might not expect (an entry
              kept under a location the other side replaced) sync says after
              "Merge note:", as `sitecycle merge` does.
              git merges only the journal through sitecycle: a conflict git
              left in any other file (.gitattributes, notes) stops sync with
              the file named; nothing is committed or pushed with git's
              markers. Resolve it, `git add` it, and sync again.

            WHAT A MERGE MUST KEEP
              Before sync commits any merge, it checks the result against both
              sides (HEAD and MERGE_HEAD, from their merge base): every entry of
              either side is in the result or inside a marked conflict, and no
              entry is changed unless one side changed it (a location renamed
              on one side may carry the other side's entries to its new name on
              the same body side). git's result that fails (a binary merge, a
              `-merge` line, a driver that did not run) is merged again by
              meaning, and sync names the entries that were at stake; where
              even that would fail, both sides are kept whole between markers.
              Before merging, sync asks git which merge driver is in effect and
              repairs a stale driver path or an overriding .gitattributes line,
              or refuses with the reason. A detached HEAD, and a remote that
              deleted the journal or made it a symlink, are refused before
              anything changes.

            WITH A SHARED FOLDER (Syncthing, Dropbox, Nextcloud)
              When two computers change the journal at once, these leave a
              conflict copy beside it
              (`sites.sync-conflict-20260207-101010-DEVICE.journal`, `sites (…
              conflicted copy …).journal`). Every command then prints one
              warning line; `sitecycle sync` merges each copy into the journal
              and moves it into .sitecycle-merged/ beside the journal, never
              deleting it. The merge is by meaning, against the journal as it
              was when the two went apart, rebuilt from this computer's undo
              history: an entry deleted or corrected here since stays deleted
              or corrected, and every entry logged on either side is kept.
              The undo history keeps the last 50 writes; what older writes
              deleted is remembered beside it (deleted-entries in the state
              folder) while a copy older than the deletion is there, 90 days
              at most, so that copy cannot bring it back either (`help
              delete`). A .sitecycle-merged (or .git/sitecycle) that is a link
              or a file stops sync before the journal changes: remove or
              rename it.

            A TIDY HISTORY
              `sitecycle fmt --check` exits 1 when the journal is not in
              canonical layout: use it in a pre-commit hook, and `sitecycle fmt`
              to fix it.

            """#)
}
