import Foundation
import Testing

/// The editor files and the language server in the real editors, from
/// Debian's packages (.ci/run installs neovim, vim, emacs-nox and
/// elpa-eglot): each editor loads what `sitecycle editor` prints and talks
/// to the real binary.
struct EditorTests {
    /// A journal with a misspelt location and a line fmt would realign.
    static let journal = """
        timezone UTC
        target 72h
        device sensor 10d

        location Left Front Abdomen
        location Right Front Abdomen
        location Lower Back   for pump,sensor   disabled

        2026-02-01 08:15 Left Front Abdomen  ; bled
        2026-02-04 07:50 +01:00  Lower Bak
        2026-02-05 10:00  sensor  Lower Back
        2026-02-06 21:10  Right Front Abdomen
        2026-02-07 09:00  removed
            ; continued

        """

    let dir: URL
    let env: [String: String]

    init() throws {
        dir = try BinaryRunner.temporaryDirectory()
        try Self.journal.write(to: dir.appendingPathComponent("sites.journal"), atomically: true, encoding: .utf8)
        let bin = BinaryRunner.executable.deletingLastPathComponent().path
        let state = dir.appendingPathComponent("state").path
        env = BinaryRunner.baseEnvironment(home: dir).merging([
            "PATH": "\(bin):/usr/bin:/bin", "SITECYCLE_NOW": "2026-02-08 12:00",
            "XDG_CONFIG_HOME": state, "XDG_DATA_HOME": state, "XDG_STATE_HOME": state, "XDG_CACHE_HOME": state,
        ]) { $1 }
    }

    func sitecycle(_ args: [String]) throws -> String {
        let output = try BinaryRunner.run(args, in: dir, environment: env)
        #expect(output.exitCode == 0, "sitecycle \(args.joined(separator: " ")): \(output.stderr)")
        return output.stdout
    }

    func program(_ path: String, _ args: [String]) throws -> BinaryRunner.Output {
        try BinaryRunner.process(URL(fileURLWithPath: "/usr/bin/timeout"), ["120", path] + args, in: dir, environment: env)
    }

    /// The Vim runtime files where `sitecycle editor vim | sh` puts them.
    func installVimFiles() throws -> String {
        let runtime = dir.appendingPathComponent("vim").path
        let script = try sitecycle(["editor", "vim"])
        let output = try BinaryRunner.process(URL(fileURLWithPath: "/bin/sh"), ["-c", script], in: dir,
                                              environment: env.merging(["VIMDIR": runtime]) { $1 })
        #expect(output.exitCode == 0, "the install script: \(output.stderr)")
        return runtime
    }

    func lines(_ name: String) throws -> [String] {
        try String(contentsOf: dir.appendingPathComponent(name), encoding: .utf8).split(separator: "\n").map(String.init)
    }

    @Test(.enabled(if: RequiredTools.vim, "vim is not installed (.ci/run installs it)"))
    func vimHighlightsTheJournalAndMakeFillsTheQuickfixList() throws {
        let runtime = try installVimFiles()
        let probe = """
            let out = ['filetype ' . &filetype, 'formatprg ' . &formatprg]
            for [l, c] in [[1, 1], [1, 10], [3, 8], [5, 10], [7, 24], [7, 41], [9, 1], [9, 12], [9, 18], [9, 40],
                          \\ [10, 18], [11, 19], [11, 27], [13, 19], [14, 6]]
              call add(out, l . ':' . c . ' ' . synIDattr(synID(l, c, 1), 'name'))
            endfor
            silent make
            for e in getqflist()
              call add(out, 'quickfix ' . e.lnum . ':' . e.col . ' ' . e.type . ' ' . e.text)
            endfor
            call writefile(out, 'vim.out')
            qa!
            """
        try probe.write(to: dir.appendingPathComponent("probe.vim"), atomically: true, encoding: .utf8)
        _ = try program("/usr/bin/vim", ["-N", "-u", "NONE", "-i", "NONE", "-es", "--cmd", "set rtp^=\(runtime)",
                                         "--cmd", "filetype plugin on", "--cmd", "syntax on", "-c", "source probe.vim",
                                         "sites.journal"])
        let got = try lines("vim.out")
        #expect(got == [
            "filetype sitecycle", "formatprg sitecycle fmt --stdin",
            "1:1 sitecycleDirective", "1:10 sitecycleValue", "3:8 sitecycleDevice", "5:10 sitecycleDeclaration",
            "7:24 sitecycleClause", "7:41 sitecycleClause", "9:1 sitecycleDate", "9:12 sitecycleTime",
            "9:18 sitecycleLocation", "9:40 sitecycleNote", "10:18 sitecycleOffset", "11:19 sitecycleDevice",
            "11:27 sitecycleLocation", "13:19 sitecycleRemoved", "14:6 sitecycleNote",
            "quickfix 10:26 e unknown location \"Lower Bak\" [unknown-location]",
        ])
    }

    @Test(.enabled(if: RequiredTools.vim, "vim is not installed (.ci/run installs it)"))
    func vimLeavesALedgerJournalAloneAndFormatsThroughFmt() throws {
        let runtime = try installVimFiles()
        try "2026-02-01 * Groceries\n    Expenses:Food  10 EUR\n    Assets:Cash\n"
            .write(to: dir.appendingPathComponent("money.journal"), atomically: true, encoding: .utf8)
        let fixed = Self.journal.replacingOccurrences(of: "Lower Bak", with: "Lower Back")
        try fixed.write(to: dir.appendingPathComponent("fixed.journal"), atomically: true, encoding: .utf8)
        let probe = """
            edit money.journal
            let out = ['money ' . &filetype]
            edit fixed.journal
            silent normal! gggqG
            silent write
            call add(out, 'fixed ' . &filetype)
            call writefile(out, 'vim.out')
            qa!
            """
        try probe.write(to: dir.appendingPathComponent("probe.vim"), atomically: true, encoding: .utf8)
        _ = try program("/usr/bin/vim", ["-N", "-u", "NONE", "-i", "NONE", "-es", "--cmd", "set rtp^=\(runtime)",
                                         "--cmd", "filetype plugin on", "-c", "source probe.vim"])
        let got = try lines("vim.out")
        // Vim's own rule calls it ledger; ours must not take it.
        #expect(got.count == 2 && got[0] != "money sitecycle" && got[1] == "fixed sitecycle")
        // gq ran the journal through fmt: the same bytes `sitecycle fmt` writes.
        let byVim = try String(contentsOf: dir.appendingPathComponent("fixed.journal"), encoding: .utf8)
        try fixed.write(to: dir.appendingPathComponent("fixed.journal"), atomically: true, encoding: .utf8)
        _ = try sitecycle(["-f", "fixed.journal", "fmt"])
        let byFmt = try String(contentsOf: dir.appendingPathComponent("fixed.journal"), encoding: .utf8)
        #expect(byVim == byFmt)
        #expect(byVim != fixed)
    }

    @Test(.enabled(if: RequiredTools.nvim, "neovim is not installed (.ci/run installs it)"))
    func neovimAttachesToTheLanguageServer() throws {
        let script = #"""
            local out = {}
            local function log(s) table.insert(out, s) end
            local start = { name = 'sitecycle', cmd = { 'sitecycle', 'lsp' } }
            local id = vim.lsp.start_client(start)
            vim.lsp.buf_attach_client(0, id)
            local client = vim.lsp.get_client_by_id(id)
            vim.wait(20000, function() return #vim.diagnostic.get(0) > 0 end, 20)
            for _, d in ipairs(vim.diagnostic.get(0)) do
              log(string.format('diagnostic %d:%d %s %s', d.lnum, d.col, d.code or '', d.message))
            end
            local uri = vim.uri_from_bufnr(0)
            local function request(method, params)
              params.textDocument = { uri = uri }
              local r = client.request_sync(method, params, 20000, 0)
              return r and r.result
            end
            local function at(line, character) return { position = { line = line, character = character } } end
            local items = request('textDocument/completion', at(9, 25))
            for i, item in ipairs(items.items or items) do
              if i <= 3 then log('completion ' .. item.label .. ' | ' .. (item.detail or '')) end
            end
            local hover = request('textDocument/hover', at(11, 3))
            log('hover ' .. hover.contents.value:gsub('\n', ' / '))
            local def = request('textDocument/definition', at(10, 30))
            log(string.format('definition %d:%d-%d', def.range.start.line, def.range.start.character,
                              def.range['end'].character))
            local actions = request('textDocument/codeAction', {
              range = { start = { line = 9, character = 26 }, ['end'] = { line = 9, character = 26 } },
              context = { diagnostics = vim.lsp.diagnostic.get_line_diagnostics(0, 9) } })
            for _, a in ipairs(actions) do log('action ' .. a.title) end
            vim.lsp.util.apply_workspace_edit(actions[1].edit, client.offset_encoding)
            log('fixed ' .. vim.api.nvim_buf_get_lines(0, 9, 10, false)[1])
            vim.wait(20000, function() return #vim.diagnostic.get(0, { severity = vim.diagnostic.severity.ERROR }) == 0 end, 20)
            local edits = request('textDocument/formatting', { options = { tabSize = 2, insertSpaces = true } })
            vim.lsp.util.apply_text_edits(edits, 0, client.offset_encoding)
            vim.cmd('silent write! formatted.journal')
            vim.fn.writefile(out, 'nvim.out')
            vim.cmd('qa!')
            """#
        try script.write(to: dir.appendingPathComponent("probe.lua"), atomically: true, encoding: .utf8)
        _ = try program("/usr/bin/nvim", ["--headless", "-u", "NONE", "-i", "NONE", "-n", "sites.journal",
                                          "-c", "luafile probe.lua"])
        let got = try lines("nvim.out")
        #expect(got == [
            "diagnostic 9:25 unknown-location unknown location \"Lower Bak\"",
            "completion Left Front Abdomen | rested 2 days",
            "completion Right Front Abdomen | rested 1 day",
            "completion removed | ends the active site, starts none",
            "hover **2026-02-06 21:10  Right Front Abdomen** (pump)   / Lasted 11.8 h (target 72.0 h)   / Since: rested 1 day"
                + " /  / --- /  / **Right Front Abdomen**   / Uses: 1 · last used 2026-02-06 21:10   / Now: rested 1 day"
                + "   / Devices: pump",
            "definition 6:9-19",
            "action Change to \"Lower Back\"",
            "action Declare `location Lower Bak`",
            "fixed 2026-02-04 07:50 +01:00  Lower Back",
        ])
        // Formatting through the server is what fmt writes.
        let fixed = Self.journal.replacingOccurrences(of: "Lower Bak", with: "Lower Back")
        try fixed.write(to: dir.appendingPathComponent("sites.journal"), atomically: true, encoding: .utf8)
        _ = try sitecycle(["-f", "sites.journal", "fmt"])
        let formatted = try String(contentsOf: dir.appendingPathComponent("formatted.journal"), encoding: .utf8)
        #expect(formatted == (try String(contentsOf: dir.appendingPathComponent("sites.journal"), encoding: .utf8)))
        #expect(formatted != fixed)
    }

    @Test(.enabled(if: RequiredTools.emacs, "emacs is not installed (.ci/run installs emacs-nox)"))
    func emacsLoadsTheModeAndFlymakeReportsTheTypo() throws {
        try sitecycle(["editor", "emacs"]).write(to: dir.appendingPathComponent("sitecycle-mode.el"),
                                                      atomically: true, encoding: .utf8)
        let script = """
            (load (expand-file-name "sitecycle-mode.el"))
            (find-file "sites.journal")
            (font-lock-ensure)
            (let ((out (list (format "mode %s" major-mode))))
              (dolist (place '((9 0) (9 17) (10 25) (13 18) (1 0)))
                (goto-char (point-min))
                (forward-line (1- (car place)))
                (forward-char (cadr place))
                (push (format "face %d:%d %s" (car place) (cadr place) (get-text-property (point) 'face)) out))
              (flymake-mode 1)
              (flymake-start)
              (let ((n 0))
                (while (and (null (flymake-diagnostics)) (< n 400))
                  (accept-process-output nil 0.05)
                  (setq n (1+ n))))
              (dolist (d (flymake-diagnostics))
                (push (format "flymake %s line %d: %s" (flymake-diagnostic-type d)
                              (line-number-at-pos (flymake-diagnostic-beg d)) (flymake-diagnostic-text d))
                      out))
              (with-temp-file "emacs.out" (insert (mapconcat #'identity (nreverse out) "\\n") "\\n")))
            """
        try script.write(to: dir.appendingPathComponent("probe.el"), atomically: true, encoding: .utf8)
        _ = try program("/usr/bin/emacs", ["--batch", "-Q", "-l", "probe.el"])
        let got = try lines("emacs.out")
        #expect(got == [
            "mode sitecycle-mode",
            "face 9:0 font-lock-constant-face", "face 9:17 font-lock-variable-name-face",
            "face 10:25 font-lock-variable-name-face", "face 13:18 font-lock-builtin-face",
            "face 1:0 font-lock-keyword-face",
            "flymake :error line 10: unknown location \"Lower Bak\" [unknown-location]",
        ])
    }

    /// M-x eglot in a journal, with the mode installed as `help editor`
    /// says and nothing else configured: Eglot finds `sitecycle lsp` from
    /// the mode's registration, Flymake shows the server's diagnostics, and
    /// completion and hover answer from the server.
    @Test(.enabled(if: RequiredTools.emacs, "emacs is not installed (.ci/run installs emacs-nox)"),
          .enabled(if: RequiredTools.eglot, "eglot is not installed (Emacs 28: .ci/run installs elpa-eglot)"))
    func eglotRunsTheLanguageServerForTheMode() throws {
        let lisp = dir.appendingPathComponent(".emacs.d/lisp")
        try FileManager.default.createDirectory(at: lisp, withIntermediateDirectories: true)
        try sitecycle(["editor", "emacs"]).write(to: lisp.appendingPathComponent("sitecycle-mode.el"),
                                                      atomically: true, encoding: .utf8)
        // Out of order after the typo: one error and one warning.
        try (Self.journal + "2026-02-03 09:00  Right Front Abdomen\n")
            .write(to: dir.appendingPathComponent("sites.journal"), atomically: true, encoding: .utf8)
        // Every wait is a bounded poll (20 s, then the output says what is
        // missing), never a sleep: a slow machine only takes longer.
        let script = """
            ;; What start-up does for a user with an init file (--batch skips it):
            ;; the packages (Debian's elpa-eglot on Emacs 28) become available.
            (package-activate-all)
            (setq jsonrpc-default-request-timeout 20)
            ;; The init file's lines from `sitecycle help editor'.
            (add-to-list 'load-path "~/.emacs.d/lisp")
            (require 'sitecycle-mode)
            (defun probe-wait (done)
              "Process output until DONE returns non-nil or 20 s pass; its value."
              (let ((n 0) value)
                (while (and (not (setq value (funcall done))) (< n 400))
                  (accept-process-output nil 0.05)
                  (setq n (1+ n)))
                value))
            (defun probe-goto (line column)
              (goto-char (point-min))
              (forward-line (1- line))
              (forward-char column))
            (find-file "sites.journal")
            (let ((out (list (format "mode %s" major-mode))))
              (call-interactively #'eglot)
              (push (format "managed %s" (probe-wait #'eglot-managed-p)) out)
              (probe-wait #'flymake-diagnostics)
              (dolist (d (sort (flymake-diagnostics)
                               (lambda (a b) (< (flymake-diagnostic-beg a) (flymake-diagnostic-beg b)))))
                (push (format "flymake %s %d:%d %s" (flymake-diagnostic-type d)
                              (line-number-at-pos (flymake-diagnostic-beg d))
                              (save-excursion (goto-char (flymake-diagnostic-beg d)) (current-column))
                              (flymake-diagnostic-text d))
                      out))
              ;; A name typed in part: point after `Ri' of line 12's location.
              (probe-goto 12 20)
              (let* ((capf (eglot-completion-at-point))
                     (typed (buffer-substring-no-properties (nth 0 capf) (point)))
                     (annotate (plist-get (nthcdr 3 capf) :annotation-function)))
                (dolist (c (all-completions typed (nth 2 capf)))
                  (push (format "completion %s: %s|%s" typed c (funcall annotate c)) out)))
              (probe-goto 2 0)
              (let (hover)
                (eglot-hover-eldoc-function (lambda (text &rest _) (setq hover (or text "(empty)"))))
                (push (format "hover %s" (replace-regexp-in-string "\\n *" " " (or (probe-wait (lambda () hover)) "(none)")))
                      out))
              (with-temp-file "emacs.out" (insert (mapconcat #'identity (nreverse out) "\\n") "\\n")))
            """
        try script.write(to: dir.appendingPathComponent("probe.el"), atomically: true, encoding: .utf8)
        let run = try program("/usr/bin/emacs", ["--batch", "-q", "-l", "probe.el"])
        let got = (try? lines("emacs.out")) ?? []
        #expect(got == [
            "mode sitecycle-mode",
            "managed t",
            "flymake eglot-error 10:25 sitecycle [unknown-location]: unknown location \"Lower Bak\"",
            "flymake eglot-warning 15:0 sitecycle [out-of-order]: out of order: this site change is earlier than"
                + " the one on line 13",
            "completion Ri: Right Front Abdomen| rested 1 day",
            // Plain text, as Eglot asks without markdown-mode (Debian's
            // elpa-eglot brings none): no fences.
            "hover target DURATION         how long a site should stay in: `72h`, `72` (hours), `3d`,"
                + " `2.5d`. Default 72h; more than 0, at most 30 days.",
        ], "\(run.stderr)")
    }
}
