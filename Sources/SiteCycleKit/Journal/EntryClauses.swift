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

        var keywordBytes: [UInt8] {
            switch self {
            case .reason: [0x72, 0x65, 0x61, 0x73, 0x6F, 0x6E, 0x3A]  // reason:
            case .lot: [0x6C, 0x6F, 0x74, 0x3A]  // lot:
            }
        }
    }

    /// One clause found by `scan`: its kind, its keyword (`reason:`, also
    /// when joined to its value as in `reason:pain`) and its value.
    public struct Clause: Equatable, Sendable {
        public var kind: Kind
        public var keyword: Range<Int>
        public var value: Range<Int>
    }

    /// A field read by `scan`: the words before the clauses (the device
    /// word and the location, or `removed`; empty when the text is clauses
    /// alone) and the clauses in the order written.
    public struct Scan: Equatable, Sendable {
        public var head: Range<Int>
        public var clauses: [Clause]

        public var isEmpty: Bool { clauses.isEmpty }

        public func clause(_ kind: Kind) -> Clause? { clauses.first { $0.kind == kind } }

        /// The value of one clause, as text.
        public func value<Bytes: Collection<UInt8>>(_ kind: Kind, in bytes: Bytes) -> String? where Bytes.Index == Int {
            clause(kind).map { String(decoding: bytes[$0.value], as: UTF8.self) }
        }

        /// The clauses in the order written, canonical (`reason: pain`).
        public func written<Bytes: Collection<UInt8>>(in bytes: Bytes) -> [String] where Bytes.Index == Int {
            clauses.map { $0.kind.keyword + " " + String(decoding: bytes[$0.value], as: UTF8.self) }
        }
    }

    /// The one reader of clauses, for the parser, the builder and its
    /// carets, `fmt`, replacement, merge, import and the name rules: the
    /// words of `range` (split on spaces and tabs) with `reason:` and `lot:`
    /// clauses peeled from the end, each kind once, either as two words
    /// (`lot: A1`) or one (`lot:A1`), leaving at least `headWords` words
    /// before them (1 for an entry's field, 0 for clause text alone).
    public static func scan<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, _ range: Range<Int>, headWords: Int = 1)
        -> Scan where Bytes.Index == Int {
        let words = blankSeparatedWords(bytes, in: range)
        var count = words.count
        var clauses: [Clause] = []
        func isKeyword(_ w: Range<Int>, _ keyword: [UInt8]) -> Bool {
            w.count >= keyword.count && bytes[w.lowerBound..<(w.lowerBound + keyword.count)].elementsEqual(keyword)
        }
        peeling: while count > headWords {
            for kind in [Kind.lot, .reason] where !clauses.contains(where: { $0.kind == kind }) {
                let keyword = kind.keywordBytes
                if count >= headWords + 2, words[count - 2].count == keyword.count, isKeyword(words[count - 2], keyword) {
                    clauses.insert(Clause(kind: kind, keyword: words[count - 2], value: words[count - 1]), at: 0)
                    count -= 2
                    continue peeling
                }
                let last = words[count - 1]
                if last.count > keyword.count, isKeyword(last, keyword) {
                    clauses.insert(Clause(kind: kind, keyword: last.lowerBound..<(last.lowerBound + keyword.count),
                                          value: (last.lowerBound + keyword.count)..<last.upperBound), at: 0)
                    count -= 1
                    continue peeling
                }
            }
            break
        }
        let head = range.lowerBound..<(count == 0 ? range.lowerBound : words[count - 1].upperBound)
        return Scan(head: clauses.isEmpty ? range : head, clauses: clauses)
    }

    /// `scan` of a string's UTF-8 bytes, with those bytes.
    public static func scan(_ text: String, headWords: Int = 1) -> (scan: Scan, bytes: [UInt8]) {
        let bytes = Array(text.utf8)
        return (scan(bytes, 0..<bytes.count, headWords: headWords), bytes)
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
        let (scan, _) = EntryClauses.scan(name)
        if scan.clause(.reason) != nil { return .clauseGivenTwice(.reason) }
        if scan.clause(.lot) != nil { return .clauseGivenTwice(.lot) }
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
