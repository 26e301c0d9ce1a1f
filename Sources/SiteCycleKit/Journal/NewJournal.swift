/// The text of a fresh journal, as `init` writes it: commented so that a
/// person opening it in an editor sees how to add to it.
public struct NewJournal: Sendable {
    public var timezone: String
    public var targetHours: Double = 72
    public var absorptionThresholdPercent: Double = 20
    public var locations: [String]

    public init(timezone: String, locations: [String]) {
        self.timezone = timezone
        self.locations = locations
    }

    public var text: String {
        var lines = [
            "; SiteCycle journal: one site change per line, oldest first.",
            "; Edit it in any editor; `sitecycle check` says if anything is wrong.",
            "; The format is described by `sitecycle help journal`.",
            "",
            "timezone \(timezone)",
            "target \(SettingValues.formatHours(targetHours))",
            "absorption-threshold \(SettingValues.formatPercent(absorptionThresholdPercent))",
            "",
            "; Locations in rotation, in the order you like them listed.",
            "; Add `disabled` after a name to keep its history but stop using it.",
        ]
        lines += locations.map { "location \($0)" }
        lines += [
            "",
            "; Site changes: DATE TIME  LOCATION  ; optional note",
            "; 2026-02-07 08:15  \(locations.first ?? "Left Front Abdomen")  ; bled a little",
            "",
        ]
        return lines.joined(separator: "\n")
    }
}
