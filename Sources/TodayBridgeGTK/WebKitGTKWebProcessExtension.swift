#if os(Linux)
import CWebKitGTK
import Foundation
@_spi(Adapters) import TodayBridge

/// The bridge's web process extension: how WebKitGTK tells the bridge which frame sent each
/// message (C8), at the speed of WebKit's own channel.
///
/// WebKitGTK's script message handlers do not say which frame sent a message. Its web processes
/// know, and load the extensions a ``prepare(_:directory:maxMessageBytes:)``-ed context points them to: this one,
/// a small C library (`libTodayBridgeGTKWebProcessExtension.so`, the package's
/// `TodayBridgeGTKWebProcessExtension` product), gives every frame the channel's native entry and
/// sends each message to the view with the engine's facts: main frame or not, the frame's security
/// origin and its URI. Sub-frames get their real origin (still no credential, S1), and the main
/// frame's messages skip the relay. The other way, it hands the app's deliveries (native events
/// and calls, stream values) to the main document they are for, with their bytes beside the text
/// (B2), and drops one whose document the main frame no longer shows (S4). Where the extension cannot load (WebKit skips a module that
/// fails to load, silently), the bridge falls back to the relay and reports one
/// `webProcessExtensionUnavailable` diagnostic per web view.
///
/// Prepare each `WebKitWebContext` once, before its first web process starts (before any view of
/// it loads anything), then install the bridge in its views as usual:
///
/// ```swift
/// Task { @GLibActor in
///     WebKitGTKWebProcessExtension.prepare(webkit_web_context_get_default())
///     let view = today_web_view_new(webkit_user_content_manager_new(), session)!
///     WebKitGTKBridge.install(bridge, in: view)
///     webkit_web_view_load_uri(view, "https://feed.example.com/app/")
/// }
/// ```
///
/// WebKit loads every `.so` in the directory it is given, so the module lives in a directory of
/// its own: ``defaultDirectory``, `TodayBridgeGTKWebProcessExtension/` next to the app's
/// executable, unless the app names another. Copy the module there when packaging the app; the
/// module links only WebKitGTK's libraries, which WebKit's web process sandbox can read, and no
/// Swift runtime.
public enum WebKitGTKWebProcessExtension {
    /// The module's file name, as SwiftPM builds the `TodayBridgeGTKWebProcessExtension` product.
    public static let moduleFileName = "libTodayBridgeGTKWebProcessExtension.so"

    /// The name of the module's own directory next to the executable (``defaultDirectory``).
    public static let directoryName = "TodayBridgeGTKWebProcessExtension"

    /// Where ``prepare(_:directory:maxMessageBytes:)`` looks when given no directory: ``directoryName`` in the
    /// directory of the running executable.
    public static var defaultDirectory: URL {
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent(directoryName, isDirectory: true)
    }

    /// The entry the extension defines on every frame's `window`, and the name of its messages.
    package static let entryName = "__todayWebViewBridgeEntry"

    /// The message the extension sends once per main-frame document that begins, saying it is loaded.
    package static let readyMessageName = entryName + ":ready"

    /// The message the extension sends when the main frame shows again a document from the
    /// back-forward cache.
    package static let restoredMessageName = entryName + ":restored"

    /// The message the extension sends when it could not define the entry in a frame, with why.
    package static let unavailableMessageName = entryName + ":unavailable"

    /// The view's deliveries to the extension, each tagged with the main document it is for.
    package static let deliveryMessageName = entryName + ":deliver"

    /// Marks a prepared context, so its views expect the extension.
    static let preparedKey = "today-webview-bridge-web-process-extension"

    /// Points `context`'s web processes at the extension in `directory` (default:
    /// ``defaultDirectory``), and returns whether the module is there.
    ///
    /// Call it once per context, before the context's first web process starts: WebKit reads the
    /// directory when it launches a web process. Without the module, views of this context use
    /// the relay and report it once each (`webProcessExtensionUnavailable`).
    ///
    /// - Parameters:
    ///   - context: The `WebKitWebContext` the views are made with (`webkit_web_context_get_default()`
    ///     unless the app makes its own).
    ///   - directory: A directory holding ``moduleFileName`` and nothing else WebKit should load.
    ///   - maxMessageBytes: The largest `BridgeLimits.maxMessageBytes` of the bridges installed
    ///     in the context's views: the extension carries a longer text as its length only, which
    ///     the bridge refuses (X7) without the text ever converted.
    @GLibActor @discardableResult
    public static func prepare(
        _ context: OpaquePointer, directory: URL? = nil, maxMessageBytes: Int = BridgeLimits().maxMessageBytes
    ) -> Bool {
        g_object_set_data(today_gobject(gpointer(context)), preparedKey, gpointer(bitPattern: max(maxMessageBytes, 1)))
        let directory = directory ?? defaultDirectory
        guard FileManager.default.fileExists(atPath: directory.appendingPathComponent(moduleFileName).path) else {
            return false
        }
        webkit_web_context_set_web_process_extensions_directory(context, directory.path)
        // (sts): the entry, the longest text it carries, and the page's delivery receiver, which
        // the extension hands the view's deliveries to.
        var members: [OpaquePointer?] = [
            g_variant_new_string(entryName), g_variant_new_uint64(guint64(max(maxMessageBytes, 0))),
            g_variant_new_string(WireProtocol.deliveryReceiverGlobal),
        ]
        webkit_web_context_set_web_process_extensions_initialization_user_data(
            context, g_variant_new_tuple(&members, 3))
        return true
    }

    /// The longest message `context`'s extension carries whole, if it was prepared.
    static func preparedMaxMessageBytes(_ context: OpaquePointer?) -> Int? {
        guard let context, let mark = g_object_get_data(today_gobject(gpointer(context)), preparedKey) else {
            return nil
        }
        return Int(bitPattern: mark)
    }

    /// Whether `context` was prepared, so that its views expect the extension.
    static func isPrepared(_ context: OpaquePointer?) -> Bool {
        preparedMaxMessageBytes(context) != nil
    }
}
#endif
