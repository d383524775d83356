// Android's android.webkit.JsResult as the emulation declares it (checked against
// https://developer.android.com/reference/android/webkit/JsResult, API 35).
// Made by WebView only (abstract here: the emulation makes none); only named by WebChromeClient's dialog callbacks.
package android.webkit;

public abstract class JsResult {
    JsResult() {
    }

    public abstract void cancel();

    public abstract void confirm();
}
