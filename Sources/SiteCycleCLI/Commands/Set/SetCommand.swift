import SiteCycleKit

extension CommandRegistry {
    static let set = Command(
        name: "set",
        summary: "show or change the journal's settings",
        usage: "sitecycle set [target HOURS | device NAME DURATION [grace DURATION] | rest DURATION | absorption-threshold N% | absorption-mode mean|robust | strategy S | patient NAME]",
        details: """
            With no arguments, shows the settings in force (defaults included).
            Otherwise rewrites the value of that directive in the header, or adds
            the directive after the other settings when the header has none
            (a new `device` goes after the other `device` lines):

              sitecycle set target 48h             (also 48, 2d)
              sitecycle set device sensor 10d      (a second rotation; see
                                                    `help devices`)
              sitecycle set device sensor 10d grace 12h
                                                   (12 h more before the
                                                    sensor is overdue)
              sitecycle set rest 5d                (a site rests 5 days
                                                    after any use)
              sitecycle set absorption-threshold 15%
              sitecycle set absorption-mode robust (stats compares medians)
              sitecycle set strategy cooldown 2    (by-site, by-body-part, cooldown N)
              sitecycle set patient "Ada Lovelace" (the clinic report's header;
                                                    `help journal`)

            A journal's `patient` line is shown only when it has one; to take
            the name out, delete the line (`sitecycle edit`).

            The time zone is not set here: changing it changes what every time
            already in the journal means. If you moved for good, edit the
            `timezone` line by hand, knowing that; a time logged while
            travelling can carry its own offset instead.
            """,
        positionals: 0...12,
        reportsJSON: true,
        run: { invocation in
            let options = SetOptions(invocation.arguments)
            guard let key = options.key else {
                return invocation.report { journal, _ throws(CommandError) in SettingsRenderer.show(journal, invocation) }
            }
            let request: SettingsService.Request
            do throws(CommandError) { request = try SettingsCommand.request(key, options.value) } catch {
                return invocation.fail(error)
            }
            return invocation.change(request, render: { o in SettingsRenderer.render(o, invocation) })
        })
}
