#if os(Linux)
import CWebKitGTK

/// The thread that runs GLib's default main context: WebKitGTK objects are touched only here.
///
/// GLib's main loop does not drain Swift's main queue, so `@MainActor` work would never run
/// there. This actor's executor schedules each job as a GLib idle source instead, and the
/// compiler checks that WebKit is touched from `@GLibActor` code only.
///
/// ```swift
/// gtk_init()
/// Task { @GLibActor in
///     let view = makeWebView()
///     let bridge = WebKitGTKBridge.install(todayBridge, in: view)
/// }
/// GLibMainLoop.run()
/// ```
@globalActor
public actor GLibActor {
    /// The one instance.
    public static let shared = GLibActor()

    private nonisolated let executor = GLibMainContextExecutor()

    public nonisolated var unownedExecutor: UnownedSerialExecutor {
        executor.asUnownedSerialExecutor()
    }

    /// The GLib thread as a task executor: `Task(executorPreference:)` runs a task's
    /// non-isolated code there, so work that starts and ends on the GLib thread never hops.
    package nonisolated static var taskExecutor: any TaskExecutor { shared.executor }

    /// Whether the calling thread is the GLib thread.
    package nonisolated static var isCurrent: Bool {
        g_main_context_is_owner(g_main_context_default()) != 0
    }

    /// Runs `operation` synchronously, isolated to this actor: for GLib callbacks, which run on
    /// the GLib thread already. Stops the process when called from any other thread.
    public static func assumeIsolated<T>(_ operation: @GLibActor () throws -> T) rethrows -> T {
        typealias Unisolated = () throws -> T
        shared.preconditionIsolated()
        return try withoutActuallyEscaping(operation) { operation in
            try unsafeBitCast(operation, to: Unisolated.self)()
        }
    }
}

/// Runs Swift jobs as idle sources on GLib's default main context: the ``GLibActor``'s serial
/// executor, and a task executor for tasks that prefer the GLib thread.
final class GLibMainContextExecutor: SerialExecutor, TaskExecutor {
    private final class Scheduled {
        let job: UnownedJob
        let executor: GLibMainContextExecutor

        init(job: UnownedJob, executor: GLibMainContextExecutor) {
            self.job = job
            self.executor = executor
        }
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let scheduled = Unmanaged.passRetained(Scheduled(job: UnownedJob(job), executor: self)).toOpaque()
        g_idle_add_full(
            G_PRIORITY_DEFAULT,
            { data in
                // the job passed below: never nil
                let scheduled = Unmanaged<Scheduled>.fromOpaque(data!).takeRetainedValue()
                let executor = scheduled.executor
                scheduled.job.runSynchronously(
                    isolatedTo: executor.asUnownedSerialExecutor(), taskExecutor: executor.asUnownedTaskExecutor())
                return 0  // G_SOURCE_REMOVE
            }, scheduled, nil)
    }

    /// The check Swift's runtime asks for: by contract it stops the process when the caller is
    /// not on the GLib thread (only `assumeIsolated` from a wrong thread, a programming error,
    /// reaches it; no page or app input does).
    func checkIsolated() {
        precondition(g_main_context_is_owner(g_main_context_default()) != 0, "not on the GLib main thread")
    }
}
#endif
