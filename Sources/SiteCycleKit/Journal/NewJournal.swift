/// The text of a fresh journal, as `init` writes it: commented so that a
/// person opening it in an editor sees how to add to it. The comments that
/// name commands come from the command line (`Comments`).
public struct NewJournal: Sendable {
    public var timezone: String
    public var targetHours: Double = 72
    public var absorptionThresholdPercent: Double = 20
    public var locations: [String]
    /// A CGM sensor's wear time, when one is worn too: writes `device sensor`
    /// and makes every location one for the pump and the sensor.
    public var sensorHours: Double?
    /// The sensor's grace past its wear time (a G7's 12 h): `grace 12h`.
    public var sensorGraceHours: Double?
    /// Said after the `device sensor` line: which sensor (`Dexcom G7`).
    public var sensorComment: String?
    /// The devices each location is for, where the user chose: a location
    /// not named here is for the pump, and for the sensor too when one is
    /// worn (`init --sensor`).
    public var devices: [String: [String]] = [:]

    public init(timezone: String, locations: [String]) {
        self.timezone = timezone
        self.locations = locations
    }

    /// Comment lines that point the reader to the command line's help:
    /// they name its commands, so it supplies them, each with its `; `.
    public struct Comments: Sendable {
        /// After the first line: how to check the journal, where its format is described.
        public var header: [String]
        /// Before `device sensor`: where the wear times come from.
        public var sensor: [String]

        public init(header: [String], sensor: [String]) {
            self.header = header
            self.sensor = sensor
        }
    }

    public func text(_ comments: Comments) -> String {
        var lines = ["; SiteCycle journal: one site change per line, oldest first."] + comments.header + [
            "",
            "timezone \(timezone)",
            "target \(SettingValues.hoursSetting(targetHours))",
            "absorption-threshold \(SettingValues.formatPercent(absorptionThresholdPercent))",
        ]
        if let sensorHours {
            lines += comments.sensor + [
                "device \(Device.sensorName) " + SettingValues.durationSetting(sensorHours)
                    + (sensorGraceHours.map { " grace " + SettingValues.durationSetting($0) } ?? "")
                    + (sensorComment.map { "  ; " + $0 } ?? ""),
            ]
        }
        lines += [
            "",
            "; Locations in rotation, in the order you like them listed.",
            "; Add `disabled` after a name to keep its history but stop using it.",
        ]
        lines += locations.map { name in
            let usedBy = devices[name] ?? (sensorHours == nil ? [Device.pumpName] : [Device.pumpName, Device.sensorName])
            return LocationLine(name, devices: usedBy).text
        }
        lines += [
            "",
            "; Site changes: DATE TIME  LOCATION  ; optional note",
            "; 2026-02-07 08:15  \(locations.first ?? "Left Front Abdomen")  ; bled a little",
            "",
        ]
        return lines.joined(separator: "\n")
    }
}
