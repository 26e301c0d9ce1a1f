import Foundation
import Testing

/// Issue 40 item 9: a push that another clone's push beat is no unreachable
/// remote. Clone `b`'s pre-push hook makes clone `a` log and push while
/// `b`'s push is under way (after git read the remote's branch, as a real
/// race does), so `b`'s push is refused.
extension SyncTests {
    /// A pre-push hook in `b` that, `times` times in all, logs one more
    /// change in `a` and pushes it with plain git.
    func raceFromA(times: Int) throws {
        let hook = """
            #!/bin/sh
            n=$(cat ../raced 2>/dev/null || echo 0)
            [ "$n" -ge \(times) ] && exit 0
            n=$((n + 1)); echo $n > ../raced
            cd ../a && printf '2026-02-%02d 08:00  Lower Back\\n' $((10 + n)) >> sites.journal \\
              && git commit -q -m "log from a" sites.journal && git push -q origin main
            exit 0

            """
        try write(hook, "b/.git/hooks/pre-push")
        try FileManager.default.setAttributes([.posixPermissions: 0o755],
                                              ofItemAtPath: root.appendingPathComponent("b/.git/hooks/pre-push").path)
    }

    @Test func aSyncThatLosesAPushRaceMergesAndPushesAgain() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try twoClones()
        try raceFromA(times: 1)
        try sitecycle(["--now", "2026-02-07 09:00", "log", "left hip"], in: "b")
        let r = try sitecycle(["sync"], in: "b")
        #expect(r.exitCode == 0, "\(r.stderr)")
        #expect(r.stdout.unwrapped.contains("Another clone pushed to origin/main first; merging its changes and pushing "
                                            + "again (try 1 of 3)."), "\(r.stdout)")
        #expect(r.stdout.contains("In sync with origin/main."), "\(r.stdout)")
        let text = try journal("b")
        #expect(text.hasSuffix("2026-02-07 09:00  Left Hip\n2026-02-11 08:00  Lower Back\n"), "\(text)")
        #expect(try git("rev-parse", "HEAD", in: "b").stdout == (try git("rev-parse", "main", in: "remote.git").stdout))
        #expect(try clean("b"))
    }

    @Test func aSyncThatKeepsLosingGivesUpWithTheTrueReason() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try twoClones()
        try raceFromA(times: 10)
        try sitecycle(["--now", "2026-02-07 09:00", "log", "left hip"], in: "b")
        let r = try sitecycle(["sync"], in: "b")
        #expect(r.exitCode == 1)
        #expect(r.stdout.contains("(try 3 of 3)"), "\(r.stdout)")
        #expect(r.stderr.unwrapped.contains("4 pushes to origin in a row lost the race: each time another clone pushed "
                                            + "to origin/main first"), "\(r.stderr)")
        #expect(!r.stderr.contains("when the remote is reachable"), "\(r.stderr)")
        #expect(r.stderr.split(separator: "\n").allSatisfy { $0.count <= 80 }, "\(r.stderr)")
        // Nothing lost: the log and the three changes merged are here, committed.
        let text = try journal("b")
        #expect(text.contains("2026-02-07 09:00  Left Hip") && text.contains("2026-02-13 08:00  Lower Back"), "\(text)")
        #expect(try clean("b"))
        try FileManager.default.removeItem(at: root.appendingPathComponent("b/.git/hooks/pre-push"))
        let again = try sitecycle(["sync"], in: "b")
        #expect(again.exitCode == 0 && again.stdout.contains("In sync with origin/main."), "\(again.stderr)")
    }

    /// A push the remote refuses for another reason (its hook) is said in
    /// git's words, without a retry.
    @Test func aPushTheRemoteRefusesIsNotARace() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try twoClones()
        try write("#!/bin/sh\necho 'pushes are closed today' >&2\nexit 1\n", "remote.git/hooks/pre-receive")
        try FileManager.default.setAttributes([.posixPermissions: 0o755],
                                              ofItemAtPath: root.appendingPathComponent("remote.git/hooks/pre-receive").path)
        try sitecycle(["--now", "2026-02-07 09:00", "log", "left hip"], in: "b")
        let r = try sitecycle(["sync"], in: "b")
        #expect(r.exitCode == 1)
        #expect(!r.stdout.contains("try 1"), "\(r.stdout)")
        #expect(r.stderr.unwrapped.contains("could not push to origin"), "\(r.stderr)")
        #expect(r.stderr.unwrapped.contains("sync again once the remote takes the push"), "\(r.stderr)")
    }
}
