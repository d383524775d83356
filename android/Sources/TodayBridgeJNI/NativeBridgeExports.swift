import CJNI
import Foundation
import TodayBridge

// The native methods of the Kotlin glue's `today.bridge.NativeBridge` object (`@JvmStatic
// external fun`). Text arrives and leaves as UTF-8 byte arrays. Each returns at once: answers come
// later through the host objects (`NativeHost.reply`, `NativeHost.service`), from Swift's threads.
// An unknown handle does nothing.

/// The `JNIEnv *` every native method receives.
public typealias Env = UnsafeMutablePointer<JNIEnv?>

/// `create(configuration: ByteArray, host: NativeHost): Long`: the app's bridge, whose services
/// (tokens, analytics, the app's capabilities) `host` answers. Throws IllegalArgumentException
/// for a configuration the core refuses.
@_cdecl("Java_today_bridge_NativeBridge_create")
public func nativeBridgeCreate(_ env: Env, _ type: jclass, _ configuration: jbyteArray?, _ host: jobject?) -> jlong {
    let jni = JNI(env: env)
    guard let methods = NativeHostMethods.loaded, let host = JavaObject(host, in: jni) else {
        jni.throwIllegalArgument("a bridge needs a NativeHost")
        return 0
    }
    do {
        let bridge = try AndroidBridge(configuration: jni.bytes(of: configuration) ?? [], host: HostChannel(host: host, methods: methods))
        return jlong(Handles.add(bridge))
    } catch {
        jni.throwIllegalArgument("TodayBridge configuration: \(error)")
        return 0
    }
}

/// `installation(bridge: Long): ByteArray?`: `{"jsObjectName","documentStartScript"}`, what the
/// glue installs in each web view.
@_cdecl("Java_today_bridge_NativeBridge_installation")
public func nativeBridgeInstallation(_ env: Env, _ type: jclass, _ bridge: jlong) -> jbyteArray? {
    guard let bridge = Handles.find(Int64(bridge), as: AndroidBridge.self),
          let installation = try? JSONValueEncoder().encode(AndroidInstallation(bridge.bridge.configuration))
    else { return nil }
    return JNI(env: env).byteArray(installation.jsonString)
}

/// `destroy(bridge: Long)`: fails the service calls the host has not answered.
@_cdecl("Java_today_bridge_NativeBridge_destroy")
public func nativeBridgeDestroy(_ env: Env, _ type: jclass, _ bridge: jlong) {
    Handles.remove(Int64(bridge), as: AndroidBridge.self)?.destroy()
}

/// `connect(bridge: Long, host: NativeHost): Long`: one web view, whose replies, scripts and
/// cookies `host` carries out; 0 for an unknown bridge.
@_cdecl("Java_today_bridge_NativeBridge_connect")
public func nativeBridgeConnect(_ env: Env, _ type: jclass, _ bridge: jlong, _ host: jobject?) -> jlong {
    let jni = JNI(env: env)
    guard let methods = NativeHostMethods.loaded, let bridge = Handles.find(Int64(bridge), as: AndroidBridge.self),
          let host = JavaObject(host, in: jni)
    else { return 0 }
    return jlong(Handles.add(AndroidWebView(bridge: bridge, host: HostChannel(host: host, methods: methods))))
}

/// `disconnect(webView: Long)`: the web view is gone; every pending call settles (C5).
@_cdecl("Java_today_bridge_NativeBridge_disconnect")
public func nativeBridgeDisconnect(_ env: Env, _ type: jclass, _ webView: jlong) {
    Handles.remove(Int64(webView), as: AndroidWebView.self)?.destroy()
}

/// `receive(webView: Long, request: ByteArray, isMainFrame: Boolean, sourceOrigin: ByteArray,
/// mainDocumentUrl: ByteArray?, route: Any?)`: one request with the listener's facts (C8). The
/// answer goes to `NativeHost.reply(route, …)`, or to the main frame when `route` is null.
@_cdecl("Java_today_bridge_NativeBridge_receive")
public func nativeBridgeReceive(
    _ env: Env, _ type: jclass, _ webView: jlong, _ request: jbyteArray?, _ isMainFrame: jboolean,
    _ sourceOrigin: jbyteArray?, _ mainDocumentURL: jbyteArray?, _ route: jobject?
) {
    guard let webView = Handles.find(Int64(webView), as: AndroidWebView.self) else { return }
    let jni = JNI(env: env)
    let sender = SenderFacts(
        isMainFrame: isMainFrame != JNI_FALSE,
        frameOrigin: jni.text(of: sourceOrigin).flatMap(SecurityOrigin.init(string:)),
        mainDocumentURL: jni.text(of: mainDocumentURL).flatMap(URL.init(string:))
    )
    webView.receive(jni.text(of: request) ?? "", from: sender, replyingTo: JavaObject(route, in: jni))
}

/// `documentDidChange(webView: Long)`: the main frame committed a new document (S4).
@_cdecl("Java_today_bridge_NativeBridge_documentDidChange")
public func nativeBridgeDocumentDidChange(_ env: Env, _ type: jclass, _ webView: jlong) {
    _ = Handles.find(Int64(webView), as: AndroidWebView.self)?.connection.documentDidChange()
}

/// `webProcessDidTerminate(webView: Long, didCrash: Boolean)`: the renderer is gone (C5, S4).
@_cdecl("Java_today_bridge_NativeBridge_webProcessDidTerminate")
public func nativeBridgeWebProcessDidTerminate(_ env: Env, _ type: jclass, _ webView: jlong, _ didCrash: jboolean) {
    _ = Handles.find(Int64(webView), as: AndroidWebView.self)?.connection.webProcessDidTerminate(didCrash != JNI_FALSE ? .crashed : .killed)
}

/// `emit(webView: Long, name: ByteArray, data: ByteArray?)`: a native event with JSON data (X3).
/// Throws IllegalArgumentException when `data` is not JSON.
@_cdecl("Java_today_bridge_NativeBridge_emit")
public func nativeBridgeEmit(_ env: Env, _ type: jclass, _ webView: jlong, _ name: jbyteArray?, _ data: jbyteArray?) {
    let jni = JNI(env: env)
    guard let webView = Handles.find(Int64(webView), as: AndroidWebView.self), let name = jni.text(of: name) else { return }
    do {
        webView.emit(name, data: try jni.json(data) ?? .null)
    } catch {
        jni.throwIllegalArgument("event \"\(name)\": its data is not JSON (\(error))")
    }
}

/// `call(webView: Long, name: ByteArray, arguments: ByteArray?, fallback: ByteArray?, deadline: Double,
/// route: Any)`: calls the page's handler (X4) with JSON arguments; the outcome goes to
/// `NativeHost.reply(route, …)`. A deadline of 0 or less is the configured default. Throws
/// IllegalArgumentException when `arguments` or `fallback` is not JSON.
@_cdecl("Java_today_bridge_NativeBridge_call")
public func nativeBridgeCall(
    _ env: Env, _ type: jclass, _ webView: jlong, _ name: jbyteArray?, _ arguments: jbyteArray?, _ fallback: jbyteArray?,
    _ deadline: jdouble, _ route: jobject?
) {
    let jni = JNI(env: env)
    guard let webView = Handles.find(Int64(webView), as: AndroidWebView.self), let name = jni.text(of: name),
          let route = JavaObject(route, in: jni)
    else { return }
    do {
        webView.call(
            name, arguments: try jni.json(arguments), fallback: try jni.json(fallback),
            deadline: deadline > 0 ? deadline : nil, replyingTo: route
        )
    } catch {
        jni.throwIllegalArgument("native call \"\(name)\": \(error)")
    }
}

/// `completeService(handle: Long, callId: Long, result: ByteArray?, error: ByteArray?)`: the
/// host's answer to `NativeHost.service` (JSON, or nothing), or its failure. Any thread.
@_cdecl("Java_today_bridge_NativeBridge_completeService")
public func nativeBridgeCompleteService(_ env: Env, _ type: jclass, _ handle: jlong, _ callID: jlong, _ result: jbyteArray?, _ error: jbyteArray?) {
    let jni = JNI(env: env)
    guard let object = Handles.find(Int64(handle)) else { return }
    if let reason = jni.text(of: error) {
        object.host.complete(Int64(callID), with: .failure(.failed(reason)))
    } else {
        object.host.complete(Int64(callID), with: .success(jni.bytes(of: result)))
    }
}
