import SiteCycleKit

/// `init`'s questions about a CGM: which sensor, and the zones it may use.
extension Onboarding {
    /// Which CGM, if any: its wear time (and grace) come from its maker's
    /// label; another's days are asked.
    func askSensor() -> Sensor? {
        var prompt = "\nDo you wear a CGM too? Its sensor sites rotate as well.\n"
        for (i, s) in Sensor.known.enumerated() {
            let days = Int(s.hours / 24)
            prompt += "  \(i + 1). \(s.name) (\(days) days" + (s.graceHours.map { ", then \(Int($0)) h grace" } ?? "") + ")\n"
        }
        invocation.out(prompt + "  \(Sensor.known.count + 1). another sensor\n")
        for _ in 0..<3 {
            guard let answer = ask("Number, or Enter for none: "), !answer.isEmpty else { return nil }
            if let n = Int(answer), (1...Sensor.known.count).contains(n) { return Sensor.known[n - 1] }
            if Int(answer) == Sensor.known.count + 1 { return askSensorDays() }
            invocation.out("Please type a number from 1 to \(Sensor.known.count + 1).\n")
        }
        invocation.out("No sensor.\n")
        return nil
    }

    func askSensorDays() -> Sensor? {
        for _ in 0..<3 {
            guard let answer = ask("How many days is one sensor worn? (e.g. 10): "), !answer.isEmpty else { break }
            let text = answer.allSatisfy { $0.isNumber || $0 == "." } ? answer + "d" : answer
            switch SettingValues.hours(text) {
            case .success(let h): return Sensor(name: Device.sensorName, hours: h)
            case .failure(let e): invocation.say(e.message.prefix(1).uppercased() + e.message.dropFirst())
            }
        }
        invocation.out("No sensor.\n")
        return nil
    }

    /// The zones the sensor may use, and of those the ones for the sensor
    /// only; the pump keeps at least one. Every default zone is offered, not
    /// only the pump's (a Libre is labelled for the back of the upper arm):
    /// one the pump does not use is the sensor's alone, and `added`. Enter
    /// picks Back Arm for a sensor labelled for it, else every pump zone,
    /// shared.
    func askSensorZones(_ zones: [String], backArm: Bool = false)
        -> (shared: Set<String>, sensorOnly: Set<String>, added: [String]) {
        let armZone = "Back Arm"
        let offered = zones + DefaultZones.all.filter { !zones.contains($0) }
        guard !offered.isEmpty else { return ([], [], []) }
        invocation.out(numbered("\nWhich zones may the sensor use?\n", offered))
        let prompt = backArm ? "Numbers, or Enter for \(armZone) (its label's site): "
            : "Numbers, or Enter for all (shared with the pump): "
        let chosen = askNumbers(prompt, among: offered) ?? (backArm ? [armZone] : zones)
        guard !chosen.isEmpty else { return (Set(zones), [], []) }
        let added = chosen.filter { !zones.contains($0) }, both = chosen.filter(zones.contains)
        guard !both.isEmpty else { return ([], Set(added), added) }
        for _ in 0..<3 {
            let only = askNumbers("Of those, the sensor's alone (never the pump's), or Enter for none: ",
                                  among: offered, allowed: both) ?? []
            if only.count < zones.count { return (Set(both), Set(only + added), added) }
            invocation.out("The pump needs at least one zone of its own or shared.\n")
        }
        return (Set(both), Set(added), added)
    }
}
