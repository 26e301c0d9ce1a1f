import SiteCycleKit

/// A time that has happened, read in the journal's zone: `--at` for log,
/// remove and amend, `--end` for amend. Declared once; each command says
/// in its summary what the time is of.
struct PastTimeOption {
    static func spec(_ summary: String) -> OptionSpec { spec("--at", summary) }
    static func spec(_ name: String, _ summary: String) -> OptionSpec {
        OptionSpec([name], value: "TIME", summary)
    }

    let role: TimeQuery.Role
    /// As typed; nil when not given.
    var text: String?

    init(_ arguments: ParsedArguments) { self.init("--at", arguments) }
    init(_ name: String, _ arguments: ParsedArguments) {
        role = name == "--end" ? .end : .at
        text = arguments.value(name)
    }

    var isGiven: Bool { text != nil }

    /// The time as typed, its form checked before any file is read; nil
    /// when not given. The Kit reads it in the journal's zone
    /// (`ChangeContext.past`).
    func query(_ clock: RunClock) throws(CommandError) -> TimeQuery? {
        guard let text else { return nil }
        let query = TimeQuery(role, text)
        if let problem = query.problem(clock: clock) { throw CommandError(problem) }
        return query
    }

    /// The instant, read outside a change (the picker's "as of"), as the
    /// Kit reads it for one: `now` when not given, a time after `now`
    /// refused, on the minute unless typed with seconds.
    func instant(_ invocation: Invocation, in journal: Journal, now: Instant) throws(CommandError) -> Instant {
        var context = ChangeContext(clock: invocation.runClock, now: now)
        let query = text.map { TimeQuery(role, $0) }
        do throws(ServiceError) {
            let instant = try context.past(query, zone: journal.zone)
            context.notes.forEach(invocation.say)
            return instant
        } catch {
            throw CommandError(error)
        }
    }
}
