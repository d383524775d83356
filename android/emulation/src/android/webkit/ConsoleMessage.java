// Android's android.webkit.ConsoleMessage as the emulation declares it (checked against
// https://developer.android.com/reference/android/webkit/ConsoleMessage, API 35).
// Made by WebView only (abstract here: the emulation makes none); only named by WebChromeClient.onConsoleMessage.
package android.webkit;

public abstract class ConsoleMessage {
    ConsoleMessage() {
    }

    public abstract String message();

    public abstract String sourceId();

    public abstract int lineNumber();
}
