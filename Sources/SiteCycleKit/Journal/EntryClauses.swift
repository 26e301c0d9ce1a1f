/// The clauses an entry line's field may end with, after the location and
/// before any `;` note: `reason: WORD` (why the site ended) and
/// `lot: TEXT` (its lot or serial number), in either order, each once:
///
///     2026-02-04 07:50  Right Side Thigh  reason: occlusion  lot: ABC123  ; note
///
/// They sit outside the note on purpose: before this syntax, text there had
/// to be a declared location, so no journal that read before reads
/// differently now, and a note that happens to say `reason: pain` stays a
/// note. A location name may not end in a clause (`LocationName.problem`),
/// so a name can never be read back as one. `reason:occlusion` (no space)
/// reads the same; the tool writes the spaced form.
public enum EntryClauses {
    public enum Kind: Sendable {
        case reason, lot

        public var keyword: String {
            switch self {
            case .reason: "reason:"
            case .lot: "lot:"
            }
        }
    }

    /// One clause read from the end of `count` words (at least one word of
    /// name stays before it): its kind, how many words it takes, and its
    /// value. The one rule of the parser, the builder, `fmt` and of which
    /// names may be declared.
    static func trailing(of count: Int, found: [Kind], word: (Int) -> Substring) -> (Kind, words: Int, value: Substring)? {
        for kind in [Kind.lot, .reason] where !found.contains(kind) {
            let keyword = kind.keyword
            if count >= 3, word(count - 2) == keyword {
                return (kind, 2, word(count - 1))
            }
            let last = word(count - 1)
            if count >= 2, last.count > keyword.count, last.hasPrefix(keyword) {
                return (kind, 1, last.dropFirst(keyword.count))
            }
        }
        return nil
    }

    /// A field (words separated by single spaces, as the builder keys
    /// them) as the words before its clauses and the clauses' values.
    public struct Split: Equatable, Sendable {
        /// The device word (if any) and the location, or `removed`.
        public var head: Substring
        public var reason: Substring?
        public var lot: Substring?
        /// Whether the lot was written before the reason.
        var lotFirst = false

        public var isEmpty: Bool { reason == nil && lot == nil }

        /// The clauses in the order written, canonical (`reason: pain`).
        /// Worked out when asked: the builder reads every distinct field
        /// and needs only the values.
        public var written: [String] {
            let reason = self.reason.map { Kind.reason.keyword + " " + $0 }, lot = self.lot.map { Kind.lot.keyword + " " + $0 }
            return (lotFirst ? [lot, reason] : [reason, lot]).compactMap { $0 }
        }
    }

    public static func split(_ field: String) -> Split {
        let words = field.split(separator: " ")
        var count = words.count
        var found: [Kind] = []
        var result = Split(head: Substring(field))
        while let (kind, size, value) = trailing(of: count, found: found, word: { words[$0] }) {
            switch kind {
            case .reason: result.reason = value
            case .lot:
                result.lot = value
                // Read from the end: a reason already read stands after it.
                result.lotFirst = result.reason != nil
            }
            found.append(kind)
            count -= size
        }
        if !found.isEmpty {
            result.head = field[field.startIndex..<words[count - 1].endIndex]
        }
        return result
    }

    /// The clauses for a line, as the tool writes them after the location.
    public static func text(reason: String?, lot: String?) -> String {
        var parts: [String] = []
        if let reason { parts.append("reason: " + reason) }
        if let lot { parts.append("lot: " + lot) }
        return parts.map { "  " + $0 }.joined()
    }

    /// What is wrong with a lot, or nil: the one rule of the parser (an
    /// error in `check`), of `log --lot` and `amend --lot`, and of `import`,
    /// so whatever `check` accepts is written back the same by every import.
    /// A lot is one word as the line splits it (no white space of any kind,
    /// no `;`, which starts the note) of text that shows: no control
    /// character or byte order mark, no bidirectional embedding, override
    /// or isolate (which would show the line in another order), and a first
    /// character that is visible, so a lot is never invisible (only U+200B)
    /// — as a location name must start with a letter. `:` and `"` are
    /// plain characters in a lot (`lot: a:b` reads back as `a:b`).
    public static func lotProblem(_ lot: String) -> String? {
        guard let first = lot.unicodeScalars.first else { return "a lot cannot be empty" }
        for s in lot.unicodeScalars {
            if s.properties.isWhitespace && !ControlCharacters.isControl(s) || s == "\t" {
                return "a lot is one word: write it without spaces"
            }
            if s == ";" { return "a lot cannot contain `;` (it starts a note)" }
            if ControlCharacters.isControl(s) || s == "\u{FEFF}" { return "a lot cannot contain control characters" }
            if isBidiControl(s) {
                return "a lot cannot contain U+\(hex(s)), which shows the text in another order"
            }
            if SystemPath.byte(s) != nil { return "a lot cannot contain the byte \(ControlCharacters.escaped(String(s))), which is not UTF-8" }
        }
        if !isVisible(first) {
            return "a lot must start with a character that shows, not U+\(hex(first))"
        }
        return nil
    }

    /// The embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069).
    static func isBidiControl(_ s: Unicode.Scalar) -> Bool {
        (0x202A...0x202E).contains(s.value) || (0x2066...0x2069).contains(s.value)
    }

    /// A character that takes ink on its own: not white space, a control,
    /// a format character (U+200B, U+200E, U+2060…), a combining mark, or
    /// one that Unicode says to show as nothing (U+3164 HANGUL FILLER).
    static func isVisible(_ s: Unicode.Scalar) -> Bool {
        let p = s.properties
        if p.isWhitespace || p.isDefaultIgnorableCodePoint { return false }
        switch p.generalCategory {
        case .control, .format, .surrogate, .unassigned, .nonspacingMark, .enclosingMark, .spacingMark,
             .spaceSeparator, .lineSeparator, .paragraphSeparator:
            return false
        default:
            return true
        }
    }

    private static func hex(_ s: Unicode.Scalar) -> String {
        let digits = String(s.value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}

extension Diagnostic.Help {
    /// Why an undeclared name holds what reads as a clause: the line gives
    /// that clause a second time, or writes it capitalised (`Reason: Pain`).
    /// Either way the name is not one to declare.
    static func misreadClause(in name: String) -> Diagnostic.Help? {
        let split = EntryClauses.split(name)
        if split.reason != nil { return .clauseGivenTwice(.reason) }
        if split.lot != nil { return .clauseGivenTwice(.lot) }
        let words = name.split(separator: " ")
        for (i, word) in words.enumerated() {
            for kind in [EntryClauses.Kind.reason, .lot] {
                let lower = word.lowercased()
                guard lower.hasPrefix(kind.keyword), word != lower else { continue }
                var value = String(word.dropFirst(kind.keyword.count))
                if value.isEmpty, i + 1 < words.count { value = String(words[i + 1]) }
                // A reason is a word of the vocabulary, in lower case; a lot is
                // kept as written.
                if kind == .reason { value = value.lowercased() }
                return .lowercaseClause(kind.keyword + (value.isEmpty ? "" : " " + value))
            }
        }
        return nil
    }
}
