// swift-tools-version:6.0
import PackageDescription

// All logic lives in SiteCycleKit; the `sitecycle` executable only hands argv,
// the environment and the standard streams to it. No third-party packages.
let package = Package(
    name: "sitecycle",
    products: [
        .executable(name: "sitecycle", targets: ["sitecycle"]),
        .library(name: "SiteCycleKit", targets: ["SiteCycleKit"]),
    ],
    targets: [
        .target(name: "SiteCycleKit"),
        .executableTarget(name: "sitecycle", dependencies: ["SiteCycleKit"]),
        .testTarget(name: "SiteCycleKitTests", dependencies: ["SiteCycleKit"]),
        // Runs the real binary on real files; depends on the executable so
        // `swift test` builds it first.
        .testTarget(
            name: "GoldenTests",
            dependencies: ["sitecycle", "SiteCycleKit"],
            exclude: ["Cases"]
        ),
    ]
)
