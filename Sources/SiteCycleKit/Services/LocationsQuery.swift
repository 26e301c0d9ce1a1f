/// One `locations` change as typed: names joined and tidied, a device list
/// split, a pause's end read, all before any file is read. Which locations
/// a name means, and today, are read on the journal under the lock
/// (`ChangeRequest`), in the order the refusals have always come.
extension LocationsService {
    /// When a pause ends: a day as typed, or a number of days from today
    /// (journal time).
    public enum PauseEnd: Sendable, Equatable {
        case until(CivilDate, typed: String)
        case days(Int)
    }

    public enum Query: ChangeRequest, Sendable {
        case add(AddRequest)
        /// `for NAME DEV,…`: the list split, and as typed.
        case devices(name: String, devices: [String], typed: String)
        case rename(from: String, to: String)
        case enable(String), disable(String), remove(String), resume(String)
        case sides(SidesRequest)
        /// The reason is the line's new comment (empty removes it).
        case pause(String, PauseEnd, reason: String?)
        case move(String, Placement, anchor: String)

        public func plan(_ journal: Journal, _ context: inout ChangeContext) throws(ServiceError) -> PlannedChange<Outcome> {
            let s = LocationsService.self
            let today = journal.zone.civil(context.now).date
            switch self {
            case .add(let request):
                return try s.add(request, in: journal)
            case .devices(let name, let devices, let typed):
                let request = DevicesRequest(target: try s.target(name, in: journal), devices: devices, devicesAsTyped: typed)
                return try s.setDevices(request, in: journal)
            case .rename(let from, let to):
                return try s.rename(RenameRequest(from: try s.target(from, in: journal), to: to), in: journal)
            case .enable(let name):
                return try s.enable(try s.target(name, in: journal), in: journal)
            case .disable(let name):
                return try s.disable(try s.target(name, in: journal), in: journal)
            case .remove(let name):
                return try s.remove(try s.target(name, in: journal), in: journal)
            case .sides(let request):
                return try s.sides(request, in: journal)
            case .pause(let name, let end, let reason):
                let target = try s.target(name, in: journal)
                let until: CivilDate
                switch end {
                case .until(let date, let typed):
                    guard today < date else { throw ServiceError(.pauseEndNotAfterToday(typed: typed, today: today.iso)) }
                    until = date
                case .days(let days):
                    until = today.adding(days: days)
                }
                return try s.pause(PauseRequest(target: target, until: until, reason: reason), in: journal)
            case .resume(let name):
                return try s.resume(ResumeRequest(target: try s.target(name, in: journal), today: today), in: journal)
            case .move(let name, let placement, let anchor):
                let target = try s.target(name, in: journal)
                // An empty OTHER names no location, so it never gets this far.
                return try s.move(MoveRequest(target: target, placement, anchor: try s.target(anchor, in: journal)),
                                  in: journal)
            }
        }
    }

    /// What was typed, resolved to a location or a zone's locations.
    public static func target(_ typed: String, in journal: Journal) throws(ServiceError) -> Target {
        Target(typed: typed, names: try journal.selectedLocations(typed).map(\.name))
    }
}
