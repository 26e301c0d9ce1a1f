/// A site's flags (`SiteVerdict`) as every JSON view gives them, from this
/// one place: `recommend --json`'s rows, `status --json`'s "nextFlags",
/// `stats --json`'s locations.
extension SiteVerdict {
    /// `[{"kind": "early"|"duration"|"glucose"|"failures", "text": …}]`,
    /// the words the text shows (`VerdictText.long`); empty when none, so
    /// a script need not know whether a site can be flagged.
    package static func json(_ flags: [Flag]) -> JSON {
        .array(flags.map { .object([("kind", .string($0.kind.rawValue)), ("text", .string(VerdictText.long($0)))]) })
    }
}
