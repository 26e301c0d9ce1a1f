/// Devices: `device NAME DURATION` lines, what the header as a whole must
/// hold for them, and which device an entry line belongs to.
extension BuildState {
    /// `device NAME DURATION [grace DURATION]`: a second rotation (a CGM
    /// sensor) with its target and the grace past it before it is overdue;
    /// `device pump DURATION` is the pump's `target`.
    package mutating func declareDevice(_ argument: String, directive d: DirectiveSyntax, line: SyntaxLine) {
        let range = d.argument.isEmpty ? d.keywordRange.upperBound..<d.keywordRange.upperBound : d.argument
        let words = argument.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard words.count == 2 || (words.count == 4 && words[2] == "grace") else {
            report(.invalidSetting, "`device` takes a name, a target and an optional grace", line: line, range,
                   help: "e.g. `device sensor 10d grace 12h` for CGM sensors worn 10 days, 12 hours more allowed")
            return
        }
        let name = words[0]
        if let problem = Device.problem(with: name) {
            report(.invalidSetting, "invalid device name `\(excerpt(name))`: \(problem)", line: line, range,
                   help: "e.g. `device sensor 10d`")
            return
        }
        let hours: Double
        switch SettingValues.hours(words[1]) {
        case .success(let h): hours = h
        case .failure(let e):
            report(.invalidSetting, "invalid `device` target: \(e.message)", line: line, range, help: e.help.map(Diagnostic.Help.text))
            return
        }
        var grace: Double?
        if words.count == 4 {
            switch SettingValues.hours(words[3]) {
            case .success(let h): grace = h
            case .failure(let e):
                // The device is still declared, so its lines read as its own.
                report(.invalidSetting, "invalid `device` grace: expected hours like `12h` or days like `1d`, "
                           + "more than 0, not `\(excerpt(words[3]))`", line: line, range, help: e.help.map(Diagnostic.Help.text))
            }
        }
        if name == Device.pumpName {
            if let first = deviceLines[name] ?? settingLinesSeen[.target] {
                report(.duplicateSetting, "the pump's target is already set on line \(first)", line: line, range,
                       help: "`device pump DURATION` means `target DURATION`: keep one of the two lines")
                return
            }
            deviceLines[name] = line.number
            settings.targetHours = hours
            settings.graceHours = grace
            return
        }
        if let first = deviceLines[name] {
            report(.duplicateSetting, "device `\(name)` is already declared on line \(first)", line: line, range,
                   help: "keep one `device \(name)` line and delete the other")
            return
        }
        // A change names its device in one byte: the pump and 255 more.
        guard settings.devices.count < Device.maximumDeclared else {
            report(.invalidSetting, "too many devices: at most \(Device.maximumDeclared) besides the pump", line: line, range,
                   help: "delete the `device` lines you do not use")
            return
        }
        deviceLines[name] = line.number
        settings.devices.append(Device(name: name, targetHours: hours, graceHours: grace, line: line.number))
    }

    /// What only the whole header can tell: `for` names declared devices,
    /// and no location name begins with a device's name (an entry
    /// `sensor Left Arm` would be ambiguous).
    package mutating func checkDevicesInHeader() {
        let names = [Device.pumpName] + settings.devices.map(\.name)
        for location in locations {
            let line = syntax.lines[location.line - 1]
            guard case .directive(let d) = line.kind else { continue }
            for device in location.devices where !names.contains(device) {
                report(.invalidSetting, "`for \(device)`: no device `\(excerpt(device))` is declared", line: line, d.argument,
                       help: "declare it with `device \(device) DURATION`, or list only declared devices")
            }
            if let first = LocationName.deviceWord(in: location.name, devices: names) {
                report(.invalidLocationName, "location \"\(excerpt(location.name))\" begins with the device name `\(first)`",
                       line: line, d.argument,
                       help: .renameLocationNamedLikeDevice(device: String(first)))
            }
        }
    }

    /// A location field as device and location: `sensor Left Arm` is the
    /// sensor's Left Arm when a `sensor` device is declared.
    package func splitDevice(_ field: String) -> (UInt8, String) { EntryField.split(field, devices: settings.devices) }

    /// The device an entry belongs to (its first word, when that names a
    /// declared device or `pump`) and the location or `removed` after it.
    package func deviceAndLocation(_ e: EntrySyntax) -> (UInt8, String, Range<Int>) {
        let field = e.locationName
        // The common case, a journal without devices, costs one prefix test.
        if settings.devices.isEmpty && !field.utf8.starts(with: "pump ".utf8) { return (0, field, e.locationRange) }
        guard let space = field.firstIndex(of: " ") else { return (0, field, e.locationRange) }
        let first = field[..<space]
        let device: UInt8
        if first == Device.pumpName {
            device = 0
        } else if let i = settings.devices.firstIndex(where: { $0.name == first }) {
            device = UInt8(i + 1)
        } else {
            return (0, field, e.locationRange)
        }
        // The location starts after the device word and its white space.
        var start = e.locationRange.lowerBound + first.utf8.count
        while start < e.locationRange.upperBound, isBlank(source.bytes[start]) { start += 1 }
        return (device, String(field[field.index(after: space)...]), start..<e.locationRange.upperBound)
    }
}

/// An entry's location field: a device word (a declared device or `pump`)
/// then the location, or the location alone, the pump's.
package enum EntryField {
    /// The device's index in `Journal.deviceNames` and the location.
    package static func split(_ field: String, devices: [Device]) -> (UInt8, String) {
        if devices.isEmpty && !field.utf8.starts(with: "pump ".utf8) { return (0, field) }
        guard let space = field.firstIndex(of: " ") else { return (0, field) }
        let first = field[..<space]
        if first == Device.pumpName { return (0, String(field[field.index(after: space)...])) }
        guard let i = devices.firstIndex(where: { $0.name == first }) else { return (0, field) }
        return (UInt8(i + 1), String(field[field.index(after: space)...]))
    }
}
