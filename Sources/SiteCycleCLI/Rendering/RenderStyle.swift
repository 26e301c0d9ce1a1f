/// How a report is drawn, and nothing else: colour and bold (`text`),
/// block characters and symbols or plain ASCII (`unicode`), and the width of
/// the screen. A plain value, so a renderer depends on the look it is asked
/// for, not on the command line or the environment it was read from.
package struct RenderStyle: Sendable {
    /// ANSI colour and bold, or none.
    package var text: TextStyle
    /// `█`, `✓`, `⚠` and the like; ASCII stand-ins when false.
    package var unicode: Bool
    /// Columns on the screen (80 unless the terminal says otherwise).
    package var width: Int

    package init(text: TextStyle, unicode: Bool, width: Int = RenderStyle.defaultWidth) {
        self.text = text
        self.unicode = unicode
        self.width = min(max(width, 1), RenderStyle.maximumWidth)
    }

    package static let defaultWidth = 80
    /// However wide COLUMNS says the screen is, a report is drawn at most
    /// this wide: no arithmetic on a width can overflow, no row is huge.
    package static let maximumWidth = 1_000

    /// What marks a warning: a flagged site, a flagged figure.
    package var warningSign: String { unicode ? "⚠" : "!" }

    /// No colour, ASCII only, 80 columns: what a pipe or a file gets.
    package static let plain = RenderStyle(text: .plain, unicode: false)
}
