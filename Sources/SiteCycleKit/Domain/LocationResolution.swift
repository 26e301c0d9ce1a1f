/// What a typed location turned out to name, before anyone puts it into
/// words: the command line says it in English with hints; a test reads the
/// cases. Built by `LocationMatcher.resolve` (a place for a new site: an
/// enabled location) and `LocationMatcher.select` (a filter or a
/// correction: a location or a zone, disabled ones too).
public enum LocationResolution: Equatable, Sendable {
    case found(Location)
    /// Several fit equally well, each with what to type for it alone.
    case ambiguous([ShortForm])
    /// The only fit is a disabled location.
    case disabled(Location)
    case unknown(Unknown)

    /// A location and the shortest thing to type that names it alone
    /// (`LocationMatcher.shortForm`).
    public struct ShortForm: Equatable, Sendable {
        public var location: Location
        public var typed: String
    }

    /// A zone typed without its side (`front abdomen`), and its sides.
    public struct Zone: Equatable, Sendable {
        public var zone: String
        public var sides: [ShortForm]
    }

    /// Why nothing fits, and what might have been meant: the zones the
    /// words name, locations whose initials are one letter off (`rfb` for
    /// `rfa`), and the nearest enabled name.
    public struct Unknown: Equatable, Sendable {
        public var zones: [Zone]
        public var slips: [ShortForm]
        public var guess: String?
    }
}

/// A filter's or a correction's reading of what was typed: a location or
/// a zone's locations, disabled ones included (retired sites still have a
/// history).
public enum LocationSelection: Equatable, Sendable {
    case found([Location])
    case ambiguous([Location])
    case unknown(guess: String?)
}

extension LocationMatcher {
    /// An enabled location for a new site, or why `typed` names none.
    public func resolve(_ typed: String) -> LocationResolution {
        switch match(typed) {
        case .found(let location): return .found(location)
        case .disabled(let location): return .disabled(location)
        case .ambiguous(let candidates): return .ambiguous(candidates.map(shortForm))
        case .notFound(let guess):
            let zones = zones(matching: typed).map { zone in
                LocationResolution.Zone(zone: zone.zone, sides: zone.locations.map(shortForm))
            }
            return .unknown(.init(zones: zones, slips: initialsOneLetterOff(typed).map(shortForm), guess: guess))
        }
    }

    /// A zone's locations or one location, disabled ones included.
    public func select(_ typed: String) -> LocationSelection {
        if let exact = zoneOrLocation(typed) { return .found(exact) }
        switch match(typed) {
        case .found(let location), .disabled(let location): return .found([location])
        case .ambiguous(let candidates): return .ambiguous(candidates)
        case .notFound(let guess): return .unknown(guess: guess)
        }
    }

    private func shortForm(_ location: Location) -> LocationResolution.ShortForm {
        .init(location: location, typed: shortForm(of: location))
    }
}

extension Journal {
    /// An enabled location for a new site, as typed. With a `device`, what
    /// is typed is read among that device's locations first (`lba` is Left
    /// Back Arm for the sensor, not also Left Back Abdomen); what names none
    /// of them is read among all, so a location for other devices is named
    /// as such. Refused with what the words turned out to name.
    public func enabledLocation(_ typed: String, device: String? = nil) throws(ServiceError) -> Location {
        guard !typed.trimmingBlanks().isEmpty else { throw ServiceError(.noLocationTyped) }
        var resolution = LocationMatcher(locations: locations).resolve(typed)
        if let device, case let own = LocationMatcher(locations: locations.filter { $0.isFor(device) }).resolve(typed) {
            if case .unknown = own {} else { resolution = own }
        }
        if case .found(let location) = resolution { return location }
        throw ServiceError(.unresolvedLocation(typed: typed, resolution))
    }

    /// A zone's locations or one location, disabled ones included: for
    /// filtering and correcting history, where retired sites still count.
    public func selectedLocations(_ typed: String) throws(ServiceError) -> [Location] {
        let selection = LocationMatcher(locations: locations).select(typed)
        if case .found(let found) = selection { return found }
        throw ServiceError(.unselectedLocation(typed: typed, selection))
    }
}
