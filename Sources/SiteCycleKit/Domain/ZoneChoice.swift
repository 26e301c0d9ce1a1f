/// The zones a new journal declares, as `init`'s questions choose them: each
/// zone as a Left and a Right location unless it is unsided, and, when a
/// CGM is worn too, which devices each zone's locations are for.
public struct ZoneChoice: Sendable {
    public var zones: [String]
    /// Zones declared once, without Left and Right.
    public var unsided: Set<String> = []
    /// Zones the sensor may use, shared with the pump.
    public var shared: Set<String> = []
    /// Zones the sensor alone uses (the pump keeps at least one other).
    public var sensorOnly: Set<String> = []

    public init(zones: [String], unsided: Set<String> = []) {
        self.zones = zones
        self.unsided = unsided
    }

    /// `Left Buttock`, `Right Buttock`; or `Buttock` when unsided.
    public func locationNames(of zone: String) -> [String] {
        unsided.contains(zone) ? [zone] : ["Left \(zone)", "Right \(zone)"]
    }

    /// Every zone's locations, in the zones' order.
    public var locationNames: [String] { zones.flatMap(locationNames(of:)) }

    /// Each location's devices when `sensor` is worn too: the sensor's
    /// alone, shared with the pump, or the pump's.
    public func devices(sensor: String) -> [String: [String]] {
        var devices: [String: [String]] = [:]
        for zone in zones {
            let forZone = sensorOnly.contains(zone) ? [sensor]
                : shared.contains(zone) ? [Device.pumpName, sensor] : [Device.pumpName]
            for name in locationNames(of: zone) { devices[name] = forZone }
        }
        return devices
    }
}
