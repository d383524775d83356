// Mirror of androidx.webkit.JavaScriptReplyProxy (developer.android.com/reference/androidx/webkit/JavaScriptReplyProxy):
// abstract; postMessage(String) and postMessage(byte[]), both @UiThread.
package androidx.webkit;

public abstract class JavaScriptReplyProxy {
    public abstract void postMessage(String message);

    public abstract void postMessage(byte[] arrayBuffer);
}
