import SiteCycleKit

/// `init` on a terminal, following the app's onboarding: a one-line welcome,
/// the time zone, the target, the zones (each with or without sides, plus
/// the user's own), and at the end an offer to log the first site. Every
/// question has a default that Enter (or the end of input) accepts.
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
    }

    /// A CGM as its maker labels it: wear time and the grace period after.
    struct Sensor: Equatable {
        var name: String
        var hours: Double
        var graceHours: Double? = nil

        static let known = [
            Sensor(name: "Dexcom G7", hours: 240, graceHours: 12),
            Sensor(name: "FreeStyle Libre", hours: 336),
            Sensor(name: "Medtronic Guardian", hours: 168),
        ]

        /// The device line's comment: which sensor the grace is from.
        var comment: String? { graceHours == nil ? nil : name }
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
        let all = zones + custom
        let unsided = askUnsided(all)
        func names(_ zone: String) -> [String] { unsided.contains(zone) ? [zone] : ["Left \(zone)", "Right \(zone)"] }
        var choices = Choices(timezone: timezone, targetHours: target, locations: all.flatMap(names))
        guard let sensor = given ?? askSensor() else { return choices }
        choices.sensor = sensor
        let (shared, sensorOnly) = askSensorZones(all)
        for zone in all {
            let devices = sensorOnly.contains(zone) ? ["sensor"] : shared.contains(zone) ? [Device.pumpName, "sensor"] : [Device.pumpName]
            for name in names(zone) { choices.devices[name] = devices }
        }
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
            case .failure(let e): invocation.out("\(e.message.prefix(1).uppercased() + e.message.dropFirst())\n")
            }
        }
        invocation.out("Keeping 72h.\n")
        return 72
    }

    /// Enter (or end of input) keeps every zone.
    func askZones() -> [String] {
        var prompt = "\nWhich zones do you use? Each gets a Left and a Right location.\n"
        for (i, zone) in DefaultZones.all.enumerated() { prompt += "  \(i + 1). \(zone)\n" }
        invocation.out(prompt)
        for _ in 0..<3 {
            guard let answer = ask("Numbers to keep (e.g. 1 2 4), or Enter for all: ") else { break }
            let words = answer.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" })
            if words.isEmpty { return DefaultZones.all }
            let numbers = words.compactMap { Int($0) }.filter { (1...DefaultZones.all.count).contains($0) }
            if numbers.count == words.count {
                return DefaultZones.all.enumerated().filter { numbers.contains($0.offset + 1) }.map(\.element)
            }
            invocation.out("Please type numbers from 1 to \(DefaultZones.all.count), separated by spaces.\n")
        }
        invocation.out("Keeping all zones.\n")
        return DefaultZones.all
    }

    /// The user's own zones, by name; each must be a valid location name
    /// without a side, and new.
    func askCustomZones(after zones: [String]) -> [String] {
        for _ in 0..<3 {
            guard let answer = ask("Zones of your own (e.g. Upper Arm, Calf), or Enter for none: "), !answer.isEmpty
            else { return [] }
            var added: [String] = [], problem: String?
            for raw in answer.split(separator: ",") {
                let name = raw.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
                guard !name.isEmpty else { continue }
                if let p = LocationName.problem(with: name) {
                    problem = "\(name): \(p)"
                } else if Location.split(name).side != nil {
                    problem = "\(name): give the zone without Left or Right"
                } else if (zones + added).contains(where: { $0.lowercased() == name.lowercased() }) {
                    continue
                } else {
                    added.append(name)
                }
            }
            if let problem { invocation.out(problem + "\n"); continue }
            return added
        }
        invocation.out("Adding none.\n")
        return []
    }

    /// The zones to declare once, without Left and Right (the app's
    /// laterality switch, per zone).
    func askUnsided(_ zones: [String]) -> Set<String> {
        guard !zones.isEmpty else { return [] }
        var prompt = "\nZones with sides:\n"
        for (i, zone) in zones.enumerated() { prompt += "  \(i + 1). \(zone)\n" }
        invocation.out(prompt)
        for _ in 0..<3 {
            guard let answer = ask("Numbers to use without Left/Right, or Enter to keep sides: ") else { break }
            let words = answer.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" })
            if words.isEmpty { return [] }
            let numbers = words.compactMap { Int($0) }.filter { (1...zones.count).contains($0) }
            if numbers.count == words.count { return Set(numbers.map { zones[$0 - 1] }) }
            invocation.out("Please type numbers from 1 to \(zones.count), separated by spaces.\n")
        }
        return []
    }

    /// Which CGM, if any: its wear time (and grace) come from its maker's
    /// label; another's days are asked.
    func askSensor() -> Sensor? {
        var prompt = "\nDo you wear a CGM too? Its sensor sites rotate as well.\n"
        for (i, s) in Sensor.known.enumerated() {
            let days = Int(s.hours / 24)
            prompt += "  \(i + 1). \(s.name) (\(days) days" + (s.graceHours.map { ", then \(Int($0)) h grace" } ?? "") + ")\n"
        }
        invocation.out(prompt + "  \(Sensor.known.count + 1). another sensor\n")
        for _ in 0..<3 {
            guard let answer = ask("Number, or Enter for none: "), !answer.isEmpty else { return nil }
            if let n = Int(answer), (1...Sensor.known.count).contains(n) { return Sensor.known[n - 1] }
            if Int(answer) == Sensor.known.count + 1 { return askSensorDays() }
            invocation.out("Please type a number from 1 to \(Sensor.known.count + 1).\n")
        }
        invocation.out("No sensor.\n")
        return nil
    }

    func askSensorDays() -> Sensor? {
        for _ in 0..<3 {
            guard let answer = ask("How many days is one sensor worn? (e.g. 10): "), !answer.isEmpty else { break }
            let text = answer.allSatisfy { $0.isNumber || $0 == "." } ? answer + "d" : answer
            switch SettingValues.hours(text) {
            case .success(let h): return Sensor(name: "sensor", hours: h)
            case .failure(let e): invocation.out("\(e.message.prefix(1).uppercased() + e.message.dropFirst())\n")
            }
        }
        invocation.out("No sensor.\n")
        return nil
    }

    /// The zones the sensor may use (Enter: all, shared with the pump), and
    /// of those the ones for the sensor only. The pump keeps at least one.
    func askSensorZones(_ zones: [String]) -> (shared: Set<String>, sensorOnly: Set<String>) {
        guard !zones.isEmpty else { return ([], []) }
        var prompt = "\nWhich zones may the sensor use?\n"
        for (i, zone) in zones.enumerated() { prompt += "  \(i + 1). \(zone)\n" }
        invocation.out(prompt)
        let chosen = askNumbers("Numbers, or Enter for all (shared with the pump): ", among: zones) ?? zones
        guard !chosen.isEmpty else { return (Set(zones), []) }
        for _ in 0..<3 {
            let only = askNumbers("Of those, the sensor's alone (never the pump's), or Enter for none: ",
                                  among: zones, allowed: chosen) ?? []
            if only.count < zones.count { return (Set(chosen), Set(only)) }
            invocation.out("The pump needs at least one zone of its own or shared.\n")
        }
        return (Set(chosen), [])
    }

    /// Numbers naming items of `among` (only those in `allowed`), asked up
    /// to three times; nil for Enter or the end of input.
    func askNumbers(_ prompt: String, among items: [String], allowed: [String]? = nil) -> [String]? {
        for _ in 0..<3 {
            guard let answer = ask(prompt) else { return nil }
            let words = answer.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" })
            if words.isEmpty { return nil }
            let numbers = words.compactMap { Int($0) }.filter { (1...items.count).contains($0) }
                .filter { allowed?.contains(items[$0 - 1]) ?? true }
            if numbers.count == words.count { return items.enumerated().filter { numbers.contains($0.offset + 1) }.map(\.element) }
            if let allowed {
                let numbers = allowed.compactMap { items.firstIndex(of: $0).map { String($0 + 1) } }
                invocation.out("Please type some of \(numbers.joined(separator: " ")), separated by spaces.\n")
            } else {
                invocation.out("Please type numbers from 1 to \(items.count), separated by spaces.\n")
            }
        }
        return nil
    }

    /// After the journal exists: for the pump (and the sensor, if one is
    /// declared) the recommended sites, and the site worn now with the time
    /// it went in, if the user names one. Returns the exit code of the last
    /// `log`, or ok.
    func offerFirstLog(path: String) -> Int32 {
        guard let bytes = try? invocation.fileSystem.read(path) else { return ExitCode.ok }
        let journal = JournalBuilder.load(SourceFile(path: path, bytes: bytes), defaultZone: invocation.systemZone)
        let now = (try? invocation.now(in: journal.zone)) ?? invocation.environment.clock()
        var code = ExitCode.ok
        for device in journal.deviceNames {
            let isPump = device == Device.pumpName, rotation = journal.rotation(device)
            let recommended = Recommender.recommend(journal, device: device, now: now).recommended.map(\.location)
            let thing = isPump ? "site" : "\(device) site"
            invocation.out("\n" + TextWrap.wrap("Recommended for your first \(thing): "
                                                + recommended.map(\.name).joined(separator: ", ") + ".", indent: "  ") + "\n")
            let matcher = LocationMatcher(locations: rotation.locations)
            let example = recommended.first.map { " (e.g. \(matcher.shortForm(of: $0)))" } ?? ""
            guard let answer = ask("Log the \(isPump ? "site" : device) you are wearing now? Location\(example), "
                                   + "or Enter to skip: "), !answer.isEmpty else {
                invocation.out("Log it later with `sitecycle log \(isPump ? "" : "--device \(device) ")LOCATION`.\n")
                continue
            }
            var arguments = ["-f", path, "log", answer, "--at", askWhen(in: journal.zone, now: now)]
            if !isPump { arguments += ["--device", device] }
            if let given = invocation.arguments.value("--now") { arguments += ["--now", given] }
            code = SiteCycleCLI.run(arguments, invocation.environment)
        }
        return code
    }

    /// When the site went in: a time as `log --at` takes it (`yesterday
    /// 21:00`, `-2d`, `08:15`), not in the future; Enter means now.
    func askWhen(in zone: ZoneRules, now: Instant) -> String {
        for _ in 0..<3 {
            guard let answer = ask("When did it go in (e.g. -2d, yesterday 21:00)? Enter for now: "),
                  !answer.isEmpty else { return "now" }
            switch TimeArgument.parse(answer, zone: zone, now: now) {
            case .success(let t) where t <= now: return answer
            case .success: invocation.out("That is in the future; it is now \(displayTime(now, in: zone)).\n")
            case .failure(let e): invocation.out("\(e.message.prefix(1).uppercased() + e.message.dropFirst())\n")
            }
        }
        invocation.out("Logging it as now.\n")
        return "now"
    }
}
