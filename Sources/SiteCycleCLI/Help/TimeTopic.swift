extension HelpTopic {
    static let time = HelpTopic(
        name: "time", aliases: ["times"],
        summary: "the times --now, --at, --end, --from and --to take",
        manTitle: "TIMES",
        text: #"""
            Times for --now, --at, --end, --from and --to (and $SITECYCLE_NOW) are
            read in the journal's time zone:

              2026-02-07                a day: its midnight; as --to, all of it
              2026-02-07 08:15[:30]     a wall-clock time
              2026-02-07 08:15 +01:00   with an offset (+0100, +01, Z)
              2026-02-07T08:15:00Z      ISO-8601
              07:45                     today at 07:45
              today, yesterday          that day (as --to, all of it)
              yesterday 21:00           a time yesterday
              -2h, -30m, -3d, -1d2h     that long before now
              now                       now

            `today`, `yesterday`, a bare time and `-…` count from --now when it is
            given, else from the clock. --from after --to is refused (a usage
            error). A local time the clock skipped (daylight saving) is refused
            with the time to use. `log --at` in the autumn fold writes the
            second occurrence with its offset, so it reads back as logged.
            A day and a time are one argument: quote them (`--at "2026-12-16
            07:30"`). Unquoted, the time would read as a word of its own, so it
            is refused with the quoted form to type.
            A time written into the journal keeps seconds only when you typed
            them (`08:15:30`); `now`, `-2d` and the like land on the minute.

            Travelling: add `local` to read a time or day in your clock's zone
            ($TZ, else the system's) instead: `08:00 local`, `yesterday 21:00
            local`, `2026-02-07 08:15 local`. When your clock's zone differs from
            the journal's, a time of day without `local` or an offset is still
            journal time, and a note on stderr says so (for --at, --end, --from,
            --to and an entry's time; --now and $SITECYCLE_NOW, moments to
            evaluate at, are read quietly).

            $TZ is read in glibc's forms: a zone name (Asia/Tokyo), the same after a
            colon (:Asia/Tokyo), or the path of a zoneinfo file, with or without
            a colon (:/usr/share/zoneinfo/Asia/Tokyo). A POSIX rule (JST-9) names
            no zone: the system's zone is used, and `init`, or a journal without
            a `timezone` line, says so on stderr.

            --now (or $SITECYCLE_NOW) evaluates every command as of that moment
            instead of the clock: for reminders, for "what would it have said",
            and for tests. JSON output writes times as ISO-8601 with an offset.

            """#)
}
