import Testing
@testable import SiteCycleKit

/// Issue 39 item 11: a path is bytes, and every byte string comes back
/// from its String unchanged, whatever it holds.
struct SystemPathTests {
    @Test func everyByteStringRoundTrips() {
        var random = SeededRandom(seed: 39)
        let samples: [[UInt8]] = [
            Array("caf\u{e9}".utf8), [0x63, 0x61, 0x66, 0xE9], [0xEF, 0xBF, 0xBD], [0xF4, 0x8F, 0xBF, 0xA9],
            [0xED, 0xA0, 0x80], [0xC0, 0xAF], [0xF8, 0x80], [0xE2, 0x82], Array("/tmp/lat\u{10FFE9}".utf8),
        ] + (0..<2000).map { _ in (0..<random.int(13)).map { _ in UInt8(1 + random.int(255)) } }
        for bytes in samples {
            let path = SystemPath.string(bytes)
            #expect(SystemPath.bytes(path) == bytes, "\(bytes)")
            #expect(Array(path.systemPath.dropLast().map { UInt8(bitPattern: $0) }) == bytes)
        }
        #expect(SystemPath.string([0x63, 0x61, 0x66, 0xE9]).terminalSafe == "caf\\xe9")
        #expect(SystemPath.string(Array("caf\u{e9}".utf8)) == "caf\u{e9}")
    }
}
