// Android's android.webkit.WebView as the emulation declares it (checked against
// https://developer.android.com/reference/android/webkit/WebView, API 35; AOSP's WebView.java and
// Chromium's WebViewChromium and AwContents), backed by today.emulation.WebViewEngine: one page of
// a real Chromium.
// Made on a thread with a looper (the UI thread); every method but post only there, else a
// RuntimeException around Android's message, as Android throws (checkThread). After destroy()
// calls do nothing (getUrl: null). JavaScript is off until getSettings().setJavaScriptEnabled(true).
// goBack, goForward and canGoBack(OrForward) move in the view's history (AOSP's WebView delegates them
// to WebViewChromium, AwContents' NavigationController).
package android.webkit;

import android.content.Context;
import android.os.Handler;
import android.os.Looper;
import today.emulation.ChromiumSettings;
import today.emulation.WebViewEngine;

public class WebView {
    private final Looper webViewLooper;
    private final Handler handler;
    private final WebViewEngine engine;
    private final WebSettings settings;
    private volatile WebViewClient webViewClient;
    private volatile WebChromeClient webChromeClient;

    public WebView(Context context) {
        if (context == null) throw new IllegalArgumentException("Invalid context argument");
        webViewLooper = Looper.myLooper();
        if (webViewLooper == null) throw new RuntimeException("WebView cannot be initialized on a thread that has no Looper.");
        handler = new Handler(webViewLooper);
        engine = new WebViewEngine(webViewLooper, new Clients());
        settings = new ChromiumSettings(engine, this::checkThread);
    }

    public WebSettings getSettings() {
        checkThread();
        return settings;
    }

    public void loadUrl(String url) {
        checkThread();
        if (url == null) throw new NullPointerException("url");
        engine.loadUrl(url);
    }

    public String getUrl() {
        checkThread();
        return engine.getUrl();
    }

    public boolean canGoBack() {
        return canGoBackOrForward(-1);
    }

    public void goBack() {
        goBackOrForward(-1);
    }

    public boolean canGoForward() {
        return canGoBackOrForward(1);
    }

    public void goForward() {
        goBackOrForward(1);
    }

    /** Whether the history has an entry {@code steps} away (negative: back). */
    public boolean canGoBackOrForward(int steps) {
        checkThread();
        return engine.canGoBackOrForward(steps);
    }

    /** Goes to the entry {@code steps} away (negative: back), when there is one; its URL is getUrl() until it commits. */
    public void goBackOrForward(int steps) {
        checkThread();
        engine.goBackOrForward(steps);
    }

    public void evaluateJavascript(String script, ValueCallback<String> resultCallback) {
        checkThread();
        engine.evaluateJavascript(script, resultCallback == null ? null : resultCallback::onReceiveValue);
    }

    public void setWebViewClient(WebViewClient client) {
        checkThread();
        webViewClient = client;
    }

    /** API 26: the client set, or a default one. */
    public WebViewClient getWebViewClient() {
        checkThread();
        WebViewClient client = webViewClient;
        return client == null ? new WebViewClient() : client;
    }

    public void setWebChromeClient(WebChromeClient client) {
        checkThread();
        webChromeClient = client;
    }

    /** API 26: the client set, or null. */
    public WebChromeClient getWebChromeClient() {
        checkThread();
        return webChromeClient;
    }

    /**
     * API 28, any thread: the looper of the thread this view was made on, where every call to it
     * belongs and its callbacks come (AOSP's WebView.getWebViewLooper, mWebViewThread).
     */
    public Looper getWebViewLooper() {
        return webViewLooper;
    }

    /** Any thread. */
    public boolean post(Runnable action) {
        return handler.post(action);
    }

    /** Ignored for a null object or name, as Android ignores them; reaches documents created afterwards. */
    public void addJavascriptInterface(Object object, String name) {
        checkThread();
        if (object == null || name == null) return;
        engine.addJavascriptInterface(object, name);
    }

    public void removeJavascriptInterface(String name) {
        checkThread();
        if (name != null) engine.removeJavascriptInterface(name);
    }

    public void destroy() {
        checkThread();
        engine.destroy();
    }

    /**
     * AOSP's {@code @SystemApi} accessor, hidden from apps: the engine behind this view, which
     * androidx.webkit reaches as it reaches Chromium's provider. The glue never calls it.
     */
    public WebViewEngine getWebViewProvider() {
        return engine;
    }

    private void checkThread() {
        if (Looper.myLooper() != webViewLooper) {
            throw new RuntimeException(new Throwable("A WebView method was called on thread '" + Thread.currentThread().getName() + "'. "
                + "All WebView methods must be called on the same thread. (Expected Looper " + webViewLooper + " called on "
                + Looper.myLooper() + ", FYI main Looper is " + Looper.getMainLooper() + ")"));
        }
    }

    /** What the engine calls on this view's thread: the app's clients, or Android's defaults. */
    private final class Clients implements WebViewEngine.Clients {
        @Override public void onPageStarted(String url) {
            WebViewClient client = webViewClient;
            if (client != null) client.onPageStarted(WebView.this, url, null);
        }

        @Override public void onPageFinished(String url) {
            WebViewClient client = webViewClient;
            if (client != null) client.onPageFinished(WebView.this, url);
        }

        @SuppressWarnings("deprecation")
        @Override public boolean onRenderProcessGone(boolean didCrash) {
            RenderProcessGoneDetail detail = new RenderProcessGoneDetail() {
                @Override public boolean didCrash() {
                    return didCrash;
                }

                @Override public int rendererPriorityAtExit() {
                    return WebView.RENDERER_PRIORITY_BOUND;
                }
            };
            WebViewClient client = webViewClient;
            return (client == null ? new WebViewClient() : client).onRenderProcessGone(WebView.this, detail);
        }

        @Override public void onCloseWindow() {
            WebChromeClient client = webChromeClient;
            if (client != null) client.onCloseWindow(WebView.this);
        }
    }

    public static final int RENDERER_PRIORITY_WAIVED = 0;
    public static final int RENDERER_PRIORITY_BOUND = 1;
    public static final int RENDERER_PRIORITY_IMPORTANT = 2;
}
