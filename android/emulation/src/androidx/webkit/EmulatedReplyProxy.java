// Not androidx's: the JavaScriptReplyProxy androidx.webkit hands a listener here, over one of the
// engine's reply channels (as androidx's JavaScriptReplyProxyImpl is over Chromium's JsReplyProxy),
// one object per channel.
package androidx.webkit;

import java.util.Objects;
import today.emulation.ReplyChannel;

final class EmulatedReplyProxy extends JavaScriptReplyProxy {
    private final ReplyChannel channel;

    private EmulatedReplyProxy(ReplyChannel channel) {
        this.channel = channel;
    }

    static JavaScriptReplyProxy of(ReplyChannel channel) {
        return (JavaScriptReplyProxy) channel.peer(() -> new EmulatedReplyProxy(channel));
    }

    @Override public void postMessage(String message) {
        WebViewFeature.require(WebViewFeature.WEB_MESSAGE_LISTENER);
        channel.post(Objects.requireNonNull(message, "message"));
    }

    @Override public void postMessage(byte[] arrayBuffer) {
        Objects.requireNonNull(arrayBuffer, "ArrayBuffer must be non-null");
        WebViewFeature.require(WebViewFeature.WEB_MESSAGE_ARRAY_BUFFER);
        channel.post(arrayBuffer);
    }
}
