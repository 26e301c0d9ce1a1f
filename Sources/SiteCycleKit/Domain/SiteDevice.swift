/// Which rotation a new site at a location belongs to. A location declared
/// for one device only (`location Right Back Arm  for sensor`) can only
/// take that device, so naming the location says the device: `log rba`
/// logs the sensor. One rule for `log`, the picker and completion.
public enum SiteDevice: Equatable, Sendable {
    /// The device the site is for.
    case device(String)
    /// The device asked for may not use the location; these may.
    case notFor(asked: String, serves: [String])
    /// Nothing was asked and the location serves several devices, none of
    /// them the pump: the person must say which.
    case ambiguous(serves: [String])
}

extension Journal {
    /// The device a site at `location` is for: `asked` (a `--device` or a
    /// device word) when the location serves it; with nothing asked, the
    /// location's only device, else the pump.
    public func siteDevice(at location: Location, asked: String?) -> SiteDevice {
        let serves = deviceNames.filter(location.isFor)
        if let asked { return location.isFor(asked) ? .device(asked) : .notFor(asked: asked, serves: serves) }
        if serves.count == 1 { return .device(serves[0]) }
        if location.isFor(Device.pumpName) || serves.isEmpty { return .device(Device.pumpName) }
        return .ambiguous(serves: serves)
    }
}
