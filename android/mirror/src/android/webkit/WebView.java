// Mirror of android.webkit.WebView (developer.android.com/reference/android/webkit/WebView): the
// methods the glue calls, each, like Android's, only on the thread the web view was made on (the
// main thread), except post. After destroy() the web view does nothing. Declarations named mirror*
// are not Android's: they are the fake page's controls, for tests.
package android.webkit;

import android.content.Context;
import android.os.Handler;
import android.os.Looper;
import androidx.webkit.MirrorFrame;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

public class WebView {
    private final Handler main = new Handler(Looper.getMainLooper());
    private final List<String> evaluated = new ArrayList<>();
    private final Map<String, Object> javascriptInterfaces = new ConcurrentHashMap<>();
    private volatile String url;
    private WebViewClient webViewClient = new WebViewClient();
    private WebChromeClient webChromeClient;
    private volatile boolean destroyed;

    public WebView(Context context) {
        checkThread();
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
        return url;
    }

    public void loadUrl(String url) {
        checkThread();
        if (destroyed) return;
        main.post(() -> {
            commit(url);
            webViewClient.onPageFinished(this, url);
        });
    }

    public void setWebViewClient(WebViewClient client) {
        checkThread();
        webViewClient = client;
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
        javascriptInterfaces.put(name, object);
    }

    public void removeJavascriptInterface(String name) {
        checkThread();
        javascriptInterfaces.remove(name);
    }

    public void destroy() {
        checkThread();
        destroyed = true;
    }

    private void commit(String url) {
        if (destroyed) return;
        this.url = url;
        webViewClient.onPageStarted(this, url, null);
    }

    private void checkThread() {
        if (!Looper.getMainLooper().isCurrentThread()) {
            throw new IllegalStateException("A WebView method was called on thread '" + Thread.currentThread().getName()
                + "'. All WebView methods must be called on the same thread. (Expected Looper " + Looper.getMainLooper() + ")");
        }
    }

    /** Not Android's: the main frame commits a new document at {@code url} (onPageStarted runs); returns after. */
    public void mirrorCommitNavigation(String url) {
        Looper.mirrorRunOnMainAndWait(() -> commit(url));
    }

    /** Not Android's: a frame of the page, with its origin ("null" when opaque). */
    public MirrorFrame mirrorFrame(String origin, boolean isMainFrame) {
        return new MirrorFrame(this, origin, isMainFrame);
    }

    /** Not Android's: every script given to evaluateJavascript, in order. */
    public List<String> mirrorEvaluatedScripts() {
        synchronized (evaluated) {
            return new ArrayList<>(evaluated);
        }
    }

    /** Not Android's: the object added with addJavascriptInterface under {@code name}, or null. */
    public Object mirrorJavascriptInterface(String name) {
        return javascriptInterfaces.get(name);
    }

    private volatile boolean appWouldHaveBeenKilled;

    /** Not Android's: the renderer dies; the client's onRenderProcessGone runs. Returns after. */
    public void mirrorRenderProcessGone(boolean didCrash) {
        Looper.mirrorRunOnMainAndWait(() -> {
            RenderProcessGoneDetail detail = new RenderProcessGoneDetail() {
                @Override public boolean didCrash() {
                    return didCrash;
                }

                @Override public int rendererPriorityAtExit() {
                    return 0;
                }
            };
            if (!webViewClient.onRenderProcessGone(this, detail)) appWouldHaveBeenKilled = true;
        });
    }

    /** Not Android's: whether an onRenderProcessGone returned false (Android ends the app then). */
    public boolean mirrorAppWouldHaveBeenKilled() {
        return appWouldHaveBeenKilled;
    }

    /** Not Android's: the page calls window.close(); the chrome client's onCloseWindow runs. Returns after. */
    public void mirrorCloseWindow() {
        Looper.mirrorRunOnMainAndWait(() -> {
            if (webChromeClient != null) webChromeClient.onCloseWindow(this);
        });
    }

    /** Not Android's: whether destroy() was called. */
    public boolean mirrorIsDestroyed() {
        return destroyed;
    }
}
