// Android's androidx.webkit.WebViewCompat as the emulation declares it (checked against
// https://developer.android.com/reference/androidx/webkit/WebViewCompat, androidx.webkit 1.12.1,
// and Chromium's AwContents.addWebMessageListener / addDocumentStartJavaScript): as androidx and
// Chromium, UnsupportedOperationException when the feature is missing (checked first), then the
// web view's thread (@UiThread; androidx's checkThread compares WebView.getWebViewLooper() on API
// 28+), then the arguments; a second listener of one name is an
// IllegalArgumentException. Listeners and scripts reach documents created after the call. A
// listener is called on the web view's thread; an ArrayBuffer message comes as TYPE_ARRAY_BUFFER.
package androidx.webkit;

import android.net.Uri;
import android.os.Looper;
import android.webkit.WebView;
import java.util.Set;

public class WebViewCompat {
    private WebViewCompat() {
    }

    public interface WebMessageListener {
        void onPostMessage(WebView view, WebMessageCompat message, Uri sourceOrigin, boolean isMainFrame, JavaScriptReplyProxy replyProxy);
    }

    public static void addWebMessageListener(WebView webView, String jsObjectName, Set<String> allowedOriginRules, WebMessageListener listener) {
        WebViewFeature.require(WebViewFeature.WEB_MESSAGE_LISTENER);
        checkThread(webView);
        if (listener == null) throw new NullPointerException("listener shouldn't be null");
        if (jsObjectName == null || jsObjectName.isEmpty()) throw new IllegalArgumentException("jsObjectName shouldn't be null or empty string");
        checkRules(allowedOriginRules);
        webView.getWebViewProvider().addWebMessageListener(jsObjectName, Set.copyOf(allowedOriginRules), (payload, sourceOrigin, isMainFrame, channel) -> {
            WebMessageCompat message;
            if (payload instanceof byte[] bytes) {
                if (!WebViewFeature.isFeatureSupported(WebViewFeature.WEB_MESSAGE_ARRAY_BUFFER)) return;
                message = new WebMessageCompat(bytes);
            } else {
                message = new WebMessageCompat((String) payload);
            }
            listener.onPostMessage(webView, message, Uri.parse(sourceOrigin), isMainFrame, EmulatedReplyProxy.of(channel));
        });
    }

    public static void removeWebMessageListener(WebView webView, String jsObjectName) {
        WebViewFeature.require(WebViewFeature.WEB_MESSAGE_LISTENER);
        checkThread(webView);
        webView.getWebViewProvider().removeWebMessageListener(jsObjectName);
    }

    public static ScriptHandler addDocumentStartJavaScript(WebView webView, String script, Set<String> allowedOriginRules) {
        WebViewFeature.require(WebViewFeature.DOCUMENT_START_SCRIPT);
        checkThread(webView);
        if (script == null) throw new NullPointerException("script shouldn't be null");
        checkRules(allowedOriginRules);
        var registration = webView.getWebViewProvider().addDocumentStartJavaScript(script, Set.copyOf(allowedOriginRules));
        return () -> {
            checkThread(webView);
            registration.remove();
        };
    }

    /** Chromium refuses null or empty rules. */
    private static void checkRules(Set<String> rules) {
        if (rules == null) throw new NullPointerException("allowedOriginRules shouldn't be null");
        for (String rule : rules) {
            if (rule == null || rule.isEmpty()) throw new IllegalArgumentException("allowedOriginRules " + rules + " is invalid");
        }
    }

    /** As androidx's on API 28+: the calling thread must be the web view's own (getWebViewLooper), else a RuntimeException. */
    private static void checkThread(WebView webView) {
        Looper webViewLooper = webView.getWebViewLooper();
        if (webViewLooper != Looper.myLooper()) {
            throw new RuntimeException("A WebView method was called on thread '" + Thread.currentThread().getName() + "'. "
                + "All WebView methods must be called on the same thread. (Expected Looper " + webViewLooper + " called on "
                + Looper.myLooper() + ", FYI main Looper is " + Looper.getMainLooper() + ")");
        }
    }
}
