// Mirror of androidx.webkit.WebViewCompat (checked against
// https://developer.android.com/reference/androidx/webkit/WebViewCompat, androidx.webkit
// 1.12.1). Declarations named mirror* are not Android's: they are the fake's controls for tests.
// As androidx and Chromium: UnsupportedOperationException when the feature is missing (checked
// first), then the UI thread (@UiThread), then the arguments; a second listener of one name is an
// IllegalArgumentException. Listeners and scripts reach documents created after the call.
package androidx.webkit;

import android.net.Uri;
import android.os.Looper;
import android.webkit.WebView;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

public class WebViewCompat {
    private WebViewCompat() {
    }

    public interface WebMessageListener {
        void onPostMessage(WebView view, WebMessageCompat message, Uri sourceOrigin, boolean isMainFrame, JavaScriptReplyProxy replyProxy);
    }

    public static void addWebMessageListener(WebView webView, String jsObjectName, Set<String> allowedOriginRules, WebMessageListener listener) {
        require(WebViewFeature.WEB_MESSAGE_LISTENER);
        checkThread();
        if (listener == null) throw new NullPointerException("listener shouldn't be null");
        if (jsObjectName == null || jsObjectName.isEmpty()) throw new IllegalArgumentException("jsObjectName shouldn't be null or empty string");
        Set<String> rules = MirrorRegistrations.checkRules(allowedOriginRules);
        MirrorRegistrations registrations = MirrorRegistrations.of(webView);
        synchronized (registrations) {
            if (registrations.listeners.containsKey(jsObjectName)) {
                throw new IllegalArgumentException("jsObjectName " + jsObjectName + " was already added.");
            }
            registrations.listeners.put(jsObjectName, new MirrorRegistrations.Listener(rules, listener, MirrorFrame.tick()));
        }
    }

    public static void removeWebMessageListener(WebView webView, String jsObjectName) {
        require(WebViewFeature.WEB_MESSAGE_LISTENER);
        checkThread();
        MirrorRegistrations.of(webView).listeners.remove(jsObjectName);
    }

    public static ScriptHandler addDocumentStartJavaScript(WebView webView, String script, Set<String> allowedOriginRules) {
        require(WebViewFeature.DOCUMENT_START_SCRIPT);
        checkThread();
        if (script == null) throw new NullPointerException("script shouldn't be null");
        MirrorRegistrations.Script registered = new MirrorRegistrations.Script(script, MirrorRegistrations.checkRules(allowedOriginRules), MirrorFrame.tick());
        MirrorRegistrations.of(webView).scripts.add(registered);
        return () -> {
            if (!Looper.getMainLooper().isCurrentThread()) {
                throw new IllegalStateException("ScriptHandler.remove was called on thread '" + Thread.currentThread().getName()
                    + "'. It is @UiThread: call it on the main thread.");
            }
            if (registered.removed == Long.MAX_VALUE) registered.removed = MirrorFrame.tick();
        };
    }

    /** Not androidx's: the document-start scripts added to {@code webView} and not removed, in order. */
    public static List<String> mirrorDocumentStartScripts(WebView webView) {
        List<String> scripts = new ArrayList<>();
        for (MirrorRegistrations.Script script : MirrorRegistrations.of(webView).scripts) {
            if (script.removed == Long.MAX_VALUE) scripts.add(script.source);
        }
        return scripts;
    }

    static UnsupportedOperationException unsupported() {
        return new UnsupportedOperationException("This method is not supported by the current version of the framework and the current WebView APK");
    }

    private static void require(String feature) {
        if (!WebViewFeature.isFeatureSupported(feature)) throw unsupported();
    }

    private static void checkThread() {
        if (!Looper.getMainLooper().isCurrentThread()) {
            throw new IllegalStateException("A WebView method was called on thread '" + Thread.currentThread().getName() + "'. "
                + "All WebView methods must be called on the same thread. (Expected Looper " + Looper.getMainLooper() + " called on "
                + Looper.myLooper() + ", FYI main Looper is " + Looper.getMainLooper() + ")");
        }
    }
}
