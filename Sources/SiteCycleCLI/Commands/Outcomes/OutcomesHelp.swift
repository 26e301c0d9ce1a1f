/// `help outcomes`.
enum OutcomesHelp {
    static let details = """
        Gives each glucose reading of a CGM export to the site that was in at
        that instant (the pump's, or --device NAME's: from a site change up to
        the next change or `removed`), and shows what each site did to
        glucose. The export is only read; nothing is written anywhere.

        Exports, told apart by their content and named in the output:
          Dexcom Clarity CSV   Clarity's "Export" (the quoted 13+ column form,
                               or the older unquoted 12-column one with a BOM),
                               mg/dL or mmol/L. Only EGV rows are readings; Low
                               and High count as 40 and 400 mg/dL and are
                               counted apart. Times are local, without a zone.
                               In another language the header is told by the
                               timestamp's format hint (...Thh:mm:ss)) and
                               Clarity's column order (event type next, then
                               the first column with a unit); a translated
                               Low or High is a row that does not read.
          LibreView CSV        LibreView's "Download glucose data": record type
                               0 (historic) rows; type 1 scans repeat them.
                               Headers in English, German, French or Spanish
                               are read by name; in any other language by
                               LibreView's fixed column order (Device, Serial
                               Number, Device Timestamp, Record Type, Historic
                               Glucose, Scan Glucose: the last two with their
                               unit), once a row below shows a record type
                               code (0, 1, ...) and a date in its place.
                               US dates (03-27-2026 08:05 PM) and others
                               (27-03-2026 20:05, 27.03.2026, 27/03/2026) are
                               told apart by AM/PM or a day above 12, never by
                               the language; where nothing tells, the file is
                               refused at its first such line (FILE:LINE:COL):
                               give --date-order dmy or mdy. A two-digit year
                               (5/30/21 16:59, as Excel saves the file) is
                               read as 20YY.
          Nightscout           entries.json (/api/v1/entries.json): type "sgv",
                               sgv in mg/dL, date in epoch milliseconds. The
                               API's wrapped answers, {"entries":[...]} and
                               v3's {"status":200,"result":[...]}, are read
                               too; other JSON is refused, naming the shapes
                               read. One entry a line (mongoexport's dump, ids
                               as {"$oid":...}) reads too, and numbers as it
                               writes them (1.5574e+12, 1e2); a date past the
                               year 9999 is a row that does not read. An
                               entry that gives a key twice is left out and
                               named, as every JSON sitecycle reads refuses
                               it (`sitecycle help formats`).
          Any of them          UTF-8, or UTF-16 or UTF-32 with a byte order
                               mark (without it, named and refused); lines
                               end in LF, CR LF or a lone CR.

        Decimal commas (5,6 mmol/L from a European locale) are read where
        they cannot be field separators: in a file whose fields are
        separated by ; or tabs (told from its header line), or quoted
        ("5,6", as LibreView writes them between commas). An unquoted 5,6
        between commas splits the row in two fields: it is read as 5.6 when
        the row has more fields than its header (no field before the glucose
        holds a decimal), and otherwise the row is left out and its line
        named, never read as 5 or as 56. Of rows left out, the first is
        named with its column and value (`5/30/21 25:00` in Device Timestamp
        is not a date sitecycle reads).
        Local times are read in the journal's zone, or --cgm-zone ZONE (a
        trip, a phone on another zone); the output says which. The hour
        clocks show twice in autumn (01:00-01:59 on the night they go back)
        holds two real hours: a file's rows are in time order (Clarity's by
        timestamp, LibreView's by Device Timestamp within a record type), so
        its first pass through those times is read with the summer offset
        and, once the times have gone back, the second pass with the winter
        one. A time clocks skipped is read with the offset before the jump.
        --cgm may be given more than once (or further files follow it:
        `--cgm *.csv`): a reading overlapping exports repeat (the same
        instant and the same value) is counted once; two values at one
        instant are both kept.

        The measures are the international consensus on time in range
        (Battelino et al., Diabetes Care 2019;42:1593-1603), for each site, per
        day of wear, and for the whole period (every reading in it, given to
        a site or not): readings; coverage, the share of the readings
        expected every 5 minutes (15 when most are 15 apart, as LibreView's
        historic record) while the site was in, within the export's span;
        mean glucose; % of readings in range 70-180 mg/dL (3.9-10.0 mmol/L),
        below 70 (3.9), below 54 (3.0), above 180 (10.0), above 250 (13.9),
        judged in the file's own unit; CV (SD over the mean); GMI = 3.31 +
        0.02392 x mean mg/dL, an indication only, not an HbA1c. --units
        mg/dL|mmol/L (or mgdl, mmol) shows means in that unit (18.016 mg/dL
        per mmol/L).

        A site is flagged when its time in range is 10 points or more below
        the whole period's, with 3 or more sets there and 70% coverage or
        more. Groups under 70% coverage are shown, marked "thin".
        Lipohypertrophy cuts insulin exposure by about a fifth and triples its
        variability (Famulla et al., Diabetes Care 2016): a flagged site is one
        to show a care team, not a diagnosis.

        Honest about chance: with three sets at a site, a 10-point difference
        may be noise. Each site's time in range is given an interval with the
        set as its unit: its sets are drawn again at random, with
        replacement, 2,000 times (a bootstrap, seeded, so the same files give
        the same figures), and the middle 95 % of the resulting figures is
        the interval. A site is flagged only when the interval's upper end
        also lies below the whole period's time in range; the text shows the
        interval beside a flagged site, JSON as "inRangeInterval":[low,high].

        The same flag counts against
        the site in `recommend` (`sitecycle help recommend`).

        Probable glucose failures follow Kanapka et al., Diabetes Technol Ther
        2022 (22,741 sets, doi 10.1089/dia.2021.0548): a set that ended
        before its target counts when the CGM read above 300 mg/dL (16.7
        mmol/L) immediately before it came out, above 250 mg/dL (13.9)
        continuously for the 2 h before (no gap over 15 minutes), and above
        300 mg/dL for at least 90 of those 120 minutes. In that study 3.3 % of
        sets failed this way before 72 h, more often in children and with
        straight Teflon sets. The text lists them per site; `history --early`
        lists them with `amend N --reason high-glucose` to record the reason.

        --by wear-day groups readings by day of each set's wear (day 1 = the
        first 24 h after it went in, day 2, day 3, day 4+), across sites and
        per site. Mean glucose rose from 123 to 164 mg/dL between day 2 and
        day 5 of wear (Thethi et al., Diabetes Care 2010), and time in range
        fell after day 3 in a study of 3,028 infusion sets. Beside each
        site's days stands its mean hours per set, as `sitecycle stats`
        computes them, marked `!` where stats' absorption insight flags it.

        --from/--to/--last select readings by time. Readings outside every
        session (before the first change, during a break) count in the
        whole period and as "unmatched". A row that does not read is left
        out and counted (in Clarity, also a line of text that is neither a
        row nor a header), and the first 5 line numbers are named on stderr.
        A file in none of these formats, or with no readings at all (no
        EGV rows, no record type 0 rows, no "sgv" entries), is refused.

        --json prints {"format":"clarity"|"libreview"|"nightscout","units",
        "zone","device","from","to","intervalMinutes","overall":{…},
        "sites":[{"location","sessions","readings","coverage","mean",
        "inRange","below70","below54","above180","above250","cv","gmi",
        "thin","low","high","flagged","inRangeInterval","glucoseFailures",
        "glucoseFailureSets":[start, …]}],"unmatched","duplicates",
        "unreadable":{"rows","lines"}}; with --by wear-day, "wearDays":[{"day",
        …the same measures…}] overall and in each site (day 4 is 4+).
        Percents are 0-100 with one decimal; "mean" is in "units"; null
        where a group has no readings.

        Example: sitecycle outcomes --cgm clarity.csv --by wear-day
        """
}
