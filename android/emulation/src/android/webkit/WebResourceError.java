// Android's android.webkit.WebResourceError as the emulation declares it (checked against
// https://developer.android.com/reference/android/webkit/WebResourceError, API 23).
// Abstract, made by WebView only; only named by WebViewClient.onReceivedError.
package android.webkit;

public abstract class WebResourceError {
    WebResourceError() {
    }

    public abstract int getErrorCode();

    public abstract CharSequence getDescription();
}
