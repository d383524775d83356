// Mirror of android.webkit.WebViewClient (developer.android.com/reference/android/webkit/WebViewClient):
// the callbacks the glue overrides, with Android's defaults.
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
