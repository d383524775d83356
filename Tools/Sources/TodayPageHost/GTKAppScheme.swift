import CWebKitGTK
import Foundation
import TodayBridgeGTK

/// An app's own URL scheme served from a directory, as an app serves pages it ships
/// (`webkit_web_context_register_uri_scheme`): `myapp://any-host/PATH` is the file `DIRECTORY/PATH`.
///
/// The scheme is registered as secure, as an app's own content is: its pages are secure contexts
/// and may call `https` servers. Whether such a page holds a credential is still the bridge's
/// decision (contract S3: only where a surface's rule names the scheme).
package struct AppScheme: Sendable {
    /// The scheme, without `://` (`myapp`).
    package var name: String
    /// The directory its URLs' paths are read from.
    package var directory: String

    package init(name: String, directory: String) {
        self.name = name
        self.directory = directory
    }

    /// Reads `NAME=DIRECTORY`.
    package init?(argument: String) {
        guard let separator = argument.firstIndex(of: "="), separator != argument.startIndex else { return nil }
        self.init(
            name: String(argument[..<separator]), directory: String(argument[argument.index(after: separator)...]))
    }

    /// Registers the scheme in the default web context, where every web view of this process lives.
    @GLibActor
    package func register() {
        let context = webkit_web_context_get_default()
        let files = Unmanaged.passRetained(AppSchemeFiles(root: URL(fileURLWithPath: directory).standardizedFileURL))
            .toOpaque()
        let serve: @convention(c) (OpaquePointer?, gpointer?) -> Void = { request, files in
            let files = Unmanaged<AppSchemeFiles>.fromOpaque(files!).takeUnretainedValue()
            files.answer(request!)
        }
        let release: @convention(c) (gpointer?) -> Void = { files in
            Unmanaged<AppSchemeFiles>.fromOpaque(files!).release()
        }
        webkit_web_context_register_uri_scheme(context, name, serve, files, release)
        webkit_security_manager_register_uri_scheme_as_secure(webkit_web_context_get_security_manager(context), name)
    }
}

/// The files behind an app scheme; nothing outside the root is served.
private final class AppSchemeFiles: Sendable {
    let root: URL

    init(root: URL) {
        self.root = root
    }

    func answer(_ request: OpaquePointer) {
        let path = webkit_uri_scheme_request_get_path(request).map { String(cString: $0) } ?? "/"
        let file = root.appendingPathComponent(path).standardizedFileURL
        guard file.path.hasPrefix(root.path + "/"), let data = FileManager.default.contents(atPath: file.path) else {
            let error = g_error_new_literal(
                g_io_error_quark(), gint(G_IO_ERROR_NOT_FOUND.rawValue), "no such file: \(path)")
            webkit_uri_scheme_request_finish_error(request, error)
            g_error_free(error)
            return
        }
        let bytes = data.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        let stream = g_memory_input_stream_new_from_bytes(bytes)
        webkit_uri_scheme_request_finish(request, stream, gint64(data.count), Self.contentType(of: file))
        g_object_unref(gpointer(stream))
        g_bytes_unref(bytes)
    }

    private static func contentType(of file: URL) -> String {
        switch file.pathExtension {
        case "html": "text/html"
        case "js", "mjs": "text/javascript"
        case "json": "application/json"
        case "css": "text/css"
        default: "application/octet-stream"
        }
    }
}
