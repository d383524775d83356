package today.bridge

import org.json.JSONArray
import org.json.JSONException
import org.json.JSONObject

/**
 * JSON as it crosses JNI, both ways (B2, the attachments form): UTF-8 text in which each byte
 * value is `{"__today.bytes": n}`, n the index of its bytes in [attachments], which cross as
 * `ByteArray`s beside the text, never as base64. Null [attachments] for none.
 */
internal class JsonText(val utf8: ByteArray, val attachments: Array<ByteArray>?) {
    companion object {
        /**
         * The app's JSON value (a `JSONObject`, `JSONArray`, `String`, number, `Boolean` or
         * `JSONObject.NULL`) written for the core, each byte value ([BridgeBytes.toJson], or one
         * of a request) as the index of an attachment; null (`undefined`) for null. Reads the
         * app's objects, never changes them. Throws [IllegalArgumentException] for anything else,
         * or a number JSON cannot hold.
         */
        fun of(value: Any?): JsonText? {
            if (value == null) return null
            require(value === JSONObject.NULL || value is JSONObject || value is JSONArray || value is String || value is Boolean || value is Number) {
                "a JSON value is a JSONObject, a JSONArray, a String, a number, a Boolean or JSONObject.NULL, not ${value.javaClass.name}"
            }
            val writer = Writer()
            try {
                writer.write(value)
            } catch (notJson: JSONException) {
                throw IllegalArgumentException("not a JSON value: ${notJson.message}")
            }
            return JsonText(writer.text.toString().utf8(), writer.attachments?.toTypedArray())
        }

        /**
         * The JSON object the core wrote ([utf8]), each byte value naming one of [attachments]
         * made to hold those bytes, as [BridgeBytes.fromJson] reads it.
         */
        fun parseObject(utf8: ByteArray, attachments: Array<ByteArray>?): JSONObject {
            val json = JSONObject(utf8.utf8())
            if (attachments != null) resolve(json, attachments)
            return json
        }

        /** Makes each byte value in [value] that names an attachment by index hold its bytes. */
        private fun resolve(value: Any?, attachments: Array<ByteArray>) {
            when (value) {
                is JSONObject -> {
                    if (value.length() == 1) {
                        val index = value.opt(Wire.BYTES_MEMBER)
                        if (index is Number) {
                            // The core names only attachments it passed; anything else stays as
                            // it is, which fromJson does not read as bytes.
                            val bytes = index.toInt().takeIf { it.toDouble() == index.toDouble() }?.let(attachments::getOrNull)
                            if (bytes != null) value.put(Wire.BYTES_MEMBER, HeldBytes(bytes))
                            return
                        }
                    }
                    for (key in value.keys()) resolve(value.opt(key), attachments)
                }
                is JSONArray -> for (index in 0 until value.length()) resolve(value.opt(index), attachments)
            }
        }
    }

    /**
     * Writes JSON text as Android's `org.json` writes it (a member of a type it does not know as
     * its quoted `toString()`), but each [HeldBytes] as the index of a new attachment: the app's
     * objects are read, never changed, and nothing of theirs is written twice.
     */
    private class Writer {
        val text = StringBuilder()
        var attachments: ArrayList<ByteArray>? = null

        fun write(value: Any?) {
            when {
                value == null || value === JSONObject.NULL -> text.append("null")
                value is String -> string(value)
                value is Boolean -> text.append(value)
                value is Number -> text.append(JSONObject.numberToString(value))
                value is JSONObject -> {
                    text.append('{')
                    var first = true
                    for (key in value.keys()) {
                        if (!first) text.append(',')
                        first = false
                        string(key)
                        text.append(':')
                        write(value.opt(key))
                    }
                    text.append('}')
                }
                value is JSONArray -> {
                    text.append('[')
                    for (index in 0 until value.length()) {
                        if (index > 0) text.append(',')
                        write(value.opt(index))
                    }
                    text.append(']')
                }
                value is HeldBytes -> {
                    val list = attachments ?: ArrayList<ByteArray>().also { attachments = it }
                    text.append(list.size)
                    list.add(value.bytes)
                }
                else -> string(value.toString())
            }
        }

        /** A quoted string: runs of plain characters copied as they are, the rest escaped. */
        private fun string(value: String) {
            text.append('"')
            var start = 0
            for (index in value.indices) {
                val char = value[index]
                if (char >= ' ' && char != '"' && char != '\\') continue
                text.append(value, start, index)
                when (char) {
                    '"' -> text.append("\\\"")
                    '\\' -> text.append("\\\\")
                    '\n' -> text.append("\\n")
                    '\r' -> text.append("\\r")
                    '\t' -> text.append("\\t")
                    else -> {
                        // A control character below U+0020. (`Char.code` is Kotlin 1.5's; this compiles on 1.3 too.)
                        val code = char - '\u0000'
                        text.append("\\u00").append(HEX[code shr 4]).append(HEX[code and 15])
                    }
                }
                start = index + 1
            }
            text.append(value, start, value.length).append('"')
        }
    }
}

private const val HEX = "0123456789abcdef"
