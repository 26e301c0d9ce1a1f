/// `export --format ics`: RFC 5545, one event per session and one, with an
/// alarm, for the next change due of each device (`next` names its
/// recommended location). CRLF line ends; lines folded at 75 octets. The
/// pump's events read as they always have; another device's carry its name.
///
/// Written as bytes and handed on in pieces of about 64 KB, each ending at
/// the end of an event: a million sessions were once 1.3 GB of Strings held
/// at once and 14 s; now the calendar never sits in memory whole.
package struct ICalendar {
    let journal: Journal
    let now: Instant
    /// DTSTAMP, the same on every event.
    let stamp: [UInt8]
    /// `DTSTAMP:…` and its line end, the same on every event.
    let stampLine: [UInt8]
    /// Each device's end of a session's UID: `-site@sitecycle` for the pump.
    let uidSuffixes: [[UInt8]]
    var out = ByteText(capacity: ICalendar.piece + 4096)

    static let piece = 1 << 16

    package init(_ journal: Journal, now: Instant) {
        self.journal = journal
        self.now = now
        stamp = ICalendar.time(now)
        stampLine = Array("DTSTAMP:".utf8) + stamp + ICalendar.crlf
        uidSuffixes = journal.deviceNames.map { Array("-\($0 == Device.pumpName ? "site" : $0)@sitecycle".utf8) }
    }

    /// The whole calendar, piece by piece, to `sink`.
    package static func write<E: Error>(_ journal: Journal, _ changes: [SiteChange], now: Instant,
                                        devices: [String]? = nil, next: (String) -> String?,
                                        into sink: ([UInt8]) throws(E) -> Void) throws(E) {
        var calendar = ICalendar(journal, now: now)
        for line in ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//sitecycle//sitecycle \(sitecycleVersion)//EN",
                     "CALSCALE:GREGORIAN", "METHOD:PUBLISH", "X-WR-CALNAME:Infusion sites"] {
            calendar.line(Array(line.utf8))
        }
        // Each summary escaped once, not once per session.
        var summaries: [Int: [UInt8]] = [:]
        for c in changes where !c.isRemoval {
            let key = Int(c.device) << 32 | Int(c.locationIndex)
            let summary = summaries[key] ?? {
                let device = journal.deviceName(of: c)
                let isPump = device == Device.pumpName
                let made = Array(("SUMMARY:" + text("\(isPump ? "Site" : device.capitalized): \(journal.name(of: c)!)")).utf8)
                summaries[key] = made
                return made
            }()
            calendar.session(c, summary: summary)
            if calendar.out.bytes.count >= piece { try calendar.flush(sink) }
        }
        for device in devices ?? journal.deviceNames { calendar.due(device, next: next(device)) }
        calendar.line(Array("END:VCALENDAR".utf8))
        try calendar.flush(sink)
    }

    /// The calendar as one String (tests, and short exports).
    package static func text(_ journal: Journal, _ changes: [SiteChange], now: Instant, devices: [String]? = nil,
                             next: (String) -> String?) -> String {
        var all: [UInt8] = []
        write(journal, changes, now: now, devices: devices, next: next) { (piece: [UInt8]) throws(Never) in
            all += piece
        }
        return String(decoding: all, as: UTF8.self)
    }

    mutating func flush<E: Error>(_ sink: ([UInt8]) throws(E) -> Void) throws(E) {
        guard !out.bytes.isEmpty else { return }
        try sink(out.bytes)
        out.bytes.removeAll(keepingCapacity: true)
    }

    /// One session's event. A line dated after now is a session too: a
    /// backup keeps it.
    mutating func session(_ c: SiteChange, summary: [UInt8]) {
        let end = Exporters.end(of: c, now: now) ?? max(now, c.start.adding(seconds: 60))
        // The fixed lines are composed in place, without a String or an
        // array each: a million sessions spent most of their time in malloc.
        let uid = uidSuffixes[Int(c.device)]
        out.bytes += ICalendar.beginEvent
        if 20 + uid.count <= 75 {
            out.bytes += ICalendar.uidKey
            appendTime(c.start)
            out.bytes += uid
            out.bytes += ICalendar.crlf
        } else {
            line(ICalendar.uidKey + ICalendar.time(c.start) + uid)
        }
        out.bytes += stampLine
        out.bytes += ICalendar.startKey
        appendTime(c.start)
        out.bytes += ICalendar.crlf
        out.bytes += ICalendar.endKey
        appendTime(end)
        out.bytes += ICalendar.crlf
        line(summary)
        if let note = journal.note(of: c) {
            line(Array(("DESCRIPTION:" + ICalendar.text(ControlCharacters.escaped(note, keepingLineBreaks: true))).utf8))
        }
        out.bytes += ICalendar.endEvent
    }

    static let crlf: [UInt8] = [0x0D, 0x0A]
    static let beginEvent = Array("BEGIN:VEVENT\r\n".utf8), endEvent = Array("END:VEVENT\r\n".utf8)
    static let uidKey = Array("UID:".utf8), startKey = Array("DTSTART:".utf8), endKey = Array("DTEND:".utf8)

    /// `20260201T124500Z` written into the calendar.
    mutating func appendTime(_ t: Instant) {
        let c = CivilDateTime(secondsAsIfUTC: t.seconds)
        guard (0...9999).contains(c.date.year) else { out.bytes += ICalendar.time(t); return }
        func two(_ v: Int) {
            out.bytes.append(UInt8(truncatingIfNeeded: 0x30 + v / 10))
            out.bytes.append(UInt8(truncatingIfNeeded: 0x30 + v % 10))
        }
        two(c.date.year / 100); two(c.date.year % 100); two(c.date.month); two(c.date.day)
        out.bytes.append(0x54)
        two(c.hour); two(c.minute); two(c.second)
        out.bytes.append(0x5A)
    }

    /// The next change due of `device`, with an alarm.
    mutating func due(_ device: String, next: String?) {
        guard let status = SiteStatus(journal.rotation(device), now: now) else { return }
        let isPump = device == Device.pumpName
        let thing = isPump ? "infusion site" : device
        let what = "Change \(thing) (\(journal.name(of: status.active)!) in since \(displayStart(status.active)))"
        let lines = ["BEGIN:VEVENT",
                     "UID:\(ICalendar.timeText(status.active.start))-\(isPump ? "" : device + "-")due@sitecycle",
                     "DTSTAMP:" + String(decoding: stamp, as: UTF8.self),
                     "DTSTART:\(ICalendar.timeText(status.due))", "DTEND:\(ICalendar.timeText(status.due.adding(seconds: 1800)))",
                     "SUMMARY:" + ICalendar.text("Change \(thing)"),
                     "DESCRIPTION:" + ICalendar.text(what + (next.map { ". Recommended next: \($0)" } ?? "")),
                     "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:" + ICalendar.text("Time to change your \(thing)"),
                     "TRIGGER:PT0M", "END:VALARM", "END:VEVENT"]
        for l in lines { line(Array(l.utf8)) }
    }

    /// A content line and its CRLF, folded into 75-octet pieces (74 after
    /// the first, which a continuation's space makes 75), never inside a
    /// UTF-8 sequence.
    mutating func line(_ bytes: [UInt8]) {
        guard bytes.count > 75 else {
            out.bytes += bytes
            out.bytes += ICalendar.crlf
            return
        }
        var start = 0
        var limit = 75
        while start < bytes.count {
            var end = min(start + limit, bytes.count)
            // Back off a continuation byte (10xxxxxx): a piece ends before
            // the sequence it would cut.
            while end < bytes.count, end > start, bytes[end] & 0xC0 == 0x80 { end -= 1 }
            if start > 0 { out.bytes.append(0x20) }
            out.bytes += bytes[start..<end]
            out.bytes += ICalendar.crlf
            start = end
            limit = 74
        }
    }

    /// `20260201T124500Z`
    package static func time(_ t: Instant) -> [UInt8] {
        let c = CivilDateTime(secondsAsIfUTC: t.seconds)
        guard (0...9999).contains(c.date.year) else { return Array(timeText(t).utf8) }
        var b = [UInt8](repeating: 0, count: 16)
        func two(_ v: Int, _ at: Int) {
            b[at] = UInt8(truncatingIfNeeded: 0x30 + v / 10)
            b[at + 1] = UInt8(truncatingIfNeeded: 0x30 + v % 10)
        }
        two(c.date.year / 100, 0); two(c.date.year % 100, 2); two(c.date.month, 4); two(c.date.day, 6)
        b[8] = 0x54; two(c.hour, 9); two(c.minute, 11); two(c.second, 13); b[15] = 0x5A
        return b
    }

    package static func timeText(_ t: Instant) -> String {
        let c = CivilDateTime(secondsAsIfUTC: t.seconds)
        return "\(pad4(c.date.year))\(pad2(c.date.month))\(pad2(c.date.day))T\(pad2(c.hour))\(pad2(c.minute))\(pad2(c.second))Z"
    }

    /// TEXT escaping: backslash, semicolon, comma and line breaks.
    package static func text(_ s: String) -> String {
        guard s.utf8.contains(where: { $0 == 0x5C || $0 == 0x3B || $0 == 0x2C || $0 == 0x0A || $0 == 0x0D }) else { return s }
        var out = ""
        for ch in s {
            switch ch {
            case "\\": out += "\\\\"
            case ";": out += "\\;"
            case ",": out += "\\,"
            case "\n", "\r\n": out += "\\n"
            default: out.append(ch)
            }
        }
        return out
    }
}
