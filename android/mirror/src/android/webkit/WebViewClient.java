// Mirror of android.webkit.WebViewClient (checked against
// https://developer.android.com/reference/android/webkit/WebViewClient, API 35;
// onRenderProcessGone API 26). Declarations named mirror* are not Android's: they are the fake's
// controls for tests.
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
