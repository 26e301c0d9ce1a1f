extension HelpTopic {
    /// Every clinical number the tool uses or suggests, with its source.
    static let devices = HelpTopic(
        name: "devices", aliases: ["device", "sources"],
        summary: "a pump and a CGM sensor in one journal; the numbers' sources",
        manTitle: "DEVICES",
        text: #"""
            A PUMP AND A CGM SENSOR IN ONE JOURNAL

            Most pump wearers also wear a CGM sensor, and both need skin. Declare
            the sensor as a second rotation, say which sites each may use, and
            sitecycle keeps them apart:

                target 72h                        ; the pump's infusion set
                device sensor 10d grace 12h       ; a CGM sensor: 10 days, 12 h grace
                rest 5d                           ; every site rests 5 days
                location Left Front Abdomen  for pump,sensor
                location Left Back Arm  for sensor
                location Left Front Thigh  paused until 2026-03-15  ; lump

                2026-02-03 10:00  sensor  Left Back Arm

            `--device sensor` (default `pump`) picks the rotation for log,
            remove, status, recommend, history, stats, timeline, export, amend,
            delete and map; `log sensor LOCATION` and `remove sensor` work too,
            and `status` without it shows every device; history, stats and
            map head their text with the device shown and how to see the
            others. A location for one device only logs that device without
            it (`log rba`); a line number names its entry whatever the device
            (`delete 35`). `sitecycle devices` lists them.
            `sitecycle locations for "Left Back Arm" pump,sensor` gives a site
            to the sensor; `set device sensor 10d grace 12h`
            declares or changes one. `init --sensor 10d` starts a journal with
            `device sensor 10d` and every location for both; on a terminal,
            `init` asks which sensor you wear and which zones it may use.

            RULES: ONE BODY
              A device occupies a site from its change there until its next
              change (or `removed`). The skin rests from the moment the last
              device left it, not from when a site went in: recommend, status,
              map, report, the picker, completion and stats read that one model
              (`Occupancy` in SiteCycleKit), show the same "rested" figure
              (calendar days) and rank by it. With only a pump this is the
              app's order by last use, since each site is left when the next
              goes in. A site another device is on now reads "in use (sensor)"
              and is never recommended; nor is a resting or paused one, nor
              the site the device itself is on (its newest use). `log`
              still logs such a site, and says why. Figures of different
              devices are never averaged: stats, the map's numbers and each
              report section are one device's.
              Past its target, a site is "in grace" while the device's grace lasts
              (`status` says how long is left; `status --check` and `remind` count
              it as due, exit 3), and overdue after.

            THE NUMBERS AND WHERE THEY COME FROM
              These are the usual figures, not medical advice: your device's
              labeling and your care team come first.
              Infusion set wear, 2 to 3 days (`target 72h`, the default):
                FDA labeling for insulin infusion sets; ADA Standards of Care in
                Diabetes (diabetes technology section).
              CGM sensor wear, 10 days (`device sensor 10d`) with a 12-hour grace
                period (`grace 12h`): Dexcom G7 user guide. 14 days for
                FreeStyle Libre 2 and 3: Abbott's labeling. 15 days for
                FreeStyle Libre 3 Plus: Abbott's labeling. 15 days with a
                12-hour grace period for Dexcom G7 15 Day: its user guide.
                `init` also offers Medtronic Guardian, 7 days. `init --sensor`
                takes these by name: g7, g7-15, libre (libre2, libre3),
                libre3-plus, guardian.
              Distance between a sensor and an infusion set: at least 3 in
                (7.5 cm), Dexcom G7 user guide; at least 5 cm, Medtronic's
                sensor user guide. sitecycle never recommends the site another
                device occupies; keep the distance within shared sites yourself.
              Rest for a lumpy or hard site: about a month (`paused until`),
                Medtronic's infusion set guidance on site rotation.
              `rest 5d` is a choice, not a published figure: pick what your
                care team advises.

            """#)
}
