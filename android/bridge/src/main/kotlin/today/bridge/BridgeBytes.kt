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
 *
 * Between the glue and the core the bytes cross JNI as a `ByteArray` beside the JSON text, never
 * as base64 (B2): a byte value of a request holds the `ByteArray` the core handed over, and one
 * the app makes holds the app's array until the glue hands it to the core. Written as text (its
 * `toString()`, as in an event's data given as text), a byte value is its base64 form,
 * `{"__today.bytes":"<base64>"}`, which [fromJson] and the core read too.
 */
object BridgeBytes {
    /**
     * The bytes [value] stands for, as `JSONObject.opt` or `JSONArray.opt` return a byte value
     * (one the bridge handed over, one [toJson] made, or the base64 form read from text); null
     * when [value] is anything else (a string, a number, `null`, an ordinary object) or a byte
     * value that cannot be read. The array is the value's own, not a copy.
     */
    @JvmStatic
    fun fromJson(value: Any?): ByteArray? {
        if (value !is JSONObject || value.length() != 1) return null
        return when (val member = value.opt(Wire.BYTES_MEMBER)) {
            is HeldBytes -> member.bytes
            is String -> decodeBase64(member)
            else -> null
        }
    }

    /**
     * The JSON value that sends [bytes]: put it wherever a JSON value goes, and the page receives
     * a `Uint8Array` with a copy of them. It holds [bytes] itself, not a copy, until the value
     * crosses: leave them unchanged until then (a capability's handler returned, [BridgeStream.send]
     * returned).
     */
    @JvmStatic
    fun toJson(bytes: ByteArray): JSONObject = JSONObject().put(Wire.BYTES_MEMBER, HeldBytes(bytes))

    /** The base64 form's bytes: RFC 4648's alphabet, padded, what the core writes and reads (B2); null otherwise. */
    private fun decodeBase64(base64: String): ByteArray? {
        if (base64.length % 4 != 0) return null
        return try {
            Base64.getDecoder().decode(base64)
        } catch (malformed: IllegalArgumentException) {
            null
        }
    }
}

/**
 * The member of a byte value that holds its bytes ([BridgeBytes]). The glue writes it as the index
 * of an attachment that crosses JNI beside the text ([JsonText]); Android's `org.json` writes a
 * member of a type it does not know as the quoted `toString()`, so written by `org.json` it is the
 * bytes' base64, and the value the base64 form (B2).
 */
internal class HeldBytes(val bytes: ByteArray) {
    override fun toString(): String = Base64.getEncoder().encodeToString(bytes)
}
