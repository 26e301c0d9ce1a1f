import SiteCycleKit

/// A time that has happened, read in the journal's zone: `--at` for log,
/// remove and amend, `--end` for amend. Declared once; each command says
/// in its summary what the time is of.
struct PastTimeOption {
    static func spec(_ summary: String) -> OptionSpec { spec("--at", summary) }
    static func spec(_ name: String, _ summary: String) -> OptionSpec {
        OptionSpec([name], value: "TIME", summary)
    }

    let name: String
    /// As typed; nil when not given.
    var text: String?

    init(_ arguments: ParsedArguments) { self.init("--at", arguments) }
    init(_ name: String, _ arguments: ParsedArguments) {
        self.name = name
        text = arguments.value(name)
    }

    var isGiven: Bool { text != nil }

    /// The instant, `now` when not given; a time after `now` is refused.
    /// On the minute unless typed with seconds (`TimeArgument.namesSeconds`):
    /// `-2d` or a clock reading 08:15:42 writes `08:15`.
    func instant(_ invocation: Invocation, in journal: Journal, now: Instant) throws(CommandError) -> Instant {
        let read = try exactInstant(invocation, in: journal, now: now)
        return text.map(TimeArgument.namesSeconds) == true ? read : read.onTheMinute
    }

    private func exactInstant(_ invocation: Invocation, in journal: Journal, now: Instant) throws(CommandError) -> Instant {
        guard let text else { return now }
        switch invocation.readTime(text, zone: journal.zone, now: now) {
        case .failure(let e):
            throw CommandError("invalid \(name): \(e.message)", help: e.help, usage: true)
        case .success(let t):
            guard t <= now else {
                throw CommandError("\(name) \(text) is in the future",
                                   help: "it is now \(displayTime(now, in: journal.zone)); log what has happened")
            }
            return t
        }
    }
}
