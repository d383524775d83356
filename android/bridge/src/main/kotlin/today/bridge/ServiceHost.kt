package today.bridge

import org.json.JSONObject
import java.util.concurrent.ConcurrentHashMap
import java.util.concurrent.ExecutorService

/** Answers the bridge's service calls with the app's [TodayBridgeServices], on [executor]'s threads. */
internal class ServiceHost(private val services: TodayBridgeServices, private val executor: ExecutorService) : NativeHost {
    @Volatile var handle = 0L
    /** The streams being produced, by handle, until the bridge tells their end. */
    private val streams = ConcurrentHashMap<Long, BridgeStream>()

    override fun reply(route: Any, reply: ByteArray, attachments: Array<ByteArray>?) = Unit  // a bridge has no frames

    override fun service(callId: Long, service: String, arguments: ByteArray, attachments: Array<ByteArray>?) {
        if (service == Wire.HostServices.DIAGNOSTIC) return diagnostic(Wire.HostDiagnostic.fromJson(JSONObject(arguments.utf8())))
        if (service == Wire.HostServices.STREAM) return stream(Wire.StreamCallArguments.fromJson(JsonText.parseObject(arguments, attachments)))
        if (service == Wire.HostServices.STREAM_ENDED) {
            val ended = Wire.StreamEndedArguments.fromJson(JSONObject(arguments.utf8()))
            val stream = streams.remove(ended.stream.toLong()) ?: return
            if (ended.cancelled) executor.execute { stream.ended(true) } else stream.ended(false)
            return
        }
        val handle = handle
        executor.execute {
            var result: JsonText? = null
            var failure: Wire.HostFailure? = null
            try {
                result = answer(service, JsonText.parseObject(arguments, attachments))
            } catch (rejected: TodayBridgeException) {
                failure = Wire.HostFailure(rejected.code, rejected.message ?: rejected.code, rejected.recoverable)
            } catch (failed: Throwable) {
                // No code: the core answers the page with a generic failure; the text is for diagnostics.
                failure = Wire.HostFailure(message = failed.toString())
            }
            if (callId != 0L) {
                NativeBridge.completeService(handle, callId, result?.utf8, result?.attachments, failure?.toJson()?.toString()?.utf8())
            }
        }
    }

    /** A stream a page opened: known before its end can be told, produced on [executor]'s threads. */
    private fun stream(arguments: Wire.StreamCallArguments) {
        val stream = BridgeStream(arguments.stream.toLong())
        streams[arguments.stream.toLong()] = stream
        val call = arguments.call.toCall()
        executor.execute {
            try {
                services.stream(call, stream)
            } catch (rejected: TodayBridgeException) {
                stream.fail(Wire.HostFailure(rejected.code, rejected.message ?: rejected.code, rejected.recoverable))
            } catch (failed: Throwable) {
                stream.fail(Wire.HostFailure(message = failed.toString()))
            }
        }
    }

    /** A diagnostic of the glue's own ([BridgeDiagnostic]'s codes are the core's), told on the calling thread. */
    fun diagnostic(code: String, message: String) = diagnostic(Wire.HostDiagnostic(code = code, message = message))

    /** A diagnostic, told on the thread that reports it (the app's handler returns at once). */
    private fun diagnostic(diagnostic: Wire.HostDiagnostic) {
        try {
            services.diagnostic(BridgeDiagnostic(diagnostic.code, diagnostic.message, diagnostic.type))
        } catch (ignored: Throwable) {
            // A diagnostic handler that fails tells nobody.
        }
    }

    /** The service's answer as JSON, its bytes beside the text, or null for none. */
    private fun answer(service: String, arguments: JSONObject): JsonText? = when (service) {
        Wire.HostServices.CURRENT_TOKEN -> JsonText.of(services.currentToken()?.toWire()?.toJson() ?: JSONObject.NULL)
        Wire.HostServices.REFRESH_TOKEN -> JsonText.of(services.refreshToken().toWire().toJson())
        Wire.HostServices.USER_ID -> JsonText.of(services.userId() ?: JSONObject.NULL)
        Wire.HostServices.RECORD_EVENTS -> {
            services.record(Wire.RecordEventsArguments.fromJson(arguments).events.map { it.toEvent() })
            null
        }
        Wire.HostServices.CAPABILITY -> JsonText.of(services.handle(Wire.CapabilityCallArguments.fromJson(arguments).toCall()))
        else -> throw UnsupportedOperationException("unknown service \"$service\"")
    }
}

internal fun AccessToken.toWire() = Wire.HostToken(value, scheme)

private fun Wire.AnalyticsEvent.toEvent() = AnalyticsEvent(name, id, timestamp.toLong(), userID, deviceID, properties)

private fun Wire.CapabilityCallArguments.toCall() = CapabilityCall(type, request, isMainFrame, origin, surface)
