// swift-tools-version:6.0
import PackageDescription

// Two modules, one direction: SiteCycleKit (the journal, the model, the
// engines, editing, formats, sync, time) imports nothing from SiteCycleCLI
// (run, options, commands, rendering, help); the `sitecycle` executable only
// hands argv, the environment and the standard streams to SiteCycleCLI.
// No third-party packages.
/// Release builds on Linux link the standard library and Foundation
/// statically: half the start-up time (see the README's benchmark).
let staticStdlib: [SwiftSetting] = [.unsafeFlags(["-static-stdlib"], .when(platforms: [.linux], configuration: .release))]

let package = Package(
    name: "sitecycle",
    products: [
        .executable(name: "sitecycle", targets: ["sitecycle"]),
        .library(name: "SiteCycleKit", targets: ["SiteCycleKit"]),
        .library(name: "SiteCycleCLI", targets: ["SiteCycleCLI"]),
    ],
    targets: [
        .target(name: "SiteCycleKit", swiftSettings: staticStdlib),
        .target(name: "SiteCycleCLI", dependencies: ["SiteCycleKit"], swiftSettings: staticStdlib),
        .executableTarget(
            name: "sitecycle",
            dependencies: ["SiteCycleCLI"],
            // A static standard library and FoundationEssentials halve
            // start-up time on Linux; zones come from TZif files, so no ICU
            // data is linked in. Measured by sitecycle-bench, see the README.
            swiftSettings: staticStdlib,
            // A static, position-dependent executable: the ~74,000 relative
            // relocations a static Foundation brings are resolved when linking
            // instead of at every start (about 1 ms and 300 page faults), and
            // with glibc and libstdc++ linked in too there is no dynamic
            // loader to run (about 1 ms more: its symbol lookups, 90 page
            // faults). getpwuid is never called, since glibc's name-service
            // modules crash a static program (`PasswdHome`).
            // Symbols stripped, as a packager would: 30 MB → 15 MB.
            linkerSettings: [.unsafeFlags(["-static-executable", "-Xlinker", "--strip-all"],
                                          .when(platforms: [.linux], configuration: .release))]
        ),
        // Times the real binary on synthetic journals: swift run -c release sitecycle-bench
        .executableTarget(name: "sitecycle-bench", dependencies: ["SiteCycleKit"],
                          linkerSettings: [.unsafeFlags(["-static-stdlib"], .when(platforms: [.linux], configuration: .release))]),
        // libFuzzer target (see its source for the build line); a plain build replays inputs.
        .executableTarget(
            name: "sitecycle-fuzz",
            dependencies: ["SiteCycleKit"],
            linkerSettings: [.unsafeFlags(["-static-stdlib"], .when(platforms: [.linux], configuration: .release))]
        ),
        // Small helpers every test target shares (one copy).
        .target(name: "SiteCycleTestSupport", dependencies: ["SiteCycleKit"], path: "Tests/Support"),
        .testTarget(name: "SiteCycleKitTests", dependencies: ["SiteCycleKit", "SiteCycleTestSupport"]),
        .testTarget(name: "SiteCycleCLITests", dependencies: ["SiteCycleCLI", "SiteCycleKit", "SiteCycleTestSupport"]),
        // Runs the real binary on real files; depends on the executable so
        // `swift test` builds it first.
        .testTarget(
            name: "GoldenTests",
            dependencies: ["sitecycle", "SiteCycleKit", "SiteCycleTestSupport"],
            exclude: ["Cases"]
        ),
    ]
)
