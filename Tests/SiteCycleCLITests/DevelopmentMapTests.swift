import Foundation
@testable import SiteCycleCLI
import SiteCycleTestSupport
import Testing

/// Issue 40 item 11: `help development`'s map of the house names every
/// folder of the two modules, so it cannot fall behind the tree.
struct DevelopmentMapTests {
    @Test(arguments: ["Sources/SiteCycleKit", "Sources/SiteCycleCLI"])
    func theMapNamesEveryFolder(_ module: String) throws {
        let text = HelpTopic.development.text
        let root = packageRoot.appendingPathComponent(module)
        let folders = try FileManager.default.contentsOfDirectory(atPath: root.path).filter { name in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: root.appendingPathComponent(name).path, isDirectory: &isFolder)
                && isFolder.boolValue
        }
        #expect(!folders.isEmpty)
        for folder in folders { #expect(text.contains(folder + "/"), "help development does not name \(module)/\(folder)/") }
        #expect(!text.contains("no I/O policy"))
    }
}
