extension HelpTopic {
    static let editing = HelpTopic(
        name: "editing", aliases: ["writes", "logging"],
        summary: "how log, amend, delete, undo, edit and locations change the file",
        manTitle: "HOW THE JOURNAL IS CHANGED",
        text: #"""
            HOW SITECYCLE CHANGES YOUR JOURNAL

            Every write is one small text edit: append a line, replace one, or
            insert one. Comments, blank lines, alignment and the line endings of
            untouched lines stay byte for byte.

            THE PICKER
              `sitecycle log` on a terminal, without a location, opens a picker
              under the prompt (not full-screen: the scrollback stays); Enter,
              Enter logs the top recommendation, exactly as `log LOCATION`
              would (`sitecycle help log`). Esc or Ctrl-C cancels with nothing
              written (exit 130); the terminal is restored on every way out,
              signals included. In a script (no terminal) a location is still
              required.

            WHICH LOCATION `log` TAKES
              A full name in any case (quotes optional), the slug, the initials
              (`lfa`), the start of each word run together (`lbab`, `lbar`) or
              the start of the words (`left fr ab`, `lower`). Every location has
              a short form that names it alone (the Abbr column of `sitecycle
              locations`), and every hint suggests short forms, never an
              ambiguous one. Enabled locations are matched first; when several
              fit they are listed with what to type for each, and nothing is
              written. A disabled location is refused with the `locations
              enable` command to run; an unknown one gets a did-you-mean,
              initials one letter off included (`rfb`: "did you mean `rfa`
              (Right Front Abdomen) or `rft` (Right Front Thigh)?"). A zone is
              not a place for a site: `log front abdomen` (or `log front`) is a
              usage error that names its locations ("Front Abdomen is Left
              Front Abdomen or Right Front Abdomen") and writes nothing. Every
              enabled location may be logged, even one in Avoid: you get a
              gentle note with the rested alternatives.

            WHERE A NEW LINE GOES
              At the end of the file when it is the newest; otherwise right after
              the change it follows (and that change's note lines), so the file
              stays in time order. It is aligned like the lines already there
              (location and note columns learnt from the last hundred entries)
              and uses the file's own line ending (CRLF stays CRLF; a BOM stays).

            TIMES AND NOTES
              --at takes the forms of --now (`sitecycle help time`). Refused: a
              time after now, a time at which a change is already logged, and a
              local time that does not exist. An empty note is no note; a note
              may hold `;` and line breaks (written as continuation lines), and
              one with outer spaces or outer `"` is written quoted, so every
              note reads back exactly as it was logged. --previous-note adds to
              the note of the site being closed (the one active at --at) as a
              continuation line, so nothing written before is lost;
              --replace-note replaces it and prints the old one. The date, time
              and name stay as they were written.
              When a change leaves a site in for more than 3× the target (a
              backdated --at before the first entry, a forgotten change), `log`
              and `remove` warn; `check` lists every such session and `stats`
              counts them.

            AMEND AND DELETE
              `amend` rewrites only what you give; `delete` removes the line and
              its note lines and prints them, so you can log them again. Each is
              one small edit, re-checked before the file is replaced.

            UNDO
              `undo` reverses the last write sitecycle made (log, remove, amend,
              delete, locations, set, import, fmt, edit, or the merge of a
              conflict copy) byte for byte. Up to 50 writes per journal are
              remembered in $XDG_STATE_HOME/sitecycle/undo/ (else
              ~/.local/state/sitecycle/undo/): one private (0600) file per write
              holding only the changed lines and fingerprints of the file before
              and after, in a folder keyed to the journal's real path. It
              refuses when the journal is no longer exactly what that write left.
              (`undo` used to delete the newest entry; `delete last` does that.)
              Records are written in format 2 (`sitecycle-undo 2`, a word-wise
              fingerprint that is fast on big journals); records of format 1,
              written before, still undo.

            EDIT
              `edit` works on a private copy in the state folder
              ($XDG_STATE_HOME/sitecycle/edit/KEY/sites.journal), never
              beside the journal, where a synced folder or a repository would
              carry it; an edit that did not finish leaves it, with its `.base`
              beside it, and is never overwritten. --discard moves the copy
              aside rather than deleting it, so a wrong answer loses nothing. A
              resumed edit is saved only if the journal still is what it was
              when that edit began, so a change logged in between is never
              dropped; otherwise your text stays in the copy to merge by hand.

            LOCATIONS AND SET
              `locations rename` keeps a note on a renamed line in its column
              when the new name leaves room, else two spaces after it. What
              `locations sides` switches away from is disabled, never removed,
              so history keeps its names; switching back re-enables them.
              Names that differ only in case are one name, so `locations add
              hip` is refused while `Hip` is declared, or the zone Hip has Left
              Hip and Right Hip: otherwise `log hip` would go to the new one.
              `set` rewrites a value in place or adds the directive after the
              other settings. It never changes `timezone`: that would change the
              meaning of every time already written (edit the line by hand if
              you moved for good; a change logged travelling can carry its own
              offset instead).

            HOW A WRITE IS MADE
              A write takes an exclusive lock (an flock on the journal's folder,
              so no lock file is left for git or a sync client to see); a second
              `log` waits for the first and gives up after 5 seconds with a clear
              message and nothing changed. The edited text is parsed again
              before it replaces the journal: it goes to a temporary file in the
              same folder, flushed to disk, renamed over the journal (keeping its
              mode; a symlinked journal has its target replaced). A crash leaves
              the old file or the new one, never half. More in `sitecycle help
              security`.

            IN AN EDITOR
              `sitecycle lsp` checks the journal as you type, completes
              locations rested-first and offers check's fixes; on an entry
              the journal's CGM export (`cgm PATH`) shows as a probable
              glucose failure with no reason, it offers to record it ("Record
              reason high-glucose"), as `sitecycle amend N --reason
              high-glucose` would. Vim and Emacs get syntax, `:make` /
              Flymake and fmt from `sitecycle editor`.
              The language server never writes the file: your editor saves it,
              and the next command reads it. Setup: `sitecycle help editor`.

            """#)
}
