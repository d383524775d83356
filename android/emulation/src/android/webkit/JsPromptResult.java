// Android's android.webkit.JsPromptResult as the emulation declares it (checked against
// https://developer.android.com/reference/android/webkit/JsPromptResult, API 35).
// Made by WebView only (abstract here: the emulation makes none); only named by WebChromeClient.onJsPrompt.
package android.webkit;

public abstract class JsPromptResult extends JsResult {
    JsPromptResult() {
    }

    public abstract void confirm(String result);
}
