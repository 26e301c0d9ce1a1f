extension HelpTopic {
    static let formats = HelpTopic(
        name: "formats", aliases: ["import-export", "csv", "nightscout"],
        summary: "export and import: CSV, JSON, Nightscout, iCalendar",
        manTitle: "EXPORT AND IMPORT FORMATS",
        text: #"""
            EXPORT AND IMPORT
            `sitecycle help export` and `help import` list the options and the
            JSON schema; this page has the decisions and a Nightscout recipe.

            EXPORT
              The format is --format, else the extension of -o FILE (.csv, .json,
              .ics, in any case), else CSV. `-o DIR` writes
              sitecycle-export-YYYY-MM-DD.EXT; files are private (0600) and
              replaced whole. A --format that contradicts the extension is a
              usage error (exit 2) and nothing is written.
              csv is byte for byte what the SiteCycle app writes. Hours are
              rounded to one decimal with ties to even, like the app (72.25 h is
              `72.2`). `removed` lines are not rows; they end the row before
              them. One deliberate difference: a cell a person typed (a note,
              location, device, reason or lot) starting with `=`, `+`, `-`,
              `@`, a tab or a CR gets a leading `'`, as OWASP advises, so a
              spreadsheet shows it as text instead of running it as a formula
              (`=HYPERLINK(…)`); so does one that already starts with `'=`… or
              `''`. `import` removes exactly one `'` again, so export then
              import gives every cell back byte for byte. Every other cell is
              byte for byte the app's.
              json holds the whole journal: settings with `rest`, the devices
              and their targets, the locations in order with zone, side,
              enabled, `for` devices, `paused until` and the line's comment (a
              pause's reason), and every entry with its own offset and device.
              One shape per kind of thing, whichever command writes it: a
              location in `locations --json` is the export's location object
              plus `short`, `uses` and `lastUsed`; a site change in `history
              --json`, `log --json` and `remove --json` is the export's entry
              plus its `line`. Hours are rounded to one decimal everywhere.
              nightscout treatments carry `location` in AndroidAPS's wording
              where it has one (e.g. "Front Left Lower Abdomen").
              Why a site ended and its lot (`reason:` and `lot:` on its line,
              `sitecycle help journal`): every JSON entry has "reason" and
              "lot" (null where the line has none, in every journal); in a
              journal that records any, a device's CSV (which has a `device`
              column anyway) adds `reason` and `lot` columns, and a
              Nightscout treatment's notes
              say them after the location (`Left Arm reason: occlusion lot:
              A1`); import reads all three back. A Nightscout treatment also
              keeps the location, reason, lot and note each in its own field
              ("sitecycle": {"location", "reason", "lot", "note"}), which
              import reads before `notes`: a name with ` — ` in it, or a note
              with a clause in it, comes back exactly. The pump's CSV stays the
              app's four columns, and a journal without them exports exactly
              as before.
              ics is an RFC 5545 calendar (CRLF, folded lines).

            IMPORT
              `import` merges; it never replaces. CSV rows go to the pump, or to
              --device NAME, or to the device their `device` column names. From
              our JSON, settings are added only where the journal has none.
              Every name from a source, declared or used, must pass the
              journal's rule for location names, and every note the rule for
              notes (a line break becomes a continuation line; a lone CR, NUL or
              other control character is refused): otherwise the row is
              rejected with its reason, so nothing from a file can add a line to
              the journal. Rejected rows are listed under "Rejected rows (not
              imported)", each with its row number and reason (conflicts under
              "Conflicts"); the good rows are imported and the exit status is 4.
              `import` reads at most 64 MB. The journal is written once,
              atomically, and only if something was added.
              Round trips are exact: CSV export, import into a fresh journal,
              CSV export gives the same bytes; so does the same with JSON.
              JSON must be JSON (RFC 8259), read by the one decoder every
              command uses. An object that gives a key twice
              ({"location": "A", "location": "B"}) is refused, never read as
              one of them: our JSON and a Nightscout array are refused whole,
              with the key's line and column; in a file of one treatment a
              line that line's row is rejected; in Nightscout entries that
              entry is left out, and its line named.

            NIGHTSCOUT
              With your site's address and API secret. Upload:

                sitecycle export --format nightscout --last 30d > sites.json
                curl -X POST "https://YOUR-SITE/api/v1/treatments" \
                  -H "Content-Type: application/json" \
                  -H "api-secret: $(printf %s "$API_SECRET" | sha1sum |
                     cut -d' ' -f1)" --data @sites.json

              Download (without a created_at filter the server returns only the
              last 4 days), then look before you import:

                curl -G "https://YOUR-SITE/api/v1/treatments.json" \
                  -H "api-secret: $(printf %s "$API_SECRET" | sha1sum |
                     cut -d' ' -f1)" \
                  --data-urlencode 'find[eventType]=Site Change' \
                  --data-urlencode 'find[created_at][$gte]=2024-01-01' \
                  --data-urlencode 'count=100000' > treatments.json
                sitecycle import treatments.json --dry-run

              A database dump (`mongoexport --collection treatments`, one
              object a line, with `{"$oid": …}` ids and dates such as
              1.557405318571e+12) reads the same. Notes are free text: a
              note is a site only when it names one of your locations, an app
              default or a --map source; "Reservoir changed (lifetime 2 days
              23 hours)" is not, and its row is listed as naming no site
              (--unnamed-site LOCATION imports such rows there). One change
              sent as several rows within 15 minutes (tconnectsync's
              cartridge, tubing and cannula fills; a key600 sent twice) is
              one change, at the cannula fill's time.

            CGM EXPORTS (read by `outcomes --cgm` and `report --cgm`, never
            imported)
              Dexcom Clarity: the Export button, CSV (mg/dL or mmol/L as your
              account shows them). LibreView: Glucose History, Download glucose
              data. Nightscout: the readings themselves (entries, not
              treatments), for example 90 days:

                curl -G "https://YOUR-SITE/api/v1/entries.json" \
                  -H "api-secret: $(printf %s "$API_SECRET" | sha1sum |
                     cut -d' ' -f1)" \
                  --data-urlencode 'find[dateString][$gte]=2026-08-01' \
                  --data-urlencode 'count=30000' > entries.json
                sitecycle outcomes --cgm entries.json

              Clarity's and LibreView's exports are read in other languages
              too, dates day-month or month-day (asked for where the file
              leaves it open), and decimal commas where they cannot be
              separators (between ; or tabs, or quoted). Nightscout's v3
              answer ({"status":200,"result":[...]}) reads as well as the v1
              array.
              `sitecycle help outcomes` says what is read from each.

            """#)
}
