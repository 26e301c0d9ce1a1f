import SiteCycleKit

/// `init`'s questions about zones: which of the app's to keep, the user's
/// own, and which to declare without sides.
extension Onboarding {
    /// Enter (or end of input) keeps every zone.
    func askZones() -> [String] {
        invocation.out(numbered("\nWhich zones do you use? Each gets a Left and a Right location.\n", DefaultZones.all))
        for _ in 0..<3 {
            guard let answer = ask("Numbers to keep (e.g. 1 2 4), or Enter for all: ") else { break }
            let words = answer.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" })
            if words.isEmpty { return DefaultZones.all }
            let numbers = words.compactMap { Int($0) }.filter { (1...DefaultZones.all.count).contains($0) }
            if numbers.count == words.count {
                return DefaultZones.all.enumerated().filter { numbers.contains($0.offset + 1) }.map(\.element)
            }
            invocation.out("Please type numbers from 1 to \(DefaultZones.all.count), separated by spaces.\n")
        }
        invocation.out("Keeping all zones.\n")
        return DefaultZones.all
    }

    /// The user's own zones, by name; each must be a valid location name
    /// without a side, and new.
    func askCustomZones(after zones: [String]) -> [String] {
        for _ in 0..<3 {
            guard let answer = ask("Zones of your own (e.g. Upper Arm, Calf), or Enter for none: "), !answer.isEmpty
            else { return [] }
            var added: [String] = [], problem: String?
            for raw in answer.split(separator: ",") {
                let name = raw.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
                guard !name.isEmpty else { continue }
                // A sensor may be declared after these questions: its
                // word is kept free from the start.
                if let p = LocationName.problem(with: name, devices: [Device.pumpName, Device.sensorName]) {
                    problem = "\(name): \(p)"
                } else if Location.split(name).side != nil {
                    problem = "\(name): give the zone without Left or Right"
                } else if (zones + added).contains(where: { $0.lowercased() == name.lowercased() }) {
                    continue
                } else {
                    added.append(name)
                }
            }
            if let problem { invocation.say(problem); continue }
            return added
        }
        invocation.out("Adding none.\n")
        return []
    }

    /// The zones to declare once, without Left and Right (the app's
    /// laterality switch, per zone).
    func askUnsided(_ zones: [String]) -> Set<String> {
        guard !zones.isEmpty else { return [] }
        invocation.out(numbered("\nZones with sides:\n", zones))
        return Set(askNumbers("Numbers to use without Left/Right, or Enter to keep sides: ", among: zones) ?? [])
    }

    /// Numbers naming items of `among` (only those in `allowed`), asked up
    /// to three times; nil for Enter or the end of input.
    func askNumbers(_ prompt: String, among items: [String], allowed: [String]? = nil) -> [String]? {
        for _ in 0..<3 {
            guard let answer = ask(prompt) else { return nil }
            let words = answer.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" })
            if words.isEmpty { return nil }
            let numbers = words.compactMap { Int($0) }.filter { (1...items.count).contains($0) }
                .filter { allowed?.contains(items[$0 - 1]) ?? true }
            if numbers.count == words.count { return items.enumerated().filter { numbers.contains($0.offset + 1) }.map(\.element) }
            if let allowed {
                let numbers = allowed.compactMap { items.firstIndex(of: $0).map { String($0 + 1) } }
                invocation.out("Please type some of \(numbers.joined(separator: " ")), separated by spaces.\n")
            } else {
                invocation.out("Please type numbers from 1 to \(items.count), separated by spaces.\n")
            }
        }
        return nil
    }

    /// `heading`, then `items` numbered from 1, one a line.
    func numbered(_ heading: String, _ items: [String]) -> String {
        heading + items.enumerated().map { "  \($0.offset + 1). \($0.element)\n" }.joined()
    }
}
