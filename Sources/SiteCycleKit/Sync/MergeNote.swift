/// Something a merge kept that a reader might not expect, and why: the
/// merge command and `sync` say it.
public enum MergeNote: Equatable, Sendable {
    public enum Side: String, Sendable { case ours, theirs }

    /// `name` stays declared although `removedBy` removed it: `uses` entries
    /// in the result name it. `added` are the locations `removedBy` added,
    /// none with evidence that it replaces `name` (entries moved to it, or
    /// a sibling renamed the same way), so no entry was moved to them.
    case keptLocation(name: String, removedBy: Side, uses: Int, added: [String])
    /// An entry of BASE (`entry`: its date, time, device and location as
    /// written) that `against` deleted or changed is kept as BASE and the
    /// other side have it: BASE is not known to be `against`'s ancestor, so
    /// the difference may be a change made on the other side since.
    case keptEntry(entry: String, against: Side, deletedThere: Bool)
    /// A conflict copy's merge: an entry of the base that this machine
    /// deleted or changed since (in the file on `side`), while the other
    /// file still has it as it was, stays deleted or changed; `by` is the
    /// command whose write did it, when the history shows it.
    case keptCorrection(entry: String, side: Side, deleted: Bool, by: String?)
}
