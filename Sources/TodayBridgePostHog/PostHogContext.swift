import Foundation
import TodayBridge

/// The app and device as PostHog's own properties name them (`$os`, `$os_version`,
/// `$app_version`, `$lib`, `$lib_version`), read once when the sink starts.
struct PostHogContext: Sendable, Hashable {
    /// `$lib`, and the product in the `User-Agent`.
    static let library = "today-webview-bridge"

    var osName: String
    var osVersion: String
    var appVersion: String?
    var libraryVersion = TodayBridge.version

    /// This process's: the system's name and version, the app's `CFBundleShortVersionString`
    /// unless `appVersion` is given.
    static func current(appVersion: String?) -> PostHogContext {
        let version = ProcessInfo.processInfo.operatingSystemVersion
        return PostHogContext(
            osName: osName,
            osVersion: "\(version.majorVersion).\(version.minorVersion).\(version.patchVersion)",
            appVersion: appVersion ?? Bundle.main.object(forInfoDictionaryKey: "CFBundleShortVersionString") as? String
        )
    }

    /// The `User-Agent` of each request: `today-webview-bridge/<version>`, as PostHog's SDKs name theirs.
    var userAgent: String { "\(Self.library)/\(libraryVersion)" }

    /// The properties every event carries.
    var properties: [String: JSONValue] {
        var properties: [String: JSONValue] = [
            "$lib": .string(Self.library), "$lib_version": .string(libraryVersion),
            "$os": .string(osName), "$os_version": .string(osVersion),
        ]
        properties["$app_version"] = appVersion.map(JSONValue.string)
        return properties
    }

    /// PostHog's names for the systems (as posthog-ios and posthog-android send `$os`).
    private static var osName: String {
        #if os(iOS)
        "iOS"
        #elseif os(macOS)
        "macOS"
        #elseif os(tvOS)
        "tvOS"
        #elseif os(visionOS)
        "visionOS"
        #elseif os(watchOS)
        "watchOS"
        #elseif os(Android)
        "Android"
        #elseif os(Linux)
        "Linux"
        #elseif os(Windows)
        "Windows"
        #else
        "unknown"
        #endif
    }
}
