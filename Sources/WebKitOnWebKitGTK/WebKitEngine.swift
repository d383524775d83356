#if os(Linux)
import CWebKitGTK
import Foundation

/// The WebKitGTK engine behind every web view of the process: GTK started on the main thread, and
/// one `WebKitWebContext` (a process pool) whose web processes load the web process extension that
/// tells each message's frame (`TodayBridgeGTKWebProcessExtension`, with this emulation's entry
/// and content worlds).
///
/// Not Apple's API: the host's part, as an app bundle and its run loop are on Apple platforms.
@MainActor
@_spi(Tools) public enum WebKitEngine {
    /// Where the web process extension is looked for: its own directory next to the executable,
    /// unless a host names another (`today-bridge open --web-process-extension`, or the
    /// `TODAY_BRIDGE_WEB_PROCESS_EXTENSION` environment variable).
    @_spi(Tools) public static var webProcessExtensionDirectory: URL = {
        if let directory = ProcessInfo.processInfo.environment["TODAY_BRIDGE_WEB_PROCESS_EXTENSION"] {
            return URL(fileURLWithPath: directory, isDirectory: true)
        }
        return URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("TodayBridgeGTKWebProcessExtension", isDirectory: true)
    }()

    /// The entry the extension defines in every frame of every world the emulation uses, and the
    /// name of its messages (`<entry>@<world>` outside the page world).
    static let entryName = "__webkitScriptMessageEntry"

    /// The WebKitGTK script worlds that stand for named `WKContentWorld`s, which the extension must
    /// know before a web process starts: a content world takes the next one when first used.
    static let isolatedWorlds = (0..<16).map { "wkcontentworld-\($0)" }

    /// The context every web view is made in, GTK and the main thread's loop started first.
    static let context: OpaquePointer = {
        MainThreadLoop.start()
        precondition(gtk_init_check() != 0, "WebKit (WebKitGTK) needs a display: set DISPLAY (Xvfb, xvfb-run)")
        let context = webkit_web_context_new()!
        let module = webProcessExtensionDirectory.appendingPathComponent("libTodayBridgeGTKWebProcessExtension.so").path
        precondition(
            FileManager.default.fileExists(atPath: module),
            "WebKit (WebKitGTK): the web process extension that identifies each message's frame is missing at \(module)"
        )
        webkit_web_context_set_web_process_extensions_directory(context, webProcessExtensionDirectory.path)
        let names = isolatedWorlds.map { UnsafePointer(strdup($0)) }
        defer { names.forEach { free(UnsafeMutablePointer(mutating: $0)) } }
        let array = names.withUnsafeBufferPointer { g_variant_new_strv($0.baseAddress, gssize($0.count)) }
        // WebKit carries a message body of any length: no text is cut to its length.
        var members: [OpaquePointer?] = [g_variant_new_string(entryName), g_variant_new_uint64(.max), array]
        webkit_web_context_set_web_process_extensions_initialization_user_data(
            context, members.withUnsafeMutableBufferPointer { g_variant_new_tuple($0.baseAddress, 3) })
        return context
    }()
}
#endif
