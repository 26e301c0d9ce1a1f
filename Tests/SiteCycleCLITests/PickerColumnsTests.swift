import Testing
@testable import SiteCycleCLI

/// Issue 33 item 8: the picker's lines are measured in screen columns, as
/// the terminal draws them (CJK and emoji take two), so none wraps.
struct PickerColumnsTests {
    @Test func charactersTakeTheColumnsATerminalGivesThem() {
        #expect(ScreenColumns.width("Left Hip") == 8)
        #expect(ScreenColumns.width("左の腹部") == 8)
        #expect(ScreenColumns.width("🦵 Leg") == 6)
        #expect(ScreenColumns.width("❤️") == 2)  // text heart made emoji by VS16
        #expect(ScreenColumns.width("e\u{301}") == 1)  // a combining accent
        #expect(ScreenColumns.width("👩‍⚕️") == 2)  // a ZWJ sequence is one picture
        #expect(ScreenColumns.fit("左の腹部", 5) == "左の…")
        #expect(ScreenColumns.width(ScreenColumns.fit("左の腹部", 5)) == 5)
    }

    @Test(arguments: [80, 40, 24, 20]) func rowsWithWideNamesFitTheWidth(_ width: Int) {
        let rows = [
            SitePicker.Row(name: "左の腹部 (お腹の左側、おへその横)", slug: "l", tag: "recommended", lastUsed: "never used"),
            SitePicker.Row(name: "🦵 Right Thigh 🦵🦵🦵🦵🦵🦵🦵🦵🦵🦵", slug: "r", tag: nil, lastUsed: "rested 12 days"),
            SitePicker.Row(name: "Lower Back", slug: "b", tag: "avoid", lastUsed: "rested 1 day"),
        ]
        var p = SitePicker(rows: rows)
        for c in "腹" { _ = p.handle(.character(c)) }
        _ = p.handle(.backspace)
        for line in p.lines(width: width) {
            #expect(ScreenColumns.width(line) <= width, "\(line): \(ScreenColumns.width(line)) > \(width)")
        }
        // Each row's detail ends at the right edge, whatever the name's script.
        if width >= 40 {
            for line in p.lines(width: width)[1...3] { #expect(ScreenColumns.width(line) == width, "\(line)") }
        }
        // The filter line too, with a wide filter typed.
        for c in "腹部腹部腹部腹部腹部腹部" { _ = p.handle(.character(c)) }
        #expect(p.lines(width: width).allSatisfy { ScreenColumns.width($0) <= width })
    }
}
