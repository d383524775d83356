package today.bridge

import android.graphics.Bitmap
import android.net.Uri
import android.os.Message
import android.view.View
import android.webkit.ConsoleMessage
import android.webkit.GeolocationPermissions
import android.webkit.JsPromptResult
import android.webkit.JsResult
import android.webkit.PermissionRequest
import android.webkit.ValueCallback
import android.webkit.WebChromeClient
import android.webkit.WebStorage
import android.webkit.WebView

/**
 * The `WebChromeClient` the glue sets: every callback of Android's (API 35, AOSP's
 * WebChromeClient.java; `onReachedMaxAppCacheSize` left the SDK in API 33) goes to the app's own
 * client, [app] (file choosers, permission prompts, fullscreen video, dialogs, new windows), and
 * the glue hears `onCloseWindow` after it. The app's client is read with
 * `WebView.getWebChromeClient()` (API 26); where it set none, [app] is a default
 * `WebChromeClient`, whose answers are Android's defaults.
 */
@Suppress("DEPRECATION", "OverridingDeprecatedMember")
internal class BridgeWebChromeClient(@Volatile var app: WebChromeClient, private val events: ClientEvents) : WebChromeClient() {
    override fun onProgressChanged(view: WebView, newProgress: Int) = app.onProgressChanged(view, newProgress)

    override fun onReceivedTitle(view: WebView, title: String?) = app.onReceivedTitle(view, title)

    override fun onReceivedIcon(view: WebView, icon: Bitmap?) = app.onReceivedIcon(view, icon)

    override fun onReceivedTouchIconUrl(view: WebView, url: String?, precomposed: Boolean) = app.onReceivedTouchIconUrl(view, url, precomposed)

    override fun onShowCustomView(view: View, callback: CustomViewCallback) = app.onShowCustomView(view, callback)

    override fun onShowCustomView(view: View, requestedOrientation: Int, callback: CustomViewCallback) =
        app.onShowCustomView(view, requestedOrientation, callback)

    override fun onHideCustomView() = app.onHideCustomView()

    override fun onCreateWindow(view: WebView, isDialog: Boolean, isUserGesture: Boolean, resultMsg: Message?): Boolean =
        app.onCreateWindow(view, isDialog, isUserGesture, resultMsg)

    override fun onRequestFocus(view: WebView) = app.onRequestFocus(view)

    override fun onCloseWindow(window: WebView) {
        app.onCloseWindow(window)
        events.closeWindow(window)
    }

    override fun onJsAlert(view: WebView, url: String?, message: String?, result: JsResult): Boolean = app.onJsAlert(view, url, message, result)

    override fun onJsConfirm(view: WebView, url: String?, message: String?, result: JsResult): Boolean = app.onJsConfirm(view, url, message, result)

    override fun onJsPrompt(view: WebView, url: String?, message: String?, defaultValue: String?, result: JsPromptResult): Boolean =
        app.onJsPrompt(view, url, message, defaultValue, result)

    override fun onJsBeforeUnload(view: WebView, url: String?, message: String?, result: JsResult): Boolean =
        app.onJsBeforeUnload(view, url, message, result)

    override fun onExceededDatabaseQuota(
        url: String?, databaseIdentifier: String?, quota: Long, estimatedDatabaseSize: Long, totalQuota: Long, quotaUpdater: WebStorage.QuotaUpdater
    ) = app.onExceededDatabaseQuota(url, databaseIdentifier, quota, estimatedDatabaseSize, totalQuota, quotaUpdater)

    override fun onGeolocationPermissionsShowPrompt(origin: String?, callback: GeolocationPermissions.Callback) =
        app.onGeolocationPermissionsShowPrompt(origin, callback)

    override fun onGeolocationPermissionsHidePrompt() = app.onGeolocationPermissionsHidePrompt()

    override fun onPermissionRequest(request: PermissionRequest) = app.onPermissionRequest(request)

    override fun onPermissionRequestCanceled(request: PermissionRequest) = app.onPermissionRequestCanceled(request)

    override fun onJsTimeout(): Boolean = app.onJsTimeout()

    override fun onConsoleMessage(message: String?, lineNumber: Int, sourceID: String?) = app.onConsoleMessage(message, lineNumber, sourceID)

    override fun onConsoleMessage(consoleMessage: ConsoleMessage): Boolean = app.onConsoleMessage(consoleMessage)

    override fun getDefaultVideoPoster(): Bitmap? = app.defaultVideoPoster

    override fun getVideoLoadingProgressView(): View? = app.videoLoadingProgressView

    override fun getVisitedHistory(callback: ValueCallback<Array<String>>) = app.getVisitedHistory(callback)

    override fun onShowFileChooser(webView: WebView, filePathCallback: ValueCallback<Array<Uri>>, fileChooserParams: FileChooserParams): Boolean =
        app.onShowFileChooser(webView, filePathCallback, fileChooserParams)
}
