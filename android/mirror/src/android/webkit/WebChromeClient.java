// Mirror of android.webkit.WebChromeClient (developer.android.com/reference/android/webkit/WebChromeClient).
package android.webkit;

public class WebChromeClient {
    public WebChromeClient() {
    }

    public void onCloseWindow(WebView window) {
    }
}
