package today.bridge

import org.json.JSONObject
import java.util.Base64

/**
 * Bytes among the JSON values the bridge hands the app and takes from it (B1): a page's
 * `Uint8Array` or `ArrayBuffer` in a request, and bytes the app sends back, which the page
 * receives as a `Uint8Array` of its own.
 *
 * ```kotlin
 * override fun handle(call: CapabilityCall): Any? = when (call.type) {
 *     "thumbnail" -> {
 *         val image = BridgeBytes.fromJson((call.request as JSONObject).opt("image"))
 *             ?: throw TodayBridgeException("invalidRequest", "image is not bytes")
 *         JSONObject().put("thumbnail", BridgeBytes.toJson(scale(image)))
 *     }
 *     else -> null
 * }
 * ```
 *
 * Wherever a JSON value crosses (a request's fields, a capability's answer, an event's data, a
 * native call's arguments and result, a stream's value), a byte value is a `JSONObject` of a form
 * the bridge reserves (B2): read and make it with these two functions only, never by its member.
 */
object BridgeBytes {
    /**
     * The bytes [value] stands for, as `JSONObject.opt` or `JSONArray.opt` return a byte value;
     * null when [value] is anything else (a string, a number, `null`, an ordinary object) or a byte
     * value that cannot be read.
     */
    @JvmStatic
    fun fromJson(value: Any?): ByteArray? {
        if (value !is JSONObject || value.length() != 1) return null
        val base64 = value.opt(Wire.BYTES_MEMBER) as? String ?: return null
        // RFC 4648's alphabet, padded: what the core writes and reads (B2).
        if (base64.length % 4 != 0) return null
        return try {
            Base64.getDecoder().decode(base64)
        } catch (malformed: IllegalArgumentException) {
            null
        }
    }

    /**
     * The JSON value that sends [bytes]: put it wherever a JSON value goes, and the page receives
     * a `Uint8Array` with a copy of them.
     */
    @JvmStatic
    fun toJson(bytes: ByteArray): JSONObject = JSONObject().put(Wire.BYTES_MEMBER, Base64.getEncoder().encodeToString(bytes))
}
