// Mirror of android.webkit.WebView (checked against
// https://developer.android.com/reference/android/webkit/WebView, API 35;
// getWebViewClient/getWebChromeClient API 26). Declarations named mirror* are not Android's:
// they are the fake's controls for tests.
// Made on the main thread (the only one with a looper); every method but post only there, else
// a RuntimeException around Android's message, as Android throws. After destroy() calls do
// nothing (getUrl: null).
// Objects added with addJavascriptInterface reach documents created afterwards, as on Android.
package android.webkit;

import android.content.Context;
import android.os.Handler;
import android.os.Looper;
import androidx.webkit.MirrorFrame;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

public class WebView {
    /** What the main frame's current document got when it was created. */
    private record Document(long created, Map<String, Object> javascriptInterfaces, List<String> documentStartScripts) {
    }

    private final Looper webViewLooper;
    private final Handler main;
    private final List<String> evaluated = new ArrayList<>();
    private final Map<String, Object> javascriptInterfaces = new ConcurrentHashMap<>();
    private volatile Document mainDocument = new Document(MirrorFrame.tick(), Map.of(), List.of());
    private volatile String url;
    private volatile WebViewClient webViewClient = new WebViewClient();
    private volatile WebChromeClient webChromeClient;
    private volatile boolean destroyed;
    private volatile boolean appWouldHaveBeenKilled;
    private Object androidxState;

    public WebView(Context context) {
        if (context == null) throw new IllegalArgumentException("Invalid context argument");
        webViewLooper = Looper.myLooper();
        if (webViewLooper == null) throw new RuntimeException("WebView cannot be initialized on a thread that has no Looper.");
        main = new Handler(webViewLooper);
    }

    public void evaluateJavascript(String script, ValueCallback<String> resultCallback) {
        checkThread();
        if (destroyed) return;
        synchronized (evaluated) {
            evaluated.add(script);
        }
        if (resultCallback != null) main.post(() -> resultCallback.onReceiveValue("null"));
    }

    public String getUrl() {
        checkThread();
        return destroyed ? null : url;
    }

    public void loadUrl(String url) {
        checkThread();
        if (destroyed) return;
        main.post(() -> commit(url));
        main.post(() -> {
            if (!destroyed) webViewClient.onPageFinished(this, url);
        });
    }

    public void setWebViewClient(WebViewClient client) {
        checkThread();
        webViewClient = client == null ? new WebViewClient() : client;
    }

    public WebViewClient getWebViewClient() {
        checkThread();
        return webViewClient;
    }

    public void setWebChromeClient(WebChromeClient client) {
        checkThread();
        webChromeClient = client;
    }

    public WebChromeClient getWebChromeClient() {
        checkThread();
        return webChromeClient;
    }

    public boolean post(Runnable action) {
        return main.post(action);
    }

    public void addJavascriptInterface(Object object, String name) {
        checkThread();
        if (destroyed || object == null || name == null) return;  // Android ignores null objects
        javascriptInterfaces.put(name, object);
    }

    public void removeJavascriptInterface(String name) {
        checkThread();
        if (destroyed || name == null) return;
        javascriptInterfaces.remove(name);
    }

    public void destroy() {
        checkThread();
        destroyed = true;
    }

    private void checkThread() {
        if (Looper.myLooper() != webViewLooper) {
            throw new RuntimeException(new Throwable("A WebView method was called on thread '" + Thread.currentThread().getName() + "'. "
                + "All WebView methods must be called on the same thread. (Expected Looper " + webViewLooper + " called on "
                + Looper.myLooper() + ", FYI main Looper is " + Looper.getMainLooper() + ")"));
        }
    }

    /** On the main thread: a new main-frame document at {@code url}; its document-start scripts run, then onPageStarted. */
    private void commit(String url) {
        if (destroyed) return;
        long created = MirrorFrame.tick();
        Map<String, Object> interfaces = Map.copyOf(javascriptInterfaces);
        List<String> scripts = new MirrorFrame(this, MirrorFrame.originOf(url), true, created, interfaces).documentStartScripts();
        mainDocument = new Document(created, interfaces, scripts);
        this.url = url;
        webViewClient.onPageStarted(this, url, null);
    }

    /** Not Android's: the main frame commits a new document at {@code url} (onPageStarted runs on the main thread); returns after. */
    public void mirrorCommitNavigation(String url) {
        Looper.mirrorRunOnMainAndWait(() -> commit(url));
    }

    /** Not Android's: the document-start scripts that ran when the current main-frame document was created, in order. */
    public List<String> mirrorDocumentStartScripts() {
        return mainDocument.documentStartScripts;
    }

    /**
     * Not Android's: a frame of the page with its origin ("null" when opaque). The main frame's is the
     * current main document; a sub-frame's document is created now.
     */
    public MirrorFrame mirrorFrame(String origin, boolean isMainFrame) {
        if (isMainFrame) {
            Document document = mainDocument;
            return new MirrorFrame(this, origin, true, document.created, document.javascriptInterfaces);
        }
        return new MirrorFrame(this, origin, false, MirrorFrame.tick(), Map.copyOf(javascriptInterfaces));
    }

    /** Not Android's: whether a document created at {@code created} (a tick) is still in the page: not replaced by a later main-frame document, not taken by a dead renderer. */
    public boolean mirrorIsLive(long created) {
        return !destroyed && created >= mainDocument.created;
    }

    /** Not Android's: every script given to evaluateJavascript before destroy(), in order. */
    public List<String> mirrorEvaluatedScripts() {
        synchronized (evaluated) {
            return new ArrayList<>(evaluated);
        }
    }

    /** Not Android's: the renderer dies; the client's onRenderProcessGone runs on the main thread. Returns after. */
    @SuppressWarnings("deprecation")
    public void mirrorRenderProcessGone(boolean didCrash) {
        Looper.mirrorRunOnMainAndWait(() -> {
            if (destroyed) return;
            RenderProcessGoneDetail detail = new RenderProcessGoneDetail() {
                @Override public boolean didCrash() {
                    return didCrash;
                }

                @Override public int rendererPriorityAtExit() {
                    return 0;
                }
            };
            mainDocument = new Document(MirrorFrame.tick(), Map.of(), List.of());  // the renderer took every document with it
            if (!webViewClient.onRenderProcessGone(this, detail)) appWouldHaveBeenKilled = true;
        });
    }

    /** Not Android's: whether an onRenderProcessGone returned false (Android then ends the app). */
    public boolean mirrorAppWouldHaveBeenKilled() {
        return appWouldHaveBeenKilled;
    }

    /** Not Android's: the page calls window.close(); the chrome client's onCloseWindow runs on the main thread. Returns after. */
    public void mirrorCloseWindow() {
        Looper.mirrorRunOnMainAndWait(() -> {
            WebChromeClient client = webChromeClient;
            if (!destroyed && client != null) client.onCloseWindow(this);
        });
    }

    /** Not Android's: whether destroy() was called. */
    public boolean mirrorIsDestroyed() {
        return destroyed;
    }

    /** Not Android's: the fake androidx.webkit's state for this web view (listeners, scripts), made by {@code create} on first use. */
    public synchronized Object mirrorAndroidxState(Supplier<?> create) {
        if (androidxState == null) androidxState = create.get();
        return androidxState;
    }
}
