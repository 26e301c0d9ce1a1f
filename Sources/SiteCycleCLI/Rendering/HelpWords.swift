import SiteCycleKit

/// A journal diagnostic's fix in words: the Kit says what to do as a value,
/// and only here does it become a sentence naming `sitecycle` commands.
extension Diagnostic.Help {
    var words: String {
        switch self {
        case .text(let text):
            text
        case .resolveConflictMarkers:
            "keep the lines you want between the markers, delete the marker lines, then run `sitecycle check`"
        case .logMissingChange:
            "log the missing change with `sitecycle log LOCATION --at TIME`"
        case .deleteControlCharacter(let shown):
            "delete it in an editor; sitecycle shows it as `\(shown)`"
        case .sortEntries:
            "`sitecycle fmt` puts entries in time order"
        case .correctYear(let line):
            "if so, correct the year of line \(line) with `sitecycle edit`; sorting it would make a session of months"
        case .deletePossibleDuplicate(let line):
            "two computers (or a retry) may have logged the same change; delete one with `sitecycle delete \(line)`"
        case .foldDuplicate:
            "delete one of the two lines; `sitecycle fmt` folds exact duplicates"
        case .addDeviceToLocation(let device, let location, let devices):
            "if it is, add `\(device)` to its `for` list: `sitecycle locations for "
                + "\"\(location)\" \(devices.joined(separator: ","))`"
        case .renameLocationNamedLikeDevice(let device):
            "an entry `\(device) …` names the device; rename the location, e.g. `locations rename`"
        case .didYouMean(let location):
            "did you mean \"\(location)\"?"
        case .declareLocation(let name):
            "declare it in the header with `location \(excerpt(name))`"
        case .clauseGivenTwice(let kind):
            "\(kind == .reason ? "reason" : "lot") given twice; a line takes one `\(kind.keyword)`: keep the one you mean"
        case .lowercaseClause(let clause):
            "reasons and lots are written in lower case: `\(excerpt(clause))`"
        case .undeclarableName(let problem):
            "no location can have that name (\(problem)); `sitecycle locations` lists the declared ones"
        case .unknownReason(let nearest):
            nearest.map { "did you mean `\($0)`? (`sitecycle help journal` lists the reasons)" }
                ?? "write one of: \(EndReason.words.joined(separator: ", "))"
        case .moveReasonToEndedSite:
            "write it on the line of the site that ended, e.g. `sitecycle remove --reason occlusion`"
        case .writeLotAsOneWord(let suggestion):
            "write the lot as one word of the text printed on the box"
                + (suggestion.map { ", e.g. `lot: \($0)`" } ?? "")
                + "; anything else about the site goes in the note, after `;`"
        case .didYouMeanDirective(let keyword):
            "did you mean `\(keyword)`?"
        }
    }
}

/// A fix in words: the title of a code action and of `check --format json`'s fix.
extension DiagnosticFix.Kind {
    var words: String {
        switch self {
        case .useDeclaredName(let name): "Change to \"\(name)\""
        case .useKeyword(let keyword): "Change to `\(keyword)`"
        case .declareLocation(let name): "Declare `location \(name)`"
        case .format: "Format the journal (sitecycle fmt)"
        case .deleteEntry(let line): "Delete the entry on line \(line)"
        case .addDevice(let device, let location): "Add \(device) to the `for` list of \(location)"
        }
    }
}
