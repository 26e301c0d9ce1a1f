import SiteCycleKit

/// The end of `init`'s questions: the recommended first sites, and the site
/// worn now logged with `log`, as the user would type it.
extension Onboarding {
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
            case .failure(let e): invocation.say(e.message.prefix(1).uppercased() + e.message.dropFirst())
            }
        }
        invocation.out("Logging it as now.\n")
        return "now"
    }
}
