package today.bridge

/**
 * The Swift core's JNI surface (`libTodayBridgeJNI.so`, the package's `TodayBridgeJNI` product).
 *
 * Text crosses as UTF-8 in byte arrays. Every function returns at once; answers come back through
 * the [NativeHost] objects, from the core's own threads. A handle that is unknown or destroyed
 * is ignored.
 */
internal object NativeBridge {
    init {
        System.loadLibrary("TodayBridgeJNI")
    }

    /** The app's bridge; [host] answers its services. Throws [IllegalArgumentException] for a bad configuration. */
    @JvmStatic external fun create(configuration: ByteArray, host: NativeHost): Long

    /** `{"jsObjectName","documentStartScript"}`: what to install in each web view. */
    @JvmStatic external fun installation(bridge: Long): ByteArray?

    /** Fails the service calls [bridge]'s host has not answered. */
    @JvmStatic external fun destroy(bridge: Long)

    /** One web view; [host] carries out its replies, scripts and cookies. 0 for an unknown bridge. */
    @JvmStatic external fun connect(bridge: Long, host: NativeHost): Long

    /** The web view is gone: every pending call settles. */
    @JvmStatic external fun disconnect(webView: Long)

    /**
     * One request from a frame, with the listener's facts. The answer goes to
     * [NativeHost.reply] with [route], or to the main frame as a script when [route] is null.
     */
    @JvmStatic external fun receive(
        webView: Long, request: ByteArray, isMainFrame: Boolean, sourceOrigin: ByteArray, mainDocumentUrl: ByteArray?, route: Any?
    )

    /** The main frame committed a new document. */
    @JvmStatic external fun documentDidChange(webView: Long)

    /** The renderer is gone. */
    @JvmStatic external fun webProcessDidTerminate(webView: Long, didCrash: Boolean)

    /** A native event with JSON [data] (null for none). Throws [IllegalArgumentException] when [data] is not JSON. */
    @JvmStatic external fun emit(webView: Long, name: ByteArray, data: ByteArray?)

    /**
     * Calls the page's handler [name] with JSON [arguments]; the outcome goes to
     * [NativeHost.reply] with [route]. A [deadline] of 0 is the configured default.
     */
    @JvmStatic external fun call(webView: Long, name: ByteArray, arguments: ByteArray?, fallback: ByteArray?, deadline: Double, route: Any)

    /** The answer to [NativeHost.service] call [callId] of [handle]'s host: JSON, or an [error]. Any thread. */
    @JvmStatic external fun completeService(handle: Long, callId: Long, result: ByteArray?, error: ByteArray?)
}

/** What the core calls, from its own threads; implementations hand the work to the right thread. */
internal interface NativeHost {
    /** A string-transport reply for the frame behind [route], or the outcome of a native call. */
    fun reply(route: Any, reply: ByteArray)

    /** A service call, answered with [NativeBridge.completeService]. */
    fun service(callId: Long, service: String, arguments: ByteArray)
}

internal fun String.utf8(): ByteArray = toByteArray(Charsets.UTF_8)

internal fun ByteArray.utf8(): String = toString(Charsets.UTF_8)
