/// Text from a journal, an import or a file name may hold terminal control
/// sequences (ESC, OSC, BEL) that would retitle a window, recolour the
/// screen or hide a line. Every place that prints such text passes it
/// through `escaped`, so the bytes show as `\x1b` instead of acting.
public enum ControlCharacters {
    /// The first terminal control character in a note's bytes, and its
    /// width: C0 but tab (NUL and CR are errors of their own), DEL, or C1
    /// (two bytes in UTF-8).
    package static func firstInNote(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> (at: Int, width: Int)? {
        var i = range.lowerBound
        while i < range.upperBound {
            let b = bytes[i]
            if b == 0xC2 && i + 1 < range.upperBound && (0x80...0x9F).contains(bytes[i + 1]) { return (i, 2) }
            if (b < 0x20 && b != 0x09 && b != 0x00 && b != 0x0D) || b == 0x7F { return (i, 1) }
            i += 1
        }
        return nil
    }

    /// True for C0 controls, DEL and C1 controls: the characters a terminal
    /// may act on. Tab and line feed are not included; callers decide.
    @inline(__always)
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        return v < 0x20 || v == 0x7F || (v >= 0x80 && v <= 0x9F)
    }

    /// Whether `text` holds a control character other than tab (and line
    /// feed, when `allowingLineBreaks`).
    public static func contains(_ text: String, allowingLineBreaks: Bool = false) -> Bool {
        // Printable ASCII (nearly every note) is answered from the bytes;
        // walking scalars cost a report hundreds of instructions a note.
        let plain = text.utf8.withContiguousStorageIfAvailable { bytes in
            !bytes.contains { ($0 < 0x20 && $0 != 0x09 && !(allowingLineBreaks && $0 == 0x0A)) || $0 >= 0x7F }
        }
        if plain == true { return false }
        return text.unicodeScalars.contains { escapes($0, keepingLineBreaks: allowingLineBreaks) }
    }

    /// Whether `escaped` writes `s` as `\xNN`: a control character, or a
    /// byte of a path that is not UTF-8.
    @inline(__always)
    static func escapes(_ s: Unicode.Scalar, keepingLineBreaks: Bool) -> Bool {
        (isControl(s) && s != "\t" && !(keepingLineBreaks && s == "\n")) || SystemPath.byte(s) != nil
    }

    /// `text` with every control character written as `\xNN` (`\x1b` for
    /// ESC), and every byte of a path that is not UTF-8 as that byte
    /// (`\xe9`). Tabs stay; line feeds stay when `keepingLineBreaks`.
    public static func escaped(_ text: String, keepingLineBreaks: Bool = false) -> String {
        guard contains(text, allowingLineBreaks: keepingLineBreaks) else { return text }
        var out = String.UnicodeScalarView()
        let hex = Array("0123456789abcdef".unicodeScalars)
        for s in text.unicodeScalars {
            if escapes(s, keepingLineBreaks: keepingLineBreaks) {
                // A path's byte that is not UTF-8 (`SystemPath`) shows as the byte.
                let v = SystemPath.byte(s).map(UInt32.init) ?? s.value
                out.append(contentsOf: ["\\", "x", hex[Int(v >> 4)], hex[Int(v & 0xF)]])
            } else {
                out.append(s)
            }
        }
        return String(out)
    }
}

extension String {
    /// This text, safe to print to a terminal (see `ControlCharacters`).
    package var terminalSafe: String { ControlCharacters.escaped(self) }
}

extension String {
    /// A message that may span lines, safe to print (line breaks kept).
    package var terminalSafeMessage: String { ControlCharacters.escaped(self, keepingLineBreaks: true) }
}
