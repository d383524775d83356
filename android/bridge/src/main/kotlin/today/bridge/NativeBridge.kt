package today.bridge

/**
 * The Swift core's JNI surface (`libTodayBridgeJNI.so`, the package's `TodayBridgeJNI` product).
 *
 * Text crosses as UTF-8 in byte arrays; JSON shapes are [Wire]'s, generated from the Swift
 * definitions. Bytes in the JSON that crosses between the app and the core (a service's
 * arguments and answer, an event's data, a native call's arguments, a stream's value) cross as
 * byte arrays beside the text, never as base64: the text names each by its index in the
 * `attachments` that go with it, `{"__today.bytes": n}` ([JsonText], B2); null `attachments` for
 * none. Text in the base64 form is read too. Every function returns at once: [receive] returns the answers the core gives at
 * once; the others come through the [NativeHost] objects, on the calling thread or later from the
 * core's own threads. A handle that is unknown or released is ignored.
 */
internal object NativeBridge {
    init {
        NativeLibrary.load()
    }

    /** The app's bridge ([Wire.AndroidConfiguration]); [host] answers its services. Throws [IllegalArgumentException] for a bad configuration. */
    @JvmStatic external fun create(configuration: ByteArray, host: NativeHost): Long

    /**
     * [Wire.AndroidInstallation]: what to install in each web view; with [attachesBytes], the shim
     * carries bytes as `ArrayBuffer` messages beside the text (B2).
     */
    @JvmStatic external fun installation(bridge: Long, attachesBytes: Boolean): ByteArray?

    /** Fails the service calls [bridge]'s host has not answered. */
    @JvmStatic external fun destroy(bridge: Long)

    /** The app's current token ([Wire.HostToken]; null: logged out), pushed: `headers` is answered from it at once. */
    @JvmStatic external fun setToken(bridge: Long, token: ByteArray?)

    /** Blocks until every `track` event accepted so far reached the host's `recordEvents`. Not on the UI thread, nor a services thread. */
    @JvmStatic external fun flushAnalytics(bridge: Long)

    /**
     * One web view; [host] (held weakly) carries out its replies, scripts and cookies; its shim was
     * installed with [attachesBytes] or not. 0 for an unknown bridge.
     */
    @JvmStatic external fun connect(bridge: Long, host: NativeHost, attachesBytes: Boolean): Long

    /** The web view is closed: every pending call settles; later requests are answered as closed. */
    @JvmStatic external fun disconnect(webView: Long)

    /** The glue lets the web view go: its handle is unknown from now on. */
    @JvmStatic external fun release(webView: Long)

    /**
     * One request from a frame, with the listener's facts, judged against the main document last
     * reported, and the `ArrayBuffer`s [route] carried since its last text ([attachments], read
     * only by a web view connected with `attachesBytes`, B2). Returns the reply when the core
     * answered at once, for the caller to post to [route]; otherwise null, and the answer goes to
     * [NativeHost.reply] with [route] later (at once when it has bytes beside it), or to the main
     * frame as a script when [route] is null.
     */
    @JvmStatic external fun receive(
        webView: Long, request: ByteArray, attachments: Array<ByteArray>?, isMainFrame: Boolean, sourceOrigin: ByteArray?, route: Any?
    ): ByteArray?

    /** The main frame committed a new document at [url]. */
    @JvmStatic external fun documentDidChange(webView: Long, url: ByteArray?)

    /** The main frame shows again, at [url], a document restored from the back-forward cache: judged by its own URL, under a new id. */
    @JvmStatic external fun documentWasRestored(webView: Long, url: ByteArray?)

    /** The renderer is gone. */
    @JvmStatic external fun webProcessDidTerminate(webView: Long, didCrash: Boolean)

    /**
     * A native event with JSON [data] (null for none), whose byte values name [attachments]
     * (null for none). Throws [IllegalArgumentException] when [data] is not JSON, or names an
     * attachment that is not there.
     */
    @JvmStatic external fun emit(webView: Long, name: ByteArray, data: ByteArray?, attachments: Array<ByteArray>?)

    /**
     * Calls the page's handler [name] with JSON [arguments], whose byte values name [attachments]
     * (null for none); the outcome ([Wire.NativeCallOutcome]) goes to [NativeHost.reply] with
     * [route]. A [deadline] of 0 is the configured default.
     */
    @JvmStatic external fun call(
        webView: Long, name: ByteArray, arguments: ByteArray?, attachments: Array<ByteArray>?, fallback: ByteArray?, deadline: Double, route: Any
    )

    /**
     * The answer to [NativeHost.service] call [callId] of [handle]'s host: JSON [result], whose
     * byte values name [attachments] (null for none), or an [error] ([Wire.HostFailure]). Any
     * thread.
     */
    @JvmStatic external fun completeService(handle: Long, callId: Long, result: ByteArray?, attachments: Array<ByteArray>?, error: ByteArray?)

    /**
     * The next value of [stream] (JSON text, whose byte values name [attachments], null for
     * none). Blocks until the core takes it, once it delivered the one before; false, dropping
     * it, once the stream ended. Not on the UI thread.
     */
    @JvmStatic external fun streamSend(stream: Long, value: ByteArray?, attachments: Array<ByteArray>?): Boolean

    /** Ends [stream] after the values sent. */
    @JvmStatic external fun streamFinish(stream: Long)

    /** Fails [stream] after the values sent ([Wire.HostFailure]; without a code, `failed` with a generic message). */
    @JvmStatic external fun streamFail(stream: Long, error: ByteArray?)

    /** Starts recording [bridge]'s traffic, keeping at most [capacity] traces; 0 for an unknown bridge. */
    @JvmStatic external fun recordTraffic(bridge: Long, capacity: Int): Long

    /** Stops a recording and answers it as JSON lines; the handle is unknown from now on. */
    @JvmStatic external fun stopRecording(recorder: Long): ByteArray?
}

/** What the core calls, on the calling thread or its own; implementations hand the work to the right thread. */
internal interface NativeHost {
    /**
     * A string-transport reply for the frame behind [route], with the bytes it names by index
     * ([attachments], null for none: posted before it, B2), or the outcome of a native call.
     */
    fun reply(route: Any, reply: ByteArray, attachments: Array<ByteArray>?)

    /**
     * A service call, answered with [NativeBridge.completeService]; call id 0 is a notice that
     * gets no answer. The [arguments]' byte values name [attachments] (null for none, [JsonText]).
     */
    fun service(callId: Long, service: String, arguments: ByteArray, attachments: Array<ByteArray>?)
}

internal fun String.utf8(): ByteArray = toByteArray(Charsets.UTF_8)

internal fun ByteArray.utf8(): String = toString(Charsets.UTF_8)
