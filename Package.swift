// swift-tools-version: 6.0
//
// UpdateCheck: optimistic-update and list-change checks for iOS apps, runnable
// on any CI machine. One root package; every product is a library named after
// its module, plus the `updatecheck` command-line tool.
//
// Dependency rule (arrows point down only):
//   updatecheck -> UpdateCheckCLI -> { adapters, ExternalAdapter, BatchUpdate, UpdateCheckDiff,
//                                      StateExplorer, OptimisticScenario, OptimisticState,
//                                      JUnitReporter, UpdateCheckIO }
//   JUnitReporter -> UpdateCheckIO
//   adapters, ExternalAdapter -> BatchUpdate -> UpdateCheckDiff
//   StateExplorer -> OptimisticScenario -> OptimisticState
//   OptimisticState depends on nothing of ours; UpdateCheckDiff, BatchUpdate,
//   ExternalAdapter, OptimisticScenario, StateExplorer and the CLI share the
//   small helpers of UpdateCheckSupport (a target, not a product), which
//   depends on nothing. JUnitReporter and the CLI read and write files
//   through UpdateCheckIO (a target, not a product). Only JUnitReporter
//   links libxml2.

import PackageDescription

let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny")
]

let package = Package(
    name: "UpdateCheck",
    // The floors of the libraries an app links (OptimisticState, UpdateCheckDiff,
    // BatchUpdate, the adapters): iOS 15, tvOS 15, visionOS 1 and macOS 15,
    // using no API above them. The tools (StateExplorer, ExternalAdapter,
    // JUnitReporter, UpdateCheckCLI, `updatecheck`) are built on macOS and
    // Linux. Scripts/checks/availability holds the code to these floors.
    platforms: [.macOS(.v15), .iOS(.v15), .tvOS(.v15), .visionOS(.v1)],
    products: [
        .library(name: "OptimisticState", targets: ["OptimisticState"]),
        .library(name: "OptimisticStateTesting", targets: ["OptimisticStateTesting"]),
        .library(name: "BatchUpdateTesting", targets: ["BatchUpdateTesting"]),
        .library(name: "OptimisticScenario", targets: ["OptimisticScenario"]),
        .library(name: "StateExplorer", targets: ["StateExplorer"]),
        .library(name: "UpdateCheckDiff", targets: ["UpdateCheckDiff"]),
        .library(name: "BatchUpdate", targets: ["BatchUpdate"]),
        .library(name: "UpdateCheckUIKit", targets: ["UpdateCheckUIKit"]),
        .library(name: "UpdateCheckAppKit", targets: ["UpdateCheckAppKit"]),
        .library(name: "UpdateCheckRecyclerView", targets: ["UpdateCheckRecyclerView"]),
        .library(name: "UpdateCheckDiffable", targets: ["UpdateCheckDiffable"]),
        .library(name: "UpdateCheckAnimatedList", targets: ["UpdateCheckAnimatedList"]),
        .library(name: "ExternalAdapter", targets: ["ExternalAdapter"]),
        .library(name: "JUnitReporter", targets: ["JUnitReporter"]),
        .library(name: "UpdateCheckCLI", targets: ["UpdateCheckCLI"]),
        .executable(name: "updatecheck", targets: ["updatecheck"]),
    ],
    targets: [
        // The one target that imports the C library (Glibc, Musl or Darwin):
        // system calls retried on EINTR with typed errors, spawn, memory maps,
        // signals, the monotonic clock. Internal, not a product.
        .target(
            name: "UpdateCheckPlatform", dependencies: ["UpdateCheckCPlatform"], path: "Packages/Platform",
            exclude: ["CPlatform"], swiftSettings: strict),
        // What the platform layer needs in C: the supervisor that a started
        // program runs under on Linux (fork, then async-signal-safe calls
        // only) and the table of live children a signal handler ends.
        .target(name: "UpdateCheckCPlatform", path: "Packages/Platform/CPlatform"),
        // Small helpers shared by modules that do not depend on each other
        // (JSON text, parallel loop, clock): internal, not a product.
        .target(
            name: "UpdateCheckSupport", dependencies: ["UpdateCheckPlatform"], path: "Packages/Support",
            swiftSettings: strict),
        // Core state machine (Foundation-free).
        .target(name: "OptimisticState", path: "Packages/OptimisticState", swiftSettings: strict),
        // A test clock, a scripted network and a harness for the main-actor controller.
        .target(
            name: "OptimisticStateTesting", dependencies: ["OptimisticState"], path: "Packages/OptimisticStateTesting",
            swiftSettings: strict),
        // Swift Testing expectations over the conformance kit's reports: for test targets only.
        .target(
            name: "BatchUpdateTesting", dependencies: ["BatchUpdate"], path: "Packages/BatchUpdateTesting",
            swiftSettings: strict),
        // Scenario files: their JSON (read and written), validation and runner.
        .target(
            name: "OptimisticScenario", dependencies: ["OptimisticState", "UpdateCheckSupport"],
            path: "Packages/OptimisticScenario", swiftSettings: strict),
        // Exhaustive exploration of the real store.
        .target(
            name: "StateExplorer",
            dependencies: ["OptimisticState", "OptimisticScenario", "UpdateCheckSupport", "UpdateCheckPlatform"],
            path: "Packages/StateExplorer", swiftSettings: strict),
        // Diff engine over unique IDs (Foundation-free).
        .target(
            name: "UpdateCheckDiff", dependencies: ["UpdateCheckSupport"], path: "Packages/UpdateCheckDiff",
            swiftSettings: strict),
        // Verified diff -> update plan -> ordered toolkit calls; conformance kit.
        .target(
            name: "BatchUpdate", dependencies: ["UpdateCheckDiff", "UpdateCheckSupport"], path: "Packages/BatchUpdate",
            swiftSettings: strict),
        .target(
            name: "UpdateCheckUIKit", dependencies: ["BatchUpdate", "UpdateCheckDiff"], path: "Adapters/UIKit",
            swiftSettings: strict),
        .target(
            name: "UpdateCheckAppKit", dependencies: ["BatchUpdate", "UpdateCheckDiff"], path: "Adapters/AppKit",
            swiftSettings: strict),
        .target(
            name: "UpdateCheckRecyclerView", dependencies: ["BatchUpdate", "UpdateCheckDiff"],
            path: "Adapters/RecyclerView", swiftSettings: strict),
        .target(
            name: "UpdateCheckDiffable", dependencies: ["BatchUpdate", "UpdateCheckDiff"],
            path: "Adapters/DiffableSnapshot", swiftSettings: strict),
        .target(
            name: "UpdateCheckAnimatedList", dependencies: ["BatchUpdate", "UpdateCheckDiff"],
            path: "Adapters/AnimatedList",
            swiftSettings: strict),
        // Adapters in any language: a program spoken to over a line-delimited JSON protocol.
        .target(
            name: "ExternalAdapter",
            dependencies: [
                "BatchUpdate", "UpdateCheckDiff", "OptimisticScenario", "OptimisticState", "UpdateCheckSupport",
                "UpdateCheckPlatform",
            ],
            path: "Packages/ExternalAdapter",
            swiftSettings: strict),
        // File input and output: atomic files, temporary files, input files,
        // output paths, standard streams (internal, not a product).
        .target(
            name: "UpdateCheckIO", dependencies: ["UpdateCheckPlatform"], path: "Packages/IO", swiftSettings: strict),
        // JUnit XML on libxml2: on Linux through pkg-config (libxml2-dev), on
        // Apple's systems the SDK's own libxml2 module; UpdateCheckLibXML2
        // picks the one there is.
        .systemLibrary(
            name: "CLibXML2", path: "Packages/JUnitReporter/CLibXML2", pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]),
        .target(
            name: "UpdateCheckLibXML2",
            dependencies: [.target(name: "CLibXML2", condition: .when(platforms: [.linux]))],
            path: "Packages/JUnitReporter/LibXML2", swiftSettings: strict),
        .target(
            name: "JUnitReporter",
            dependencies: ["UpdateCheckLibXML2", "UpdateCheckIO", "UpdateCheckPlatform", "UpdateCheckSupport"],
            path: "Packages/JUnitReporter/JUnitReporter", swiftSettings: strict),
        // The CLI: logic in a library, a tiny main.
        .target(
            name: "UpdateCheckCLI",
            dependencies: [
                "OptimisticState", "OptimisticScenario", "StateExplorer", "UpdateCheckDiff", "BatchUpdate",
                "JUnitReporter",
                "UpdateCheckUIKit", "UpdateCheckAppKit", "UpdateCheckRecyclerView", "UpdateCheckDiffable",
                "UpdateCheckAnimatedList", "ExternalAdapter", "UpdateCheckSupport", "UpdateCheckIO",
                "UpdateCheckPlatform",
            ],
            path: "Packages/UpdateCheckCLI/UpdateCheckCLI", swiftSettings: strict),
        .executableTarget(
            name: "updatecheck", dependencies: ["UpdateCheckCLI"], path: "Packages/UpdateCheckCLI/updatecheck",
            swiftSettings: strict),
        // Tests: one target per module, plus end-to-end CLI tests, and seeded
        // randomness for them that depends on nothing.
        .target(name: "UpdateCheckTestSupport", path: "Tests/TestSupport", swiftSettings: strict),
        .testTarget(
            name: "UpdateCheckPlatformTests", dependencies: ["UpdateCheckPlatform"], path: "Tests/PlatformTests"),
        .testTarget(
            name: "OptimisticStateTests",
            dependencies: ["OptimisticState", "OptimisticStateTesting", "UpdateCheckTestSupport"],
            path: "Tests/OptimisticStateTests"),
        .testTarget(
            name: "OptimisticScenarioTests", dependencies: ["OptimisticScenario", "OptimisticState"],
            path: "Tests/OptimisticScenarioTests"),
        .testTarget(
            name: "StateExplorerTests",
            dependencies: ["StateExplorer", "OptimisticScenario", "OptimisticState", "OptimisticStateTesting"],
            path: "Tests/StateExplorerTests"),
        .testTarget(
            name: "UpdateCheckDiffTests", dependencies: ["UpdateCheckDiff", "UpdateCheckSupport"],
            path: "Tests/UpdateCheckDiffTests"),
        .testTarget(
            name: "BatchUpdateTests", dependencies: ["BatchUpdate", "UpdateCheckDiff"], path: "Tests/BatchUpdateTests"),
        .testTarget(
            name: "BatchUpdateTestingTests", dependencies: ["BatchUpdateTesting", "BatchUpdate", "UpdateCheckUIKit"],
            path: "Tests/BatchUpdateTestingTests"),
        .testTarget(
            name: "AdaptersTests",
            dependencies: [
                "BatchUpdate", "UpdateCheckDiff", "UpdateCheckUIKit", "UpdateCheckAppKit", "UpdateCheckRecyclerView",
                "UpdateCheckDiffable", "UpdateCheckAnimatedList",
            ],
            path: "Tests/AdaptersTests"),
        .testTarget(
            name: "ExternalAdapterTests",
            dependencies: [
                "ExternalAdapter", "BatchUpdate", "UpdateCheckDiff", "UpdateCheckRecyclerView",
                "UpdateCheckAnimatedList", "OptimisticScenario", "OptimisticState",
                "UpdateCheckUIKit", "UpdateCheckDiffable", "UpdateCheckSupport", "UpdateCheckPlatform",
            ],
            path: "Tests/ExternalAdapterTests"),
        .testTarget(
            name: "JUnitReporterTests",
            dependencies: ["JUnitReporter", "UpdateCheckIO", "UpdateCheckLibXML2", "UpdateCheckTestSupport"],
            path: "Tests/JUnitReporterTests"),
        .testTarget(
            name: "UpdateCheckCLITests",
            dependencies: [
                "UpdateCheckCLI", "updatecheck", "BatchUpdate", "JUnitReporter", "UpdateCheckDiff",
                "OptimisticScenario",
                "OptimisticState", "StateExplorer", "UpdateCheckUIKit", "UpdateCheckSupport", "UpdateCheckIO",
                "UpdateCheckPlatform",
            ],
            path: "Tests/UpdateCheckCLITests"),
    ],
    swiftLanguageModes: [.v6]
)

// Fuzz targets (Tests/Fuzz): libFuzzer programs, one per reader of outside
// bytes, declared only when UPDATECHECK_FUZZ is set, as Scripts/fuzz does.
// A plain `swift build` or `swift test`, and a team that depends on this
// package, neither builds nor sees them. Each is built with
// `-sanitize=fuzzer,address` and `-enable-testing` (two read internal
// protocol messages through @testable imports).
if Context.environment["UPDATECHECK_FUZZ"] != nil {
    package.targets.append(
        .target(
            name: "UpdateCheckFuzzSupport", dependencies: ["UpdateCheckPlatform"], path: "Tests/Fuzz/Support",
            swiftSettings: strict))
    let fuzzTargets: [(name: String, folder: String, dependencies: [Target.Dependency])] = [
        ("FuzzSnapshotFile", "SnapshotFile", ["UpdateCheckCLI", "UpdateCheckSupport"]),
        ("FuzzScenarioFile", "ScenarioFile", ["OptimisticScenario"]),
        ("FuzzAdapterManifest", "AdapterManifest", ["UpdateCheckCLI", "UpdateCheckSupport"]),
        ("FuzzAdapterHandshake", "AdapterHandshake", ["ExternalAdapter", "BatchUpdate", "UpdateCheckSupport"]),
        ("FuzzAdapterAnswer", "AdapterAnswer", ["ExternalAdapter", "BatchUpdate", "UpdateCheckSupport"]),
        ("FuzzJUnitReport", "JUnitReport", ["JUnitReporter", "UpdateCheckIO"]),
        ("FuzzArguments", "Arguments", ["UpdateCheckCLI"]),
    ]
    for target in fuzzTargets {
        package.targets.append(
            .executableTarget(
                name: target.name, dependencies: target.dependencies + ["UpdateCheckFuzzSupport"],
                path: "Tests/Fuzz/\(target.folder)", swiftSettings: strict))
        package.products.append(.executable(name: target.name, targets: [target.name]))
    }
}
