import SiteCycleKit

/// Answers `sitecycle __complete --shell SHELL [--quoted] -- WORDS…`: the
/// candidates for the last word, given the words before it. The shell
/// scripts only pass the line and print what comes back, so they never go
/// stale: commands, options and location names all come from here.
///
/// Output: one candidate per line, `value<TAB>description` (bash gets values
/// only), in the order to show them; or the single line `:files` to ask the
/// shell for file names. Nothing is ever written to stderr.
struct Completer {
    enum Shell: String { case bash, zsh, fish }

    struct Candidate {
        var value: String
        var description: String
    }

    /// The words on the line, the last (the one completed) as it reads:
    /// quotes and escapes removed.
    let words: [String]
    let shell: Shell
    /// The user opened a quote: offer full names (with spaces), not slugs.
    let quoted: Bool
    /// The last word as typed, and the part of it bash replaces (after the
    /// quote still open, if any), for writing candidates back into it.
    var raw = ""
    var replaced: String?
    let environment: [String: String]
    let now: Instant
    /// Where the journal named on the line is read (as the person named it).
    let fileSystem: FileSystem
    /// The journal read once per completion: a device word and the
    /// locations after it both ask for it, and each read is a full parse.
    private let loaded = Loaded()

    private final class Loaded {
        var journals: [String: Journal?] = [:]
    }

    static let filesMarker = ":files"

    var current: String { words.last ?? "" }

    func answer() -> String {
        let (candidates, files) = complete()
        if files { return Completer.filesMarker + "\n" }
        let typed = current.lowercased()
        let matching = candidates.filter { $0.value.lowercased().hasPrefix(typed) }
        return matching.map { c in
            switch shell {
            case .bash: return bashValue(c.value)
            case .zsh, .fish: return c.description.isEmpty ? c.value : c.value + "\t" + c.description
            }
        }.map { $0 + "\n" }.joined()
    }

    /// Bash inserts COMPREPLY as it is, in place of the text after the
    /// quote the user opened (or the quote too, when the reply starts with
    /// it): so the reply is the rest of the value, escaped for that quote,
    /// the quote closed. zsh and fish quote candidates themselves.
    func bashValue(_ value: String) -> String {
        let quote = ShellWord(raw, rules: .posix).openQuote
        let whole = raw
        var before = ""  // what bash keeps of the word, before its quote
        if let replaced, replaced.count <= whole.count {
            before = ShellWord(String(whole.prefix(max(0, whole.count - replaced.count - (quote == nil ? 0 : 1)))),
                               rules: .posix).literal
        }
        let rest = value.count >= before.count ? String(value.dropFirst(before.count)) : value
        return ShellWord.bash(rest, in: quote)
    }

    /// What the words before the current one say: the command, its
    /// positionals so far, the option awaiting a value, and the journal.
    struct Line {
        var command: Command?
        var positionals: [String] = []
        var pendingOption: OptionSpec?
        var file: String?
        /// `--device NAME` given earlier on the line.
        var device: String?
        /// The words before this one are not a line the tool runs (an
        /// option it takes only after the command, like `--device`, or an
        /// unknown command): nothing is offered, as nothing would work.
        var refused = false
    }

    func parse() -> Line {
        var line = Line()
        let before = words.dropLast()
        var i = before.startIndex
        while i < before.endIndex {
            let word = before[i]
            let options = (line.command?.options ?? []) + globalOptions
            if word.hasPrefix("-"), word.count > 1, let spec = options.first(where: { $0.names.contains(String(word.split(separator: "=")[0])) }) {
                if spec.valueName != nil, !word.contains("=") {
                    if i + 1 == before.endIndex { line.pendingOption = spec }
                    if spec.key == "--file", i + 1 < before.endIndex { line.file = before[i + 1] }
                    if spec.key == "--device", i + 1 < before.endIndex { line.device = before[i + 1] }
                    i += 2
                    continue
                }
                if spec.key == "--file", let eq = word.firstIndex(of: "=") { line.file = String(word[word.index(after: eq)...]) }
            } else if line.command == nil, word.hasPrefix("-"), word.count > 1, word != "--" {
                line.refused = true  // the tool says "unknown option" (or takes the next word as the command)
            } else if line.command == nil, !word.hasPrefix("-") {
                line.command = CommandRegistry.all.first { $0.name == word || $0.aliases.contains(word) }
                if line.command == nil { line.refused = true }
            } else if !word.hasPrefix("-") {
                line.positionals.append(word)
            }
            i += 1
        }
        return line
    }

    func complete() -> ([Candidate], files: Bool) {
        let line = parse()
        if line.refused { return ([], false) }
        if let option = line.pendingOption { return optionValues(option, line) }
        if current.hasPrefix("-") {
            let options = (line.command?.options ?? []) + globalOptions
            return (options.flatMap { o in o.names.filter { $0.hasPrefix("--") }.map { Candidate(value: $0, description: o.summary) } }, false)
        }
        guard let command = line.command else {
            return (CommandRegistry.all.filter { !$0.hidden }.map { Candidate(value: $0.name, description: $0.summary) }, false)
        }
        return positional(command, line)
    }

    func optionValues(_ option: OptionSpec, _ line: Line) -> ([Candidate], files: Bool) {
        func plain(_ values: [String]) -> ([Candidate], files: Bool) { (values.map { Candidate(value: $0, description: "") }, false) }
        switch option.key {
        case "--file", "--output", "--cgm": return ([], true)
        case "--by" where line.command?.name == "outcomes": return plain(["site", "wear-day"])
        case "--units": return plain(GlucoseUnit.allCases.map(\.rawValue))
        case "--date-order": return plain(DateOrder.allCases.map(\.rawValue))
        case "--cgm-zone": return plain(knownZoneIdentifiers())
        case "--color": return plain(ColorChoice.allCases.map(\.rawValue))
        case "--strategy": return plain(["by-site", "by-body-part", "cooldown"])
        case "--format" where line.command?.name == "check": return plain(["gnu", "json"])
        case "--format": return plain(["csv", "json", "nightscout", "ics"])
        case "--last": return plain(["7d", "30d", "90d"])
        case "--repeat" where line.command?.name == "remind": return plain(["4h", "2h", "1h", "off"])
        case "--snooze" where line.command?.name == "remind": return plain(["30m", "1h", "2h"])
        case "--by" where line.command?.name == "map": return plain(BodyMap.Measure.allCases.map(\.rawValue))
        case "--days": return plain(["30", "60", "90"])
        case "--cooldown": return plain((1...10).map(String.init))
        case "--location", "--before", "--after": return (locationsAndZones(line), false)
        case "--unnamed-site": return (locationsAndZones(line).filter { !$0.description.hasPrefix("zone") }, false)
        case "--device": return plain(journal(line)?.deviceNames ?? [Device.pumpName])
        // `locations pause --reason` is free text; a site's reason is a word.
        case "--reason" where line.command?.name != "locations", "--previous-reason":
            let none = line.command?.name == "amend" ? [Candidate(value: "none", description: "remove the reason")] : []
            return (EndReason.allCases.map { Candidate(value: $0.word, description: ReasonOption.meaning($0)) } + none, false)
        case "--for" where line.command?.name == "locations" && line.positionals.first == "add":
            return (deviceLists(line), false)
        default: return ([], false)
        }
    }

    func positional(_ command: Command, _ line: Line) -> ([Candidate], files: Bool) {
        let index = line.positionals.count
        switch command.name {
        case "log":
            // `log sensor <Tab>`: the sensor's sites; a first word may name a device.
            if let journal = journal(line), let first = line.positionals.first, line.positionals.count == 1,
               journal.deviceIndex(first) != nil {
                return (rankedForLog(line, device: first), false)
            }
            var devices: [Candidate] = []
            if line.positionals.isEmpty, let j = journal(line), j.hasDevices {
                devices = j.deviceNames.dropFirst().map { Candidate(value: $0, description: "device") }
            }
            return (rankedForLog(line) + otherDevicesSites(line) + devices, false)
        case "help": return (CommandRegistry.all.filter { !$0.hidden }.map { Candidate(value: $0.name, description: $0.summary) }
                                + [Candidate(value: "journal", description: "the file format"),
                                   Candidate(value: "time", description: "the times --now, --at, --from and --to take"),
                                   Candidate(value: "devices", description: "pump and sensor rotations, and sources")], false)
        case "completions" where index == 0:
            return (Shell.allCases.map { Candidate(value: $0.rawValue, description: "") }, false)
        case "editor" where index == 0:
            return ([Candidate(value: "vim", description: "Vim and Neovim runtime files"),
                     Candidate(value: "emacs", description: "sitecycle-mode.el")], false)
        case "editor" where index == 1 && line.positionals[0] == "vim":
            return (VimFiles.parts.map { Candidate(value: $0, description: "") }, false)
        case "amend" where index == 0, "delete" where index == 0: return (entries(line), false)
        case "import" where index == 0: return ([], true)
        case "merge" where index < 3: return ([], true)
        case "set" where index == 0:
            return (SettingsService.keys.map { Candidate(value: $0.rawValue, description: "") }, false)
        case "set" where index == 1:
            switch line.positionals[0] {
            case "strategy": return (["by-site", "by-body-part", "cooldown"].map { Candidate(value: $0, description: "") }, false)
            case "absorption-mode": return (["mean", "robust"].map { Candidate(value: $0, description: "") }, false)
            case "target": return (["48h", "72h", "3d"].map { Candidate(value: $0, description: "") }, false)
            default: return ([], false)
            }
        case "locations" where index == 0:
            return (["list", "add", "for", "rename", "enable", "disable", "remove", "move", "sides", "pause", "resume"]
                .map { Candidate(value: $0, description: "") }, false)
        case "locations" where index == 1 && line.positionals[0] != "add":
            return (locationsAndZones(line), false)
        case "locations" where index == 2 && line.positionals[0] == "for":
            return (deviceLists(line), false)
        default: return ([], false)
        }
    }

    // MARK: From the journal

    /// The journal named on the line, else by the environment; nil when it
    /// is missing or has errors (then only non-journal candidates are given).
    func journal(_ line: Line) -> Journal? {
        let location = JournalLocation.resolve(flag: line.file, environment: environment)
        if let known = loaded.journals[location.path] { return known }
        var journal: Journal?
        if let bytes = try? fileSystem.readInput(location.path, limit: nil) {
            let read = JournalBuilder.load(SourceFile(path: location.path, bytes: bytes),
                                           defaultZone: ZoneRules.system(environment: environment))
            journal = read.diagnostics.hasErrors ? nil : read
        }
        loaded.journals[location.path] = .some(journal)
        return journal
    }

    /// A name as it is typed: the slug outside quotes (no spaces to escape,
    /// and `log` accepts it), the name itself inside quotes.
    func typed(_ name: String) -> String { quoted ? name : LocationMatcher.slug(name) }

    /// Recommended first, then the rest, then avoid: the order to choose in.
    func rankedForLog(_ line: Line, device: String? = nil) -> [Candidate] {
        guard let journal = journal(line) else { return [] }
        let device = device ?? line.device ?? Device.pumpName
        let r = Recommender.recommend(journal, device: device, now: now)
        // The same words as the picker and recommend (`BodyWords`).
        func describe(_ item: Recommendation.Item, _ tag: String) -> Candidate {
            let restriction = r.restriction(of: item.location.name)
            var label = tag
            if case .occupied? = restriction { label = BodyWords.tag(.occupied, restriction) ?? tag }
            let state = BodyWords.state(item, device: device)
            var text = label.isEmpty ? state : state == label ? label : label + " · " + state
            // The verdict in a few words, first: it is why a site rested long is not offered.
            if let flag = VerdictText.brief(r.flags(of: item.location.name)) { text = "⚠ " + flag + " · " + text }
            return Candidate(value: typed(item.location.name), description: text)
        }
        // A flagged site after every other that is free (`SiteVerdict`).
        let neutral = r.all.filter { $0.tag == nil }.map(\.item).sorted {
            let a = r.verdict?.isFlagged($0.location.name) ?? false, b = r.verdict?.isFlagged($1.location.name) ?? false
            return a != b ? b : Recommender.restedLongest($0, $1, now: now)
        }
        return r.recommended.map { describe($0, "recommended") } + neutral.map { describe($0, "") }
            + r.avoid.reversed().map { describe($0, "avoid") }
    }

    /// `log <Tab>` without a device: after the pump's sites, the sites
    /// only another device may use, which `log` logs for that device
    /// (`Journal.siteDevice`), each said with its device.
    func otherDevicesSites(_ line: Line) -> [Candidate] {
        guard line.device == nil, let journal = journal(line), journal.hasDevices else { return [] }
        return journal.deviceNames.dropFirst().flatMap { device in
            let own = Set(journal.locations.filter { l in l.isEnabled && journal.siteDevice(at: l, asked: nil) == .device(device) }
                .map { typed($0.name) })
            return rankedForLog(line, device: device).filter { own.contains($0.value) }.map { c in
                Candidate(value: c.value, description: c.description.isEmpty ? device : device + " · " + c.description)
            }
        }
    }

    func locationsAndZones(_ line: Line) -> [Candidate] {
        guard let journal = journal(line) else { return [] }
        var out = journal.locations.map { Candidate(value: typed($0.name), description: $0.isEnabled ? "" : "disabled") }
        var zones: [String] = []
        for l in journal.locations where l.side != nil && !zones.contains(l.zone) { zones.append(l.zone) }
        out += zones.map { Candidate(value: typed($0), description: "zone: both sides") }
        return out
    }

    /// What a `for` list may say: each device alone, and the pump with each other.
    func deviceLists(_ line: Line) -> [Candidate] {
        let names = journal(line)?.deviceNames ?? [Device.pumpName]
        return names.map { Candidate(value: $0, description: "") }
            + names.dropFirst().map { Candidate(value: "\(Device.pumpName),\($0)", description: "") }
    }

    /// `last`, then the ten newest changes by line number.
    func entries(_ line: Line) -> [Candidate] {
        guard let journal = journal(line) else { return [Candidate(value: "last", description: "the newest change")] }
        let recent = journal.changes.filter { $0.start <= now }.suffix(10).reversed()
        return [Candidate(value: "last", description: "the newest change")]
            + recent.map { Candidate(value: String($0.line), description: "\(displayStart($0)) \(journal.name(of: $0) ?? "removed")") }
    }
}

extension Completer.Shell: CaseIterable {}
