import SiteCycleKit

/// `init` on a terminal, following the app's onboarding: a one-line welcome,
/// the time zone, the target, the zones (each with or without sides, plus
/// the user's own), and at the end an offer to log the first site. Every
/// question has a default that Enter (or the end of input) accepts. The
/// zones are asked in `OnboardingZones.swift`, the sensor in
/// `OnboardingSensor.swift`, the first log in `OnboardingFirstLog.swift`.
struct Onboarding {
    let invocation: Invocation

    struct Choices {
        var timezone: String
        var targetHours: Double
        var locations: [String]
        /// The CGM worn too, if any: its wear time and grace, and each
        /// location's devices.
        var sensor: Sensor?
        var devices: [String: [String]] = [:]

        /// The journal these choices describe.
        var journal: NewJournal {
            var journal = NewJournal(timezone: timezone, locations: locations)
            journal.targetHours = targetHours
            journal.sensorHours = sensor?.hours
            journal.sensorGraceHours = sensor?.graceHours
            journal.sensorComment = sensor?.comment
            journal.devices = devices
            return journal
        }
    }

    /// A CGM as its maker labels it: wear time and the grace period after.
    struct Sensor: Equatable {
        var name: String
        var hours: Double
        var graceHours: Double? = nil
        /// What `init --sensor` takes for it (`g7`, `libre3-plus`).
        var words: [String] = []

        static let known = [
            Sensor(name: "Dexcom G7", hours: 240, graceHours: 12, words: ["g7"]),
            Sensor(name: "FreeStyle Libre", hours: 336, words: ["libre", "libre2", "libre3"]),
            Sensor(name: "Medtronic Guardian", hours: 168, words: ["guardian"]),
            // Added later: after the first three, so their numbers stay.
            Sensor(name: "Dexcom G7 15 Day", hours: 360, graceHours: 12, words: ["g7-15"]),
            Sensor(name: "FreeStyle Libre 3 Plus", hours: 360, words: ["libre3-plus"]),
        ]

        /// `init --sensor`'s value: a product's word (`g7`), or a wear time
        /// with an optional grace as `set device` takes them (`10d`,
        /// `10d grace 12h`). Nil when it is neither.
        static func named(_ text: String) -> Result<Sensor, SettingError>? {
            let word = text.trimmingBlanks().lowercased()
            if let product = known.first(where: { $0.words.contains(word) }) { return .success(product) }
            let parts = word.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            guard parts.first?.first?.isNumber == true, parts.count == 1 || (parts.count == 3 && parts[1] == "grace")
            else { return nil }
            var grace: Double?
            if parts.count == 3 {
                switch SettingValues.hours(parts[2]) {
                case .success(let h): grace = h
                case .failure(let e): return .failure(e)
                }
            }
            return SettingValues.hours(parts[0]).map { Sensor(name: Device.sensorName, hours: $0, graceHours: grace) }
        }

        /// A Libre or a G7: labelled for the back of the upper arm, so
        /// `init` offers Back Arm first.
        var labelledForTheArm: Bool { name.hasPrefix("FreeStyle Libre") || name.hasPrefix("Dexcom G7") }

        /// The device line's comment: which sensor the grace is from.
        var comment: String? { graceHours == nil || name == Device.sensorName ? nil : name }
    }

    func ask(_ prompt: String) -> String? {
        invocation.out(prompt)
        return invocation.environment.stdin.readLine().map { $0.trimmingBlanks() }
    }

    /// `given`: the sensor `init --sensor` named; then only its sites are asked.
    func run(sensor given: Sensor? = nil) -> Choices {
        invocation.out("Welcome to sitecycle: your pump sites, kept in one plain-text journal.\n\n")
        let timezone = askTimezone()
        let target = askTarget()
        let zones = askZones()
        let custom = askCustomZones(after: zones)
        var zoneChoice = ZoneChoice(zones: zones + custom)
        zoneChoice.unsided = askUnsided(zoneChoice.zones)
        var choices = Choices(timezone: timezone, targetHours: target, locations: zoneChoice.locationNames)
        guard let sensor = given ?? askSensor() else { return choices }
        choices.sensor = sensor
        let (shared, sensorOnly, added) = askSensorZones(zoneChoice.zones, backArm: sensor.labelledForTheArm)
        (zoneChoice.shared, zoneChoice.sensorOnly) = (shared, sensorOnly)
        zoneChoice.zones += added
        choices.locations = zoneChoice.locationNames
        choices.devices = zoneChoice.devices(sensor: Device.sensorName)
        return choices
    }

    func askTimezone() -> String {
        let system = invocation.systemZone.identifier
        for _ in 0..<3 {
            guard let answer = ask("Time zone [\(system)]: "), !answer.isEmpty else { return system }
            if ZoneRules(identifier: answer) != nil { return answer }
            let guess = zoneSuggestion(for: answer)
            invocation.out("Unknown time zone `\(answer)`" + (guess.map { "; did you mean `\($0)`?" } ?? "") + "\n")
        }
        invocation.out("Keeping \(system).\n")
        return system
    }

    func askTarget() -> Double {
        for _ in 0..<3 {
            guard let answer = ask("How long should a site stay in? [72h]: "), !answer.isEmpty else { return 72 }
            switch SettingValues.hours(answer) {
            case .success(let h): return h
            case .failure(let e): invocation.say(e.message.prefix(1).uppercased() + e.message.dropFirst())
            }
        }
        invocation.out("Keeping 72h.\n")
        return 72
    }
}
