package today.bridge

import org.json.JSONObject

/** The page's answer to [BridgedWebView.call]. */
class NativeCallResult internal constructor(
    /** The handler's value as JSON text; null for `undefined` or a failure. */
    val value: String?,
    /** Why the call failed, or null. */
    val error: String?,
    /** The failure's code (`failed`, `timeout`, `cancelled`, `busy`), or null. */
    val code: String?
) {
    val isSuccess: Boolean get() = error == null
}

/** A native call in flight: the route its outcome ([Wire.NativeCallOutcome]) comes back by. */
internal class NativeCall(private val done: (NativeCallResult) -> Unit) {
    fun settle(json: JSONObject) {
        val outcome = Wire.NativeCallOutcome.fromJson(json)
        val value = outcome.value?.let { if (it is String) JSONObject.quote(it) else it.toString() }
        done(NativeCallResult(value, outcome.error, outcome.code))
    }
}
