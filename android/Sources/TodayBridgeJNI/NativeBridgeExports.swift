import CJNI
import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
@_spi(Adapters) @_spi(Tools) import TodayBridge
import TodayBridgeAndroidWire

// The native methods of the Kotlin glue's `today.bridge.NativeBridge` object (`@JvmStatic
// external fun`). Text arrives and leaves as UTF-8 byte arrays; the bytes in the app's JSON cross
// beside it as `byte[][]` attachments, which the text names by index (`AttachedJSON`, B2). Each
// returns at once: answers come
// through the host objects (`NativeHost.reply`, `NativeHost.service`), on the calling thread when
// the core answers at once, else later from Swift's threads. An unknown handle does nothing.

/// The `JNIEnv *` every native method receives.
public typealias Env = UnsafeMutablePointer<JNIEnv?>

/// `create(configuration: ByteArray, host: NativeHost): Long`: the app's bridge, whose services
/// (tokens, analytics, the app's capabilities, diagnostics) `host` answers. Throws
/// IllegalArgumentException for a configuration the core refuses.
@_cdecl("Java_today_bridge_NativeBridge_create")
public func nativeBridgeCreate(_ env: Env, _ type: jclass, _ configuration: jbyteArray?, _ host: jobject?) -> jlong {
    let jni = JNI(env: env)
    guard let methods = NativeHostMethods.loaded, let host = JavaObject(host, in: jni) else {
        jni.throwIllegalArgument("a bridge needs a NativeHost")
        return 0
    }
    do {
        let bridge = try AndroidBridge(
            configuration: jni.bytes(of: configuration) ?? [], host: HostChannel(host: .strong(host), methods: methods))
        return jlong(Handles.add(bridge))
    } catch {
        jni.throwIllegalArgument("TodayBridge configuration: \(error)")
        return 0
    }
}

/// `installation(bridge: Long, attachesBytes: Boolean): ByteArray?`: `AndroidInstallation`
/// (TodayBridge), what the glue installs in each web view; with `attachesBytes` (the WebView has
/// `WEB_MESSAGE_LISTENER` and `WEB_MESSAGE_ARRAY_BUFFER`), the shim carries bytes as `ArrayBuffer`
/// messages beside the text (B2).
@_cdecl("Java_today_bridge_NativeBridge_installation")
public func nativeBridgeInstallation(
    _ env: Env, _ type: jclass, _ bridge: jlong, _ attachesBytes: jboolean
)
    -> jbyteArray?
{
    guard let bridge = Handles.find(Int64(bridge), as: AndroidBridge.self),
        let installation = try? JSONValueEncoder().encode(
            AndroidInstallation(bridge.bridge.configuration, attachesBytes: attachesBytes != JNI_FALSE))
    else { return nil }
    return JNI(env: env).byteArray(installation.jsonString)
}

/// `destroy(bridge: Long)`: fails the service calls the host has not answered.
@_cdecl("Java_today_bridge_NativeBridge_destroy")
public func nativeBridgeDestroy(_ env: Env, _ type: jclass, _ bridge: jlong) {
    Handles.remove(Int64(bridge), as: AndroidBridge.self)?.destroy()
}

/// `setToken(bridge: Long, token: ByteArray?)`: the app's current token (a `HostToken`; null:
/// logged out), pushed: from now on `headers` is answered from it at once, without asking the host.
@_cdecl("Java_today_bridge_NativeBridge_setToken")
public func nativeBridgeSetToken(_ env: Env, _ type: jclass, _ bridge: jlong, _ token: jbyteArray?) {
    let jni = JNI(env: env)
    guard let bridge = Handles.find(Int64(bridge), as: AndroidBridge.self) else { return }
    guard let bytes = jni.bytes(of: token) else { return bridge.services.push(nil) }
    do {
        let token = try JSONValueDecoder().decode(HostToken.self, from: JSONValue(utf8: bytes))
        bridge.services.push(AccessToken(token.value, scheme: token.scheme ?? "Bearer"))
    } catch {
        jni.throwIllegalArgument("a token is {\"value\",\"scheme\"}: \(error)")
    }
}

/// `flushAnalytics(bridge: Long)`: returns once every `track` event accepted so far was handed to
/// the host's `recordEvents` and it answered. Blocks the calling thread: not the UI thread, nor a
/// thread answering the host's services.
@_cdecl("Java_today_bridge_NativeBridge_flushAnalytics")
public func nativeBridgeFlushAnalytics(_ env: Env, _ type: jclass, _ bridge: jlong) {
    guard let bridge = Handles.find(Int64(bridge), as: AndroidBridge.self) else { return }
    let flushed = DispatchSemaphore(value: 0)
    Task {
        await bridge.bridge.flushAnalytics()
        flushed.signal()
    }
    flushed.wait()
}

/// `connect(bridge: Long, host: NativeHost, attachesBytes: Boolean): Long`: one web view, whose
/// replies, scripts and cookies `host` carries out (held weakly: the glue keeps it), its shim
/// installed with `attachesBytes` or not (B2); 0 for an unknown bridge.
@_cdecl("Java_today_bridge_NativeBridge_connect")
public func nativeBridgeConnect(
    _ env: Env, _ type: jclass, _ bridge: jlong, _ host: jobject?, _ attachesBytes: jboolean
)
    -> jlong
{
    let jni = JNI(env: env)
    guard let methods = NativeHostMethods.loaded, let bridge = Handles.find(Int64(bridge), as: AndroidBridge.self),
        let host = WeakJavaObject(host, in: jni)
    else { return 0 }
    return jlong(
        Handles.add(
            AndroidWebView(
                bridge: bridge, host: HostChannel(host: .weak(host), methods: methods),
                attachesBytes: attachesBytes != JNI_FALSE)))
}

/// `disconnect(webView: Long)`: the web view is closed; every pending call settles (C5). Later
/// requests are still answered, as a closed connection answers them, until `release`.
@_cdecl("Java_today_bridge_NativeBridge_disconnect")
public func nativeBridgeDisconnect(_ env: Env, _ type: jclass, _ webView: jlong) {
    Handles.find(Int64(webView), as: AndroidWebView.self)?.close()
}

/// `release(webView: Long)`: the glue lets the web view go: the handle is unknown from now on.
@_cdecl("Java_today_bridge_NativeBridge_release")
public func nativeBridgeRelease(_ env: Env, _ type: jclass, _ webView: jlong) {
    Handles.remove(Int64(webView), as: AndroidWebView.self)?.close()
}

/// `receive(webView: Long, request: ByteArray, attachments: Array<ByteArray>?, isMainFrame: Boolean,
/// sourceOrigin: ByteArray?, route: Any?): ByteArray?`: one request with the listener's facts (C8),
/// judged against the main document the glue last reported, with the `ArrayBuffer`s its reply proxy
/// carried since its last text (B2; read only in the attachments form, with a route). Returns the
/// reply when the core answered before returning, for the glue to post to `route`; otherwise null,
/// and the answer goes to `NativeHost.reply(route, …)` later, or to the main frame when `route` is
/// null. A reply with bytes beside it goes to `NativeHost.reply` with them, at once, never returned.
@_cdecl("Java_today_bridge_NativeBridge_receive")
public func nativeBridgeReceive(
    _ env: Env, _ type: jclass, _ webView: jlong, _ request: jbyteArray?, _ attachments: jobjectArray?,
    _ isMainFrame: jboolean, _ sourceOrigin: jbyteArray?, _ route: jobject?
) -> jbyteArray? {
    guard let webView = Handles.find(Int64(webView), as: AndroidWebView.self) else { return nil }
    let jni = JNI(env: env)
    let sender = jni.withBytes(of: sourceOrigin) { origin in
        webView.sender(isMainFrame: isMainFrame != JNI_FALSE, origin: origin)
    }
    return jni.withBytes(of: request) { request in
        let request = request ?? UnsafeBufferPointer(start: nil, count: 0)
        guard let route else {
            webView.receive(request, from: sender) { reply in webView.deliverToMainFrame(reply) }
            return nil
        }
        let replying = ReplyRoute(host: webView.host)
        if webView.attachesBytes {
            webView.receive(request, attachments: jni.byteArrays(of: attachments) ?? [], from: sender) { reply in
                replying.answer(reply)
            }
        } else {
            webView.receive(request, from: sender) { reply in replying.answer(AttachedJSON(text: reply)) }
        }
        guard let reply = replying.callReturns(route: route, in: jni) else { return nil }
        if reply.attachments.isEmpty { return jni.byteArray(reply.text) }
        webView.host.reply(reply.text, attachments: reply.attachments, to: route, in: jni)
        return nil
    }
}

/// `documentDidChange(webView: Long, url: ByteArray?)`: the main frame committed a new document
/// at `url` (S4).
@_cdecl("Java_today_bridge_NativeBridge_documentDidChange")
public func nativeBridgeDocumentDidChange(_ env: Env, _ type: jclass, _ webView: jlong, _ url: jbyteArray?) {
    Handles.find(Int64(webView), as: AndroidWebView.self)?.documentDidChange(url: documentURL(url, in: env))
}

/// `documentWasRestored(webView: Long, url: ByteArray?)`: the main frame shows again, at `url`, a
/// document restored from the back-forward cache (S4): current again under a new id, judged by its
/// own URL.
@_cdecl("Java_today_bridge_NativeBridge_documentWasRestored")
public func nativeBridgeDocumentWasRestored(_ env: Env, _ type: jclass, _ webView: jlong, _ url: jbyteArray?) {
    Handles.find(Int64(webView), as: AndroidWebView.self)?.documentWasRestored(url: documentURL(url, in: env))
}

/// A main document's committed URL as the glue passes it (UTF-8); nil for none or one that is no URL.
private func documentURL(_ url: jbyteArray?, in env: Env) -> URL? {
    JNI(env: env).text(of: url).flatMap(URL.init(string:))
}

/// `webProcessDidTerminate(webView: Long, didCrash: Boolean)`: the renderer is gone (C5, S4).
@_cdecl("Java_today_bridge_NativeBridge_webProcessDidTerminate")
public func nativeBridgeWebProcessDidTerminate(_ env: Env, _ type: jclass, _ webView: jlong, _ didCrash: jboolean) {
    Handles.find(Int64(webView), as: AndroidWebView.self)?.webProcessDidTerminate(didCrash: didCrash != JNI_FALSE)
}

/// `emit(webView: Long, name: ByteArray, data: ByteArray?, attachments: Array<ByteArray>?)`: a
/// native event with JSON data (X3), whose byte values name `attachments` by index (B2). Throws
/// IllegalArgumentException when `data` is not JSON or names an attachment that is not there.
@_cdecl("Java_today_bridge_NativeBridge_emit")
public func nativeBridgeEmit(
    _ env: Env, _ type: jclass, _ webView: jlong, _ name: jbyteArray?, _ data: jbyteArray?, _ attachments: jobjectArray?
) {
    let jni = JNI(env: env)
    guard let webView = Handles.find(Int64(webView), as: AndroidWebView.self), let name = jni.text(of: name) else {
        return
    }
    do {
        webView.emit(name, data: try jni.json(data, attachments: attachments) ?? .null)
    } catch {
        jni.throwIllegalArgument("event \"\(name)\": its data is not JSON (\(error))")
    }
}

/// `call(webView: Long, name: ByteArray, arguments: ByteArray?, attachments: Array<ByteArray>?,
/// fallback: ByteArray?, deadline: Double, route: Any)`: calls the page's handler (X4) with JSON
/// arguments, whose byte values name `attachments` by index (B2); the outcome (a
/// `NativeCallOutcome`) goes to `NativeHost.reply(route, …)`. A deadline of 0 or less is the
/// configured default. Throws IllegalArgumentException when `arguments` or `fallback` is not JSON.
@_cdecl("Java_today_bridge_NativeBridge_call")
public func nativeBridgeCall(
    _ env: Env, _ type: jclass, _ webView: jlong, _ name: jbyteArray?, _ arguments: jbyteArray?,
    _ attachments: jobjectArray?, _ fallback: jbyteArray?,
    _ deadline: jdouble, _ route: jobject?
) {
    let jni = JNI(env: env)
    guard let webView = Handles.find(Int64(webView), as: AndroidWebView.self), let name = jni.text(of: name),
        let route = JavaObject(route, in: jni)
    else { return }
    do {
        let host = webView.host
        webView.call(
            name, arguments: try jni.json(arguments, attachments: attachments), fallback: try jni.json(fallback),
            deadline: deadline > 0 ? deadline : nil
        ) { outcome in
            if let jni = JNI.current { host.reply(outcome, to: route.reference, in: jni) }
        }
    } catch {
        jni.throwIllegalArgument("native call \"\(name)\": \(error)")
    }
}

/// `completeService(handle: Long, callId: Long, result: ByteArray?, attachments: Array<ByteArray>?,
/// error: ByteArray?)`: the host's answer to `NativeHost.service` (JSON, whose byte values name
/// `attachments` by index, B2; or nothing), or its failure (a `HostFailure`). Any thread.
@_cdecl("Java_today_bridge_NativeBridge_completeService")
public func nativeBridgeCompleteService(
    _ env: Env, _ type: jclass, _ handle: jlong, _ callID: jlong, _ result: jbyteArray?, _ attachments: jobjectArray?,
    _ error: jbyteArray?
) {
    let jni = JNI(env: env)
    guard let object = Handles.findHosted(Int64(handle)) else { return }
    if let failure = jni.bytes(of: error) {
        let decoded =
            (try? JSONValueDecoder().decode(HostFailure.self, from: JSONValue(utf8: failure)))
            ?? HostFailure(code: nil, message: String(decoding: failure, as: UTF8.self), recoverable: nil)
        object.host.complete(Int64(callID), with: .failure(.failed(decoded)))
    } else {
        let answer = jni.bytes(of: result).map {
            AttachedJSON(text: $0, attachments: jni.byteArrays(of: attachments) ?? [])
        }
        object.host.complete(Int64(callID), with: .success(answer))
    }
}

/// `streamSend(stream: Long, value: ByteArray?, attachments: Array<ByteArray>?): Boolean`: the
/// stream's next value (JSON, whose byte values name `attachments` by index, B2; null is `null`).
/// Blocks until the core takes it, which it does once it delivered the one before, so once the
/// page's window has room (ST3); returns false, dropping it, when the stream ended. Not on the UI
/// thread. Throws IllegalArgumentException when `value` is not JSON.
@_cdecl("Java_today_bridge_NativeBridge_streamSend")
public func nativeBridgeStreamSend(
    _ env: Env, _ type: jclass, _ stream: jlong, _ value: jbyteArray?, _ attachments: jobjectArray?
) -> jboolean {
    let jni = JNI(env: env)
    guard let stream = Handles.find(Int64(stream), as: AndroidStream.self) else { return jboolean(JNI_FALSE) }
    do {
        let value = try jni.json(value, attachments: attachments) ?? .null
        return jboolean(stream.send(value) ? JNI_TRUE : JNI_FALSE)
    } catch {
        jni.throwIllegalArgument("a stream's value is JSON (\(error))")
        return jboolean(JNI_FALSE)
    }
}

/// `streamFinish(stream: Long)`: the stream ends after the values sent (ST5). Any thread.
@_cdecl("Java_today_bridge_NativeBridge_streamFinish")
public func nativeBridgeStreamFinish(_ env: Env, _ type: jclass, _ stream: jlong) {
    Handles.find(Int64(stream), as: AndroidStream.self)?.end(nil)
}

/// `streamFail(stream: Long, error: ByteArray?)`: the stream fails after the values sent (ST5),
/// with the app's structured error (a `HostFailure` with a code), or as `failed` with a generic
/// message when it has none. Any thread.
@_cdecl("Java_today_bridge_NativeBridge_streamFail")
public func nativeBridgeStreamFail(_ env: Env, _ type: jclass, _ stream: jlong, _ error: jbyteArray?) {
    let jni = JNI(env: env)
    guard let stream = Handles.find(Int64(stream), as: AndroidStream.self) else { return }
    let failure = jni.bytes(of: error) ?? []
    stream.end(
        (try? JSONValueDecoder().decode(HostFailure.self, from: JSONValue(utf8: failure)))
            ?? HostFailure(code: nil, message: String(decoding: failure, as: UTF8.self), recoverable: nil))
}

/// `recordTraffic(bridge: Long, capacity: Int): Long`: starts recording the bridge's traffic (X5),
/// keeping at most `capacity` traces; 0 for an unknown bridge.
@_cdecl("Java_today_bridge_NativeBridge_recordTraffic")
public func nativeBridgeRecordTraffic(_ env: Env, _ type: jclass, _ bridge: jlong, _ capacity: jint) -> jlong {
    guard let bridge = Handles.find(Int64(bridge), as: AndroidBridge.self) else { return 0 }
    return jlong(Handles.add(TrafficRecorder(recording: bridge.bridge, capacity: Int(capacity))))
}

/// `stopRecording(recorder: Long): ByteArray?`: stops a recording and answers it as JSON lines
/// (`today-bridge inspect` renders them); the handle is unknown from now on.
@_cdecl("Java_today_bridge_NativeBridge_stopRecording")
public func nativeBridgeStopRecording(_ env: Env, _ type: jclass, _ recorder: jlong) -> jbyteArray? {
    guard let recorder = Handles.remove(Int64(recorder), as: TrafficRecorder.self) else { return nil }
    recorder.stop()
    return JNI(env: env).byteArray(recorder.jsonLines())
}
