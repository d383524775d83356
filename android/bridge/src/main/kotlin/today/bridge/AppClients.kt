package today.bridge

import android.webkit.WebChromeClient
import android.webkit.WebView

/**
 * The web view's clients with the glue in them: the app's own (`WebView.getWebViewClient()` and
 * `getWebChromeClient()`, API 26), each wrapped so that every callback reaches the app and the
 * glue hears what it needs ([ClientEvents]). On the web view's thread.
 *
 * An app that sets a client after `install` replaces the glue's: the glue then misses page starts
 * and renderer deaths until [keepWrapped] (called at each main-frame message) finds the app's new
 * client and wraps it in turn.
 */
internal class AppClients(private val webView: WebView, events: ClientEvents) {
    private val client = BridgeWebViewClient(webView.webViewClient, events)
    private val chromeClient = BridgeWebChromeClient(webView.webChromeClient ?: WebChromeClient(), events)

    init {
        webView.webViewClient = client
        webView.webChromeClient = chromeClient
    }

    /** Wraps the clients the app set since, if any. */
    fun keepWrapped() {
        val current = webView.webViewClient
        if (current !== client) {
            client.app = current
            webView.webViewClient = client
        }
        val currentChrome = webView.webChromeClient
        if (currentChrome !== chromeClient) {
            chromeClient.app = currentChrome ?: WebChromeClient()
            webView.webChromeClient = chromeClient
        }
    }
}
