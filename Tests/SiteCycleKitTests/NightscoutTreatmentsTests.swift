import Testing
@testable import SiteCycleKit
import SiteCycleTestSupport

/// The shapes Nightscout treatments come in, read without a journal:
/// mongoexport's extended JSON, the v3 API's wrapper, CRLF lines, and
/// times a journal cannot hold.
struct NightscoutTreatmentsTests {
    func read(_ text: String) throws -> ImportSource {
        guard case .success(let source) = ImportReaders.nightscout(text) else {
            Issue.record("not read: \(text)")
            throw CancellationError()
        }
        return source
    }

    @Test func mongoexportDatesInEveryFormAreRead() throws {
        let text = """

            {"_id":{"$oid":"a1"},"eventType":"Site Change","created_at":{"$date":"2026-05-20T09:00:00.000Z"}}\r
            {"_id":{"$oid":"a2"},"eventType":"Site Change","created_at":{"$date":{"$numberLong":"1779354000000"}}}\r
            {"_id":{"$oid":"a3"},"eventType":"Site Change","date":{"$numberLong":"1779526800000"}}\r
            {"_id":{"$oid":"a4"},"eventType":"Site Change","mills":{"$numberDouble":"1.7796132e12"}}\r
            {"_id":{"$oid":"a5"},"eventType":"Site Change","created_at":"not a time","date":1.7796996e+12}\r

            """
        #expect(ImportReaders.detect(text) == .nightscout)
        let source = try read(text)
        #expect(source.rejected.isEmpty)
        #expect(source.records.map(\.row) == [2, 3, 4, 5, 6])
        #expect(source.records.map { $0.start.description } == [
            "2026-05-20T09:00:00Z", "2026-05-21T09:00:00Z", "2026-05-23T09:00:00Z",
            "2026-05-24T09:00:00Z", "2026-05-25T09:00:00Z",
        ])
        #expect(source.records.allSatisfy { $0.naming == .none && $0.sourceName == nil && $0.mayRepeat })
    }

    /// Year 10000 is no time at all: the row is refused, never shown as
    /// a date the journal cannot write.
    @Test func aDateInTheYear10000IsRefused() throws {
        let source = try read("""
            [{"eventType":"Site Change","date":253402300800000,"notes":"Left Arm"},
             {"eventType":"Site Change","created_at":"10000-01-01T00:00:00Z","notes":"Left Arm"},
             {"eventType":"Site Change","date":253402300799000,"notes":"Left Arm"}]
            """)
        #expect(source.rejected.map(\.row) == [1, 2])
        #expect(source.rejected.map(\.reason) == ["no valid created_at or date", "no valid created_at or date"])
        #expect(source.records.map(\.row) == [3])
    }

    @Test func theV3WrapperAndNotesAndFillsAndKeys() throws {
        let source = try read("""
            {"status":200,"result":[
              {"eventType":"Site Change","created_at":"2026-05-20T09:00:00Z","notes":"Cannula Filled (0.3u primed)"},
              {"eventType":"Site Change","created_at":"2026-05-20T08:40:00Z","reason":"Cartridge Filled (180u filled)"},
              {"eventType":"Site Change","created_at":"2026-05-20T08:41:00Z","location":"<none>","key600":"K9"},
              {"eventType":"Sensor Start","created_at":"2026-05-20T08:42:00Z"},
              {"eventType":"Sensor Start","created_at":"2026-05-20T08:43:00Z","notes":"Left Arm"},
              {"eventType":"Temp Basal","created_at":"2026-05-20T08:44:00Z"},
              "not an object"]}
            """)
        #expect(source.ignored == 2 && source.rejected.map(\.row) == [7])
        let byRow = Dictionary(uniqueKeysWithValues: source.records.map { ($0.row, $0) })
        #expect(byRow[1]?.fill == .cannula && byRow[1]?.naming == .fromNotes)
        #expect(byRow[2]?.fill == .cartridge && byRow[2]?.naming == SiteNaming.none)
        #expect(byRow[3]?.eventKey == "K9" && byRow[3]?.naming == SiteNaming.none && byRow[3]?.sourceName == nil)
        #expect(byRow[5]?.device == Device.sensorName && byRow[5]?.sourceName == "Left Arm")
    }

    /// A dump of one treatment is one line, after any blank ones.
    @Test func aDumpOfOneTreatmentIsRead() throws {
        let text = "\n{\"_id\":{\"$oid\":\"a1\"},\"eventType\":\"Site Change\",\"date\":1.7792424e+12,\"notes\":\"Left Arm\"}\n"
        #expect(ImportReaders.detect(text) == .nightscout)
        let source = try read(text)
        #expect(source.records.map(\.row) == [2] && source.records.first?.sourceName == "Left Arm")
    }

    /// A pretty-printed object is our own JSON's shape, not one a line.
    @Test func aPrettyObjectIsNotOneALine() {
        #expect(ImportReaders.detect("{\n  \"format\": \"sitecycle-journal\"\n}\n") == .json)
        #expect(ImportReaders.detect("{\"eventType\":\"Site Change\"}\n") == .nightscout)
        #expect(ImportReaders.detect("{\"insulin\":1.5,\"created_at\":\"2026-05-20T09:00:00Z\"}\n") == .nightscout)
        #expect(ImportReaders.detect("{\"format\":\"sitecycle-journal\",\"entries\":[]}\n") == .json)
        guard case .failure(let e) = ImportReaders.nightscout("{\n\"eventType\": \"Site Change\"\n}\n") else {
            Issue.record("read a pretty object as treatments")
            return
        }
        #expect(e.message == "not a list of Nightscout treatments")
    }
}
