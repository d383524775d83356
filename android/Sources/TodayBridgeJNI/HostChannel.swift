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
    /// Bytes cross both ways beside the text (``AttachedJSON``).
    func call(_ service: HostService, _ arguments: JSONValue = .object([:])) async throws -> JSONValue? {
        try await call(service, AttachedJSON(arguments))
    }

    /// ``call(_:_:)`` with the arguments' JSON text already written, as UTF-8, with no bytes beside it.
    func call(_ service: HostService, utf8 arguments: [UInt8]) async throws -> JSONValue? {
        try await call(service, AttachedJSON(text: arguments))
    }

    private func call(_ service: HostService, _ arguments: AttachedJSON) async throws -> JSONValue? {
        let answer: AttachedJSON? = try await withCheckedThrowingContinuation { continuation in
            guard let id = calls.withLock({ $0.add(continuation) }) else {
                return continuation.resume(throwing: HostServiceError.destroyed)
            }
            guard send(id, service, arguments) else {
                return complete(id, with: .failure(HostServiceError.notDelivered))
            }
        }
        guard let answer, !answer.text.isEmpty else { return nil }
        do {
            return try JSONValue(utf8: answer.text, attachments: answer.attachments)
        } catch {
            throw HostServiceError.unreadable("\(error)")
        }
    }

    /// Tells the host `service` with `arguments`, for no answer (call id 0).
    func notify(_ service: HostService, _ arguments: JSONValue) {
        _ = send(0, service, AttachedJSON(arguments))
    }

    /// Completes call `id` with the host's answer (UTF-8 JSON and the bytes it names; `nil` for
    /// none) or its failure. An unknown id (a second completion, or one after
    /// ``failPendingCalls()``) is ignored.
    func complete(_ id: Int64, with outcome: Result<AttachedJSON?, HostServiceError>) {
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
                return withByteArrays(attachments, in: jni) { list in
                    jni.callVoidMethod(host, methods.reply, [jvalue(l: route), jvalue(l: bytes), jvalue(l: list)])
                }
            }
        } ?? false
    }

    private func send(_ id: Int64, _ service: HostService, _ arguments: AttachedJSON) -> Bool {
        guard let jni = JNI.current else { return false }
        return withHost(in: jni) { host in
            jni.withLocalFrame {
                guard let name = jni.string(service.rawValue), let bytes = jni.byteArray(arguments.text) else {
                    return false
                }
                return withByteArrays(arguments.attachments, in: jni) { list in
                    jni.callVoidMethod(
                        host, methods.service,
                        [jvalue(j: jlong(id)), jvalue(l: name), jvalue(l: bytes), jvalue(l: list)])
                }
            }
        } ?? false
    }

    /// Runs `body` with `attachments` as a new Java `byte[][]` (null for none); `false` when Java
    /// is out of memory.
    private func withByteArrays(_ attachments: [Data], in jni: JNI, _ body: (jobjectArray?) -> Bool) -> Bool {
        if attachments.isEmpty { return body(nil) }
        guard let list = jni.byteArrays(attachments, type: methods.byteArrayType) else { return false }
        return body(list)
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
    typealias Waiting = CheckedContinuation<AttachedJSON?, any Error>
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
