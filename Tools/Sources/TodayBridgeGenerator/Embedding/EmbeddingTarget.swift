/// Where the entries of one folder of page scripts are embedded: a Swift file, each entry a
/// `HostScript<XConfiguration>` static, or a Java class, each entry a string constant.
struct EmbeddingTarget: Sendable {
    enum Output: Sendable {
        /// A Swift file with the import lines `imports` (`HostScript(source:)` is `@_spi(Adapters)`), its members at `access`.
        case swift(imports: [String], access: String)
        /// The Java class `ChromiumScripts` of `package`.
        case java(package: String)
    }

    /// The folder of the entries' TypeScript, from the repository's root (`web/host/webkit`).
    let folder: String
    /// The folder of their built scripts, laid out as `folder` (`web/dist/host/webkit`).
    let built: String
    /// The file written, from the repository's root.
    let file: String
    let output: Output

    /// The folders searched for entries: every entry must be in the folder of a target.
    static let sourceRoots = ["web/host", "Tools/inspector/src"]

    /// The core's scripts are public: every adapter, a third party's too, injects them. An engine's
    /// own are its adapter's, `package`. The Java emulation of Android's WebView over Chromium
    /// (android/emulation) is not an adapter. The traffic inspector's page is not injected into web
    /// views: `today-bridge open --inspect` and `today-bridge inspect` write it.
    static let all: [EmbeddingTarget] = [
        EmbeddingTarget(
            folder: "web/host", built: "web/dist/host", file: "Sources/TodayBridge/Wire/HostScripts.generated.swift",
            output: .swift(imports: [], access: "public")
        ),
        EmbeddingTarget(
            folder: "web/host/webkitgtk", built: "web/dist/host/webkitgtk",
            file: "Sources/TodayBridgeGTK/WebKitGTKScripts.generated.swift",
            output: .swift(imports: ["@_spi(Adapters) import TodayBridge"], access: "package")
        ),
        EmbeddingTarget(
            folder: "web/host/webkit", built: "web/dist/host/webkit",
            file: "Sources/TodayBridgeWebKit/WebKitScripts.generated.swift",
            output: .swift(imports: ["@_spi(Adapters) import TodayBridge"], access: "package")
        ),
        EmbeddingTarget(
            folder: "web/host/chromium", built: "web/dist/host/chromium",
            file: "android/emulation/src/today/emulation/ChromiumScripts.java",
            output: .java(package: "today.emulation")
        ),
        EmbeddingTarget(
            folder: "Tools/inspector/src", built: "Tools/inspector/dist",
            file: "Tools/Sources/TodayBridgeInspector/InspectorScripts.generated.swift",
            output: .swift(imports: ["@_spi(Adapters) import TodayBridge"], access: "package")
        ),
    ]
}
