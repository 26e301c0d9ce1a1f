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
    }

    func ask(_ prompt: String) -> String? {
        invocation.out(prompt)
        return invocation.environment.stdin.readLine().map { $0.trimmingBlanks() }
    }

    func run() -> Choices {
        invocation.out("Welcome to sitecycle: your pump sites, kept in one plain-text journal.\n\n")
        let timezone = askTimezone()
        let target = askTarget()
        let zones = askZones()
        let custom = askCustomZones(after: zones)
        let all = zones + custom
        let unsided = askUnsided(all)
        let names = all.flatMap { unsided.contains($0) ? [$0] : ["Left \($0)", "Right \($0)"] }
        return Choices(timezone: timezone, targetHours: target, locations: names)
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

    /// After the journal exists: the recommended sites, and the first log if
    /// the user names one. Returns the exit code of that `log`, or ok.
    func offerFirstLog(path: String) -> Int32 {
        guard let bytes = try? JournalFile.read(path) else { return ExitCode.ok }
        let journal = JournalBuilder.load(SourceFile(path: path, bytes: bytes), defaultZone: invocation.systemZone)
        let now = (try? invocation.now(in: journal.zone)) ?? invocation.environment.clock()
        let recommended = Recommender.recommend(journal, now: now).recommended.map(\.location)
        invocation.out("\n" + TextWrap.wrap("Recommended for your first site: " + recommended.map(\.name).joined(separator: ", ") + ".",
                                            indent: "  ") + "\n")
        let matcher = LocationMatcher(locations: journal.locations)
        let example = recommended.first.map { " (e.g. \(matcher.shortForm(of: $0)))" } ?? ""
        guard let answer = ask("Log the site you are wearing now? Location\(example), or Enter to skip: "),
              !answer.isEmpty else {
            invocation.out("Log it later with `sitecycle log LOCATION`.\n")
            return ExitCode.ok
        }
        var arguments = ["-f", path, "log", answer]
        if let given = invocation.arguments.value("--now") { arguments += ["--now", given] }
        return SiteCycleCLI.run(arguments, invocation.environment)
    }
}
