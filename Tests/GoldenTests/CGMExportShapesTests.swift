import Foundation
import Testing

/// `outcomes` on the shapes real users' exports come in beyond the plain
/// English ones: Nightscout's wrapped API answers, European decimal commas
/// and field separators, and LibreView headers in other languages. Each
/// fixture is a few rows written as the export writes them, read against
/// a Berlin journal: Left Front Abdomen from 11-20, Right Front Abdomen
/// from 11-23.
struct CGMExportShapesTests: WorkFolder {
    let dir: URL
    let env: [String: String]

    static let journal = "timezone Europe/Berlin\nlocation Left Front Abdomen\nlocation Right Front Abdomen\n\n"
        + "2026-11-20 08:00  Left Front Abdomen\n2026-11-23 08:00  Right Front Abdomen\n"

    init() throws {
        dir = try BinaryRunner.temporaryDirectory()
        env = BinaryRunner.baseEnvironment(home: dir)
        try write("sites.journal", Self.journal)
    }

    func outcomes(_ args: [String], code: Int32 = 0) throws -> BinaryRunner.Output {
        let r = try BinaryRunner.run(["-f", "sites.journal", "--now", "2026-11-27 12:00", "outcomes"] + args, in: dir,
                                     environment: env)
        #expect(r.exitCode == code, "\(args): \(r.stderr)")
        return r
    }

    func json(_ file: String, _ more: [String] = []) throws -> [String: Any] {
        let r = try outcomes(["--cgm", file, "--json"] + more)
        return try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any], "\(r.stderr)")
    }

    static func site(_ name: String, in json: [String: Any]) -> [String: Any]? {
        (json["sites"] as? [[String: Any]])?.first { $0["location"] as? String == name }
    }

    /// (mean on the first site, mean on the second, readings, unreadable rows)
    static func figures(_ j: [String: Any]) -> (Double?, Double?, Int?, Int?) {
        (site("Left Front Abdomen", in: j)?["mean"] as? Double, site("Right Front Abdomen", in: j)?["mean"] as? Double,
         (j["overall"] as? [String: Any])?["readings"] as? Int, (j["unreadable"] as? [String: Any])?["rows"] as? Int)
    }

    // MARK: Nightscout

    /// Two entries as the API writes them: 11-21 12:00 and 11-24 12:00 Berlin (UTC+1).
    static let entries = """
        {"_id":"6a1","device":"xDrip-DexcomG6","date":1795258800000,"dateString":"2026-11-21T11:00:00.000Z",\
        "sgv":110,"delta":1,"direction":"Flat","type":"sgv","utcOffset":60,"sysTime":"2026-11-21T11:00:00.000Z"},
        {"_id":"6a2","device":"xDrip-DexcomG6","date":1795518000000,"dateString":"2026-11-24T11:00:00.000Z",\
        "sgv":210,"delta":-2,"direction":"Flat","type":"sgv","utcOffset":60,"sysTime":"2026-11-24T11:00:00.000Z"}
        """

    /// Issue 39 items 14 and 15: entries as `mongoexport` writes them, one
    /// object a line with `{"$oid": …}` ids and numbers in exponent form
    /// (`1.7952588e+12`, `1.1e2`) or with 17 significant digits, were all
    /// rows that could not be read. A date in year 10000 is refused, not
    /// read (its `dateString` is not taken instead).
    @Test func nightscoutEntriesAsMongoexportWritesThemAreRead() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        try write("mongo.json", """
            {"_id":{"$oid":"5cd3a0f6c4b1a6a1b2c3d4e5"},"device":"medtronic-600://6213","date":1.7952588e+12,            "dateString":"Sat Nov 21 12:00:00 CET 2026","sgv":1.1e2,"type":"sgv"}
            {"_id":{"$oid":"5cd3a0f6c4b1a6a1b2c3d4e6"},"device":"medtronic-600://6213","date":1.795518E12,            "dateString":"Tue Nov 24 12:00:00 CET 2026","sgv":210.00000000000001,"type":"sgv"}
            {"_id":{"$oid":"5cd3a0f6c4b1a6a1b2c3d4e7"},"date":253402300800000,"dateString":"2026-11-22T11:00:00.000Z",            "sgv":150,"type":"sgv"}

            """)
        let j = try json("mongo.json")
        #expect(Self.figures(j) == (110, 210, 2, 1), "\(j)")
        #expect((j["to"] as? String)?.hasPrefix("2026-11-24") == true, "\(j)")
    }

    @Test func nightscoutsWrappedAnswersAreRead() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        try write("bare.json", "[\(Self.entries)]\n")
        try write("v1.json", "{\"entries\":[\(Self.entries)]}\n")
        // The v3 API, as pretty-printed by `curl | jq`, status after the result.
        try write("v3.json", "{\n  \"result\": [\n\(Self.entries)\n  ],\n  \"status\": 200\n}\n")
        for file in ["bare.json", "v1.json", "v3.json"] {
            let j = try json(file)
            #expect(j["format"] as? String == "nightscout", "\(file)")
            #expect(Self.figures(j) == (110, 210, 2, 0), "\(file): \(j)")
        }
        // A download cut off inside the second entry: the first is read,
        // the second counted as unreadable.
        try write("cut.json", String("{\"entries\":[\(Self.entries)]}".dropLast(60)))
        let cut = try json("cut.json")
        #expect(Self.figures(cut) == (110, nil, 1, 1), "\(cut)")
    }

    @Test func otherJSONIsRefusedNamingTheShapesRead() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        // What Nightscout answers without the API secret, and treatments
        // downloaded in place of entries.
        try write("denied.json", "{\"status\":401,\"message\":\"Unauthorized\",\"description\":\"Invalid/Missing\"}\n")
        try write("treatments.json", "[{\"eventType\":\"Site Change\",\"created_at\":\"2026-11-20T07:00:00Z\"}]\n")
        try write("other.json", "{\"data\":[\(Self.entries)]}\n")
        for file in ["denied.json", "treatments.json", "other.json"] {
            let r = try outcomes(["--cgm", file], code: 1)
            #expect(r.stderr.contains("\(file) is JSON but not Nightscout entries"), "\(r.stderr)")
            #expect(r.stderr.contains("{\"entries\":[…]}") && r.stderr.contains("{\"status\":200,\"result\":[…]}"),
                    "\(r.stderr)")
            #expect(r.stdout.isEmpty)
        }
        #expect(try outcomes(["--cgm", "denied.json"], code: 1).stderr.contains("status 401"))
    }

    // MARK: Decimal commas

    static let libreHeader = "Device,Serial Number,Device Timestamp,Record Type,Historic Glucose mmol/L,"
        + "Scan Glucose mmol/L,Non-numeric Rapid-Acting Insulin,Notes"

    @Test func decimalCommasReadWhereTheyCannotBeSeparators() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        // Semicolons between fields: every comma is a decimal comma.
        let semi = Self.libreHeader.replacingOccurrences(of: ",", with: ";")
        try write("semicolon.csv", "Glucose Data;Generated on;27-11-2026 10:00 UTC;Generated by;Test\n\(semi)\n"
                  + "FreeStyle Libre 2;ABC;21-11-2026 12:00;0;5,6;;;\nFreeStyle Libre 2;ABC;24-11-2026 12:00;0;11,1;;;\n")
        #expect(Self.figures(try json("semicolon.csv")) == (5.6, 11.1, 2, 0))
        // Tabs, as a spreadsheet saves it.
        let tabs = Self.libreHeader.replacingOccurrences(of: ",", with: "\t")
        try write("tabs.csv", "\(tabs)\nFreeStyle Libre 2\tABC\t21-11-2026 12:00\t0\t5,6\t\t\t\n"
                  + "FreeStyle Libre 2\tABC\t24-11-2026 12:00\t0\t11,1\t\t\t\n")
        #expect(Self.figures(try json("tabs.csv")) == (5.6, 11.1, 2, 0))
        // Commas between fields, decimals quoted (LibreView de-DE).
        try write("quoted.csv", "Glucose Data,Generated on,27-11-2026 10:00 UTC,Generated by,Test\n\(Self.libreHeader)\n"
                  + "FreeStyle Libre 2,ABC,21-11-2026 12:00,0,\"5,6\",,,\nFreeStyle Libre 2,ABC,24-11-2026 12:00,0,\"11,1\",,,\n")
        #expect(Self.figures(try json("quoted.csv")) == (5.6, 11.1, 2, 0))
        // Clarity in mmol/L with semicolons.
        try write("clarity.csv", "\"Index\";\"Timestamp (YYYY-MM-DDThh:mm:ss)\";\"Event Type\";\"Event Subtype\";"
                  + "\"Patient Info\";\"Device Info\";\"Source Device ID\";\"Glucose Value (mmol/L)\";\"Insulin Value (u)\";"
                  + "\"Carb Value (grams)\";\"Duration (hh:mm:ss)\";\"Glucose Rate of Change (mmol/L/min)\";"
                  + "\"Transmitter Time (Long Integer)\"\n1;;FirstName;;Test;;;;;;;;\n"
                  + "2;2026-11-21T12:00:00;EGV;;;;iOS G6;5,6;;;;0,1;4000000\n"
                  + "3;2026-11-24T12:00:00;EGV;;;;iOS G6;11,1;;;;-0,1;4000300\n")
        let clarity = try json("clarity.csv")
        #expect(clarity["format"] as? String == "clarity" && clarity["units"] as? String == "mmol/L")
        #expect(Self.figures(clarity) == (5.6, 11.1, 2, 0))
    }

    /// Clarity in German, as public parsers show it: the timestamp's format
    /// hint and the column order tell it; values with decimal commas
    /// between semicolons. A translated Low is not a number: counted.
    @Test func clarityInAnotherLanguageByItsColumns() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        try write("clarity-de.csv", "Index;Zeitstempel (JJJJ-MM-TTThh:mm:ss);Ereignistyp;Ereignisuntertyp;Patienteninfo;"
                  + "Geräteinfo;Quellgeräte-ID;Glukosewert (mmol/l);Insulinwert (IE);Kohlenhydratwert (Gramm);"
                  + "Dauer (hh:mm:ss)\n1;;FirstName;;Test;;;;;;\n"
                  + "10;2026-11-21T12:00:00;EGV;;;;iOS;5,8;;;\n11;2026-11-24T12:00:00;EGV;;;;iOS;11,1;;;\n"
                  + "12;2026-11-24T12:05:00;EGV;;;;iOS;Niedrig;;;\n")
        let j = try json("clarity-de.csv")
        #expect(j["format"] as? String == "clarity" && j["units"] as? String == "mmol/L", "\(j)")
        #expect(Self.figures(j) == (5.8, 11.1, 2, 1), "\(j)")
    }

    /// An unquoted 5,6 between commas: the row has one field more than its
    /// header, and is read as 5.6, never as 5 or 56. Where the row is not
    /// longer, the two numbers could be two fields: the row is not read.
    @Test func anUnquotedDecimalCommaIsOneNumberOrNone() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        try write("split.csv", "Glucose Data,Generated on,27-11-2026 10:00 UTC,Generated by,Test\n\(Self.libreHeader)\n"
                  + "FreeStyle Libre 2,ABC,21-11-2026 12:00,0,5,6,,,\nFreeStyle Libre 2,ABC,24-11-2026 12:00,0,11,1,,,\n"
                  + "FreeStyle Libre 2,ABC,24-11-2026 12:15,0,12,3,,\n")
        let j = try json("split.csv")
        #expect(Self.figures(j) == (5.6, 11.1, 2, 1), "\(j)")
        #expect((j["unreadable"] as? [String: Any])?["lines"] as? [Int] == [5])
        let r = try outcomes(["--cgm", "split.csv"])
        #expect(r.stderr.contains("split.csv:5") && r.stderr.contains("decimal comma"), "\(r.stderr)")
    }

    // MARK: LibreView in other languages

    @Test func libreViewInGermanFrenchAndSpanish() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let german = "Glukose-Werte,Erstellt am,27-11-2026 10:00 UTC,Erstellt von,Test\n"
            + "Gerät,Seriennummer,Gerätezeitstempel,Aufzeichnungstyp,Glukosewert-Verlauf mmol/L,Glukose-Scan mmol/L,"
            + "Nicht numerisches schnellwirkendes Insulin,Notizen\n"
            + "FreeStyle LibreLink,ABC,21.11.2026 12:00,0,\"5,6\",,,\nFreeStyle LibreLink,ABC,24.11.2026 12:00,0,\"11,1\",,,\n"
            + "FreeStyle LibreLink,ABC,24.11.2026 12:05,1,,\"11,3\",,\n"
        let french = "Appareil;Numéro de série;Horodatage de l'appareil;Type d'enregistrement;"
            + "Historique de la glycémie mg/dL;Numérisation de la glycémie mg/dL;Notes\n"
            + "FreeStyle Libre 2;ABC;21/11/2026 12:00;0;101;;\nFreeStyle Libre 2;ABC;24/11/2026 12:00;0;201;;\n"
        let spanish = "Dispositivo,Número de serie,Sello de tiempo del dispositivo,Tipo de registro,"
            + "Historial de glucosa mg/dL,Escaneo de glucosa mg/dL,Notas\n"
            + "FreeStyle Libre 2,ABC,21-11-2026 12:00,0,102,,\nFreeStyle Libre 2,ABC,24-11-2026 12:00,0,202,,\n"
        try write("de.csv", german)
        try write("fr.csv", french)
        try write("es.csv", spanish)
        for (file, expected) in [("de.csv", (5.6, 11.1)), ("fr.csv", (101, 201)), ("es.csv", (102, 202))] {
            let j = try json(file)
            #expect(j["format"] as? String == "libreview" && j["dateOrder"] as? String == "dmy", "\(file): \(j)")
            #expect(Self.figures(j) == (expected.0, expected.1, 2, 0), "\(file): \(j)")
        }
    }

    /// A language whose headers sitecycle does not know: told by LibreView's
    /// fixed column order (units in the fifth and sixth) and record types.
    @Test func libreViewInAnyLanguageByItsColumns() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let rows = "FreeStyle Libre 3,ABC,21-11-2026 12:00,0,\"5,6\",,,\nFreeStyle Libre 3,ABC,24-11-2026 12:00,0,\"11,1\",,,\n"
        try write("any.csv", "Q,R,S,T,U mmol/L,V mmol/L,W,X\n" + rows)
        let j = try json("any.csv")
        #expect(j["format"] as? String == "libreview" && Self.figures(j) == (5.6, 11.1, 2, 0), "\(j)")
        // The same header over rows without record type codes is not LibreView.
        try write("not.csv", "Q,R,S,T,U mmol/L,V mmol/L,W,X\nFreeStyle,ABC,21-11-2026 12:00,x,5,,,\n")
        let r = try outcomes(["--cgm", "not.csv"], code: 1)
        #expect(r.stderr.contains("not.csv is not a CGM export"), "\(r.stderr)")
        let help = try BinaryRunner.run(["help", "outcomes"], in: dir, environment: env).stdout
        #expect(help.contains("column order") && help.contains("Decimal commas"), "\(help)")
    }

    /// 03.11.2026 reads as 3 November or 11 March: refused, naming the line
    /// and the flag, never guessed from the language.
    @Test func anAmbiguousDayAndMonthIsRefusedNotGuessed() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        try write("sites.journal", Self.journal.replacingOccurrences(of: "11-20", with: "11-02")
            .replacingOccurrences(of: "11-23", with: "11-04"))
        try write("de.csv", "Glukose-Werte,Erstellt am,27-11-2026 10:00 UTC,Erstellt von,Test\n"
                  + "Gerät,Seriennummer,Gerätezeitstempel,Aufzeichnungstyp,Glukosewert-Verlauf mg/dL,Glukose-Scan mg/dL\n"
                  + "FreeStyle LibreLink,ABC,03.11.2026 12:00,0,101,\nFreeStyle LibreLink,ABC,04.11.2026 12:00,0,201,\n")
        let r = try outcomes(["--cgm", "de.csv"], code: 2)
        #expect(r.stderr.contains("de.csv:3:") && r.stderr.contains("03.11.2026"), "\(r.stderr)")
        #expect(r.stderr.contains("--date-order dmy") && r.stdout.isEmpty, "\(r.stderr)")
        let j = try json("de.csv", ["--date-order", "dmy"])
        #expect(Self.figures(j) == (101, 201, 2, 0), "\(j)")
    }
}
