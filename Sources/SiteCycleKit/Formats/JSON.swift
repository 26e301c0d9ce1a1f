/// A JSON value with keys kept in the order written, so reports have the
/// documented field order and byte-stable output.
public indirect enum JSON: Equatable, Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSON])
    case object([(String, JSON)])

    /// The same value, as JSON means it: numbers by value (`1` is `1.0`),
    /// arrays in order, objects as sets of members whatever their order
    /// (the order is kept for output only). Never by rendering.
    public static func == (a: JSON, b: JSON) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.int(let x), .int(let y)): return x == y
        case (.double(let x), .double(let y)): return x == y
        case (.int(let i), .double(let d)), (.double(let d), .int(let i)): return Int(exactly: d) == i
        case (.string(let x), .string(let y)): return x == y
        case (.array(let x), .array(let y)): return x == y
        case (.object(let x), .object(let y)):
            guard x.count == y.count else { return false }
            if zip(x, y).allSatisfy({ $0.0 == $1.0 && $0.1 == $1.1 }) { return true }
            func covers(_ p: [(String, JSON)], _ q: [(String, JSON)]) -> Bool {
                p.allSatisfy { m in q.contains { $0.0 == m.0 && $0.1 == m.1 } }
            }
            return covers(x, y) && covers(y, x)
        default: return false
        }
    }

    public static func optional(_ s: String?) -> JSON { s.map(JSON.string) ?? .null }
    public static func optional(_ d: Double?) -> JSON { d.map(JSON.double) ?? .null }

    /// Pretty-printed with two-space indents and a final newline.
    public func rendered() -> String {
        var out = ""
        write(into: &out, indent: 0)
        return out + "\n"
    }

    /// On one line without spaces (a protocol message, not a report).
    public func compact() -> String {
        var out = ""
        writeCompact(into: &out)
        return out
    }

    private func writeCompact(into out: inout String) {
        switch self {
        case .array(let items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                item.writeCompact(into: &out)
            }
            out += "]"
        case .object(let pairs):
            out += "{"
            for (i, (key, value)) in pairs.enumerated() {
                if i > 0 { out += "," }
                JSON.quote(key, into: &out)
                out += ":"
                value.writeCompact(into: &out)
            }
            out += "}"
        default:
            write(into: &out, indent: 0)
        }
    }

    private func write(into out: inout String, indent: Int) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .int(let i): out += String(i)
        case .double(let d): out += JSON.number(d)
        case .string(let s): JSON.quote(s, into: &out)
        case .array(let items):
            guard !items.isEmpty else { out += "[]"; return }
            out += "[\n"
            for (i, item) in items.enumerated() {
                out += String(repeating: "  ", count: indent + 1)
                item.write(into: &out, indent: indent + 1)
                out += i + 1 < items.count ? ",\n" : "\n"
            }
            out += String(repeating: "  ", count: indent) + "]"
        case .object(let pairs):
            guard !pairs.isEmpty else { out += "{}"; return }
            out += "{\n"
            for (i, (key, value)) in pairs.enumerated() {
                out += String(repeating: "  ", count: indent + 1)
                JSON.quote(key, into: &out)
                out += ": "
                value.write(into: &out, indent: indent + 1)
                out += i + 1 < pairs.count ? ",\n" : "\n"
            }
            out += String(repeating: "  ", count: indent) + "}"
        }
    }

    /// Whole numbers without a fraction; others as Swift's shortest form.
    package static func number(_ d: Double) -> String {
        guard d.isFinite else { return "null" }
        if d == d.rounded(), abs(d) < 1e15 { return String(Int64(d)) }
        return String(d)
    }

    package static func quote(_ s: String, into out: inout String) {
        out += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if ControlCharacters.isControl(scalar) {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}

extension SiteChange {
    /// The one JSON shape of a site change (`history`, `log`, `remove`,
    /// `export --format json`): its line (not in an export, where it means
    /// nothing), location (null for `removed`), start with the offset it was
    /// written in, end and hours to one decimal as `roundedHours` rounds
    /// them everywhere (null while active, or when the end is after `now`),
    /// note, device and whether it starts after `now`.
    package func json(in journal: Journal, now: Instant? = nil, withLine: Bool = true) -> JSON {
        let zone = journal.zone
        let end = self.end.flatMap { e in now.map { e <= $0 } ?? true ? e : nil }
        return .object((withLine ? [("line", .int(line))] : []) + [
            ("location", .optional(journal.name(of: self))),
            ("start", .string(formatISO8601(start, offsetSeconds: offset))),
            ("end", end.map { .string(isoTime($0, in: zone)) } ?? .null),
            ("durationHours", end.map { .double(roundedHours(start.hours(until: $0))) } ?? .null),
            ("note", .optional(journal.note(of: self))),
        ] + endingFields(in: journal) + [
            ("device", .string(journal.deviceName(of: self))),
            ("future", .bool(now.map { start > $0 } ?? false)),
        ])
    }
}

extension SiteChange {
    /// `reason` and `lot`, each null where the line has none, in every
    /// entry of every journal: one shape, whatever features it has used.
    package func endingFields(in journal: Journal) -> [(String, JSON)] {
        return [("reason", .optional(reason?.word)), ("lot", .optional(journal.lot(of: self)))]
    }
}

extension Location {
    /// The one JSON shape of a declaration: name, zone, side, body part,
    /// whether it is in rotation, its 1-based header order, the devices it
    /// is for, the day a pause ends and the line's comment (a pause's
    /// reason), each null where the line has none.
    package func json(note: String?) -> JSON { .object(jsonFields(note: note)) }

    /// The fields of `json(note:)`, for a listing that adds its own after
    /// them (`locations --json`: the short form, uses, last used).
    package func jsonFields(note: String?) -> [(String, JSON)] {
        [
            ("name", .string(name)), ("zone", .string(zone)), ("side", .optional(side?.rawValue)),
            ("bodyPart", .string(bodyPart)), ("enabled", .bool(isEnabled)), ("order", .int(order + 1)),
            ("devices", .array(devices.map(JSON.string))), ("pausedUntil", .optional(pausedUntil?.iso)),
            ("note", .optional(note)),
        ]
    }
}

extension Device {
    /// A declared rotation besides the pump: its name, target and any grace.
    package var json: JSON {
        .object([("device", .string(name)), ("targetHours", .double(targetHours))]
            + (graceHours.map { [("graceHours", JSON.double($0))] } ?? []))
    }
}
