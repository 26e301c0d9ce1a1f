/// Where each location sits on a body, and how it stands by one measure:
/// the data behind `sitecycle map` and the report's body map, as a pure
/// function of the journal and the moment.
///
/// Places are cells of a fixed outline (`outline`, 25 × 18 characters),
/// seen from the front (your right on the viewer's left, as in a mirror
/// turned round: someone facing you) and from the back (your left on the
/// viewer's left). A mark takes two cells: its symbol and its key letter.
/// `x` and `y` (0–1 within the view) are the middle of those two cells, so
/// the terminal, the JSON and the report's SVG agree on every place.
///
/// Devices (pump and CGM sensor) are not in the journal yet; when they are,
/// `compute` takes the device and each device's active site gets its own
/// state, without changing the places.
public struct BodyMap: Sendable {
    public enum View: String, Sendable { case front, back, none }

    public enum Measure: String, Sendable, CaseIterable { case rest, uses, hours, failures }

    /// One state per measure; `rawValue` is the JSON's `state`.
    public enum State: String, Sendable, CaseIterable {
        // --by rest
        case active, occupied, avoid, recent, rested, never, disabled
        /// Out of recommendations: `paused until`, or within `rest` of its
        /// last use. Their own marks, so neither reads as "rested" (a top
        /// choice).
        case paused, resting
        /// Free, but its verdict counts against it (`SiteVerdict`): after
        /// every unflagged site in recommend.
        case flaggedSite = "flagged-site"
        // --by uses: share of all uses against an equal share
        case unused, low, even, high
        // --by hours: mean duration against the overall mean
        case noData = "no-data", flagged, shorter, longer
        // --by failures: the share of completed sessions that ended early
        case oftenEarly = "often-early", sometimesEarly = "sometimes-early", neverEarly = "never-early"
    }

    /// From this share of its completed sessions ending early, a site is
    /// marked as often failing (`--by failures`).
    public static let oftenEarlyShare = 1.0 / 3.0

    public struct Place: Sendable, Equatable {
        public var view: View
        public var row: Int
        public var column: Int
        public var x: Double { (Double(column) + 1) / Double(BodyMap.width) }
        public var y: Double { (Double(row) + 0.5) / Double(BodyMap.height) }
    }

    public struct Mark: Sendable {
        public var location: Location
        public var place: Place?
        public var state: State
        /// Site changes here up to now, the active one included.
        public var uses: Int
        public var share: Double
        /// Whole days the skin has rested since any device left it
        /// (`Occupancy.restedDays`); nil while in use or never used.
        public var daysSinceUse: Int?
        public var meanHours: Double?
        /// This device is on it now.
        public var isActive: Bool
        /// The verdict's duration flag (`SiteVerdict`).
        public var absorptionFlagged: Bool
        /// What counts against the site (`SiteVerdict`), every measure.
        public var flags: [SiteVerdict.Flag] = []
        /// Another device worn here now (`--by rest`).
        public var occupiedBy: String? = nil
        /// Completed sessions and those that ended early (`--by failures`).
        public var endings: EarlyEndings.Tally? = nil
    }

    public var measure: Measure
    /// Every declared location, in header order: none is left out.
    public var marks: [Mark]

    public var placed: [Mark] { marks.filter { $0.place != nil } }
    public var unplaced: [Mark] { marks.filter { $0.place == nil } }

    /// A site used within this many days is `recent`: skin needs about two
    /// weeks to heal before the same spot is used again.
    public static let restDays = 14
    /// Below half an equal share is `low`, above one and a half is `high`.
    public static let evenBand = 0.5...1.5

    public static let width = 25
    public static let height = 18
    /// The same outline serves both views; only the places differ.
    public static let outline = [
        "          .---.          ",
        "         (     )         ",
        "          '---'          ",
        "    .-----'   '-----.    ",
        "   /                 \\   ",
        "  /  /|           |\\  \\  ",
        " /  / |           | \\  \\ ",
        "/  /  |           |  \\  \\",
        "(__/  |           |  \\__)",
        "      |           |      ",
        "      |           |      ",
        "     /     / \\     \\     ",
        "     |     | |     |     ",
        "     |     | |     |     ",
        "     |     | |     |     ",
        "      \\    | |    /      ",
        "       |   | |   |       ",
        "      (____| |____)      ",
    ]

    /// Known places by name (compared without case). `help map` shows them.
    public static let knownPlaces: [(name: String, place: Place)] = {
        func p(_ view: View, _ row: Int, _ column: Int) -> Place { Place(view: view, row: row, column: column) }
        // Front view: the wearer's right is on the viewer's left.
        let front: [(String, Place)] = [
            ("Right Chest", p(.front, 4, 8)), ("Left Chest", p(.front, 4, 15)),
            ("Right Upper Arm", p(.front, 6, 2)), ("Left Upper Arm", p(.front, 6, 21)),
            ("Right Side Abdomen", p(.front, 7, 7)), ("Left Side Abdomen", p(.front, 7, 16)),
            ("Right Front Abdomen", p(.front, 8, 10)), ("Left Front Abdomen", p(.front, 8, 13)),
            ("Right Hip", p(.front, 10, 7)), ("Left Hip", p(.front, 10, 16)),
            ("Right Side Thigh", p(.front, 13, 6)), ("Right Front Thigh", p(.front, 13, 9)),
            ("Left Front Thigh", p(.front, 13, 14)), ("Left Side Thigh", p(.front, 13, 17)),
        ]
        // Back view: the wearer's left is on the viewer's left.
        let back: [(String, Place)] = [
            // High on the arm's back, where the upper arm is.
            ("Left Back Arm", p(.back, 5, 3)), ("Right Back Arm", p(.back, 5, 20)),
            ("Left Back Abdomen", p(.back, 8, 7)), ("Right Back Abdomen", p(.back, 8, 16)),
            ("Lower Back", p(.back, 9, 11)),
            ("Left Upper Buttock", p(.back, 10, 8)), ("Right Upper Buttock", p(.back, 10, 15)),
            ("Left Buttock", p(.back, 11, 7)), ("Right Buttock", p(.back, 11, 16)),
            ("Left Calf", p(.back, 16, 9)), ("Right Calf", p(.back, 16, 14)),
        ]
        return (front + back).map { (name: $0.0, place: $0.1) }
    }()

    public static func place(of name: String) -> Place? {
        let key = name.lowercased()
        return knownPlaces.first { $0.name.lowercased() == key }?.place
    }

    /// The map for one device's rotation: its locations, numbers from its
    /// own sessions (figures of different devices are never mixed), and
    /// the body from `Occupancy` (who is on each site, how long the skin
    /// has rested since any device left it), so it agrees with recommend.
    public static func compute(_ full: Journal, device: String = Device.pumpName, by measure: Measure,
                               now: Instant) -> BodyMap {
        let journal = full.rotation(device)
        let body = Occupancy.compute(full, now: now)
        let stats = Statistics.compute(journal, include: nil, now: now,
                                       robust: journal.settings.robustStatistics, body: body)
        var perLocation: [String: Statistics.PerLocation] = [:]
        for row in stats.locations { perLocation[row.location.name] = row }
        var sites: [String: Occupancy.Site] = [:]
        for site in body.sites { sites[site.location.name] = site }
        let recommendation = Recommender.recommend(full, occupancy: body, device: device)
        let avoid = Set(recommendation.avoid.map(\.location.name))
        let total = stats.locations.map(\.uses).reduce(0, +)
        let equal = journal.enabledLocations.isEmpty ? 1 : 1 / Double(journal.enabledLocations.count)
        let reference = stats.robust ? stats.overall.medianHours : stats.overall.averageHours
        let endings = measure == .failures ? EarlyEndings.compute(journal, now: now) : nil
        let marks = journal.locations.map { location -> Mark in
            let row = perLocation[location.name]
            let site = sites[location.name]
            let uses = row?.uses ?? 0
            let share = total > 0 ? Double(uses) / Double(total) : 0
            var mark = Mark(location: location, place: place(of: location.name), state: .never, uses: uses,
                            share: share, daysSinceUse: site.flatMap(body.restedDays), meanHours: row?.average,
                            isActive: site?.occupiedBy.contains(device) ?? false,
                            absorptionFlagged: recommendation.flags(of: location.name).contains { $0.kind == .duration })
            mark.flags = recommendation.flags(of: location.name)
            switch measure {
            case .rest:
                mark.occupiedBy = mark.isActive ? nil : site?.occupiedBy.first
                mark.state = mark.isActive ? .active
                    : mark.occupiedBy != nil ? .occupied
                    : !location.isEnabled ? .disabled
                    : site?.pausedUntil != nil ? .paused
                    : site?.restingUntil != nil ? .resting
                    : avoid.contains(location.name) ? .avoid
                    : !mark.flags.isEmpty ? .flaggedSite
                    : (mark.daysSinceUse.map { $0 < restDays } ?? false) ? .recent
                    : site?.lastChange == nil ? .never : .rested
            case .uses:
                let ratio = share / equal
                mark.state = uses == 0 ? .unused : ratio < evenBand.lowerBound ? .low
                    : ratio > evenBand.upperBound ? .high : .even
            case .hours:
                if mark.absorptionFlagged {
                    mark.state = .flagged
                } else if let mean = mark.meanHours, let reference {
                    mark.state = mean < reference ? .shorter : .longer
                } else {
                    mark.state = .noData
                }
            case .failures:
                let t = endings?.tally(of: location) ?? EarlyEndings.Tally()
                mark.endings = t
                mark.state = t.completed == 0 ? .noData : t.endedEarly == 0 ? .neverEarly
                    : t.share >= oftenEarlyShare ? .oftenEarly : .sometimesEarly
            }
            return mark
        }
        return BodyMap(measure: measure, marks: marks)
    }

    /// The states a measure can give, in the order the legend lists them.
    public static func states(of measure: Measure) -> [State] {
        switch measure {
        case .rest: [.active, .occupied, .paused, .resting, .avoid, .flaggedSite, .recent, .rested, .never, .disabled]
        case .uses: [.high, .even, .low, .unused]
        case .hours: [.flagged, .shorter, .longer, .noData]
        case .failures: [.oftenEarly, .sometimesEarly, .neverEarly, .noData]
        }
    }
}
