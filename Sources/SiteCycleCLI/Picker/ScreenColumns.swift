/// How many columns a terminal gives text: a CJK character or an emoji is
/// two, a combining mark or a joiner none, the rest one. The picker draws
/// in place, moving the cursor back over what it drew; a line measured in
/// characters wraps on a CJK or emoji name, and the next redraw lands one
/// line too low.
enum ScreenColumns {
    static func width(_ c: Character) -> Int {
        let scalars = c.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if scalars.contains(where: { $0.properties.isEmojiPresentation || $0.value == 0xFE0F }) { return 2 }
        if isWide(first.value) { return 2 }
        if scalars.allSatisfy({ zeroWidth($0) }) { return 0 }
        return 1
    }

    static func width<S: StringProtocol>(_ s: S) -> Int { s.reduce(0) { $0 + width($1) } }

    /// The longest start of `s` that fits in `columns`.
    static func prefix(_ s: String, fitting columns: Int) -> String {
        var used = 0, out = ""
        for c in s {
            let w = width(c)
            if used + w > columns { break }
            used += w
            out.append(c)
        }
        return out
    }

    /// `s` as is when it fits, else cut with "…" to exactly fit.
    static func fit(_ s: String, _ columns: Int) -> String {
        width(s) <= columns ? s : prefix(s, fitting: max(0, columns - 1)) + "…"
    }

    /// East Asian Wide and Fullwidth: Hangul Jamo, CJK, kana, Hangul
    /// syllables, fullwidth forms, the emoji blocks, CJK extensions.
    static func isWide(_ v: UInt32) -> Bool {
        switch v {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
             0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60,
             0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            true
        default:
            false
        }
    }

    static func zeroWidth(_ s: Unicode.Scalar) -> Bool {
        switch s.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: true
        default: s.value < 0x20 || (0x7F..<0xA0).contains(s.value)
        }
    }
}
