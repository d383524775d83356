// Not androidx's: a frame of the fake page, for tests. postMessage is what the page's injected
// object does: the listener of that name runs on the main thread, when the frame's origin matches
// one of its rules, with this frame's reply proxy (one per frame and object, as in Chromium).
// callJavascriptInterface is what a page's call of an addJavascriptInterface object does: the
// annotated method runs on a background thread, "JavaBridge", as on Android.
package androidx.webkit;

import android.net.Uri;
import android.os.Handler;
import android.os.Looper;
import android.webkit.JavascriptInterface;
import android.webkit.WebView;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

public final class MirrorFrame {
    private final WebView webView;
    private final String origin;
    private final boolean isMainFrame;
    private final List<String> replies = new ArrayList<>();
    private final Map<String, JavaScriptReplyProxy> proxies = new ConcurrentHashMap<>();

    public MirrorFrame(WebView webView, String origin, boolean isMainFrame) {
        this.webView = webView;
        this.origin = origin;
        this.isMainFrame = isMainFrame;
    }

    /** The page's {@code <jsObjectName>.postMessage(data)}; returns at once. */
    public void postMessage(String jsObjectName, String data) {
        WebViewCompat.Listener registered = WebViewCompat.registrations(webView).listeners.get(jsObjectName);
        if (registered == null || !matchesAny(registered.allowedOriginRules)) return;  // the frame has no such object
        JavaScriptReplyProxy proxy = proxies.computeIfAbsent(jsObjectName, ignored -> new FrameReplyProxy());
        new Handler(Looper.getMainLooper()).post(() ->
            registered.listener.onPostMessage(webView, new WebMessageCompat(data), Uri.parse(origin), isMainFrame, proxy));
    }

    /** Messages posted back to this frame through its reply proxies, in order. */
    public List<String> replies() {
        synchronized (replies) {
            return new ArrayList<>(replies);
        }
    }

    /** The page's {@code <name>.<method>(argument)} on an addJavascriptInterface object; returns at once. */
    public void callJavascriptInterface(String name, String method, String argument) {
        Object object = webView.mirrorJavascriptInterface(name);
        if (object == null) return;
        Thread bridge = new Thread(() -> {
            try {
                Method target = object.getClass().getMethod(method, String.class);
                if (!target.isAnnotationPresent(JavascriptInterface.class)) return;
                target.setAccessible(true);  // Android calls through JNI, which ignores Java access
                target.invoke(object, argument);
            } catch (ReflectiveOperationException unavailable) {
                // The page sees undefined: no such method.
            }
        }, "JavaBridge");
        bridge.start();
    }

    private boolean matchesAny(Iterable<String> rules) {
        for (String rule : rules) {
            if (rule.equals("*") || rule.equals(origin)) return true;
        }
        return false;
    }

    /** The rules the fake understands: "*" and exact "scheme://host[:port]". */
    static void checkRule(String rule) {
        if (!rule.equals("*") && !rule.matches("[a-z][a-z0-9+.-]*://[^/*]+")) {
            throw new UnsupportedOperationException("the mirror only matches \"*\" and exact origins, not " + rule);
        }
    }

    private final class FrameReplyProxy extends JavaScriptReplyProxy {
        @Override public void postMessage(String message) {
            WebViewCompat.checkThread();
            synchronized (replies) {
                replies.add(message);
            }
        }

        @Override public void postMessage(byte[] arrayBuffer) {
            WebViewCompat.checkThread();
            throw new UnsupportedOperationException("the bridge replies with strings");
        }
    }
}
