// Not androidx's: one document of a frame of the fake page, for tests (made by
// WebView.mirrorFrame).
// It has the objects that existed when it was created: addJavascriptInterface objects, and the
// web message listeners whose rules match its origin. postMessage is its injected object's
// postMessage: the listener runs on the main thread with this frame's reply proxy (one per frame
// and object, as Chromium's). Once the document is gone (a new main-frame document, a dead
// renderer,
// destroy) it posts nothing and its proxies' replies are dropped, as Chromium drops them.
// callJavascriptInterface runs the annotated method on "JavaBridge".
package androidx.webkit;

import android.net.Uri;
import android.os.Handler;
import android.os.Looper;
import android.webkit.JavascriptInterface;
import android.webkit.WebView;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;

public final class MirrorFrame {
    private static final AtomicLong CLOCK = new AtomicLong();
    private static final ExecutorService JAVA_BRIDGE = Executors.newSingleThreadExecutor(runnable -> {
        Thread thread = new Thread(runnable, "JavaBridge");
        thread.setDaemon(true);
        return thread;
    });

    private final WebView webView;
    private final String origin;
    private final boolean isMainFrame;
    private final long created;
    private final Map<String, Object> javascriptInterfaces;
    private final Map<String, JavaScriptReplyProxy> proxies = new ConcurrentHashMap<>();
    private final List<String> replies = new ArrayList<>();
    private final List<String> droppedReplies = new ArrayList<>();

    /** A document created at {@code created} (a tick) with the objects {@code javascriptInterfaces}. */
    public MirrorFrame(WebView webView, String origin, boolean isMainFrame, long created, Map<String, Object> javascriptInterfaces) {
        this.webView = webView;
        this.origin = origin;
        this.isMainFrame = isMainFrame;
        this.created = created;
        this.javascriptInterfaces = Map.copyOf(javascriptInterfaces);
    }

    /** A strictly increasing count, the fake's clock for when documents, listeners and scripts came and went. */
    public static long tick() {
        return CLOCK.incrementAndGet();
    }

    /** The origin a document at {@code url} has: scheme://host[:port] for http(s), else "null". */
    public static String originOf(String url) {
        try {
            URI uri = new URI(url);
            String scheme = uri.getScheme();
            if (uri.getHost() == null || !("http".equalsIgnoreCase(scheme) || "https".equalsIgnoreCase(scheme))) return "null";
            return scheme.toLowerCase(Locale.ROOT) + "://" + uri.getHost() + (uri.getPort() == -1 ? "" : ":" + uri.getPort());
        } catch (URISyntaxException | NullPointerException unparseable) {
            return "null";
        }
    }

    /** The page's {@code <jsObjectName>.postMessage(data)}; returns at once. Nothing happens when the frame has no such object. */
    public void postMessage(String jsObjectName, String data) {
        MirrorRegistrations registrations = MirrorRegistrations.of(webView);
        MirrorRegistrations.Listener listener = registrations.listeners.get(jsObjectName);
        if (!webView.mirrorIsLive(created) || listener == null || listener.added() > created || !MirrorRegistrations.matches(listener.rules(), origin)) return;
        JavaScriptReplyProxy proxy = proxies.computeIfAbsent(jsObjectName, name -> new MirrorReplyProxy(this));
        Uri sourceOrigin = Uri.parse(origin);
        new Handler(Looper.getMainLooper()).post(() -> {
            // After removeWebMessageListener (or destroy) messages no longer reach the listener.
            if (webView.mirrorIsDestroyed() || registrations.listeners.get(jsObjectName) != listener) return;
            listener.listener().onPostMessage(webView, new WebMessageCompat(data), sourceOrigin, isMainFrame, proxy);
        });
    }

    /** Messages posted back to this frame through its reply proxies while it was live, in order. */
    public List<String> replies() {
        synchronized (replies) {
            return new ArrayList<>(replies);
        }
    }

    /** Messages posted through its reply proxies after the document was gone, which Chromium drops, in order. */
    public List<String> droppedReplies() {
        synchronized (replies) {
            return new ArrayList<>(droppedReplies);
        }
    }

    /**
     * The page's {@code <name>.<method>(argument)} on an addJavascriptInterface object: runs the public
     * {@code @JavascriptInterface} method {@code method(String)} on the "JavaBridge" thread and returns
     * after it (the page's call blocks too). Nothing happens when the frame has no such object or
     * method; an exception the method throws reaches the page, here the caller, as a RuntimeException.
     */
    public void callJavascriptInterface(String name, String method, String argument) {
        Object object = javascriptInterfaces.get(name);
        if (object == null || !webView.mirrorIsLive(created)) return;
        Method target;
        try {
            target = object.getClass().getMethod(method, String.class);
        } catch (NoSuchMethodException absent) {
            return;
        }
        if (!target.isAnnotationPresent(JavascriptInterface.class)) return;
        Future<?> call = JAVA_BRIDGE.submit(() -> {
            target.setAccessible(true);  // Android calls through JNI, which ignores Java access
            return target.invoke(object, argument);
        });
        try {
            call.get(10, TimeUnit.SECONDS);
        } catch (ExecutionException failed) {
            Throwable cause = failed.getCause() instanceof InvocationTargetException thrown ? thrown.getCause() : failed.getCause();
            throw new RuntimeException("Java exception was raised during method invocation", cause);
        } catch (TimeoutException slow) {
            throw new IllegalStateException("callJavascriptInterface: " + name + "." + method + " did not return within 10 s");
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(interrupted);
        }
    }

    /** The document-start scripts that run when this document is created: added before, not removed, rules matching. */
    public List<String> documentStartScripts() {
        List<String> ran = new ArrayList<>();
        for (MirrorRegistrations.Script script : MirrorRegistrations.of(webView).scripts) {
            if (script.added < created && script.removed > created && MirrorRegistrations.matches(script.rules, origin)) ran.add(script.source);
        }
        return ran;
    }

    /** A reply through one of this frame's proxies (MirrorReplyProxy checked the thread); dropped once the document is gone. */
    void reply(String message) {
        synchronized (replies) {
            (webView.mirrorIsLive(created) ? replies : droppedReplies).add(message);
        }
    }
}
