package today.sample

import android.app.Activity
import android.os.Bundle
import android.webkit.RenderProcessGoneDetail
import android.webkit.WebView
import today.bridge.AccessToken
import today.bridge.AnalyticsEvent
import today.bridge.BridgedWebView
import today.bridge.BridgedWebViewListener
import today.bridge.TodayBridge
import today.bridge.TodayBridgeConfiguration
import today.bridge.TodayBridgeServices
import today.bridge.TrustedSurface

/** A web view with the bridge, and a new one when its renderer dies, as AndroidIntegration.md says. */
class SampleActivity : Activity() {
    private lateinit var bridge: TodayBridge
    private var webView: WebView? = null
    private var bridged: BridgedWebView? = null

    override fun onCreate(savedInstanceState: Bundle?) {
        super.onCreate(savedInstanceState)
        TodayBridge.preload()
        bridge = TodayBridge(
            TodayBridgeConfiguration(deviceId = "sample-device", surfaces = listOf(TrustedSurface("sample", listOf("https://example.com")))),
            Services
        )
        show()
    }

    private fun show() {
        val view = WebView(this)
        view.settings.javaScriptEnabled = true
        bridged = bridge.install(view, listener = object : BridgedWebViewListener() {
            override fun onRenderProcessGone(view: WebView, detail: RenderProcessGoneDetail): Boolean {
                replace(view)
                return true
            }
        })
        webView = view
        setContentView(view)
        view.loadUrl("https://example.com/")
    }

    /** The renderer is gone: this web view cannot be used again. */
    private fun replace(dead: WebView) {
        if (dead !== webView) return
        dead.destroy()
        show()
    }

    override fun onDestroy() {
        bridged?.close()
        webView?.destroy()
        bridge.close()
        super.onDestroy()
    }

    private object Services : TodayBridgeServices {
        override fun currentToken(): AccessToken? = null
        override fun refreshToken(): AccessToken = throw IllegalStateException("the sample has no session")
        override fun record(events: List<AnalyticsEvent>) = Unit
    }
}
