package today.bridge

import java.net.URI
import java.net.URISyntaxException
import java.util.Locale

/**
 * Whether [url] is of the origin [origin] names (a URL or an origin as Android reports it, such as
 * `https://feed.example.com`): the same scheme, host and port, the scheme's default port counted.
 * False for anything without a host (an opaque origin, `"null"`, an app's own scheme) or that is no
 * URL: the glue then trusts neither.
 */
internal fun sameOrigin(url: String?, origin: String?): Boolean {
    val left = url?.let(::originOf) ?: return false
    return left == origin?.let(::originOf)
}

private fun originOf(text: String): String? {
    val uri = try {
        URI(text)
    } catch (unparseable: URISyntaxException) {
        return null
    }
    val scheme = uri.scheme?.toLowerCase(Locale.ROOT) ?: return null
    val host = uri.host?.toLowerCase(Locale.ROOT) ?: return null
    val port = if (uri.port != -1) uri.port else when (scheme) {
        "https" -> 443
        "http" -> 80
        else -> -1
    }
    return "$scheme://$host:$port"
}
