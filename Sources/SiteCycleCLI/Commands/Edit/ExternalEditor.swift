import SiteCycleKit

/// `$VISUAL`, else `$EDITOR`, else vi, opened on a file in the foreground
/// of the terminal, at a line where the editor takes `+LINE`.
struct ExternalEditor {
    let invocation: Invocation

    static let takingLine = ["vi", "vim", "nvim", "nano", "emacs", "emacsclient", "micro", "kak", "mg", "ne", "joe"]

    /// Runs the editor through the shell, so `EDITOR="code --wait"` works;
    /// the file names travel as arguments, never inside the command string.
    /// Returns its exit status (127 when it could not be started).
    func open(_ file: String, line: Int) -> Int32 {
        invocation.environment.stdout.flush()  // the editor takes over the terminal
        if let editor = invocation.environment.editor { return editor(file, line) }
        let env = invocation.env
        let editor = [env["VISUAL"], env["EDITOR"]].compactMap { $0 }.first { !$0.trimmingBlanks().isEmpty } ?? "vi"
        let program = editor.split(separator: " ").first.map { String($0.split(separator: "/").last ?? $0) } ?? ""
        let takesLine = ExternalEditor.takingLine.contains(program)
        // In the terminal's foreground process group: an editor in a group
        // of its own cannot read the keyboard (vim gave up with status 1).
        let r = Subprocess.run("/bin/sh", ["-c", editor + " \"$@\"", "sitecycle-edit"] + (takesLine ? ["+\(line)"] : []) + [file],
                               environment: env, stdin: .inherit, stdout: .inherit, stderr: .inherit, interactive: true)
        return r.failure == nil ? r.status : 127
    }
}
