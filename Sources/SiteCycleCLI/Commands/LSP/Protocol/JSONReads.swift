import SiteCycleKit

/// Typed reads of a message's JSON (`JSON.decode`): each
/// is nil where the value is not of its kind, so a field of the wrong
/// type reads as a missing one, as the protocol's optional fields do.
extension JSON {
    /// An object's field; nil when there is none, or this is no object.
    subscript(_ key: String) -> JSON? {
        guard case .object(let pairs) = self else { return nil }
        return pairs.first { $0.0 == key }?.1
    }

    var text: String? {
        guard case .string(let s) = self else { return nil }
        return s
    }

    var items: [JSON]? {
        guard case .array(let items) = self else { return nil }
        return items
    }

    /// An array of strings only (else nil).
    var texts: [String]? {
        guard let items else { return nil }
        var out: [String] = []
        for item in items {
            guard let s = item.text else { return nil }
            out.append(s)
        }
        return out
    }

    var number: Double? {
        switch self {
        case .double(let d): return d
        case .int(let i): return Double(i)
        default: return nil
        }
    }

    /// A line, a character or a version: a number from 0 below 10^15,
    /// its fraction dropped.
    var natural: Int? {
        guard let d = number, d.isFinite, d >= 0, d < 1e15 else { return nil }
        return Int(d)
    }
}
