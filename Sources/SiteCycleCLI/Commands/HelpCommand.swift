import SiteCycleKit

extension CommandRegistry {
    static let help = Command(
        name: "help",
        summary: "show help for a command, or a topic such as `help journal`",
        usage: "sitecycle help [COMMAND|TOPIC] [--man]",
        details: """
            TOPIC is one of the topics `sitecycle help` lists (journal, time,
            devices, sync, security, …). `help sync` shows the command, then
            the topic.

            --man prints the whole manual as a man page, from the same text:
            `sitecycle help --man | man -l -`, or save it as sitecycle.1 in
            a man folder (e.g. ~/.local/share/man/man1/).
            """,
        options: [OptionSpec(["--man"], "the whole manual as a man page (roff)")],
        positionals: 0...1,
        run: { invocation in
            if invocation.arguments.flag("--man") {
                guard invocation.arguments.positionals.isEmpty else {
                    return invocation.usageError(UsageError("--man prints the whole manual; give no topic",
                                                            help: "sitecycle help --man | man -l -"))
                }
                invocation.out(HelpText.manPage())
                return ExitCode.ok
            }
            guard let word = invocation.arguments.positionals.first else {
                invocation.out(HelpText.overview())
                return ExitCode.ok
            }
            let command = CommandRegistry.all.first { $0.name == word || $0.aliases.contains(word) }
            let topic = HelpTopic.named(word)
            switch (command, topic) {
            case let (command?, topic?):
                invocation.out(HelpText.command(command) + "\n" + topic.text)
            case let (command?, nil):
                invocation.out(HelpText.command(command))
            case let (nil, topic?):
                invocation.out(topic.text)
            case (nil, nil):
                let names = CommandRegistry.all.filter { !$0.hidden }.map(\.name) + HelpTopic.all.map(\.name)
                let guess = suggestion(for: word, among: names)
                return invocation.usageError(UsageError("no help for `\(word)`",
                                                        help: guess.map { "did you mean `\($0)`?" }))
            }
            return ExitCode.ok
        })
}
