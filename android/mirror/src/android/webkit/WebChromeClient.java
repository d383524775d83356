// Mirror of android.webkit.WebChromeClient (checked against
// https://developer.android.com/reference/android/webkit/WebChromeClient, API 35). Declarations
// named mirror* are not Android's: they are the fake's controls for tests.
package android.webkit;

public class WebChromeClient {
    public WebChromeClient() {
    }

    public void onCloseWindow(WebView window) {
    }
}
