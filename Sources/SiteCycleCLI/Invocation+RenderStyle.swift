import SiteCycleKit

extension Invocation {
    /// The look of standard output as this run asks for it: `--color`,
    /// NO_COLOR and whether it is a terminal; the locale; COLUMNS.
    /// Reports take this value, never the invocation itself.
    var renderStyle: RenderStyle {
        RenderStyle(text: outStyle, unicode: unicodeOutput, width: Invocation.screenWidth(env))
    }

    /// The terminal's width from COLUMNS (as `ls` and `git` read it), else 80.
    static func screenWidth(_ environment: [String: String]) -> Int {
        guard let text = environment["COLUMNS"], let n = Int(text), n > 0 else { return RenderStyle.defaultWidth }
        return n
    }
}
