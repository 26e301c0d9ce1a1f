/// `amend` and `delete` as typed: ENTRY, the device, the times and the
/// location, resolved on the journal under the lock (`ChangeRequest`).
/// Notes, reasons and lots come already checked: they need no journal.
extension CorrectionService {
    /// ENTRY as typed (`last`, a line number or a start time) in the
    /// rotation of `device` (`--device` as typed; nil: the pump, or for a
    /// line number the device whose line it is). Which entry and device.
    public static func entry(_ typed: String, device option: String?, in journal: Journal,
                             _ context: inout ChangeContext) throws(ServiceError) -> (device: String, entry: Entry) {
        let device = try journal.declaredDevice(option ?? Device.pumpName)
        if typed == "last" { return (device, .last(upTo: context.now)) }
        if let number = Int(typed) {
            // A line number is unambiguous: its own device, unless --device says otherwise.
            let own = option == nil ? CorrectionService.device(ofLine: number, in: journal) : nil
            return (own ?? device, .line(number))
        }
        switch context.read(typed, zone: journal.zone) {
        case .failure: throw ServiceError(.entryUnreadable(typed: typed))
        case .success(let t): return (device, .start(t))
        }
    }

    public struct DeleteQuery: ChangeRequest, Sendable {
        public var entry: String
        public var device: String?

        public init(entry: String, device: String? = nil) {
            self.entry = entry
            self.device = device
        }

        public func plan(_ journal: Journal, _ context: inout ChangeContext) throws(ServiceError)
            -> PlannedChange<DeleteOutcome> {
            let (device, entry) = try CorrectionService.entry(entry, device: device, in: journal, &context)
            return try CorrectionService.delete(DeleteRequest(entry: entry, device: device), in: journal)
        }
    }

    public struct AmendQuery: ChangeRequest, Sendable {
        public var entry: String
        public var device: String?
        /// The right location as typed; read among the device's locations,
        /// disabled ones too.
        public var location: String?
        public var start: TimeQuery?
        public var end: TimeQuery?
        public var note: NoteChange?
        public var reason: ClauseChange<EndReason>?
        public var lot: ClauseChange<String>?

        public init(entry: String, device: String? = nil) {
            self.entry = entry
            self.device = device
        }

        public func plan(_ journal: Journal, _ context: inout ChangeContext) throws(ServiceError)
            -> PlannedChange<AmendOutcome> {
            let (device, entry) = try CorrectionService.entry(entry, device: device, in: journal, &context)
            var request = AmendRequest(entry: entry, device: device)
            if let start { request.start = try context.past(start, zone: journal.zone) }
            if let typed = location { request.location = try Self.location(typed, device: device, in: journal) }
            request.note = note
            if let end { request.end = try context.past(end, zone: journal.zone) }
            request.reason = reason
            request.lot = lot
            return try CorrectionService.amend(request, in: journal)
        }

        /// One location of the device's rotation, as typed; one declared
        /// for other devices only is named as such, with `check`'s fix.
        static func location(_ typed: String, device: String, in journal: Journal) throws(ServiceError) -> String {
            let found: [Location]
            do throws(ServiceError) { found = try journal.rotation(device).selectedLocations(typed) } catch {
                if case .found(let all) = LocationMatcher(locations: journal.locations).select(typed), all.count == 1,
                   !all[0].isFor(device) {
                    throw ServiceError(.correctedLocationNotForDevice(location: all[0].name, device: device,
                                                                      devices: all[0].devices + [device]))
                }
                throw error
            }
            guard found.count == 1 else { throw ServiceError(.zoneForOneLocation(typed: typed)) }
            return found[0].name
        }
    }
}
