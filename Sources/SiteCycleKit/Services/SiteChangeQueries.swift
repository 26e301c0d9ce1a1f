/// `log` and `remove` as typed: the words, the device asked for and the
/// time, resolved on the journal under the lock (`ChangeRequest`). Notes,
/// reasons and lots come already checked: they need no journal.
extension SiteChangeService {
    public struct LogQuery: ChangeRequest, Sendable {
        /// LOCATION's words as typed (`rba`, `left front ab`); a first word
        /// may name the device (`sensor Left Arm`).
        public var words: [String]
        /// A location picked by name on the terminal (the words then name
        /// at most the device).
        public var picked: String?
        /// `--device` as typed; nil: a first word naming a device, else the
        /// location's only device, else the pump.
        public var device: String?
        public var at: TimeQuery?
        public var note: String?
        public var previousNote: String?
        public var replaceNote = false
        public var previousReason: EndReason?
        public var lot: String?

        public init(words: [String], picked: String? = nil, device: String? = nil, at: TimeQuery? = nil,
                    note: String? = nil) {
            self.words = words
            self.picked = picked
            self.device = device
            self.at = at
            self.note = note
        }

        public func plan(_ journal: Journal, _ context: inout ChangeContext) throws(ServiceError) -> PlannedChange<LogOutcome> {
            if picked == nil, words.count == 1, words[0] == Device.pumpName || journal.deviceIndex(words[0]) != nil {
                throw ServiceError(.missingLocation)
            }
            let asked = try SiteChangeService.askedDevice(self.device, words: words, in: journal)
            let device = asked.device
            let location: Location
            if let picked {
                guard let l = journal.location(named: picked), l.isEnabled else {
                    throw ServiceError(.pickedLocationGone(name: picked))
                }
                location = l
            } else {
                location = try journal.enabledLocation(asked.words.joined(separator: " "), device: device)
            }
            var request = LogRequest(location: location.name, at: try context.past(at, zone: journal.zone), note: note)
            request.previousNote = previousNote
            request.replaceNote = replaceNote
            request.device = device
            request.previousReason = previousReason
            request.lot = lot
            return try SiteChangeService.log(request, in: journal)
        }
    }

    public struct RemoveQuery: ChangeRequest, Sendable {
        /// DEVICE as typed (at most one word), and `--device`.
        public var words: [String]
        public var device: String?
        public var at: TimeQuery?
        public var note: String?
        public var reason: EndReason?

        public init(words: [String] = [], device: String? = nil, at: TimeQuery? = nil, note: String? = nil,
                    reason: EndReason? = nil) {
            self.words = words
            self.device = device
            self.at = at
            self.note = note
            self.reason = reason
        }

        public func plan(_ journal: Journal, _ context: inout ChangeContext) throws(ServiceError)
            -> PlannedChange<RemoveOutcome> {
            let asked = try SiteChangeService.askedDevice(device, words: words, in: journal)
            guard asked.words.isEmpty else { throw ServiceError(.unexpectedArgument(asked.words[0])) }
            var request = RemoveRequest(at: try context.past(at, zone: journal.zone), note: note,
                                        device: asked.device ?? Device.pumpName, now: context.now)
            request.reason = reason
            return try SiteChangeService.remove(request, in: journal)
        }
    }

    /// The device a change is for: a first word that names a declared
    /// device (`log sensor Left Arm`), else `--device` checked against the
    /// journal, else nil; and the words after it.
    public static func askedDevice(_ option: String?, words: [String], in journal: Journal) throws(ServiceError)
        -> (device: String?, words: [String]) {
        if let first = words.first, journal.deviceIndex(first) != nil, first != Device.pumpName || words.count > 1 {
            if let option, option != first { throw ServiceError(.twoDevicesNamed(word: first, option: option)) }
            return (first, Array(words.dropFirst()))
        }
        guard let option else { return (nil, words) }
        return (try journal.declaredDevice(option), words)
    }
}

extension Journal {
    /// `name`, if the journal declares it (the pump always is).
    public func declaredDevice(_ name: String) throws(ServiceError) -> String {
        guard deviceIndex(name) != nil else {
            throw ServiceError(.undeclaredDevice(name: name, journal: source.path, declared: deviceNames))
        }
        return name
    }
}
