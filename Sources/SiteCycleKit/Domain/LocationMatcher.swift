/// Finds the location a person meant from what they typed on the command
/// line: the full name in any case, its slug (`left-front-abdomen`), its
/// initials (`lfa`), or leading parts of its words (`left fr ab`, `lower`).
public struct LocationMatcher {
    public let locations: [Location]

    public init(locations: [Location]) { self.locations = locations }

    public enum Result: Equatable {
        case found(Location)
        /// Several fit equally well; the person must say which.
        case ambiguous([Location])
        /// The only fit is a disabled location.
        case disabled(Location)
        case notFound(suggestion: String?)
    }

    /// `left-front-abdomen` for `Left Front Abdomen`.
    public static func slug(_ name: String) -> String {
        words(name).joined(separator: "-")
    }

    /// Lowercased words, split on anything that is not a letter or digit.
    package static func words(_ text: String) -> [String] {
        text.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
    }

    /// Matches among enabled locations first; a match only among disabled
    /// ones is reported as such, so the fix (`locations enable`) can be named.
    public func match(_ input: String) -> Result {
        let enabled = locations.filter(\.isEnabled)
        let hits = LocationMatcher.candidates(input, among: enabled)
        if hits.count == 1 { return .found(hits[0]) }
        if hits.count > 1 { return .ambiguous(hits) }
        let disabled = LocationMatcher.candidates(input, among: locations.filter { !$0.isEnabled })
        if disabled.count == 1 { return .disabled(disabled[0]) }
        if disabled.count > 1 { return .ambiguous(disabled) }
        return .notFound(suggestion: suggestion(for: input, among: enabled.map(\.name)))
    }

    /// The best tier of matches: exact name or slug, then initials, then
    /// word prefixes. Within a tier, all that fit.
    package static func candidates(_ input: String, among pool: [Location]) -> [Location] {
        let typed = words(input)
        guard !typed.isEmpty else { return [] }
        let exact = pool.filter { words($0.name) == typed }
        if !exact.isEmpty { return exact }
        if typed.count == 1 {
            let initials = pool.filter { words($0.name).map { String($0.prefix(1)) }.joined() == typed[0] }
            if !initials.isEmpty { return initials }
        }
        let prefixed = pool.filter { location in
            let name = words(location.name)
            guard typed.count <= name.count else { return false }
            return zip(typed, name).allSatisfy { $1.hasPrefix($0) }
        }
        if !prefixed.isEmpty || typed.count > 1 { return prefixed }
        // `lbab`, `rbu`: the start of every word in turn, run together.
        let runTogether = pool.filter { startsOfWords(typed[0], words($0.name)) }
        if !runTogether.isEmpty { return runTogether }
        // `lf`: the start of the initials, to list Left Front Abdomen and Thigh.
        return pool.filter { words($0.name).map { String($0.prefix(1)) }.joined().hasPrefix(typed[0]) }
    }

    /// The enabled zones that `input` names, whole (`front abdomen`) or by
    /// the start of each word (`front`), with the sided locations of each:
    /// a zone is not a place to put a site, but it says which ones are.
    public func zones(matching input: String) -> [(zone: String, locations: [Location])] {
        let typed = LocationMatcher.words(input)
        guard !typed.isEmpty else { return [] }
        var result: [(zone: String, locations: [Location])] = []
        for location in locations where location.isEnabled && location.side != nil {
            let zone = LocationMatcher.words(location.zone)
            guard typed.count <= zone.count, zip(typed, zone).allSatisfy({ $1.hasPrefix($0) }) else { continue }
            if let i = result.firstIndex(where: { $0.zone == location.zone }) {
                result[i].locations.append(location)
            } else {
                result.append((location.zone, [location]))
            }
        }
        return result
    }

    /// Enabled locations whose initials (`rfa`) are one letter off what was
    /// typed (`rfb`): a slip of the finger, answered with a did-you-mean.
    public func initialsOneLetterOff(_ input: String) -> [Location] {
        let typed = LocationMatcher.words(input)
        guard typed.count == 1, typed[0].count >= 2 else { return [] }
        let word = Array(typed[0].unicodeScalars)
        return locations.filter { location in
            guard location.isEnabled else { return false }
            let initials = Array(LocationMatcher.words(location.name).map { String($0.prefix(1)) }.joined().unicodeScalars)
            return initials.count == word.count && zip(initials, word).filter { $0 != $1 }.count == 1
        }
    }

    /// `lfa` for `Left Front Abdomen`.
    public static func initials(_ name: String) -> String {
        words(name).map { String($0.prefix(1)) }.joined()
    }

    /// Whether `typed` is the start of each word in turn, run together
    /// (`lbab`: l, b, ab for Left Back Abdomen), every word given.
    static func startsOfWords(_ typed: String, _ words: [String]) -> Bool {
        let t = Array(typed.unicodeScalars)
        let w = words.map { Array($0.unicodeScalars) }
        // reachable[i]: the first i letters typed cover words[0..<k] exactly.
        var reachable: Set<Int> = [0]
        for word in w {
            var next: Set<Int> = []
            for i in reachable {
                var k = 0
                while k < word.count, i + k < t.count, t[i + k] == word[k] { k += 1; next.insert(i + k) }
            }
            reachable = next
            if reachable.isEmpty { return false }
        }
        return reachable.contains(t.count)
    }

    /// The shortest thing to type that names `location` alone: its initials
    /// (`lfa`), else its initials with more of the last word (`lbab`,
    /// `lbar` for Left Back Abdomen and Left Back Arm), else its slug. What
    /// every hint suggests, so no hint names something ambiguous.
    public func shortForm(of location: Location) -> String {
        let name = LocationMatcher.words(location.name)
        guard let last = name.last else { return LocationMatcher.slug(location.name) }
        let lead = name.dropLast().map { String($0.prefix(1)) }.joined()
        for k in 1...max(1, last.count) {
            let typed = lead + String(last.prefix(k))
            if names(typed) == [location.name] { return typed }
        }
        return LocationMatcher.slug(location.name)
    }

    /// `shortForm(of:)` of every location, in order, at once: linear in
    /// the names' length, for listing thousands of them (`ShortForms`).
    public func shortForms() -> [String] { ShortForms(locations).forms }

    /// What `typed` names among every location, disabled ones too.
    private func names(_ typed: String) -> [String] {
        let enabled = LocationMatcher.candidates(typed, among: locations.filter(\.isEnabled))
        return (enabled.isEmpty ? LocationMatcher.candidates(typed, among: locations) : enabled).map(\.name)
    }

    /// The locations of a zone (`Front Abdomen` gives both sides), or of the
    /// one location with that exact name; nil when neither.
    public func zoneOrLocation(_ input: String) -> [Location]? {
        let typed = LocationMatcher.words(input)
        if let exact = locations.first(where: { LocationMatcher.words($0.name) == typed }) { return [exact] }
        let zone = locations.filter { $0.side != nil && LocationMatcher.words($0.zone) == typed }
        return zone.isEmpty ? nil : zone
    }
}
