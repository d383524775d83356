// swift-tools-version: 6.2
// The Today WebView Bridge. MIT licence: see LICENSE.
import PackageDescription

// The libraries apps use, and their unit tests. Their one package dependency is swift-log: an app
// resolves nothing else. Beside it, packages that are never an app's dependency: this project's
// own tools (Tools/: the `today-bridge` CLI, the page host, the demo backend, the benchmarks and
// the end-to-end suites), the fuzzers (Fuzz/), and the Android library's JNI core (android/,
// packed into the AAR).
let package = Package(
    name: "TodayWebViewBridge",
    platforms: [.iOS(.v15), .macOS(.v12)],
    products: [
        .library(name: "TodayBridge", targets: ["TodayBridge"]),
        // What an app's test target links: the in-memory host and its recording services.
        .library(name: "TodayBridgeTesting", targets: ["TodayBridgeTesting"]),
        // The page's TypeScript from the app's Swift definitions, and the check an app's tests run
        // on it (X6).
        .library(name: "TodayBridgeTypeScript", targets: ["TodayBridgeTypeScript"]),
        // The conformance kit (its pages and the fixture a host registers), for a host's own tests.
        .library(name: "TodayBridgeConformance", targets: ["TodayBridgeConformance"]),
        // The production analytics sink, a product of its own so apps with another sink skip it.
        .library(name: "TodayBridgePostHog", targets: ["TodayBridgePostHog"]),
    ] + platformProducts,
    dependencies: [
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2")
    ],
    targets: [
        .target(name: "TodayBridge", dependencies: [.product(name: "Logging", package: "swift-log")]),
        .target(name: "TodayBridgeTesting", dependencies: ["TodayBridge"]),
        .target(name: "TodayBridgeTypeScript", dependencies: ["TodayBridge"]),
        .target(name: "TodayBridgeConformance", dependencies: ["TodayBridge"]),
        .target(
            name: "TodayBridgePostHog",
            dependencies: ["TodayBridge", "CZlib", .product(name: "Logging", package: "swift-log")]),
        // The system's zlib, for gzip request bodies (the SDKs of Apple's platforms and Android have it).
        .systemLibrary(name: "CZlib", providers: [.apt(["zlib1g-dev"])]),
        // Apple's WebKit (iOS, macOS); on Linux, the WebKit module below.
        .target(name: "TodayBridgeWebKit", dependencies: ["TodayBridge"] + webKitOnLinux),
        .testTarget(
            name: "TodayBridgeTests",
            dependencies: ["TodayBridge", "TodayBridgeTesting", "TodayBridgeTypeScript", "TodayBridgeConformance"]),
        .testTarget(
            name: "TodayBridgePostHogTests", dependencies: ["TodayBridgePostHog", "TodayBridge", "TodayBridgeTesting"]),
        .testTarget(
            name: "TodayBridgeWebKitTests",
            dependencies: ["TodayBridgeWebKit", "TodayBridge", "TodayBridgeTesting", "TodayBridgeConformance"]
                + webKitOnLinux),
    ] + platformTargets,
    // Swift 6: complete concurrency checking everywhere.
    swiftLanguageModes: [.v6]
)

#if os(Linux)
var platformProducts: [Product] {
    [
        // WebKitGTK, the WebKit engine on Linux.
        .library(name: "TodayBridgeGTK", targets: ["TodayBridgeGTK"]),
        // The module WebKitGTK's web processes load to tell the bridge which frame sent a message
        // (C, no Swift runtime): the app copies lib<name>.so into a directory of its own.
        .library(
            name: "TodayBridgeGTKWebProcessExtension", type: .dynamic, targets: ["TodayBridgeGTKWebProcessExtension"]),
        // The WKWebView adapter over WebKit's API implemented with WebKitGTK (the module below),
        // for this project's own hosts (`today-bridge open --engine wkwebview`).
        .library(name: "TodayBridgeWebKit", targets: ["TodayBridgeWebKit"]),
        .library(name: "WebKit", targets: ["WebKit"]),
    ]
}

var platformTargets: [Target] {
    [
        .systemLibrary(name: "CWebKitGTK", pkgConfig: "webkitgtk-6.0", providers: [.apt(["libwebkitgtk-6.0-dev"])]),
        // These are Linux's alone: their sources compile to nothing elsewhere (`#if os(Linux)`), so a
        // cross-build from Linux (the Swift SDK for Android) builds every target of the package.
        .target(
            name: "TodayBridgeGTK",
            dependencies: ["TodayBridge", .target(name: "CWebKitGTK", condition: .when(platforms: [.linux]))]),
        // The web process extension's API, whose header cannot be included with CWebKitGTK's.
        .systemLibrary(
            name: "CWebKitGTKWebProcessExtension", pkgConfig: "webkitgtk-web-process-extension-6.0",
            providers: [.apt(["libwebkitgtk-6.0-dev"])]
        ),
        .target(
            name: "TodayBridgeGTKWebProcessExtension",
            dependencies: [.target(name: "CWebKitGTKWebProcessExtension", condition: .when(platforms: [.linux]))]
        ),
        // WebKit's API for WKWebView implemented over WebKitGTK, as a module named WebKit, so the
        // Apple adapter's own source runs here in a real WebKit engine. Apple platforms never see it.
        .target(
            name: "WebKit", dependencies: [.target(name: "CWebKitGTK", condition: .when(platforms: [.linux]))],
            path: "Sources/WebKitOnWebKitGTK"),
        .testTarget(
            name: "TodayBridgeGTKTests",
            dependencies: [
                "TodayBridgeGTK", "TodayBridge", .target(name: "CWebKitGTK", condition: .when(platforms: [.linux])),
            ]),
    ]
}

var webKitOnLinux: [Target.Dependency] { ["WebKit"] }
#else
var platformProducts: [Product] { [.library(name: "TodayBridgeWebKit", targets: ["TodayBridgeWebKit"])] }
var platformTargets: [Target] { [] }
var webKitOnLinux: [Target.Dependency] { [] }
#endif
