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

    /// What is wrong with a lot as typed, or nil: it is one word of
    /// printable text, written after `lot:` on the line.
    public static func lotProblem(_ lot: String) -> String? {
        if lot.isEmpty { return "a lot cannot be empty" }
        for s in lot.unicodeScalars {
            if s == " " || s == "\t" { return "a lot is one word: write it without spaces" }
            if s == ";" || s == ":" || s == "\"" { return "a lot cannot contain `\(s)`" }
            if s.properties.generalCategory == .control || s == "\u{FEFF}" || s == "\u{7F}" {
                return "a lot cannot contain control characters"
            }
            if SystemPath.byte(s) != nil { return "a lot cannot contain the byte \(ControlCharacters.escaped(String(s))), which is not UTF-8" }
        }
        return nil
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
