import SiteCycleKit

extension LocationsRequest {
    typealias Planned = PlannedChange<LocationsService.Outcome>

    /// The change, planned by `LocationsService` once each name is resolved
    /// in `journal`; `options` for what pause and move read.
    func plan(_ options: LocationsOptions, in journal: Journal, now: Instant) throws(CommandError) -> Planned {
        let s = LocationsService.self
        switch self {
        case .add(let request):
            return try Self.service { () throws(ServiceError) in try s.add(request, in: journal) }
        case .devices(let name, let list):
            let request = LocationsService.DevicesRequest(target: try Self.target(name, in: journal),
                                                          devices: LocationsOptions.devices(list), devicesAsTyped: list)
            return try Self.service { () throws(ServiceError) in try s.setDevices(request, in: journal) }
        case .rename(let from, let to):
            let request = LocationsService.RenameRequest(from: try Self.target(from, in: journal), to: to)
            return try Self.service { () throws(ServiceError) in try s.rename(request, in: journal) }
        case .enable(let name):
            let target = try Self.target(name, in: journal)
            return try Self.service { () throws(ServiceError) in try s.enable(target, in: journal) }
        case .disable(let name):
            let target = try Self.target(name, in: journal)
            return try Self.service { () throws(ServiceError) in try s.disable(target, in: journal) }
        case .remove(let name):
            let target = try Self.target(name, in: journal)
            return try Self.service { () throws(ServiceError) in try s.remove(target, in: journal) }
        case .sides(let request):
            return try Self.service { () throws(ServiceError) in try s.sides(request, in: journal) }
        case .pause(let name):
            let request = try Self.pauseRequest(name, options, in: journal, now: now)
            return try Self.service { () throws(ServiceError) in try s.pause(request, in: journal) }
        case .resume(let name):
            let request = LocationsService.ResumeRequest(target: try Self.target(name, in: journal),
                                                         today: journal.zone.civil(now).date)
            return try Self.service { () throws(ServiceError) in try s.resume(request, in: journal) }
        case .move(let name):
            let target = try Self.target(name, in: journal)
            // An empty OTHER names no location, so it never gets this far.
            let (placement, anchor) = try options.placement()
            let request = LocationsService.MoveRequest(target: target, placement, anchor: try Self.target(anchor, in: journal))
            return try Self.service { () throws(ServiceError) in try s.move(request, in: journal) }
        }
    }

    /// NAME, then `--until DATE` or `--for Nd` (from today, journal time),
    /// then `--reason` for the line's comment.
    static func pauseRequest(_ name: String, _ options: LocationsOptions, in journal: Journal, now: Instant)
        throws(CommandError) -> LocationsService.PauseRequest {
        let target = try target(name, in: journal)
        var request = LocationsService.PauseRequest(
            target: target, until: try options.pauseEnd(today: journal.zone.civil(now).date, usage: pauseUsage))
        if let reason = options.reason { request.reason = try EntryWriter.cleanNote(reason, option: "--reason") ?? "" }
        return request
    }

    /// What was typed, resolved to a location or a zone's locations.
    static func target(_ typed: String, in journal: Journal) throws(CommandError) -> LocationsService.Target {
        LocationsService.Target(typed: typed, names: try LocationResolver.locations(typed, in: journal).map(\.name))
    }

    static func service(_ body: () throws(ServiceError) -> Planned) throws(CommandError) -> Planned {
        do throws(ServiceError) { return try body() } catch { throw CommandError(error) }
    }
}
