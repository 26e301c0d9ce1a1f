#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The home folder the passwd file gives the user running this, used only
/// when `$HOME` is unset. Read from `/etc/passwd` itself, not through
/// `getpwuid`: the release binary on Linux is linked statically, and for a
/// user the file does not list glibc would go on to load a name-service
/// module (`systemd`, `ldap`), which crashes a static program. So a user
/// known only to such a service is taken as having no passwd home, and is
/// asked to set `$HOME` (see `help journal`).
package enum PasswdHome {
    /// The passwd file read.
    package static let file = "/etc/passwd"

    /// The home of `uid` in the passwd file; nil when the file cannot be
    /// read, lists no such user, or gives no absolute folder.
    package static func current() -> String? {
        guard let text = try? JournalFile.read(file) else { return nil }
        return home(of: UInt32(getuid()), in: text)
    }

    /// The home of `uid` in passwd-format `text` (`name:password:uid:gid:
    /// gecos:home:shell`, a line each): the first line for that uid, as
    /// glibc's own reader takes it. Comments and NIS lines (`+`, `-`) are
    /// skipped. A home that is not absolute counts as none.
    package static func home(of uid: UInt32, in text: [UInt8]) -> String? {
        for line in text.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true) {
            guard let first = line.first, first != UInt8(ascii: "#"), first != UInt8(ascii: "+"),
                  first != UInt8(ascii: "-") else { continue }
            let fields = line.split(separator: UInt8(ascii: ":"), maxSplits: 6, omittingEmptySubsequences: false)
            guard fields.count >= 6, let id = number(fields[2]), id == uid else { continue }
            let home = fields[5]
            return home.first == UInt8(ascii: "/") ? SystemPath.string(home) : nil
        }
        return nil
    }

    private static func number(_ digits: ArraySlice<UInt8>) -> UInt32? {
        guard !digits.isEmpty, digits.count <= 10 else { return nil }
        var value: UInt64 = 0
        for d in digits {
            guard d >= UInt8(ascii: "0"), d <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + UInt64(d - UInt8(ascii: "0"))
        }
        return value <= UInt64(UInt32.max) ? UInt32(value) : nil
    }
}
