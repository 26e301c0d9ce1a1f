import SiteCycleKit

/// `--reason WORD` / `--previous-reason WORD` and `--lot TEXT`: why a site
/// ended and its lot, read and checked before the journal is touched.
enum ReasonOption {
    static func spec(_ summary: String, name: String = "--reason") -> OptionSpec {
        OptionSpec([name], value: "REASON", summary)
    }

    static let lotSpec = OptionSpec(["--lot"], value: "TEXT", "the lot or serial number of the new site or sensor")

    /// The reason a word names; a typo is refused with the nearest word.
    static func reason(_ typed: String, option: String) throws(CommandError) -> EndReason {
        if let reason = EndReason(word: typed.lowercased()) { return reason }
        throw CommandError("unknown reason `\(excerpt(typed))` for \(option)",
                           help: EndReason.nearest(to: typed).map { "did you mean `\($0)`? (`sitecycle help journal` lists the reasons)" }
                               ?? "reasons: \(EndReason.words.joined(separator: ", "))",
                           usage: true)
    }

    /// `--reason none` clears it (amend).
    static func change(_ typed: String, option: String) throws(CommandError) -> ClauseChange<EndReason> {
        typed == "none" ? .remove : .set(try reason(typed, option: option))
    }

    /// A lot as typed: one word, nothing that could end the clause.
    static func lot(_ typed: String) throws(CommandError) -> String {
        if let problem = EntryClauses.lotProblem(typed) {
            throw CommandError("--lot: \(problem)", help: "write the lot as printed on the box, e.g. `--lot 5267348`", usage: true)
        }
        return typed
    }

    /// Each reason's one-line meaning: `help journal` and the completions.
    static func meaning(_ reason: EndReason) -> String {
        switch reason {
        case .occlusion: "the pump alarmed: insulin could not get through"
        case .fellOff: "the site or sensor came loose or was pulled out"
        case .pain: "it hurt or itched too much to keep"
        case .bleeding: "blood at the site or in the tubing"
        case .kinked: "the cannula bent or kinked under the skin"
        case .highGlucose: "glucose stayed high: insulin was not absorbed"
        case .skinReaction: "redness, rash or swelling at the site"
        case .deviceError: "the sensor, pod or set failed or reported an error"
        case .other: "any other reason (say which in the note)"
        }
    }

    /// The vocabulary as help lists it: a word and its meaning a line.
    static var vocabulary: String {
        EndReason.allCases.map { "  " + $0.word + String(repeating: " ", count: max(1, 15 - $0.word.count)) + meaning($0) }
            .joined(separator: "\n")
    }
}
