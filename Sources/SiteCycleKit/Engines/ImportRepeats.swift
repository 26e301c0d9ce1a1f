/// Two steps of an import plan for rows other tools send as they please
/// (Nightscout's): which free-text notes name a site, and which rows are
/// one change sent several times.
extension ImportPlan {
    /// The names of the app's default locations (`Left Front Abdomen`…):
    /// a note that says one of them names a site.
    static let defaultNames = DefaultZones.locationNames(zones: DefaultZones.all, sides: true)

    /// Rows of one device this close together are one change.
    public static let repeatSeconds: Int64 = 15 * 60

    /// A cannula fill this long after a cartridge or tubing fill completes
    /// that change (tconnectsync: the cannula is filled once the new set
    /// is in, often 20 minutes or more after the cartridge).
    public static let fillSeconds: Int64 = 60 * 60
}

extension ImportPlan.Draft {
    /// Each record whose site is free text, as a site when the text names
    /// a declared location, an app default or a `--map` source; else as
    /// naming no site, the text kept as its note.
    func sited(_ records: [ImportRecord]) -> [ImportRecord] {
        let names = Set((known + ImportPlan.defaultNames).map(LocationMatcher.words))
        let sources = Set(maps.map { LocationMatcher.words($0.from) })
        func namesSite(_ text: String) -> Bool {
            if sources.contains(LocationMatcher.words(text)) { return true }
            return [text, SiteNames.fromApp(text), SiteNames.fromAndroidAPS(text)].contains {
                $0.map { names.contains(LocationMatcher.words($0)) } ?? false
            }
        }
        return records.map { record in
            guard record.naming == .fromNotes, let text = record.sourceName else { return record }
            var r = record
            if namesSite(text.trimmingWhitespace()) {
                r.naming = .given
            } else {
                r.naming = .none
                r.sourceName = nil
                r.note = r.note.map { text + " " + $0 } ?? text
            }
            return r
        }
    }

    /// Rows that are one real change, as one record per device: rows within
    /// `repeatSeconds` of the first (three "Sensor Start" rows in five
    /// minutes), a cannula fill within `fillSeconds` of a cartridge or
    /// tubing fill (tconnectsync's three "Site Change" rows), and rows with
    /// the same event key (the 600-series uploader's `key600` sent twice).
    /// Rows naming two different sites stay two changes. The change keeps
    /// the cannula fill's time when there is one, else the first row's.
    mutating func takenAsOne(_ records: [ImportRecord]) -> [ImportRecord] {
        var groups: [Group] = []
        var latest: [String: Int] = [:], byKey: [[String]: Int] = [:]
        for r in records.sorted(by: { $0.start < $1.start }) {
            guard r.mayRepeat else { groups.append(Group(r)); continue }
            let key = r.eventKey.map { [r.device, $0] }
            let words = r.naming == .given ? r.sourceName.map(LocationMatcher.words) : nil
            if let key, let g = byKey[key], groups[g].sameSite(words) {
                groups[g].add(r, words)
            } else if let g = latest[r.device], groups[g].joins(r, words) {
                groups[g].add(r, words)
            } else {
                groups.append(Group(r))
                latest[r.device] = groups.count - 1
            }
            if let key, byKey[key] == nil { byKey[key] = latest[r.device] }
        }
        return groups.map { keep($0.records) }
    }

    /// Rows taken as one so far, with what deciding the next row needs,
    /// so that each row costs the same however many came before it.
    struct Group {
        var records: [ImportRecord]
        /// The words of the first site a row names.
        var site: [String]?
        var filling = false, cannula = false

        init(_ r: ImportRecord) {
            records = []
            add(r, r.naming == .given ? r.sourceName.map(LocationMatcher.words) : nil)
        }

        mutating func add(_ r: ImportRecord, _ words: [String]?) {
            records.append(r)
            if site == nil { site = words }
            filling = filling || r.fill == .cartridge || r.fill == .tubing
            cannula = cannula || r.fill == .cannula
        }

        func sameSite(_ words: [String]?) -> Bool { words == nil || site == nil || words == site }

        func joins(_ r: ImportRecord, _ words: [String]?) -> Bool {
            guard sameSite(words) else { return false }
            let since = r.start.seconds - records[0].start.seconds
            if since <= ImportPlan.repeatSeconds { return true }
            return r.fill == .cannula && since <= ImportPlan.fillSeconds && filling && !cannula
        }
    }

    /// One record for a group: the named row's site and note, at the
    /// cannula fill's time (else the first row's), numbered by its first
    /// row and standing for the others.
    mutating func keep(_ group: [ImportRecord]) -> ImportRecord {
        guard group.count > 1 else { return group[0] }
        let at = group.first { $0.fill == .cannula } ?? group[0]
        var kept = group.first { $0.naming == .given } ?? at
        kept.start = at.start
        kept.note = kept.note ?? at.note ?? group.lazy.compactMap(\.note).first
        let rows = group.map(\.row).sorted()
        kept.row = rows[0]
        kept.alsoRows = Array(rows.dropFirst())
        repeatAt[rows[0]] = plan.repeats.count
        plan.repeats.append(ImportPlan.Repeat(rows: rows, device: kept.device, start: kept.start,
                                              location: kept.naming == .given ? kept.sourceName : nil,
                                              at: displayTime(kept.start, in: zone)))
        return kept
    }
}
