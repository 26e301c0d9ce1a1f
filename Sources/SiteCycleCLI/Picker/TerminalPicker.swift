#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SiteCycleKit

/// The terminal as it was before the picker changed it; restored on every
/// way out, including signals (a signal handler can only reach globals).
nonisolated(unsafe) private var savedTerminal = termios()
nonisolated(unsafe) private var rawTerminal = termios()
nonisolated(unsafe) private var terminalIsRaw = false
/// The picker is on screen: after a stop, the terminal is made raw again.
nonisolated(unsafe) private var pickerOpen = false
nonisolated(unsafe) private var resized: sig_atomic_t = 0

private func makeRaw() {
    var t = rawTerminal
    if tcsetattr(0, TCSAFLUSH, &t) == 0 { terminalIsRaw = true }
}

private func restoreTerminal() {
    guard terminalIsRaw else { return }
    var t = savedTerminal
    tcsetattr(0, TCSAFLUSH, &t)
    terminalIsRaw = false
    // Show the cursor again, in case it was hidden.
    let show: [UInt8] = Array("\u{1B}[?25h".utf8)
    _ = show.withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
}

private func onSignal(_ signal: Int32) {
    restoreTerminal()
    let clear: [UInt8] = Array("\r\u{1B}[J".utf8)
    _ = clear.withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
    Glibc_signalExit(signal)
}

private func onResize(_ signal: Int32) { resized = 1 }

/// A job-control stop (SIGTSTP, or Ctrl-Z read as a key): hand the shell
/// its terminal as it was, really stop (the whole job, for Ctrl-Z, as the
/// terminal would), and once continued take it back.
private func stopJob(group: Bool) {
    restoreTerminal()
    let clear: [UInt8] = Array("\r\u{1B}[J".utf8)
    _ = clear.withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
    handle(SIGTSTP, SIG_DFL)
    var mask = sigset_t()
    sigemptyset(&mask)
    sigaddset(&mask, SIGTSTP)
    sigprocmask(SIG_UNBLOCK, &mask, nil)
    kill(group ? 0 : getpid(), SIGTSTP)
    // Continued (`fg`): onContinue has made the terminal raw again.
    handle(SIGTSTP, onStop)
}

private func onStop(_ signal: Int32) { stopJob(group: false) }

/// `fg` after any stop (SIGSTOP included): the shell set the terminal back
/// to cooked mode while the job was stopped, so make it raw and redraw.
private func onContinue(_ signal: Int32) {
    if pickerOpen { makeRaw() }
    resized = 1
}

/// Installs `handler` without SA_RESTART, so a blocked read returns EINTR
/// and the picker redraws.
private func handle(_ signal: Int32, _ handler: (@convention(c) (Int32) -> Void)?) {
    setSignalHandler(signal, handler)
}

@inline(__always) private func Glibc_signalExit(_ signal: Int32) { _exit(128 + signal) }

/// Runs a `SitePicker` inline under the prompt, fzf-style: a fixed number
/// of lines, the scrollback left alone, and the terminal restored however
/// it ends.
enum TerminalPicker {
    /// The picked location, the typed note (nil: no note) and the reason
    /// the closed site ended (nil: none), or nil when cancelled.
    static func run(_ picker: SitePicker) -> PickedSite? {
        var picker = picker
        // A picker that cannot show the row it would log is refused: what
        // is picked must have been seen.
        let (columns, rows) = size()
        guard columns >= SitePicker.minimumColumns, rows >= SitePicker.minimumRows else {
            // On one line, as before: the sizes stay together.
            let message = Messages.text(.error, "the terminal is too small for the site picker (\(columns)×\(rows); it "
                                            + "needs \(SitePicker.minimumColumns)×\(SitePicker.minimumRows)); nothing was written",
                                        help: "make it larger, or name the site: sitecycle log LOCATION",
                                        style: picker.messageStyle, wrapped: false)
            let bytes = Array(message.utf8)
            _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
            return nil
        }
        guard enterRawMode() else { return nil }
        defer { leaveRawMode() }
        guard let chosen = pickLocation(&picker) else { return nil }
        // In the order things happened: the site coming off (why, then its
        // note), then the new one's note; each prompt names its site.
        var reason: EndReason?, previousNote: String?
        if let closing = picker.closesEarly[chosen] {
            guard let typed = askForReason(of: closing, after: chosen) else { return nil }
            reason = typed
            if picker.asksForPreviousNote {
                guard let typed = askForNote("Note on \(closing), ending", after: chosen) else { return nil }
                previousNote = typed
            }
        }
        var note: String?
        if picker.asksForNote {
            guard let typed = askForNote("Note on \(chosen), the new site", after: chosen) else { return nil }
            note = typed
        }
        emit("\r\u{1B}[J")
        return (chosen, note, reason, previousNote)
    }

    /// The signals the picker answers while it is open.
    private static let handledSignals = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGWINCH, SIGTSTP, SIGCONT]

    /// Saves the terminal, installs the handlers that put it back, and makes
    /// it raw; false when it cannot be read or made raw (and then no handler
    /// stays installed, as after `leaveRawMode`).
    private static func enterRawMode() -> Bool {
        guard tcgetattr(0, &savedTerminal) == 0 else { return false }
        var raw = rawMode(of: savedTerminal)
        rawTerminal = raw
        installSignalHandlers()
        guard tcsetattr(0, TCSAFLUSH, &raw) == 0 else {
            // Not raw: nothing to put back, and no handler stays behind.
            for s in handledSignals { signal(s, SIG_DFL) }
            return false
        }
        terminalIsRaw = true
        pickerOpen = true
        return true
    }

    /// Key by key, no echo, no signals from keys, no flow control.
    private static func rawMode(of terminal: termios) -> termios {
        var raw = terminal
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        return raw
    }

    private static func installSignalHandlers() {
        for s in [SIGINT, SIGTERM, SIGHUP, SIGQUIT] { signal(s, onSignal) }
        handle(SIGWINCH, onResize)
        handle(SIGTSTP, onStop)
        handle(SIGCONT, onContinue)
        // A parent may have left these blocked; blocked, they would wait
        // until after the picker, with the terminal still raw.
        var mask = sigset_t()
        sigemptyset(&mask)
        for s in handledSignals { sigaddset(&mask, s) }
        sigprocmask(SIG_UNBLOCK, &mask, nil)
    }

    /// The terminal as it was, and the signals' usual answers.
    private static func leaveRawMode() {
        pickerOpen = false
        restoreTerminal()
        for s in handledSignals { signal(s, SIG_DFL) }
    }

    /// Redraws the list and hands it keys until a location is picked; nil
    /// (the lines cleared) when cancelled.
    private static func pickLocation(_ picker: inout SitePicker) -> String? {
        let wanted = picker.height
        while true {
            // Measured at every redraw: the terminal may have been resized.
            let (columns, rows) = size()
            let fits = columns >= SitePicker.minimumColumns && rows >= SitePicker.minimumRows
            if fits {
                // The prompt, the rows, the keys' line and a "no match" line
                // all on screen: a line scrolled off could not be redrawn.
                picker.height = max(1, min(wanted, rows - SitePicker.minimumRows))
                draw(picker.lines(width: columns))
            } else {
                draw([ScreenColumns.fit("too small: enlarge, or Esc", max(1, columns - 1))])
            }
            guard let key = readKey() else { continue }
            // Nothing is picked while the rows cannot be seen.
            if !fits && key == .enter { continue }
            switch picker.handle(key) {
            case .none: continue
            case .cancel:
                emit("\r\u{1B}[J")
                return nil
            case .pick(let name): return name
            }
        }
    }

    /// An optional note, on one line, `about` naming its site: the note
    /// (nil for none), or nil when cancelled.
    private static func askForNote(_ about: String, after chosen: String) -> String?? {
        var note = ""
        while true {
            // Each line within the width (a long note shows its end), so
            // the redraw finds its place.
            let columns = max(SitePicker.minimumColumns, size().columns)
            var typed = about + " (Enter for none)> " + note
            while ScreenColumns.width(typed) > columns - 1 { typed = "…" + typed.dropFirst(2) }
            draw([ScreenColumns.fit("Site> \(chosen)", columns), typed])
            emit("\u{1B}[1B\r\u{1B}[\(ScreenColumns.width(typed))C")
            let key = readKey()
            emit("\u{1B}[1A\r")
            switch key {
            case .enter?:
                return .some(note.isEmpty ? nil : note)
            case .escape?, .interrupt?:
                emit("\r\u{1B}[J")
                return nil
            case .backspace?: if !note.isEmpty { note.removeLast() }
            case .character(let c)?: note.append(c)
            default: break
            }
        }
    }

    /// Then why the site being closed ended early, from the vocabulary
    /// (a word's start is enough when only one word has it): the reason,
    /// `.some(nil)` for Enter alone, or nil when cancelled.
    private static func askForReason(of closing: String, after chosen: String) -> EndReason?? {
        var typed = "", hint = "reasons: " + EndReason.words.joined(separator: " ")
        let prompt = "Why did \(closing) end early? (Enter for none)> "
        while true {
            // Each line within the width, measured in screen columns (a long
            // or wide name shows the prompt's end, as the note's does), so the
            // redraw finds its place; the vocabulary wraps to the screen.
            let columns = max(SitePicker.minimumColumns, size().columns)
            var line = prompt + typed
            while ScreenColumns.width(line) > columns - 1 { line = "…" + line.dropFirst(2) }
            let hints = TextWrap.lines(hint, width: max(20, min(78, columns - 2))).map { ScreenColumns.fit($0, columns - 1) }
            draw([ScreenColumns.fit("Site> \(chosen)", columns), line] + hints)
            emit("\u{1B}[1B\r\u{1B}[\(ScreenColumns.width(line))C")
            let key = readKey()
            emit("\u{1B}[1A\r")
            switch key {
            case .enter?:
                if let reason = SitePicker.reason(typed: typed) { return .some(reason) }
                hint = "not a reason: " + (EndReason.nearest(to: typed).map { "did you mean \($0)?" }
                    ?? EndReason.words.joined(separator: " "))
            case .escape?, .interrupt?:
                emit("\r\u{1B}[J")
                return nil
            case .backspace?: if !typed.isEmpty { typed.removeLast() }
            case .character(let c)?: typed.append(c)
            default: break
            }
        }
    }

    /// `lines` from the cursor's line down, the cursor left at the first.
    private static func draw(_ lines: [String]) {
        var out = "\r\u{1B}[J" + lines.joined(separator: "\r\n")
        if lines.count > 1 { out += "\u{1B}[\(lines.count - 1)A" }
        emit(out + "\r")
    }

    static func emit(_ text: String) {
        let bytes = Array(text.utf8)
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { write(1, $0.baseAddress! + done, bytes.count - done) }
            if n <= 0 { if errno == EINTR { continue }; return }
            done += n
        }
    }

    /// The terminal's columns and rows (80×24 when it does not say).
    static func size() -> (columns: Int, rows: Int) {
        var size = winsize()
        guard ioctl(1, UInt(TIOCGWINSZ), &size) == 0 else { return (80, 24) }
        return (size.ws_col > 0 ? Int(size.ws_col) : 80, size.ws_row > 0 ? Int(size.ws_row) : 24)
    }

    /// One key; nil after a resize (so the caller redraws) or a read error.
    static func readKey() -> SitePicker.Key? {
        var byte: UInt8 = 0
        let n = read(0, &byte, 1)
        if n < 0 && errno == EINTR { resized = 0; return nil }
        guard n == 1 else { return .escape }  // end of input: treat as cancel
        switch byte {
        case 0x0D, 0x0A: return .enter
        case 0x03: return .interrupt
        case 0x1A:
            // Ctrl-Z arrives as a byte (ISIG is off): stop the job as the
            // terminal would have, then redraw once continued.
            stopJob(group: true)
            return nil
        case 0x7F, 0x08: return .backspace
        case 0x10: return .up      // Ctrl-P
        case 0x0E: return .down    // Ctrl-N
        case 0x1B:
            // A lone Esc, or the start of an arrow key's sequence.
            guard waitForInput(milliseconds: 50) else { return .escape }
            var seq: [UInt8] = [0, 0]
            guard read(0, &seq, 1) == 1 else { return .escape }
            guard seq[0] == UInt8(ascii: "[") || seq[0] == UInt8(ascii: "O") else { return .other }
            guard read(0, &seq[1], 1) == 1 else { return .other }
            switch seq[1] {
            case UInt8(ascii: "A"): return .up
            case UInt8(ascii: "B"): return .down
            default: return .other
            }
        case 0x20...0x7E: return .character(Character(Unicode.Scalar(byte)))
        case 0xC0...0xF4:
            // A UTF-8 character: read its continuation bytes.
            let count = byte >= 0xF0 ? 3 : byte >= 0xE0 ? 2 : 1
            var bytes = [byte] + [UInt8](repeating: 0, count: count)
            for i in 1...count where read(0, &bytes[i], 1) != 1 { return .other }
            return String(validating: bytes, as: UTF8.self).flatMap(\.first).map { .character($0) } ?? .other
        default: return .other
        }
    }

    static func waitForInput(milliseconds: Int32) -> Bool {
        var fds = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
        return poll(&fds, 1, milliseconds) > 0
    }
}
