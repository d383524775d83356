// Not Android's: the reply route of one injected object in one document, as Chromium's JsReplyProxy
// (components/js_injection/browser/js_to_browser_messaging.cc, ReplyProxyImpl) is for one
// RenderFrameHost: androidx's JavaScriptReplyProxy is over it (EmulatedReplyProxy, one per channel,
// as Chromium's getOrCreatePeer). A post runs on the WebView's thread, in that frame only:
// - delivered at once while its document is shown;
// - held while its document is in the back-forward cache, and delivered when the page is shown
//   again: the renderer keeps the message and runs the page's listener once the frozen document
//   runs again (components/js_injection/renderer/js_binding.cc, RequestExecuteV8Function, which
//   blink's PausableScriptExecutor defers while the context is frozen);
// - dropped once its document is gone.
package today.emulation;

import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.function.Supplier;

public final class ReplyChannel {
    private enum State { SHOWN, CACHED, GONE }

    private record Held(String kind, String payload) {
    }

    private final WebViewEngine engine;
    final String objectName;
    private FrameContext context;
    private State state = State.SHOWN;
    private final List<Held> held = new ArrayList<>();
    private Object peer;

    ReplyChannel(WebViewEngine engine, FrameContext context, String objectName) {
        this.engine = engine;
        this.context = context;
        this.objectName = objectName;
    }

    public void post(String message) {
        engine.runOnUiThread(() -> send("s", message));
    }

    public void post(byte[] message) {
        String payload = Base64.getEncoder().encodeToString(message);
        engine.runOnUiThread(() -> send("b", payload));
    }

    /** The one androidx object for this channel, made on first use (as Chromium's getOrCreatePeer). */
    public synchronized Object peer(Supplier<?> create) {
        if (peer == null) peer = create.get();
        return peer;
    }

    FrameContext context() {
        return context;
    }

    /** Its document entered the back-forward cache: posts wait for it. On the WebView's thread. */
    void cache() {
        if (state == State.SHOWN) state = State.CACHED;
    }

    /** Chromium reports its document's context again, restoring the page: replies still wait. */
    void restoring(FrameContext restored) {
        context = restored;
    }

    /** Its document is shown again from the cache: what waited is delivered. */
    void show() {
        if (state == State.GONE) return;
        state = State.SHOWN;
        for (Held message : held) engine.deliver(this, message.kind, message.payload);
        held.clear();
    }

    /** Its document is gone: posts are dropped from now on. */
    void detach() {
        state = State.GONE;
        held.clear();
    }

    private void send(String kind, String payload) {
        switch (state) {
            case SHOWN -> engine.deliver(this, kind, payload);
            case CACHED -> held.add(new Held(kind, payload));
            case GONE -> {
            }
        }
    }

    @Override public String toString() {
        return "ReplyChannel(" + objectName + " in context " + context.id() + ", " + state + ")";
    }
}
