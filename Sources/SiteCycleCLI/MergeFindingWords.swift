import SiteCycleKit

/// What a merge brought together from both sides, in words `sync` and
/// `merge` both say, naming the sides as the reader knows them.
extension ProbableDuplicate {
    var words: String {
        "Probable duplicate from the merge: line \(line) repeats line \(earlierLine) "
            + "(\(location.terminalSafe), \(minutes == 0 ? "seconds" : "\(minutes) min") apart); "
            + Diagnostic.Help.deletePossibleDuplicate(line: line).words + "."
    }
}

extension DifferentSitesLogged {
    /// `ours`/`theirs`: where each entry came from ("this clone",
    /// "origin/main"; "OURS", "THEIRS").
    func words(ours: String, theirs: String) -> String {
        func entry(_ e: Entry) -> String {
            "line \(e.line), \(e.location.terminalSafe) at \(e.start) (\(e.fromOurs ? ours : theirs))"
        }
        let sites = device.map { "\($0.terminalSafe) sites" } ?? "sites"
        return "Two \(sites) logged \(DifferentSitesLogged.apart(minutes)) apart, one on each side of the merge: "
            + entry(earlier) + ", and " + entry(later) + ". Both are kept. If only one went in, delete the other: "
            + "`sitecycle delete \(earlier.line)` or `sitecycle delete \(later.line)`."
    }

    /// "34 minutes", "1 hour", "3 hours 5 minutes".
    static func apart(_ minutes: Int64) -> String {
        func count(_ n: Int64, _ unit: String) -> String { "\(n) \(unit)\(n == 1 ? "" : "s")" }
        if minutes < 60 { return count(minutes, "minute") }
        return count(minutes / 60, "hour") + (minutes % 60 == 0 ? "" : " " + count(minutes % 60, "minute"))
    }
}
