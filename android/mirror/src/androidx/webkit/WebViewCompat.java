// Mirror of androidx.webkit.WebViewCompat (developer.android.com/reference/androidx/webkit/WebViewCompat):
// addWebMessageListener, removeWebMessageListener, addDocumentStartJavaScript and the
// WebMessageListener interface. Like androidx: UI thread only, UnsupportedOperationException
// when the feature is missing, IllegalArgumentException for a second listener of one name.
// Declarations named mirror* are not androidx's: they are the fake's controls, for tests.
package androidx.webkit;

import android.net.Uri;
import android.os.Looper;
import android.webkit.WebView;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.WeakHashMap;

public class WebViewCompat {
    private WebViewCompat() {
    }

    public interface WebMessageListener {
        void onPostMessage(WebView view, WebMessageCompat message, Uri sourceOrigin, boolean isMainFrame, JavaScriptReplyProxy replyProxy);
    }

    /** What one web view has registered. */
    static final class Registrations {
        final Map<String, Listener> listeners = new java.util.concurrent.ConcurrentHashMap<>();
        final List<String> documentStartScripts = new ArrayList<>();
    }

    static final class Listener {
        final Set<String> allowedOriginRules;
        final WebMessageListener listener;

        Listener(Set<String> allowedOriginRules, WebMessageListener listener) {
            this.allowedOriginRules = allowedOriginRules;
            this.listener = listener;
        }
    }

    private static final Map<WebView, Registrations> REGISTRATIONS = new WeakHashMap<>();

    static Registrations registrations(WebView webView) {
        synchronized (REGISTRATIONS) {
            return REGISTRATIONS.computeIfAbsent(webView, ignored -> new Registrations());
        }
    }

    public static void addWebMessageListener(WebView webView, String jsObjectName, Set<String> allowedOriginRules, WebMessageListener listener) {
        require(WebViewFeature.WEB_MESSAGE_LISTENER);
        for (String rule : allowedOriginRules) MirrorFrame.checkRule(rule);
        Registrations registrations = registrations(webView);
        if (registrations.listeners.containsKey(jsObjectName)) {
            throw new IllegalArgumentException(jsObjectName + " was already added.");
        }
        registrations.listeners.put(jsObjectName, new Listener(Set.copyOf(allowedOriginRules), listener));
    }

    public static void removeWebMessageListener(WebView webView, String jsObjectName) {
        require(WebViewFeature.WEB_MESSAGE_LISTENER);
        registrations(webView).listeners.remove(jsObjectName);
    }

    public static ScriptHandler addDocumentStartJavaScript(WebView webView, String script, Set<String> allowedOriginRules) {
        require(WebViewFeature.DOCUMENT_START_SCRIPT);
        for (String rule : allowedOriginRules) MirrorFrame.checkRule(rule);
        Registrations registrations = registrations(webView);
        synchronized (registrations.documentStartScripts) {
            registrations.documentStartScripts.add(script);
        }
        return () -> {
            checkThread();
            synchronized (registrations.documentStartScripts) {
                registrations.documentStartScripts.remove(script);
            }
        };
    }

    /** Not androidx's: the document-start scripts registered and not removed, in order. */
    public static List<String> mirrorDocumentStartScripts(WebView webView) {
        Registrations registrations = registrations(webView);
        synchronized (registrations.documentStartScripts) {
            return new ArrayList<>(registrations.documentStartScripts);
        }
    }

    private static void require(String feature) {
        checkThread();
        if (!WebViewFeature.isFeatureSupported(feature)) throw new UnsupportedOperationException("This method is not supported by the current version of the framework and the current WebView APK");
    }

    static void checkThread() {
        if (!Looper.getMainLooper().isCurrentThread()) {
            throw new IllegalStateException("A WebView method was called on thread '" + Thread.currentThread().getName() + "'. All WebView methods must be called on the same thread.");
        }
    }
}
