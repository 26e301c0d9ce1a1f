/// Typed reads of a decoded `JSON` (`JSON.decode`): each is nil where the
/// value is not of its kind, so a field of the wrong type reads as a
/// missing one. Import, the CGM readers and the language server read
/// through these, not through `Any`.
extension JSON {
    /// An object's field; nil when there is none, or this is no object.
    /// (A decoded object has each key once: `JSON.decode` refuses twice.)
    package subscript(_ key: String) -> JSON? {
        guard case .object(let pairs) = self else { return nil }
        return pairs.first { $0.0 == key }?.1
    }

    package var text: String? {
        guard case .string(let s) = self else { return nil }
        return s
    }

    package var items: [JSON]? {
        guard case .array(let items) = self else { return nil }
        return items
    }

    /// An array of strings only (else nil).
    package var texts: [String]? {
        guard let items else { return nil }
        var out: [String] = []
        for item in items {
            guard let s = item.text else { return nil }
            out.append(s)
        }
        return out
    }

    package var isObject: Bool {
        if case .object = self { return true }
        return false
    }

    /// An array of objects only (else nil).
    package var objects: [JSON]? {
        guard let items, items.allSatisfy(\.isObject) else { return nil }
        return items
    }

    package var number: Double? {
        switch self {
        case .double(let d): return d
        case .int(let i): return Double(i)
        default: return nil
        }
    }

    /// A flag as our JSON has always been read: `true`/`false`, or the
    /// numbers 1 and 0.
    package var flag: Bool? {
        if case .bool(let b) = self { return b }
        if let n = number, n == 0 || n == 1 { return n == 1 }
        return nil
    }

    /// A number as our JSON has always been read: `true` and `false` are
    /// 1 and 0 too.
    package var numberOrFlag: Double? {
        if case .bool(let b) = self { return b ? 1 : 0 }
        return number
    }
}
