// Android's android.webkit.WebViewClient as the emulation declares it (checked against
// https://developer.android.com/reference/android/webkit/WebViewClient, API 35;
// onRenderProcessGone API 26). Called on the WebView's thread; onPageStarted and onPageFinished
// are posted (Chromium's AwContentsClientCallbackHelper).
package android.webkit;

import android.graphics.Bitmap;

public class WebViewClient {
    public WebViewClient() {
    }

    public void onPageStarted(WebView view, String url, Bitmap favicon) {
    }

    public void onPageFinished(WebView view, String url) {
    }

    /** Android's default: not handled, so the system ends the app. */
    public boolean onRenderProcessGone(WebView view, RenderProcessGoneDetail detail) {
        return false;
    }
}
