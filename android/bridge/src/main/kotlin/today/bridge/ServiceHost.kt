package today.bridge

import org.json.JSONArray
import org.json.JSONObject
import java.util.concurrent.ExecutorService

/** Answers the bridge's service calls with the app's [TodayBridgeServices], on [executor]'s threads. */
internal class ServiceHost(private val services: TodayBridgeServices, private val executor: ExecutorService) : NativeHost {
    @Volatile var handle = 0L

    override fun reply(route: Any, reply: ByteArray) = Unit  // a bridge has no frames

    override fun service(callId: Long, service: String, arguments: ByteArray) {
        val handle = handle
        executor.execute {
            var result: String? = null
            var error: String? = null
            try {
                result = answer(service, JSONObject(arguments.utf8()))
            } catch (failure: Throwable) {
                error = failure.message ?: failure.toString()
            }
            NativeBridge.completeService(handle, callId, result?.utf8(), error?.utf8())
        }
    }

    /** The service's answer as JSON text, or null for none. */
    private fun answer(service: String, arguments: JSONObject): String? = when (service) {
        "currentToken" -> services.currentToken()?.toJson() ?: "null"
        "refreshToken" -> services.refreshToken().toJson()
        "userID" -> services.userId()?.let(JSONObject::quote) ?: "null"
        "recordEvents" -> {
            services.record(arguments.getJSONArray("events").events())
            null
        }
        "capability" -> jsonText(services.handle(arguments.capabilityCall()))
        else -> throw UnsupportedOperationException("unknown service \"$service\"")
    }
}

private fun AccessToken.toJson() = JSONObject().put("value", value).put("scheme", scheme).toString()

private fun JSONArray.events() = (0 until length()).map { index ->
    val event = getJSONObject(index)
    AnalyticsEvent(
        name = event.getString("name"),
        id = event.getString("id"),
        timestampMillis = event.getLong("timestamp"),
        userId = if (event.isNull("userID")) null else event.getString("userID"),
        deviceId = event.getString("deviceID"),
        properties = event.getJSONObject("properties")
    )
}

private fun JSONObject.capabilityCall() = CapabilityCall(
    type = getString("type"),
    request = opt("request"),
    isMainFrame = getBoolean("isMainFrame"),
    origin = if (isNull("origin")) null else getString("origin"),
    surface = if (isNull("surface")) null else getString("surface")
)

/** [value] as JSON text; null (`undefined`) for null. */
private fun jsonText(value: Any?): String? = when (value) {
    null -> null
    JSONObject.NULL -> "null"
    is String -> JSONObject.quote(value)
    is JSONObject, is JSONArray, is Boolean -> value.toString()
    is Number -> JSONObject.numberToString(value)
    else -> throw IllegalArgumentException("a capability answers JSON values, not ${value.javaClass.name}")
}
