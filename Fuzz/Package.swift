// swift-tools-version: 6.2
import Foundation
import PackageDescription

// The libFuzzer targets (`make fuzz`, `make fuzz-smoke`), a package of their own: they link only
// with `-sanitize=fuzzer` (libFuzzer's driver), which no other build passes. Each target's seeds
// are in Corpus/<target>/, its dictionary in <target>.dict.
let package = Package(
    name: "TodayBridgeFuzz",
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ],
    targets: [
        .target(name: "CLibFuzzer", path: "CLibFuzzer"),
        .target(
            name: "FuzzSupport",
            dependencies: [
                "CLibFuzzer", library("TodayBridge"), library("TodayBridgeTesting"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Support"
        ),
    ]
        + ["FuzzConnection", "FuzzJSON", "FuzzOriginRule", "FuzzRelayedText", "FuzzStringTransport", "FuzzTrackEvent"]
        .map { name in
            fuzzer(name, dependencies: [library("TodayBridge"), library("TodayBridgeTesting")])
        } + [
            // WebKit's Foundation bodies are the WebKit adapter's (on Linux over WebKit's API on WebKitGTK).
            fuzzer(
                "FuzzFoundationValue",
                dependencies: [library("TodayBridge"), library("TodayBridgeTesting"), library("TodayBridgeWebKit")])
        ]
)

// The libraries' package, by its identity (the last component of its path).
var libraries: String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent
        .lowercased()
}

@MainActor func fuzzer(_ name: String, dependencies: [Target.Dependency]) -> Target {
    .executableTarget(name: name, dependencies: ["FuzzSupport"] + dependencies, path: name)
}

@MainActor func library(_ product: String) -> Target.Dependency {
    .product(name: product, package: libraries)
}
