package today.bridge

import android.webkit.RenderProcessGoneDetail
import android.webkit.WebView

/** What the glue learns from the web view's clients, on the web view's thread ([AppClients]). */
internal interface ClientEvents {
    /** `WebViewClient.onPageStarted`: the main frame committed a document. */
    fun pageStarted(url: String?)

    /**
     * `WebViewClient.onRenderProcessGone`, after the app's client heard it: [appAnswer] is what
     * the app's client returned, or null when it does not handle it (Android's default). Returns
     * what the glue tells Android.
     */
    fun renderProcessGone(view: WebView, detail: RenderProcessGoneDetail, appAnswer: Boolean?): Boolean

    /** `WebChromeClient.onCloseWindow`: the page called `window.close()`. */
    fun closeWindow(window: WebView)
}
