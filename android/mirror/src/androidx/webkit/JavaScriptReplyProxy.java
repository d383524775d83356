// Mirror of androidx.webkit.JavaScriptReplyProxy (checked against
// https://developer.android.com/reference/androidx/webkit/JavaScriptReplyProxy, androidx.webkit
// 1.12.1; postMessage(byte[]) since 1.8.0). Declarations named mirror* are not Android's: they
// are the fake's controls for tests.
// @UiThread as a class; the fake (MirrorReplyProxy) throws IllegalStateException off the main
// thread.
package androidx.webkit;

public abstract class JavaScriptReplyProxy {
    public abstract void postMessage(String message);

    public abstract void postMessage(byte[] arrayBuffer);
}
