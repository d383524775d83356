import CWebKitGTK
import Foundation
import TodayBridge
import TodayBridgeGTK

/// One host opening and closing web views one after another (`make soak`): each view shows a
/// page that sends mixed traffic, navigates with calls in flight, sends more and closes itself,
/// after which the view is destroyed and the host's resources are sampled.
@GLibActor
package final class GTKSoak {
    /// The host's resources after a cycle.
    package struct Sample: Sendable {
        package var cycle: Int
        package var residentKiB: Int
        package var threads: Int
        package var fileDescriptors: Int
        /// The processes this host runs (Xvfb, WebKit's web and network processes).
        package var childProcesses: Int
    }

    private let url: URL
    private let cycles: Int
    private let bridge: TodayBridge?
    private let certificate: String?
    private let trimsBeforeSampling: Bool
    private let onSample: @Sendable (Sample) -> Void
    private var session: OpaquePointer?
    private var window: UnsafeMutablePointer<GtkWidget>?
    private var cycle = 0

    private init(
        url: URL, cycles: Int, bridge: TodayBridge?, certificate: String?, trimsBeforeSampling: Bool,
        onSample: @escaping @Sendable (Sample) -> Void
    ) {
        self.url = url
        self.cycles = cycles
        self.bridge = bridge
        self.certificate = certificate
        self.trimsBeforeSampling = trimsBeforeSampling
        self.onSample = onSample
    }

    /// Runs `cycles` views of `url` one after another on a virtual display, on the calling thread;
    /// `onSample` hears the host's resources before the first and after each. Without `bridge`,
    /// the views have none (the engine's own growth: the page's calls resolve `undefined`). With
    /// `trimsBeforeSampling`, the allocator gives its free memory back first (`malloc_trim`), so
    /// that what it keeps for reuse is told apart from what is still held.
    package nonisolated static func run(
        url: URL, cycles: Int, bridge: TodayBridge?, certificate: String?, trimsBeforeSampling: Bool = false,
        onSample: @escaping @Sendable (Sample) -> Void
    ) throws {
        let display = try VirtualDisplay()
        let quiet = QuietStandardError()
        defer { quiet.restore() }
        gtk_init()
        let soak = Task { @GLibActor in
            let soak = GTKSoak(
                url: url, cycles: cycles, bridge: bridge, certificate: certificate,
                trimsBeforeSampling: trimsBeforeSampling, onSample: onSample)
            soak.start()
            return soak
        }
        GLibMainLoop.run()
        withExtendedLifetime((display, soak)) {}
    }

    private func start() {
        WebKitGTKWebProcessExtension.prepare(webkit_web_context_get_default(), directory: nil)
        session = webkit_network_session_new_ephemeral()
        if let certificate, let host = url.host {
            var error: UnsafeMutablePointer<GError>?
            if let tls = g_tls_certificate_new_from_file(certificate, &error) {
                webkit_network_session_allow_tls_certificate_for_host(session, tls, host)
                g_object_unref(gpointer(tls))
            } else {
                g_error_free(error)
            }
        }
        report(cycle: 0)
        openView()
    }

    /// Opens the next view; its page closing itself calls `viewClosed`.
    private func openView() {
        cycle += 1
        let view = today_web_view_new(webkit_user_content_manager_new(), session)!
        if let bridge { WebKitGTKBridge.install(bridge, in: view) }
        let window = gtk_window_new()!
        self.window = window
        gtk_window_set_child(today_window(window), today_web_view_widget(view))
        gtk_window_present(today_window(window))
        let onClose: @convention(c) (gpointer?, gpointer?) -> Void = { _, data in
            let soak = Unmanaged<GTKSoak>.fromOpaque(data!).takeUnretainedValue()
            GLibActor.assumeIsolated { soak.viewClosed() }
        }
        _ = today_signal_connect(
            gpointer(view), "close", unsafeBitCast(onClose, to: GCallback.self),
            Unmanaged.passUnretained(self).toOpaque())
        webkit_web_view_load_uri(view, url.absoluteString)
    }

    private func viewClosed() {
        if let window { gtk_window_destroy(today_window(window)) }
        window = nil
        // A moment for the destroyed view's resources to go, as an app's next frame would.
        Task { @GLibActor in
            try? await Task.sleep(for: .milliseconds(100))
            report(cycle: cycle)
            if cycle < cycles { openView() } else { GLibMainLoop.quit() }
        }
    }

    /// Samples the host's resources after `cycle` (the allocator trimmed first, when asked) for `onSample`.
    private func report(cycle: Int) {
        if trimsBeforeSampling { Self.trimAllocator() }
        onSample(Self.sample(cycle: cycle))
    }

    /// glibc's `malloc_trim(0)` (in `malloc.h`, which Swift's Glibc module leaves out): every arena's
    /// free memory back to the system.
    private nonisolated static func trimAllocator() {
        typealias MallocTrim = @convention(c) (Int) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return }
        _ = unsafeBitCast(symbol, to: MallocTrim.self)(0)
    }

    private nonisolated static func sample(cycle: Int) -> Sample {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        func field(_ name: String) -> Int {
            let line = status.split(separator: "\n").first { $0.hasPrefix(name + ":") } ?? ""
            return Int(line.split(whereSeparator: \.isWhitespace).dropFirst().first ?? "") ?? -1
        }
        let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? -1
        return Sample(
            cycle: cycle, residentKiB: field("VmRSS"), threads: field("Threads"), fileDescriptors: descriptors,
            childProcesses: childCount())
    }

    /// How many processes have this one as their parent.
    private nonisolated static func childCount() -> Int {
        let me = getpid()
        let ids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc"))?.compactMap { pid_t($0) } ?? []
        return ids.count { id in
            guard let stat = try? String(contentsOfFile: "/proc/\(id)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { return false }
            return stat[stat.index(after: close)...].split(separator: " ").dropFirst().first.flatMap { pid_t($0) } == me
        }
    }
}
