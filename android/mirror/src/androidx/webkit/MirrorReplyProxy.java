// Not androidx's: the JavaScriptReplyProxy a MirrorFrame hands its listener, one per frame and
// object. Like androidx it needs WEB_MESSAGE_LISTENER; it enforces @UiThread (Chromium would post
// the call instead). ArrayBuffer replies are refused as on a WebView without
// WEB_MESSAGE_ARRAY_BUFFER.
package androidx.webkit;

import android.os.Looper;

final class MirrorReplyProxy extends JavaScriptReplyProxy {
    private final MirrorFrame frame;

    MirrorReplyProxy(MirrorFrame frame) {
        this.frame = frame;
    }

    @Override public void postMessage(String message) {
        if (!WebViewFeature.isFeatureSupported(WebViewFeature.WEB_MESSAGE_LISTENER)) throw WebViewCompat.unsupported();
        if (!Looper.getMainLooper().isCurrentThread()) {
            throw new IllegalStateException("JavaScriptReplyProxy.postMessage was called on thread '" + Thread.currentThread().getName()
                + "'. It is @UiThread: call it on the main thread.");
        }
        frame.reply(message);
    }

    @Override public void postMessage(byte[] arrayBuffer) {
        throw WebViewCompat.unsupported();
    }
}
