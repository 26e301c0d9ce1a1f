extension HelpTopic {
    static let reminders = HelpTopic(
        name: "reminders", aliases: ["prompt", "prompts", "cron"],
        summary: "notifications, cron and timers, shell prompts and status bars",
        manTitle: "REMINDERS AND PROMPTS",
        text: #"""
            REMINDERS
              `sitecycle remind` sends a desktop notification when the active
              site is due, then again every 4 hours until a change is logged
              (`--repeat 2h`, `--repeat off`; `--snooze 1h` silences it for an
              hour, and the first run after that reminds again; `--before 2h`
              adds one early reminder, "due soon", without using up the due
              one). Past any grace it says "overdue". A journal with an error
              (a sync conflict) still reminds from the lines before it, and
              says so (`sitecycle help remind`). To run it regularly:

                sitecycle remind --install           every 30 minutes (--every 15m)
                sitecycle remind --install --print   show the files, write nothing
                sitecycle remind --uninstall         remove what --install wrote

              Where `systemctl --user` works, --install writes
              sitecycle-remind.service and sitecycle-remind.timer to
              $XDG_CONFIG_HOME/systemd/user/ and enables the timer (running it
              twice is harmless); elsewhere it prints the crontab line to add
              and changes nothing. Cron has no desktop session, so that line
              runs `--via auto` with the desktop's bus when it lives at
              /run/user/UID/bus; without one the reminder goes to standard
              error, which cron mails to you (set MAILTO= in the crontab).
              Paths are written into the unit file as systemd reads them and
              into the crontab line as cron and sh read them
              (`sitecycle help security`).

              Or, with any notifier, from cron:

                sitecycle status --check --within 6 ||
                  notify-send "Time to change your pump site"

            PROMPTS AND STATUS BARS
              `status --short` prints one line (`L Front Abdomen 53h/72h`, `due
              in 9h`, `overdue 2d`, and with a sensor `… · sensor R Back Arm
              4d/10d`) and exits like --check: 3 when due.

              bash (~/.bashrc) and zsh (~/.zshrc: setopt prompt_subst, and keep
              the single quotes):
                PS1='$(sitecycle status --short 2>/dev/null) \w \$ '

              fish (~/.config/fish/functions/fish_right_prompt.fish):
                function fish_right_prompt
                    sitecycle status --short 2>/dev/null
                end

              tmux (~/.tmux.conf), refreshed every status-interval seconds:
                set -g status-right '#(sitecycle status --short 2>/dev/null)'

              starship (~/.config/starship.toml):
                [custom.sitecycle]
                command = "sitecycle status --short"
                when = "sitecycle status --short >/dev/null; test $? -ne 1"
                format = "$output "

              waybar (~/.config/waybar/config), a custom module; exit 3 marks
              it "due":
                "custom/sitecycle": { "exec": "sitecycle status --short",
                                      "interval": 300 }

              i3blocks (~/.config/i3blocks/config):
                [sitecycle]
                command=sitecycle status --short
                interval=300

            """#)
}
