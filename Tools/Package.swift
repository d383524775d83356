// swift-tools-version: 6.2
import Foundation
import PackageDescription

// This project's own tools, beside the libraries (the package one folder up) and never a
// dependency of an app: the `today-bridge` CLI, the generator of every generated file
// (`today-bridge-generate`), the traffic inspector's page, the page host, the demo and its
// backend, the benchmarks, and the suites that need them (end to end in real engines, PostHog
// delivery against a capture server, the demo's generated types). `make test` builds and runs them.
let package = Package(
    name: "TodayBridgeTools",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "today-bridge", targets: ["TodayBridgeCLI"]),
        .executable(name: "today-bridge-generate", targets: ["TodayBridgeGenerator"]),
    ],
    dependencies: [
        .package(path: ".."),
        // The Android library's JNI core, built here for the JUnit suite, the JVM host and the JNI
        // benchmark; its wire shapes, which the generator renders as Kotlin.
        .package(path: "../android"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ] + linuxDependencies,
    targets: [
        // The demo app's own capability, event and native call, defined once: the demo host
        // registers them and TodayDemoTests keeps the demo page's generated types current (X6).
        .target(name: "TodayDemoBridge", dependencies: [library("TodayBridge")]),
        // The traffic inspector's page (X5): its configuration, and its script (Tools/inspector/) embedded.
        .target(name: "TodayBridgeInspector", dependencies: [library("TodayBridge")]),
        .executableTarget(
            name: "TodayBridgeCLI",
            dependencies: [
                library("TodayBridge"), library("TodayBridgeTesting"), library("TodayBridgeTypeScript"),
                library("TodayBridgeConformance"),
                library("TodayBridgePostHog"), "TodayDemoBridge", "TodayBridgeInspector",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ] + linuxCLIDependencies),
        // `make generate`: every generated file, from the Swift definitions and the built page scripts (X6).
        .executableTarget(
            name: "TodayBridgeGenerator",
            dependencies: [
                library("TodayBridge"), library("TodayBridgeTesting"), library("TodayBridgeTypeScript"),
                library("TodayBridgeConformance"),
                library("TodayBridgeWebKit"), "TodayBridgeInspector",
                .product(name: "TodayBridgeAndroidWire", package: "android"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ] + linuxGeneratorDependencies),
        .testTarget(name: "TodayBridgeGeneratorTests", dependencies: ["TodayBridgeGenerator"]),
        // What an app's own test target does: checks its page's generated types (X6).
        .testTarget(
            name: "TodayDemoTests",
            dependencies: ["TodayDemoBridge", library("TodayBridgeTesting"), library("TodayBridgeTypeScript")]),
    ] + linuxTargets
)

#if os(Linux)
var linuxDependencies: [Package.Dependency] {
    [
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/swiftlang/swift-subprocess", from: "1.0.2"),
    ]
}

var linuxCLIDependencies: [Target.Dependency] {
    [library("TodayBridgeGTK"), "TodayDemoBackend", "TodayPageHost", "ToolSupport"]
}

var linuxGeneratorDependencies: [Target.Dependency] {
    [library("TodayBridgeGTK")]
}

var linuxTargets: [Target] {
    [
        // What the suites, the demo and the benchmarks share: child processes, TLS fixtures, waits.
        .target(
            name: "ToolSupport",
            dependencies: [library("TodayBridge"), .product(name: "Subprocess", package: "swift-subprocess")]),
        // One page shown in WebKitGTK, in a WKWebView (WebKit's API over WebKitGTK), or by the
        // Android host in a JVM (`open`, the demo, the benchmarks).
        .target(
            name: "TodayPageHost",
            dependencies: [
                library("TodayBridge"), library("TodayBridgeConformance"), library("TodayBridgeGTK"),
                library("TodayBridgeWebKit"),
                library("WebKit"), "ToolSupport",
            ]),
        // The system's zlib, for the capture server's gzip bodies.
        .systemLibrary(name: "CToolsZlib", providers: [.apt(["zlib1g-dev"])]),
        // The local backend of the demo and the end-to-end tests, and a stand-in for PostHog's capture API.
        .target(
            name: "TodayDemoBackend",
            dependencies: [
                library("TodayBridge"), "ToolSupport", "CToolsZlib",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTLS", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ]),
        // `make bench`: every benchmark, with its baseline measured in the same run (BENCHMARKS.md).
        .executableTarget(
            name: "TodayBridgeBenchmarks",
            dependencies: [
                library("TodayBridge"), library("TodayBridgeTesting"), library("TodayBridgePostHog"),
                library("TodayBridgeGTK"),
                "TodayDemoBackend", "TodayPageHost", "ToolSupport",
            ]),
        .testTarget(
            name: "TodayBridgeEndToEndTests",
            dependencies: [
                library("TodayBridge"), "TodayDemoBackend", "ToolSupport",
                .product(name: "Subprocess", package: "swift-subprocess"),
            ]),
        // The PostHog sink against the capture server and through the CLI (kill -9, a full disk).
        .testTarget(
            name: "PostHogDeliveryTests",
            dependencies: [
                library("TodayBridge"), library("TodayBridgePostHog"), library("TodayBridgeTesting"),
                "TodayDemoBackend", "ToolSupport",
            ]),
    ]
}
#else
var linuxDependencies: [Package.Dependency] { [] }
var linuxCLIDependencies: [Target.Dependency] { [] }
var linuxGeneratorDependencies: [Target.Dependency] { [] }
var linuxTargets: [Target] { [] }
#endif

// The libraries' package, by its identity (the last component of its path).
var libraries: String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent
        .lowercased()
}

@MainActor func library(_ product: String) -> Target.Dependency {
    .product(name: product, package: libraries)
}
