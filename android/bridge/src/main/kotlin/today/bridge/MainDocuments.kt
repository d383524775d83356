package today.bridge

import java.util.WeakHashMap

/**
 * Which main-frame document the frames' messages belong to, from what Android tells, on the UI
 * thread (S4, C8):
 *
 * - `WebViewClient.onPageStarted(url)`, which Android posts when the main frame commits a document,
 *   a new one or one restored from the back-forward cache, with its committed URL;
 * - each main-frame document's messages, which come with a `JavaScriptReplyProxy` of its own, kept
 *   by a document restored from the cache. Chromium sends a document's messages only while it is
 *   shown and after its commit, and Android posts them to the UI thread behind its page start
 *   (js_to_browser_messaging.cc, AwWebContentsObserver, WebMessageListenerHolder). The Android shim
 *   posts one (the empty text) as its document starts and again when it is shown from the cache.
 *
 * A page start reports a new document to the core at once, with its URL (the old one's calls
 * settle). The first main-frame message after it tells which document it was: a new proxy is that
 * new document; the proxy of a document shown before is that document restored, reported again with
 * the page start's URL. A new proxy posting with no page start before it means none reach the glue
 * (an app whose own `WebViewClient` keeps them): from then on a new proxy's first message begins its
 * document, judged by [Reports.startingURL] read at that message, and a known proxy's restores its
 * document with the URL it had, until a page start comes again.
 *
 * So a left document is shown again only through its own proxy, after a page start of its origin
 * (or, without page starts, with its own URL): a message through it otherwise, which Chromium does
 * not send, is dropped. A page's words choose nothing here but the text: its frame, origin and
 * proxy are Android's.
 */
internal class MainDocuments<Route : Any, Message>(
    private val reports: Reports,
    private val delivered: (Message) -> Unit
) {
    /** What the documents tell the core, and the web view's URL a document may begin with. */
    interface Reports {
        /** A new main document at [url] (null: unknown): the old one's calls settle. */
        fun documentBegins(url: String?)

        /** The main frame shows again, at [url], a document restored from the back-forward cache. */
        fun documentRestored(url: String?)

        /** The web view's URL, when a new document's first message (the shim's notice) can be judged by it; else null. */
        fun startingURL(): String?
    }

    /** A main document that posted: its committed URL and the origin Android reported for it. */
    private class Document(val url: String?, val origin: String?)

    /** The shown document's proxy, once it posted since the last page start. */
    private var current: Route? = null
    /** A page start whose document has not posted yet, and its URL. */
    private var started = false
    private var startedURL: String? = null
    /** Whether Android's page starts reach the glue: until a new document posts without one. */
    private var pageStartsCome = false
    /** Every main document that posted, the shown one and those left (one may come back from the cache). */
    private val known = WeakHashMap<Route, Document>()

    /** `onPageStarted`: the main frame committed a document at [url]. */
    fun pageStarted(url: String?) {
        pageStartsCome = true
        reports.documentBegins(url)
        current = null
        started = true
        startedURL = url
    }

    /**
     * A frame's [message] from [origin] ("null" when opaque); [route] is its reply proxy (null when
     * the host has none); [isNotice] when it is the shim's notice that its document is shown.
     */
    fun message(message: Message, isMainFrame: Boolean, route: Route?, origin: String?, isNotice: Boolean) {
        if (isMainFrame && route != null && route !== current && !becomesShown(route, origin, isNotice)) return
        delivered(message)
    }

    /** The renderer is gone, and every document with it. */
    fun reset() {
        current = null
        started = false
        startedURL = null
        known.clear()
    }

    /** A main-frame proxy other than the shown document's posted: whether its document is the one shown now. */
    private fun becomesShown(route: Route, origin: String?, isNotice: Boolean): Boolean {
        val document = known[route]
        when {
            document == null && started -> show(route, Document(startedURL, origin))
            document == null -> {
                pageStartsCome = false
                val url = if (isNotice) reports.startingURL()?.takeIf { sameOrigin(it, origin) } else null
                reports.documentBegins(url)
                show(route, Document(url, origin))
            }
            started -> {
                if (!sameOrigin(startedURL, document.origin)) return false
                reports.documentRestored(startedURL)
                show(route, Document(startedURL, document.origin))
            }
            !pageStartsCome -> {
                reports.documentRestored(document.url)
                show(route, document)
            }
            else -> return false
        }
        return true
    }

    private fun show(route: Route, document: Document) {
        known[route] = document
        current = route
        started = false
        startedURL = null
    }
}
