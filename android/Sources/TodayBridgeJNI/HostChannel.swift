import CJNI
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Synchronization
import TodayBridge
import TodayBridgeAndroidWire

/// The way out to one `NativeHost` object of the Kotlin glue: service calls, each completed later
/// by `NativeBridge.completeService` with its call id, notices that get no answer, and
/// string-transport replies.
///
/// Called from whichever thread the core runs on (attached to the virtual machine as needed);
/// the glue moves work to the UI thread itself. Nothing here waits for the main queue.
final class HostChannel: Sendable {
    /// How the channel holds its host: a bridge's strongly (the app closes it), a web view's
    /// weakly (the app lets it go with its `WebView`).
    enum Host: Sendable {
        case strong(JavaObject)
        case weak(WeakJavaObject)
    }

    private let host: Host
    private let methods: NativeHostMethods
    private let calls = Mutex(PendingHostCalls())

    init(host: Host, methods: NativeHostMethods) {
        self.host = host
        self.methods = methods
    }

    /// Asks the host for `service`; returns its answer (`nil` for none), or throws its failure.
    func call(_ service: HostService, _ arguments: JSONValue = .object([:])) async throws -> JSONValue? {
        try await call(service, utf8: arguments.jsonUTF8)
    }

    /// ``call(_:_:)`` with the arguments' JSON text already written, as UTF-8.
    func call(_ service: HostService, utf8 arguments: [UInt8]) async throws -> JSONValue? {
        let answer: [UInt8]? = try await withCheckedThrowingContinuation { continuation in
            guard let id = calls.withLock({ $0.add(continuation) }) else {
                return continuation.resume(throwing: HostServiceError.destroyed)
            }
            guard send(id, service, arguments) else {
                return complete(id, with: .failure(HostServiceError.notDelivered))
            }
        }
        guard let answer, !answer.isEmpty else { return nil }
        do {
            return try JSONValue(utf8: answer)
        } catch {
            throw HostServiceError.unreadable("\(error)")
        }
    }

    /// Tells the host `service` with `arguments`, for no answer (call id 0).
    func notify(_ service: HostService, _ arguments: JSONValue) {
        _ = send(0, service, arguments.jsonUTF8)
    }

    /// Completes call `id` with the host's UTF-8 JSON answer or its failure. An unknown id (a
    /// second completion, or one after ``failPendingCalls()``) is ignored.
    func complete(_ id: Int64, with outcome: Result<[UInt8]?, HostServiceError>) {
        calls.withLock { $0.take(id) }?.resume(with: outcome.mapError { $0 })
    }

    /// Fails every call still waiting for the host, and every later one.
    func failPendingCalls() {
        for waiting in calls.withLock({ $0.close() }) {
            waiting.resume(throwing: HostServiceError.destroyed)
        }
    }

    /// Hands `reply` to the frame behind `route` (`NativeHost.reply`), with the bytes it names by
    /// index (B2), which the host posts first. Returns `false` when Java threw or the host is gone.
    @discardableResult
    func reply(_ reply: [UInt8], attachments: [Data] = [], to route: jobject, in jni: JNI) -> Bool {
        withHost(in: jni) { host in
            jni.withLocalFrame {
                guard let bytes = jni.byteArray(reply) else { return false }
                var list: jobjectArray?
                if !attachments.isEmpty {
                    guard let made = jni.byteArrays(attachments, type: methods.byteArrayType) else { return false }
                    list = made
                }
                return jni.callVoidMethod(host, methods.reply, [jvalue(l: route), jvalue(l: bytes), jvalue(l: list)])
            }
        } ?? false
    }

    private func send(_ id: Int64, _ service: HostService, _ arguments: [UInt8]) -> Bool {
        guard let jni = JNI.current else { return false }
        return withHost(in: jni) { host in
            jni.withLocalFrame {
                guard let name = jni.string(service.rawValue), let bytes = jni.byteArray(arguments) else {
                    return false
                }
                return jni.callVoidMethod(
                    host, methods.service, [jvalue(j: jlong(id)), jvalue(l: name), jvalue(l: bytes)])
            }
        } ?? false
    }

    /// Runs `body` with the host; `nil` when a weakly held host was collected.
    private func withHost<Result>(in jni: JNI, _ body: (jobject) -> Result) -> Result? {
        switch host {
        case .strong(let object): body(object.reference)
        case .weak(let object): object.withObject(in: jni, body)
        }
    }
}

/// Calls handed to the host and not completed yet, by call id.
private struct PendingHostCalls {
    typealias Waiting = CheckedContinuation<[UInt8]?, any Error>
    private var nextID: Int64 = 0
    private var waiting: [Int64: Waiting] = [:]
    private var isClosed = false

    /// A new call id, or `nil` once closed.
    mutating func add(_ continuation: Waiting) -> Int64? {
        guard !isClosed else { return nil }
        nextID += 1
        waiting[nextID] = continuation
        return nextID
    }

    mutating func take(_ id: Int64) -> Waiting? {
        waiting.removeValue(forKey: id)
    }

    mutating func close() -> Dictionary<Int64, Waiting>.Values {
        isClosed = true
        defer { waiting = [:] }
        return waiting.values
    }
}
