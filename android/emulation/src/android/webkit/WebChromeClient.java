// Android's android.webkit.WebChromeClient as the emulation declares it (checked against
// https://developer.android.com/reference/android/webkit/WebChromeClient, API 35). onCloseWindow
// is called on the WebView's thread when the main frame calls window.close().
package android.webkit;

public class WebChromeClient {
    public WebChromeClient() {
    }

    public void onCloseWindow(WebView window) {
    }
}
