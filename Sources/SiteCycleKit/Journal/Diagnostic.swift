/// A problem found in a journal, anchored to a byte span of one line.
public struct Diagnostic: Equatable, Sendable {
    public enum Severity: String, Sendable { case error, warning }

    /// Stable identifiers that scripts may match on (`check --json`).
    public enum Code: String, Sendable, CaseIterable {
        case invalidUTF8 = "invalid-utf8"
        case nulByte = "nul-byte"
        case crLineEnding = "cr-line-ending"
        case strayBOM = "stray-bom"
        case mergeConflict = "merge-conflict"
        case unexpectedText = "unexpected-text"
        case unexpectedIndent = "unexpected-indent"
        case unknownDirective = "unknown-directive"
        case invalidSetting = "invalid-setting"
        case duplicateSetting = "duplicate-setting"
        case invalidLocationName = "invalid-location-name"
        case duplicateLocation = "duplicate-location"
        case noLocations = "no-locations"
        case invalidDate = "invalid-date"
        case invalidTime = "invalid-time"
        case invalidOffset = "invalid-offset"
        case nonexistentTime = "nonexistent-time"
        case missingLocation = "missing-location"
        case unknownLocation = "unknown-location"
        case sameInstant = "same-instant"
        case duplicateEntry = "duplicate-entry"
        case possibleDuplicate = "possible-duplicate"
        case outOfOrder = "out-of-order"
        case mistypedYear = "mistyped-year"
        case nothingActive = "nothing-active"
        case controlCharacter = "control-character"
        case longSession = "long-session"
        case futureEntry = "future-entry"
        case deviceMismatch = "device-mismatch"
        case unknownReason = "unknown-reason"
        case misplacedClause = "misplaced-clause"
        case invalidLot = "invalid-lot"
    }

    /// How to fix it: plain words (written as a string, like "did you mean
    /// …?"), or a fix that runs a command, as a value: the command line
    /// spells it with its own command and option names.
    public enum Help: Equatable, Sendable, ExpressibleByStringInterpolation {
        case text(String)
        /// Keep the right lines, delete the markers, then check the journal.
        case resolveConflictMarkers
        /// A site stayed in so long that a change was probably not logged.
        case logMissingChange
        /// A control character in a note, and how it is shown instead.
        case deleteControlCharacter(shown: String)
        /// Entries out of time order: formatting sorts them.
        case sortEntries
        /// A line months before the one above it: correct its year rather
        /// than sort it (not `fmt`).
        case correctYear(line: Int)
        /// Two devices may have logged one change: delete this line.
        case deletePossibleDuplicate(line: Int)
        /// An exact duplicate line: formatting folds it.
        case foldDuplicate
        /// A device's entry at a location not for it: add the device to the
        /// location's `for` list, which would then be `devices`.
        case addDeviceToLocation(device: String, location: String, devices: [String])
        /// A location whose first word is a device name reads as that
        /// device's entry: rename the location.
        case renameLocationNamedLikeDevice(device: String)
        /// An undeclared name close to a declared one: that one, in full
        /// (an editor's fix writes it in place).
        case didYouMean(location: String)
        /// An undeclared name with nothing close: declare it, in full.
        case declareLocation(name: String)
        /// An undeclared name that ends in a clause the line already has
        /// (`reason: pain  reason: kinked`): one of each.
        case clauseGivenTwice(EntryClauses.Kind)
        /// An undeclared name holding `Reason:` or `Lot:`: clauses are
        /// lower case; `clause` is it as it should be written.
        case lowercaseClause(String)
        /// An undeclared name that could not be declared either
        /// (`LocationName.problem`): why.
        case undeclarableName(problem: String)
        /// A `reason:` outside the vocabulary: its nearest word, if any.
        case unknownReason(nearest: String?)
        /// A `reason:` or `lot:` on a `removed` line: it belongs on the
        /// line of the site that ended.
        case moveReasonToEndedSite
        /// A lot the journal cannot hold (`EntryClauses.lotProblem`), or
        /// one of several words (`lot: X — Y`): `suggestion` is the lot
        /// as one word, when there is one to suggest.
        case writeLotAsOneWord(suggestion: String?)
        /// A misspelt directive keyword close to a known one.
        case didYouMeanDirective(String)

        public init(stringLiteral value: String) { self = .text(value) }
        public init(stringInterpolation: DefaultStringInterpolation) { self = .text(String(stringInterpolation: stringInterpolation)) }
    }

    public var severity: Severity
    public var code: Code
    public var message: String
    /// 1-based line number.
    public var line: Int
    /// 1-based column, counted in UTF-8 bytes.
    public var column: Int
    /// Span length in bytes (0 points between two bytes).
    public var length: Int
    /// A suggestion for the fix, or nil.
    public var help: Help?

    public init(_ severity: Severity, _ code: Code, _ message: String,
                line: Int, column: Int, length: Int, help: Help? = nil) {
        self.severity = severity
        self.code = code
        self.message = message
        self.line = line
        self.column = column
        self.length = length
        self.help = help
    }
}

extension Array where Element == Diagnostic {
    public var errors: [Diagnostic] { filter { $0.severity == .error } }
    public var warnings: [Diagnostic] { filter { $0.severity == .warning } }
    public var hasErrors: Bool { contains { $0.severity == .error } }

    /// In file order, errors before warnings on the same spot.
    package func sortedForDisplay() -> [Diagnostic] {
        enumerated().sorted { a, b in
            (a.element.line, a.element.column, a.element.severity == .error ? 0 : 1, a.offset)
                < (b.element.line, b.element.column, b.element.severity == .error ? 0 : 1, b.offset)
        }.map(\.element)
    }
}

/// User text as a message quotes it: at most `limit` characters, with `…`
/// where it was cut, so a megabyte-long name is not printed (or put in
/// JSON) again and again.
public func excerpt(_ text: some StringProtocol, limit: Int = 80) -> String {
    var count = 0
    var end = text.unicodeScalars.startIndex
    for i in text.unicodeScalars.indices {
        if count == limit - 1 { end = i }
        count += 1
        if count > limit { return String(String.UnicodeScalarView(text.unicodeScalars[..<end])) + "…" }
    }
    return String(text)
}
