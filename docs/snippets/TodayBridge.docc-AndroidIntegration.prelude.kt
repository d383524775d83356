// What the Android integration article assumes and never shows: the app's own session and
// analytics client.
import org.json.JSONObject

class Session {
    var token: String? = null
    var userId: String? = null

    fun refreshBlocking(): String = "fresh"

    fun purchase(productID: String): Boolean = productID.isNotEmpty()
}

class Analytics {
    val deviceId = "device"

    val captured = mutableListOf<Triple<String, String, JSONObject>>()

    fun capture(name: String, id: String, properties: JSONObject) {
        captured.add(Triple(name, id, properties))
    }
}
