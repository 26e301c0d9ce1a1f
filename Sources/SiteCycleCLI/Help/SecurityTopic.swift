extension HelpTopic {
    static let security = HelpTopic(
        name: "security", aliases: ["safety", "privacy"],
        summary: "how files are read and written, what is validated and escaped",
        manTitle: "SECURITY AND SAFETY",
        text: #"""
            SECURITY AND SAFETY
            The journal is health data, often the only copy of years of it.

            ONE DOOR: THE JOURNAL, AND NO LINK BESIDE IT
              The journal may be a symlink: that is your choice, and it is
              resolved once per run. Nothing else is followed. A peer of a
              shared folder (Syncthing syncs symlinks) or a repository you
              cloned (git checks one out) can put a link under any name beside
              the journal, so every other file sitecycle reads, writes, moves
              or creates goes through one file policy: conflict copies,
              .sitecycle-merged/, .gitattributes, what sync keeps in .git/,
              edit's copies, the undo history and reminder state, -o outputs
              and the reminder units of `remind --install`.
              - Its name is opened with O_NOFOLLOW, and below the journal's
                folder every folder on the way too; so is the state folder's
                own `sitecycle` folder and everything in it (undo, edit,
                remind, cgm). The folders above that ($XDG_STATE_HOME, else
                ~/.local/state) are yours, and may be links. What is opened
                must be a regular file or a real folder. A link or anything
                else there is left alone, never followed, removed or replaced:
                the command names it ("it is a symlink; it was left alone")
                and stops or goes on without it. A link at a conflict copy's
                name is named by every command, unread.
              - Nothing is written outside the journal's folder, its
                repository or $XDG_STATE_HOME/sitecycle, except what you name
                (-o) and the units `remind --install` says it writes.
              - An output that is the journal (by name, through a link or a
                hard link), edit's copies or a file of the undo state is
                refused: "that is the journal".
              - A file sitecycle did not create keeps its mode: an existing
                -o file, .gitattributes, the file git hands to `merge`. New
                files are 0600, new folders 0700.

            ONLY REGULAR FILES
              The journal, an import file and a merge input must be a regular
              file (the journal and an import file may be a symlink to one).
              It is opened with O_NONBLOCK and checked with fstat before a
              byte is read, so a FIFO is refused instead of hanging and a
              device (/dev/zero) is never read. Only a regular file is ever
              replaced: a journal that is a device or FIFO is refused with its
              type named, and `export -o` writes into a device or FIFO named
              as it is (not through a link) rather than renaming a file over
              it (which, as root, would replace /dev/null).

            SIZE CAP
              Reads stop at 256 MB (a lifetime journal is a few MB), on the size
              fstat reports and again while reading; the error names the file.
              $SITECYCLE_MAX_BYTES lowers the cap (tests use it); it cannot
              raise it. `import` reads at most 64 MB.

            BIG JOURNALS ARE MAPPED, FOR READING ONLY
              `check` and the commands that only report (status, recommend,
              stats, history, export, report, map, …) map a journal of 1 MB or
              more (about 25,000 changes) instead of copying it in, and keep
              only a few megabytes of it in memory at a time. A command that
              changes the journal always reads it into memory first: a file
              another program rewrites in place while we copied from a mapping
              could put its half-written line into what we write. If another
              program cuts a mapped journal short while it is read, the command
              stops with "the journal was cut short by another program while it
              was being read; nothing was changed" and exits 1; run it again.

            HOW FILES ARE WRITTEN
              A change goes to a new temporary file beside the journal,
              `.NAME.tmp-PID-RANDOM`, created with O_CREAT|O_EXCL|O_NOFOLLOW and
              mode 0600, so nothing planted in the folder in advance (a symlink
              under a guessed name) is followed or reused. It is written, given
              the journal's owner, group and mode (fchown, then fchmod),
              flushed, renamed over the journal, and the folder flushed, under
              an flock on the folder, so writers take turns. A crash leaves the
              old journal or the new one; a killed writer's temporary is removed
              by the next write (the pid in its name tells a dead writer from a
              live one). A symlinked journal has its target replaced and the
              link kept.
              Owner and mode are kept: root writing a user's journal leaves it
              the user's. A user who may write a journal owned by someone else
              (group-writable) cannot give the new file away, so the write is
              refused rather than taking the journal over; a read-only journal
              (no owner write bit) is never replaced.
              New files are private: `init`, `edit`'s copies and a new export
              or report are created 0600 (folders 0700), with O_NOFOLLOW:
              never through a symlink (`init` and `edit` never over an
              existing file; -o replaces one, keeping its mode). Unfinished
              edits are never overwritten or deleted (`help edit`). The undo
              history lives in $XDG_STATE_HOME/sitecycle/undo/, edit's copies
              in $XDG_STATE_HOME/sitecycle/edit/ and the reminders sent in
              $XDG_STATE_HOME/sitecycle/remind/ (0700 folders, 0600 files), one
              folder or file per journal: nothing of theirs is beside the
              journal, where a synced folder or a repository would carry it.
              The glucose readings of a CGM export the advice reads (`cgm PATH`,
              --cgm) are kept in $XDG_STATE_HOME/sitecycle/cgm/, one 0600 file
              per export, so that it is parsed once per version (size, times,
              inode): health data, private like the journal. A kept file that
              does not read back is rebuilt; one that cannot be written is
              skipped. Delete the folder at any time: it is only a copy.
              Without $HOME the home folder in /etc/passwd is used; with
              neither, commands ask for -f instead of creating `./~`. A journal
              path that is a symlink to nothing is named with its target.

            DELETED LINES
              A deleted entry, note and all, stays in the undo history for
              the last 50 writes. After that it is kept in
              $XDG_STATE_HOME/sitecycle/undo/KEY/deleted-entries (0600, with
              the time it was deleted) only while a conflict copy beside the
              journal is older than the deletion, or none has come yet, so
              that `sync` does not bring it back, and 90 days at most: every
              write and sync prunes
              the file and removes it when empty. With no conflict copy
              waiting, `rm` it at any time (`help delete`). A link at its name
              is named by every write (then not recorded for undo) and stops
              sync; it is never followed.

            WHAT IS VALIDATED
              Every location name, from the journal, the command line or an
              import, passes one rule (starts with a letter, no `;`, no control
              characters, not `removed` or `Z`); every note passes another (a
              line break becomes a continuation line; a lone CR, NUL or other
              control character is refused, or the imported row rejected). The
              editor refuses to write any new line that holds a line break of
              its own, so nothing typed or imported can add an entry or a
              directive.
              JSON is read by one strict decoder (RFC 8259) everywhere:
              `import`, `outcomes --cgm` on Nightscout entries and the
              language server. Arrays and objects nested deeper than 512 are
              refused, so a hostile file cannot exhaust the stack. An object
              that gives a key twice is refused, naming the key and its line
              and column: which of two values was meant is never guessed.

            WHAT REACHES YOUR TERMINAL, A SHELL OR A NOTIFICATION
              Control characters in notes, names and file names (ESC, BEL, C1)
              are printed as `\x1b` by one function, in every report, message,
              import report and calendar export; `check` warns about them. A
              path is escaped whole wherever it is printed (diagnostics,
              `--format gnu`, "Wrote … to"), a line break as `\x0a`, so it
              never splits a line. A path is bytes: a name that is not UTF-8
              (`caf\xe9`, from a Latin-1 system) is opened, created and renamed
              as it is, never at a repaired name, and printed as `\xe9`. CSV
              cells a person typed (notes, locations, devices, reasons, lots)
              starting with `=`, `+`, `-`, `@`, tab or CR get a leading `'` so
              a spreadsheet does not run them; `import` takes it off again.
              A location name may hold `$(…)`, backticks, quotes or `!`. Shell
              completion inserts it as its own text in bash, zsh and fish, after
              `"`, after `'` or bare (bash gets it escaped for the quote you
              opened; zsh and fish quote it themselves), so completing a name
              never runs it: tested at real prompts. `remind --install` writes
              paths into the unit file as systemd reads them (`%` and `$`
              doubled, double-quoted with `\` and `"` escaped) and into the
              crontab line as cron and sh read them (single-quoted, `%` as
              `\%`); a path with a line break or other control character is
              refused, so it cannot add a directive or a crontab entry. The body
              given to notify-send is escaped (&amp;, &lt;, &gt;, quotes), so a
              name shows as written, never as a link or markup.

            WHAT `sync` RUNS
              git only, with argument vectors (never a shell line), at the
              repository's top, with GIT_TERMINAL_PROMPT=0; `--` goes before
              every user-supplied value, and remote or branch names starting
              with `-` are refused (git would read `--upload-pack=…` as an
              option and run a program). Fetch and push stop after --timeout
              seconds (60 by default), keeping your commit. `sync --setup`
              writes the journal's name into .gitattributes quoted the way git
              reads it (a newline or glob character in the name cannot break
              or widen the pattern).
              git writes what it checks out readable by everyone (0666 less
              your umask: a fresh clone's journal is 0644). `sync --setup` takes
              group and other permissions off the journal, and `sync` does again
              after every git step (merge, pull, conflict), so it stays 0600.
              Conflict copies moved into .sitecycle-merged/ (unless they have
              another name elsewhere, a hard link) and the text kept after a
              plain `git pull` are 0600 too. git's own
              object store under .git/ follows your umask: keep the repository
              in a private folder (or `chmod 700 .git`).

            REPORTING A PROBLEM
              Open an issue in the project's tracker with the command you ran
              and, if you can, a journal that shows it (remove your own data
              first). For anything that could expose someone's data, say so in
              the title and leave the details out until a maintainer asks for
              them privately.

            """#)
}
