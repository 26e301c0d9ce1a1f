/// A count and its noun, the noun singular for exactly one: "1 use",
/// "2 uses", "0 sessions". Every sentence that counts something says it
/// through here, so "1 uses" cannot come back one view at a time.
public func counted(_ n: Int, _ singular: String, _ plural: String? = nil) -> String {
    "\(n) " + (n == 1 ? singular : plural ?? singular + "s")
}
