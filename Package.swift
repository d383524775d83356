// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "TodayWebViewBridge",
    platforms: [.iOS(.v15), .macOS(.v12)],
    products: [
        .library(name: "TodayBridge", targets: ["TodayBridge"]),
        .library(name: "TodayBridgeTesting", targets: ["TodayBridgeTesting"]),
        .library(name: "TodayBridgePostHog", targets: ["TodayBridgePostHog"]),
        .executable(name: "today-bridge", targets: ["TodayBridgeCLI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        .target(
            name: "TodayBridge",
            dependencies: [.product(name: "Logging", package: "swift-log")]
        ),
        .target(name: "TodayBridgeTesting", dependencies: ["TodayBridge"]),
        // The production analytics sink, a product of its own so apps with another sink skip it.
        .target(
            name: "TodayBridgePostHog",
            dependencies: ["TodayBridge", .product(name: "Logging", package: "swift-log")]
        ),
        // Apple's WebKit (iOS, macOS); empty where WebKit cannot be imported.
        .target(name: "TodayBridgeWebKit", dependencies: ["TodayBridge"]),
        // The demo app's own capability, event and native call, defined once: the demo host
        // registers them and TodayDemoTests keeps the demo page's generated types current (X6).
        .target(name: "TodayDemoBridge", dependencies: ["TodayBridge"]),
        .executableTarget(
            name: "TodayBridgeCLI",
            dependencies: [
                "TodayBridge", "TodayBridgeTesting", "TodayBridgePostHog", "TodayDemoBridge",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "TodayBridgeTests", dependencies: ["TodayBridge", "TodayBridgeTesting"]),
        .testTarget(name: "TodayBridgePostHogTests", dependencies: ["TodayBridgePostHog", "TodayBridge", "TodayBridgeTesting"]),
        .testTarget(name: "TodayBridgeWebKitTests", dependencies: ["TodayBridgeWebKit", "TodayBridge", "TodayBridgeTesting"]),
        // What an app's own test target does: checks its page's generated types (X6).
        .testTarget(name: "TodayDemoTests", dependencies: ["TodayDemoBridge", "TodayBridgeTesting"]),
    ],
    // Swift 6: complete concurrency checking everywhere.
    swiftLanguageModes: [.v6]
)

// The JNI library's targets. The NDK's sysroot has <jni.h>; on Linux it comes from the JDK
// (JAVA_HOME, else Debian's OpenJDK 17).
let javaHome = Context.environment["JAVA_HOME"] ?? "/usr/lib/jvm/java-17-openjdk-amd64"
let jdkIncludes = ["-I\(javaHome)/include", "-I\(javaHome)/include/linux"]
let jniTargets: [Target] = [
    .target(name: "CJNI", cSettings: [.unsafeFlags(jdkIncludes, .when(platforms: [.linux]))]),
    .target(
        name: "TodayBridgeJNI",
        dependencies: ["TodayBridge", "CJNI"],
        swiftSettings: [.unsafeFlags(jdkIncludes.flatMap { ["-Xcc", $0] }, .when(platforms: [.linux]))]
    ),
]

#if os(Linux)
// WebKitGTK: the real WebKit engine on Linux, for the end-to-end tests and the demo.
package.products += [
    .library(name: "TodayBridgeGTK", targets: ["TodayBridgeGTK"]),
    .library(name: "TodayBridgeChromium", targets: ["TodayBridgeChromium"]),
]
package.dependencies += [
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
    .package(url: "https://github.com/swiftlang/swift-subprocess", from: "1.0.2"),
]
package.targets += [
    .systemLibrary(name: "CWebKitGTK", pkgConfig: "webkitgtk-6.0", providers: [.apt(["libwebkitgtk-6.0-dev"])]),
    .target(name: "TodayBridgeGTK", dependencies: ["TodayBridge", "CWebKitGTK"]),
    // Chromium behind Android's WebView API, and the Android host glue on it.
    .target(name: "TodayBridgeChromium", dependencies: ["TodayBridge"]),
    // What the Linux suites, the demo and the benchmarks share: child processes, TLS fixtures, waits.
    .target(name: "TodayBridgeTestSupport", dependencies: ["TodayBridge", .product(name: "Subprocess", package: "swift-subprocess")]),
    // One page shown in WebKitGTK or Chromium with the bridge installed (`open`, the demo, the benchmarks).
    .target(name: "TodayPageHost", dependencies: ["TodayBridge", "TodayBridgeTesting", "TodayBridgeGTK", "CWebKitGTK", "TodayBridgeChromium", "TodayBridgeTestSupport"]),
    // The local backend of the demo and the end-to-end tests.
    .target(
        name: "TodayDemoBackend",
        dependencies: [
            "TodayBridge",
            "TodayBridgeTestSupport",
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "HummingbirdTLS", package: "hummingbird"),
            .product(name: "HTTPTypes", package: "swift-http-types"),
            .product(name: "Logging", package: "swift-log"),
        ]
    ),
]
package.targets.append(
    .executableTarget(
        name: "TodayBridgeBenchmarks",
        dependencies: [
            "TodayBridge", "TodayBridgeTesting", "TodayBridgePostHog", "TodayDemoBackend", "TodayPageHost", "TodayBridgeGTK", "CWebKitGTK",
            "TodayBridgeChromium", "TodayBridgeTestSupport",
        ]
    )
)
// The core as an Android app's core: a JNI library for the Kotlin glue in android/ (A1, A2).
// On Linux it is built against the JDK's <jni.h> and loaded by the JUnit suite (`make android-test`).
package.products.append(.library(name: "TodayBridgeJNI", type: .dynamic, targets: ["TodayBridgeJNI"]))
package.targets += jniTargets
package.targets.append(
    .testTarget(name: "TodayBridgeEndToEndTests", dependencies: ["TodayBridge", "TodayDemoBackend", "TodayBridgeTestSupport", "TodayBridgeChromium"])
)
// The PostHog delivery tests run against the backend's capture server and the CLI.
package.targets.first { $0.name == "TodayBridgePostHogTests" }!.dependencies += ["TodayDemoBackend", "TodayBridgeTestSupport"]
package.targets.first { $0.name == "TodayBridgeCLI" }!.dependencies += [
    "TodayBridgeGTK", "CWebKitGTK", "TodayDemoBackend", "TodayBridgeChromium", "TodayPageHost", "TodayBridgeTestSupport",
]
#endif

#if os(Linux)
// A mirror of the WebKit declarations TodayBridgeWebKit and its docs use, as a module named WebKit,
// so the Apple adapter's own source compiles and is unit-tested here and the docs' Swift
// type-checks. Apple platforms never see it.
package.targets.append(.target(name: "WebKit", path: "Tests/WebKitMirror"))
for name in ["TodayBridgeWebKit", "TodayBridgeWebKitTests"] {
    package.targets.first { $0.name == name }!.dependencies.append("WebKit")
}
#else
package.products.append(.library(name: "TodayBridgeWebKit", targets: ["TodayBridgeWebKit"]))
#endif

// TODAY_BRIDGE_TARGETS chooses what this manifest declares (the Makefile sets it; give each value
// its own `--scratch-path .build-NAME`):
// - unset or `all`: everything above.
// - `core`: only the core, the testing product, the Apple adapter (on Linux against its WebKit
//   mirror), the PostHog sink and their suites (the sink's without its capture-server tests). The CLI and the Linux
//   engines (WebKitGTK, Chromium, the demo backend, benchmarks, end-to-end tests) and their
//   dependencies are left out, so `make sanitize-thread` and `make sanitize-address` build only
//   what they test.
// - `android`: `core` plus the JNI library (`TodayBridgeJNI`), for cross-building with the Swift
//   SDK for Android from any machine; nothing that needs WebKitGTK, Chromium or the JDK's headers.
// - `docs` (`make docs`): `core` plus, on Linux, every other library product (the WebKitGTK and
//   Chromium adapters, the JNI library): what has a DocC catalog, without the packages only the
//   CLI, the demo and the tests use.
// - `fuzz`: `core` plus the libFuzzer targets in Fuzz/ (`make fuzz`). They are targets of this
//   package rather than a package of their own because `EventValidator` and `Locked` are
//   `package` API, visible only to modules of this package. They link only with
//   `-sanitize=fuzzer` (libFuzzer's driver), so no other set declares them.
let targetSet = Context.environment["TODAY_BRIDGE_TARGETS"] ?? "all"
if targetSet != "all" {
    var core: Set = [
        "TodayBridge", "TodayBridgeTesting", "TodayBridgeWebKit", "WebKit", "TodayBridgePostHog",
        "TodayBridgeTests", "TodayBridgeWebKitTests", "TodayBridgePostHogTests",
    ]
    if targetSet == "docs" {
        core.formUnion(["CWebKitGTK", "TodayBridgeGTK", "TodayBridgeChromium", "CJNI", "TodayBridgeJNI"])
        // Symbol extraction gets no target's flags: `make docs` passes the WebKitGTK and JDK
        // header paths in CPATH, and pkg-config's compiler flags (which a plugin's build warns
        // about) are not read.
        if let index = package.targets.firstIndex(where: { $0.name == "CWebKitGTK" }) {
            package.targets[index] = .systemLibrary(name: "CWebKitGTK")
        }
    }
    package.targets.removeAll { !core.contains($0.name) }
    for target in package.targets {
        // The PostHog suite's delivery tests need the demo backend; they compile out without it.
        target.dependencies.removeAll { dependency in
            if case .byNameItem(let name, _) = dependency { return !core.contains(name) }
            return false
        }
    }
    package.products.removeAll { !core.contains($0.name) }
    package.dependencies.removeAll { dependency in
        guard case .sourceControl(_, let location, _) = dependency.kind else { return false }
        return !location.hasSuffix("/swift-log") && !location.hasSuffix("/swift-docc-plugin")
    }
}
if targetSet == "android" {
    // An Android cross-build (the Android workflow, the Gradle module): the core and its JNI library.
    package.targets += jniTargets
    package.products.append(.library(name: "TodayBridgeJNI", type: .dynamic, targets: ["TodayBridgeJNI"]))
}
if targetSet == "fuzz" {
    package.targets.append(.target(name: "CLibFuzzer", path: "Fuzz/CLibFuzzer"))
    package.targets.append(
        .target(
            name: "FuzzSupport",
            dependencies: ["CLibFuzzer", "TodayBridge", "TodayBridgeTesting", .product(name: "Logging", package: "swift-log")],
            path: "Fuzz/Support"
        )
    )
    for name in ["FuzzJSON", "FuzzOriginRule", "FuzzTrackEvent"] {
        package.targets.append(.executableTarget(name: name, dependencies: ["FuzzSupport", "TodayBridge", "TodayBridgeTesting"], path: "Fuzz/\(name)"))
    }
}

// TODAY_BRIDGE_DOCS=1 (`make docs`): the DocC plugin, which apps depending on this package never need.
if Context.environment["TODAY_BRIDGE_DOCS"] == "1" {
    package.dependencies.append(.package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"))
}

// TODAY_BRIDGE_WARNINGS_AS_ERRORS=1 (CI, `.ci/run`): a warning in this package's own code fails the
// build; dependencies keep their warnings.
if Context.environment["TODAY_BRIDGE_WARNINGS_AS_ERRORS"] == "1" {
    for target in package.targets where target.type != .system {
        target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-warnings-as-errors"])]
    }
}
