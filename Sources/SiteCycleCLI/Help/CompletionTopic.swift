extension HelpTopic {
    static let completion = HelpTopic(
        name: "completion", aliases: ["tab"],
        summary: "shell completion in bash, zsh and fish, and installing it",
        manTitle: "SHELL COMPLETION",
        text: #"""
            SHELL COMPLETION
            `sitecycle log <TAB>` offers the recommended sites first, then the
            others, then the ones to avoid, with "recommended · never used" or
            "avoid · 2 days ago" beside each in zsh and fish, straight from your
            journal; a flagged site (`sitecycle help recommend`) comes after the
            other free ones, its flag first ("⚠ 3 of 3 ended early · …").
            Commands, options, --strategy/--color/--last values,
            locations and zones (for history --location, amend --location,
            locations …), entries for amend and delete (`last` and the ten
            newest by line number, each described by its date and site in zsh
            and fish: `516  -- 2026-11-19 07:05 Left Front Abdomen`), and files
            for -f all complete. zsh starts every description in one column,
            after the longest candidate. Only what the tool accepts is offered:
            `log --device sensor <TAB>` offers the sensor's own rotation, and
            a line the tool would refuse (`sitecycle --device sensor log`:
            --device comes after the command) is offered nothing. The scripts
            are thin: they ask `sitecycle __complete`, so they never go stale.

            INSTALLING IT
              Per user:
                bash  mkdir -p ~/.local/share/bash-completion/completions &&
                      sitecycle completions bash \
                        > ~/.local/share/bash-completion/completions/sitecycle
                zsh   mkdir -p ~/.zfunc &&
                      sitecycle completions zsh > ~/.zfunc/_sitecycle
                      (with fpath+=(~/.zfunc) before compinit in ~/.zshrc)
                fish  mkdir -p ~/.config/fish/completions &&
                      sitecycle completions fish \
                        > ~/.config/fish/completions/sitecycle.fish
              System-wide, the same output into:
                bash  /usr/share/bash-completion/completions/sitecycle
                zsh   /usr/local/share/zsh/site-functions/_sitecycle
                fish  /usr/share/fish/vendor_completions.d/sitecycle.fish
              For a quick try in the current shell:
                source <(sitecycle completions bash)      (or zsh)
              The same three files are in the repository's completions/ folder;
              a test fails if they drift from what the binary prints.

            """#)
}
