import FoundationEssentials
import SiteCycleKit

// MARK: Synthetic journals

let zones = ["Front Abdomen", "Side Abdomen", "Back Abdomen", "Front Thigh", "Side Thigh", "Back Arm", "Buttock"]
let locations = zones.flatMap { ["Left \($0)", "Right \($0)"] }
let notes = ["bled on insertion", "sore, red area", "occlusion alarm at 2 am", "itchy adhesive", "kinked cannula"]

/// The CGM exports `outcomes` is timed on (issue 32): 90 days and a year of
/// 5-minute readings, and a million (a 50 MB file).
let cgmSizes = [("90d", 90 * 288), ("365d", 365 * 288), ("1m", 1_000_000)]

/// A Dexcom Clarity export of `n` 5-minute readings up to `end` (UTC wall
/// clock, as the benchmark journals).
func clarityExport(endingAt end: Int64, readings n: Int) -> String {
    var r = SeededRandom(seed: UInt64(n))
    var out = "\"Index\",\"Timestamp (YYYY-MM-DDThh:mm:ss)\",\"Event Type\",\"Event Subtype\",\"Patient Info\","
        + "\"Device Info\",\"Source Device ID\",\"Glucose Value (mg/dL)\",\"Insulin Value (u)\",\"Carb Value (grams)\","
        + "\"Duration (hh:mm:ss)\",\"Glucose Rate of Change (mg/dL/min)\",\"Transmitter Time (Long Integer)\"\n"
    out.reserveCapacity(n * 52)
    for i in 0..<n {
        let c = CivilDateTime(secondsAsIfUTC: end - Int64(n - i) * 300)
        out += "\(i + 1),\(c.date.iso)T\(pad(c.hour, 2)):\(pad(c.minute, 2)):00,EGV,,,,iOS G6,\(50 + r.int(250)),,,,,\n"
    }
    return out
}

/// `n` site changes 48–96 h apart (UTC wall clock, so times are unambiguous),
/// a note on every fifth, and the same entries as a ledger journal.
func generate(_ n: Int) throws -> (journal: String, ledger: String, last: String) {
    var r = SeededRandom(seed: UInt64(n))
    var journal = "; synthetic benchmark journal, \(n) site changes\ntimezone UTC\ntarget 72h\n\n"
    journal += locations.map { "location \($0)\n" }.joined() + "\n"
    var ledger = ""
    journal.reserveCapacity(n * 48)
    ledger.reserveCapacity(n * 80)
    // Start early enough that a million changes end before year 9999.
    var t = (n >= 1_000_000 ? -30_610_224_000 : -2_208_988_800) as Int64  // 1000-01-01 or 1900-01-01
    var last = ""
    for i in 0..<n {
        t += Int64(48 * 3600 + r.int(48 * 12) * 300)
        let c = CivilDateTime(secondsAsIfUTC: t)
        let stamp = c.journalText
        let (y, m, d) = (c.date.year, c.date.month, c.date.day)
        let location = locations[r.int(locations.count)]
        journal += "\(stamp)  \(location)" + (i % 5 == 0 ? "  ; \(notes[r.int(notes.count)])" : "") + "\n"
        ledger += "\(pad(y, 4))/\(pad(m, 2))/\(pad(d, 2)) Site change\n    Sites:\(location)  1 sites\n    Changes\n\n"
        last = stamp
    }
    return (journal, ledger, last)
}

func pad(_ v: Int, _ width: Int) -> String {
    let s = String(v)
    return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
}
