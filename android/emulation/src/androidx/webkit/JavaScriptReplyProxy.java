// Android's androidx.webkit.JavaScriptReplyProxy as the emulation declares it (checked against
// androidx's JavaScriptReplyProxy.java and JavaScriptReplyProxyImpl.java, androidx.webkit 1.12.1,
// and Chromium's JsReplyProxy): one per injected object per document. @UiThread, not enforced:
// as Chromium does, a post runs on the UI thread (posted there from any other), reaches that
// document's object only, and is dropped once the document is gone.
package androidx.webkit;

public abstract class JavaScriptReplyProxy {
    /** Applications cannot create one (androidx restricts its constructor to the library). */
    public JavaScriptReplyProxy() {
    }

    /** Requires WEB_MESSAGE_LISTENER. */
    public abstract void postMessage(String message);

    /** Requires WEB_MESSAGE_ARRAY_BUFFER; an empty array is allowed. */
    public abstract void postMessage(byte[] arrayBuffer);
}
