import SiteCycleKit

/// A site's flags (`SiteVerdict`) as every JSON view gives them:
/// `[{"kind": "early"|"duration"|"glucose"|"failures", "text": …}]`, the
/// words the text shows (`VerdictText.long`); empty when none.
func verdictFlagsJSON(_ flags: [SiteVerdict.Flag]) -> JSON {
    .array(flags.map { .object([("kind", .string($0.kind.rawValue)), ("text", .string(VerdictText.long($0)))]) })
}
