package today.bridge

import android.graphics.Bitmap
import android.net.http.SslError
import android.os.Message
import android.view.KeyEvent
import android.webkit.ClientCertRequest
import android.webkit.HttpAuthHandler
import android.webkit.RenderProcessGoneDetail
import android.webkit.SafeBrowsingResponse
import android.webkit.SslErrorHandler
import android.webkit.WebResourceError
import android.webkit.WebResourceRequest
import android.webkit.WebResourceResponse
import android.webkit.WebView
import android.webkit.WebViewClient

/**
 * The `WebViewClient` the glue sets: every callback of Android's (API 35, AOSP's
 * WebViewClient.java; each overload Android routes to an older one is passed as it came, and the
 * app's client routes it as it would) goes to the app's own client, [app], and the glue hears page
 * starts and renderer deaths after it. The app's client is read with `WebView.getWebViewClient()`
 * (API 26), Android's default one when the app set none.
 */
@Suppress("DEPRECATION", "OverridingDeprecatedMember")
internal class BridgeWebViewClient(@Volatile var app: WebViewClient, private val events: ClientEvents) : WebViewClient() {
    override fun shouldOverrideUrlLoading(view: WebView, url: String?): Boolean = app.shouldOverrideUrlLoading(view, url)

    override fun shouldOverrideUrlLoading(view: WebView, request: WebResourceRequest): Boolean = app.shouldOverrideUrlLoading(view, request)

    override fun onPageStarted(view: WebView, url: String?, favicon: Bitmap?) {
        app.onPageStarted(view, url, favicon)
        events.pageStarted(url)
    }

    override fun onPageFinished(view: WebView, url: String?) = app.onPageFinished(view, url)

    override fun onLoadResource(view: WebView, url: String?) = app.onLoadResource(view, url)

    override fun onPageCommitVisible(view: WebView, url: String?) = app.onPageCommitVisible(view, url)

    override fun shouldInterceptRequest(view: WebView, url: String?): WebResourceResponse? = app.shouldInterceptRequest(view, url)

    override fun shouldInterceptRequest(view: WebView, request: WebResourceRequest): WebResourceResponse? = app.shouldInterceptRequest(view, request)

    override fun onTooManyRedirects(view: WebView, cancelMsg: Message, continueMsg: Message) = app.onTooManyRedirects(view, cancelMsg, continueMsg)

    override fun onReceivedError(view: WebView, errorCode: Int, description: String?, failingUrl: String?) =
        app.onReceivedError(view, errorCode, description, failingUrl)

    override fun onReceivedError(view: WebView, request: WebResourceRequest, error: WebResourceError) = app.onReceivedError(view, request, error)

    override fun onReceivedHttpError(view: WebView, request: WebResourceRequest, errorResponse: WebResourceResponse) =
        app.onReceivedHttpError(view, request, errorResponse)

    override fun onFormResubmission(view: WebView, dontResend: Message, resend: Message) = app.onFormResubmission(view, dontResend, resend)

    override fun doUpdateVisitedHistory(view: WebView, url: String?, isReload: Boolean) = app.doUpdateVisitedHistory(view, url, isReload)

    override fun onReceivedSslError(view: WebView, handler: SslErrorHandler, error: SslError) = app.onReceivedSslError(view, handler, error)

    override fun onReceivedClientCertRequest(view: WebView, request: ClientCertRequest) = app.onReceivedClientCertRequest(view, request)

    override fun onReceivedHttpAuthRequest(view: WebView, handler: HttpAuthHandler, host: String?, realm: String?) =
        app.onReceivedHttpAuthRequest(view, handler, host, realm)

    override fun shouldOverrideKeyEvent(view: WebView, event: KeyEvent): Boolean = app.shouldOverrideKeyEvent(view, event)

    override fun onUnhandledKeyEvent(view: WebView, event: KeyEvent) = app.onUnhandledKeyEvent(view, event)

    override fun onScaleChanged(view: WebView, oldScale: Float, newScale: Float) = app.onScaleChanged(view, oldScale, newScale)

    override fun onReceivedLoginRequest(view: WebView, realm: String?, account: String?, args: String?) =
        app.onReceivedLoginRequest(view, realm, account, args)

    /**
     * The app's client hears it first, and its answer counts when it overrides the callback;
     * Android's default answer (false: end the app) is never the glue's ([ClientEvents.renderProcessGone]).
     */
    override fun onRenderProcessGone(view: WebView, detail: RenderProcessGoneDetail): Boolean {
        val app = app
        val handles = app.javaClass.getMethod("onRenderProcessGone", WebView::class.java, RenderProcessGoneDetail::class.java).declaringClass != WebViewClient::class.java
        val answer = app.onRenderProcessGone(view, detail)
        return events.renderProcessGone(view, detail, if (handles) answer else null)
    }

    override fun onSafeBrowsingHit(view: WebView, request: WebResourceRequest, threatType: Int, callback: SafeBrowsingResponse) =
        app.onSafeBrowsingHit(view, request, threatType, callback)
}
