/// ANSI styling that collapses to plain text when colour is off, so every
/// renderer writes one code path and stays readable without colour.
public struct TextStyle: Sendable {
    public var colored: Bool

    public init(colored: Bool) { self.colored = colored }

    public static let plain = TextStyle(colored: false)

    private func wrap(_ code: String, _ text: String) -> String {
        colored ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    public func bold(_ s: String) -> String { wrap("1", s) }
    public func dim(_ s: String) -> String { wrap("2", s) }
    public func error(_ s: String) -> String { wrap("1;31", s) }
    public func warning(_ s: String) -> String { wrap("1;33", s) }
    public func help(_ s: String) -> String { wrap("1;36", s) }
    public func red(_ s: String) -> String { wrap("31", s) }
    public func yellow(_ s: String) -> String { wrap("33", s) }
    public func green(_ s: String) -> String { wrap("32", s) }
    public func cyan(_ s: String) -> String { wrap("1;36", s) }
    public func magenta(_ s: String) -> String { wrap("1;35", s) }
}

