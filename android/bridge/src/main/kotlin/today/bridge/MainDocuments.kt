package today.bridge

import java.util.WeakHashMap

/**
 * Which main-frame document the frames' messages belong to, from the two signals Android gives,
 * in either order (S4, C8), on the UI thread:
 *
 * - `WebViewClient.onPageStarted(url)`, which Chromium posts when the main frame commits a new
 *   document: its committed URL, but possibly after that document's first messages;
 * - the first message of a main-frame document, which comes with a `JavaScriptReplyProxy` of its
 *   own (Chromium makes one per document and injected object): at once, but without a URL. The
 *   Android shim posts one (the empty text) as its document starts, so every document that can
 *   call the bridge gives both.
 *
 * A document is reported to the core ([documentBegins], with its committed URL, never the web
 * view's URL, which can be a navigation still loading) before any of its messages is [delivered];
 * messages of a new document that come before its page start wait for it. A message from the
 * proxy of a document already replaced is dropped: that document is gone.
 */
internal class MainDocuments<Route : Any, Message>(
    private val documentBegins: (url: String?) -> Unit,
    private val delivered: (Message) -> Unit
) {
    /** The reporting document's proxy, once it posted. */
    private var current: Route? = null
    /** A page start reported before its document posted. */
    private var startAhead = false
    /** A new document's proxy seen before its page start, and the messages waiting with it. */
    private var waiting: Route? = null
    private val held = ArrayList<Message>()
    private val replaced = WeakHashMap<Route, Boolean>()

    /** `onPageStarted`: the main frame committed a new document at [url]. */
    fun pageStarted(url: String?) {
        documentBegins(url)
        current?.let { replaced[it] = true }
        current = waiting
        startAhead = waiting == null
        waiting = null
        val messages = ArrayList(held)
        held.clear()
        messages.forEach(delivered)
    }

    /** A frame's [message]; [route] is its reply proxy (null when the host has none). */
    fun message(message: Message, isMainFrame: Boolean, route: Route?) {
        if (isMainFrame && route != null && route !== current && route !== waiting) {
            if (replaced.containsKey(route)) return
            if (startAhead) {
                current = route
                startAhead = false
            } else {
                // A second new document before the first one's page start: the first is gone.
                waiting?.let { replaced[it] = true }
                held.clear()
                waiting = route
            }
        }
        if (waiting != null) held.add(message) else delivered(message)
    }

    /** The renderer is gone, and every document with it. */
    fun reset() {
        current?.let { replaced[it] = true }
        waiting?.let { replaced[it] = true }
        current = null
        waiting = null
        startAhead = false
        held.clear()
    }
}
