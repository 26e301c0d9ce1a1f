import SiteCycleKit

extension MergeNote {
    /// What the merge kept and why, naming the sides as the reader knows
    /// them (`OURS`/`THEIRS` for git's driver, "this journal"/"the copy"
    /// for a shared folder).
    func words(ours: String, theirs: String) -> String {
        switch self {
        case .keptLocation(let name, let removedBy, let uses, let added):
            let (remover, other) = removedBy == .ours ? (ours, theirs) : (theirs, ours)
            let entries = uses == 1 ? "1 entry" : "\(uses) entries"
            var text = "\(name) stays declared: \(remover) removed it, but \(entries) of \(other) "
                + (uses == 1 ? "names" : "name") + " it (kept as written)."
            if !added.isEmpty {
                let list = added.count == 1 ? added[0] : added.dropLast().joined(separator: ", ") + " or " + added.last!
                text += " \(remover) added \(list); no entry shows a rename of \(name), so none was moved."
                    + " If it was one, move \(uses == 1 ? "the entry" : "the entries") with `sitecycle amend`."
            }
            return text
        case .keptEntry(let entry, let against, let deleted):
            let (that, other) = against == .ours ? (ours, theirs) : (theirs, ours)
            return deleted
                ? "Kept \(entry): \(that) lacks it, but nothing shows \(that) ever had the write that made it. "
                    + "If it was deleted there on purpose, delete it again."
                : "Kept \(entry) as \(other) has it: \(that) has it otherwise, and nothing shows which came later. "
                    + "If \(that) was right, amend it again."
        case .keptCorrection(let entry, let side, let deleted, let by):
            let other = side == .ours ? theirs : ours
            let how = by.map { " (`\($0)`)" } ?? ""
            return deleted
                ? "Kept deleted: \(entry), deleted here\(how) after \(other) went its own way; \(other) still had it."
                : "Kept as changed here\(how): \(entry); \(other) had it as it was before."
        }
    }
}
