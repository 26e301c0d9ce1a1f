import SiteCycleKit

extension CommandRegistry {
    static let devices = Command(
        name: "devices",
        summary: "the rotations in the journal (pump, sensor, …) and their sites",
        usage: "sitecycle devices [--json]",
        details: """
            Lists each rotation, the pump first: its target and any grace, the
            site in now and since when, and how many of the locations are for
            it. Declare another with `device NAME DURATION [grace DURATION]` in
            the header (or `sitecycle set device sensor 10d grace 12h`); give
            `--device NAME` to log, remove, status, recommend, history, stats,
            timeline, export, amend and delete.
            --json prints {"devices":[{"device","targetHours",["graceHours",]
            "locations","active":{"location","start"}|null}]}.
            """,
        reportsJSON: true,
        run: { invocation in
            invocation.report { journal, now throws(CommandError) in
                var json: [JSON] = []
                var out = ""
                for name in journal.deviceNames {
                    let rotation = journal.rotation(name)
                    let active = rotation.activeChange(at: now)
                    let count = journal.locations.filter { $0.isEnabled && $0.isFor(name) }.count
                    let target = journal.targetHours(of: name), grace = journal.graceHours(of: name)
                    json.append(.object([
                        ("device", .string(name)), ("targetHours", .double(target)),
                    ] + (grace.map { [("graceHours", JSON.double($0))] } ?? []) + [
                        ("locations", .int(count)),
                        ("active", active.map { .object([("location", .string(journal.name(of: $0)!)),
                                                         ("start", .string(formatISO8601($0.start, offsetSeconds: $0.offset)))]) }
                            ?? .null),
                    ]))
                    out += invocation.outStyle.bold(name) + "  target \(SettingValues.hoursSetting(target))"
                        + (grace.map { " + \(SettingValues.hoursSetting($0)) grace" } ?? "") + ", \(count) location"
                        + (count == 1 ? "" : "s") + "\n"
                    out += "  " + (active.map { "\(journal.name(of: $0)!) since \(displayStart($0))" } ?? "no site in") + "\n"
                }
                invocation.out(invocation.json ? JSON.object([("devices", .array(json))]).rendered() : out)
            }
        })
}
