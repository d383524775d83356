// Not Android's: what stands behind one emulated android.webkit.WebView (AOSP's WebViewProvider,
// Chromium's AwContents): one page target of the shared Browser, driven over the DevTools
// protocol, offering exactly what Android's WebView offers and nothing more convenient. Checked
// against Chromium's android_webview (AwContents, AwWebContentsObserver,
// AwContentsClientCallbackHelper, WebMessageListenerHolder, JsReplyProxy) and
// components/js_injection (js_binding.cc, js_to_browser_messaging.cc):
//
// - Every DevTools event is handled on the WebView's thread, in arrival order, and what Android
//   posts is posted there in the same order: onPageStarted when the main frame commits a document
//   (AwWebContentsObserver.didFinishNavigationInPrimaryMainFrame, through
//   AwContentsClientCallbackHelper), a web message listener's call when a message arrives
//   (WebMessageListenerHolder.onPostMessage); a document's messages reach Chromium after its commit
//   (js_to_browser_messaging.cc), so onPageStarted comes before the new document's first message.
//   onPageFinished is posted after the load event; a page restored from the back-forward cache has
//   none.
// - addWebMessageListener and addDocumentStartJavaScript reach documents created afterwards; each
//   document's injected object has one reply channel (ReplyChannel, the JavaScriptReplyProxy), whose
//   replies run in that frame only; a message from a document that is no longer shown (left, or in
//   the back-forward cache) is dropped, as Chromium drops it (IsInactiveAndDisallowActivation, which
//   also evicts a cached page that posts: DevTools reports no such message, so nothing is evicted
//   here).
// - The back-forward cache is off, as WebView's is by default: Back loads the page again, a new
//   document with a new window object and reply channel (Chromium's own cache, on in headless
//   Chromium, is kept out by an unload listener in the top frame, web-message-listener.ts; a page
//   whose Permissions-Policy forbids unload listeners would still be cached). With
//   androidx's WebSettingsCompat.setBackForwardCacheEnabled, Chromium restores the page: the same
//   window object and reply channel, no document-start script run again, pageshow with persisted,
//   onPageStarted posted before its messages (DevTools reports those before the restore's commit:
//   they wait for it). What is posted to a cached page's channel waits and is delivered when it is
//   shown again. The setting applies from the first load on only: Android evicts cached pages when
//   it changes, or when a listener, a document-start script or an interface is added or removed
//   (AwBackForwardCacheTest), which the emulation cannot do to Chromium's cache, so it refuses the
//   setting later and keeps cached pages through those changes.
// - goBack, goForward and canGoBack(OrForward) move in Chromium's history, without the page the
//   engine opens on (Chromium's about:blank; Android starts with no entry).
// - evaluateJavascript's callback never comes when the frame goes away before the script answered
//   (a navigation, a dead renderer, destroy()), as on Android, where Chromium drops it.
// - getUrl() is the visible URL: a navigation the app started (loadUrl, goBack, goForward) until it
//   commits, else the committed URL. While such a navigation waits, DevTools holds what the
//   emulation sends the page (a reply, evaluateJavascript) until it commits, so a reply to the old
//   document in that window is lost, where Android delivers it, and an evaluateJavascript's
//   callback never comes: less than Android, never more.
// - JavaScript is off until WebSettings.setJavaScriptEnabled(true), as on Android.
// - An addJavascriptInterface object's @JavascriptInterface methods run on a "JavaBridge" thread
//   (JavaBridge); the emulation passes their arguments as strings, and the page's call does not
//   wait for them (on Android it does, and gets their value): the glue's methods return nothing.
// - A dead renderer calls onRenderProcessGone; when it returns false, the app ends (an exception
//   thrown on the WebView's thread), as Android ends it. The view is then unusable.
// Origin rules: "*" only (what a bridge gives both calls); anything else is refused with
// UnsupportedOperationException, since a narrower emulation would prove less than it claims.
package today.emulation;

import android.os.Handler;
import android.os.Looper;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import org.json.JSONArray;
import org.json.JSONException;
import org.json.JSONObject;

public final class WebViewEngine {
    /** The WebView's clients, called on the WebView's thread. */
    public interface Clients {
        void onPageStarted(String url);

        void onPageFinished(String url);

        /** What WebViewClient.onRenderProcessGone returned. */
        boolean onRenderProcessGone(boolean didCrash);

        void onCloseWindow();
    }

    /** A web message listener as androidx.webkit hands it in: called on the WebView's thread. */
    public interface MessageListener {
        /** {@code payload} is a String, or a byte[] for an ArrayBuffer; {@code sourceOrigin} is "null" when opaque. */
        void onPostMessage(Object payload, String sourceOrigin, boolean isMainFrame, ReplyChannel replyChannel);
    }

    /** A document-start script as registered: remove() keeps it from later documents. */
    public interface Registration {
        void remove();
    }

    /** A document-start script of the app and whether it was removed. */
    private static final class Script {
        final String source;
        boolean removed;

        Script(String source) {
            this.source = source;
        }
    }

    private final Browser browser = Browser.shared();
    private final Handler ui;
    private final Clients clients;
    private final String postBinding;
    private final String closeBinding;
    private final String deliveryName;
    private final String target;
    private final String pageSession;
    private final List<String> sessions = new ArrayList<>();
    private final Map<String, List<String>> installedScripts = new HashMap<>();
    private final Map<String, MessageListener> listeners = new LinkedHashMap<>();
    private final Map<String, Object> javascriptInterfaces = new LinkedHashMap<>();
    private final List<Script> scripts = new ArrayList<>();
    private final Map<String, FrameContext> contexts = new HashMap<>();
    private final Map<String, ReplyChannel> channels = new HashMap<>();
    private final BackForwardCache backForwardCache = new BackForwardCache();
    /** Contexts of a page Chromium is restoring from its cache, until it commits the restore, and their messages meanwhile. */
    private final Set<String> restoring = new HashSet<>();
    private final List<Runnable> heldMessages = new ArrayList<>();
    private final NavigationHistory history;
    private String mainFrameId;
    private String committedUrl;
    private String pendingUrl;
    private boolean navigated;
    private boolean backForwardCacheEnabled;
    private boolean javaScriptEnabled;
    private boolean rendererGone;
    private boolean destroyed;

    /** A new page on its initial empty document, driven from {@code looper}'s thread (the caller's). */
    public WebViewEngine(Looper looper, Clients clients) {
        ui = new Handler(looper);
        this.clients = clients;
        byte[] random = new byte[12];
        new SecureRandom().nextBytes(random);
        // Hidden names, fresh per web view, that the page never sees (the page scripts delete them).
        StringBuilder prefix = new StringBuilder("__todayEmulation");
        for (byte b : random) prefix.append(String.format("%02x", b));
        postBinding = prefix + "Post";
        closeBinding = prefix + "Close";
        deliveryName = prefix + "Deliver";
        target = browser.devTools.call("Target.createTarget", Json.object("url", "about:blank"), null).optString("targetId");
        mainFrameId = target;
        browser.register(target, this);
        pageSession = browser.devTools.call("Target.attachToTarget", Json.object("targetId", target, "flatten", true), null)
            .optString("sessionId");
        browser.registerSession(pageSession, this);
        sessions.add(pageSession);
        setUp(pageSession);
        history = new NavigationHistory(browser.devTools, pageSession);
    }

    // MARK: What WebView and androidx.webkit call, on the WebView's thread

    public void loadUrl(String url) {
        if (destroyed || rendererGone) return;
        navigate(url, "Page.navigate", Json.object("url", url));
    }

    /** WebView.canGoBackOrForward: whether the history has an entry {@code steps} away (negative: back). */
    public boolean canGoBackOrForward(int steps) {
        return !destroyed && !rendererGone && history.entry(steps) != null;
    }

    /** WebView.goBackOrForward: to the entry {@code steps} away, when there is one. */
    public void goBackOrForward(int steps) {
        if (destroyed || rendererGone) return;
        JSONObject entry = history.entry(steps);
        if (entry != null) navigate(entry.optString("url"), "Page.navigateToHistoryEntry", Json.object("entryId", entry.optInt("id")));
    }

    /** A navigation the app starts: its URL is the visible one until it commits, or fails. */
    private void navigate(String url, String method, JSONObject params) {
        navigated = true;
        pendingUrl = url;
        browser.devTools.send(method, params, pageSession).whenComplete((result, failure) -> {
            boolean failed = failure != null || !result.optString("errorText", "").isEmpty();
            if (failed) ui.post(() -> {
                if (url.equals(pendingUrl)) pendingUrl = null;
            });
        });
    }

    /** The visible URL: a navigation the app started, until it commits; else the committed one. */
    public String getUrl() {
        if (destroyed) return null;
        return pendingUrl != null ? pendingUrl : committedUrl;
    }

    /** Runs {@code script} in the main frame's document; {@code callback} gets its JSON result on this thread. */
    public void evaluateJavascript(String script, Consumer<String> callback) {
        if (destroyed || rendererGone) return;
        JSONObject params = Json.object("expression", script, "returnByValue", true);
        FrameContext main = mainContext();
        if (main != null) Json.put(params, "contextId", main.id());
        browser.devTools.send("Runtime.evaluate", params, pageSession).whenComplete((result, failure) -> {
            // DevTools fails the evaluation when its context went away first (a navigation, a dead
            // renderer): Chromium never calls the callback then.
            if (callback == null || failure != null) return;
            String value = resultJson(result);
            ui.post(() -> {
                if (!destroyed) callback.accept(value);
            });
        });
    }

    public boolean isJavaScriptEnabled() {
        return javaScriptEnabled;
    }

    public boolean isBackForwardCacheEnabled() {
        return backForwardCacheEnabled;
    }

    /** WebSettingsCompat.setBackForwardCacheEnabled: before the first load only (see the header). */
    public void setBackForwardCacheEnabled(boolean enabled) {
        if (enabled == backForwardCacheEnabled) return;
        if (navigated) {
            throw new UnsupportedOperationException("The emulated WebView takes the back-forward cache setting before its first load only: "
                + "Android evicts the cached pages when it changes, which the emulation cannot do to Chromium's cache");
        }
        backForwardCacheEnabled = enabled;
        reinstallScripts();
    }

    public void setJavaScriptEnabled(boolean enabled) {
        javaScriptEnabled = enabled;
        for (String session : sessions) {
            browser.devTools.send("Emulation.setScriptExecutionDisabled", Json.object("value", !enabled), session);
        }
    }

    /** WebViewCompat.addWebMessageListener, its arguments checked by the caller. */
    public void addWebMessageListener(String jsObjectName, Set<String> allowedOriginRules, MessageListener listener) {
        requireEveryOrigin(allowedOriginRules);
        if (listeners.containsKey(jsObjectName)) throw new IllegalArgumentException("jsObjectName " + jsObjectName + " was already added.");
        listeners.put(jsObjectName, listener);
        reinstallScripts();
    }

    public void removeWebMessageListener(String jsObjectName) {
        if (listeners.remove(jsObjectName) != null) reinstallScripts();
    }

    /** WebViewCompat.addDocumentStartJavaScript: runs {@code source} in every frame's later documents, in order. */
    public Registration addDocumentStartJavaScript(String source, Set<String> allowedOriginRules) {
        requireEveryOrigin(allowedOriginRules);
        Script script = new Script(source);
        scripts.add(script);
        reinstallScripts();
        return () -> {
            if (script.removed || destroyed) return;
            script.removed = true;
            reinstallScripts();
        };
    }

    /** WebView.addJavascriptInterface: {@code object} as {@code window[name]} in every frame's later documents. */
    public void addJavascriptInterface(Object object, String name) {
        javascriptInterfaces.put(name, object);
        reinstallScripts();
    }

    public void removeJavascriptInterface(String name) {
        if (javascriptInterfaces.remove(name) != null) reinstallScripts();
    }

    public void destroy() {
        if (destroyed) return;
        destroyed = true;
        forgetEveryDocument();
        browser.devTools.send("Target.closeTarget", Json.object("targetId", target), null);
        for (String session : sessions) browser.unregisterSession(session);
        browser.unregister(target);
    }

    public boolean isDestroyed() {
        return destroyed;
    }

    // MARK: DevTools events

    /** On the DevTools reader thread: registers a new frame's session at once, then hands the event to the WebView's thread. */
    void onEvent(String method, JSONObject params, String session) {
        if (method.equals("Target.attachedToTarget")) browser.registerSession(params.optString("sessionId"), this);
        ui.post(() -> {
            if (!destroyed) handle(method, params, session);
        });
    }

    /** On the DevTools reader thread: the browser is gone, and with it the renderer. */
    void browserGone() {
        ui.post(() -> renderProcessGone(true));
    }

    private void handle(String method, JSONObject params, String session) {
        switch (method) {
            case "Target.attachedToTarget" -> attachFrame(params);
            case "Target.detachedFromTarget" -> detachFrame(params.optString("sessionId"));
            case "Target.targetCrashed" -> {
                String status = params.optString("status");
                // DevTools' termination status: "killed" or "oom" is the system reclaiming it.
                renderProcessGone(!status.equals("killed") && !status.equals("oom"));
            }
            case "Runtime.executionContextCreated" -> contextCreated(session, params.optJSONObject("context"));
            case "Runtime.executionContextDestroyed" -> contextDestroyed(session, params.optInt("executionContextId"));
            case "Runtime.executionContextsCleared" -> contextsCleared(session);
            case "Page.frameNavigated" -> frameNavigated(session, params);
            case "Page.navigatedWithinDocument" -> {
                if (session.equals(pageSession) && params.optString("frameId").equals(mainFrameId)) committedUrl = params.optString("url");
            }
            case "Page.loadEventFired" -> {
                if (!session.equals(pageSession)) return;
                String url = committedUrl;
                ui.post(() -> {
                    if (!destroyed && !rendererGone) clients.onPageFinished(url);
                });
            }
            case "Runtime.bindingCalled" -> bindingCalled(session, params);
            default -> {
            }
        }
    }

    /**
     * The main frame committed a document (Page.frameNavigated without a parent): a new one, or one
     * Chromium restored from its cache (type BackForwardCacheRestore). WebViewClient.onPageStarted
     * is posted now, as Android posts it at commit; a restored page's messages, which DevTools
     * reported before, follow it.
     */
    private void frameNavigated(String session, JSONObject params) {
        JSONObject frame = params.optJSONObject("frame");
        if (frame == null || !session.equals(pageSession) || frame.has("parentId")) return;
        mainFrameId = frame.optString("id");
        committedUrl = frame.optString("url") + frame.optString("urlFragment", "");
        pendingUrl = null;
        String url = committedUrl;
        ui.post(() -> {
            if (!destroyed && !rendererGone) clients.onPageStarted(url);
        });
        boolean restored = params.optString("type").equals("BackForwardCacheRestore");
        for (String key : restoring) {
            for (ReplyChannel channel : channelsOf(key, false)) {
                if (restored) channel.show();
                else channel.detach();
            }
        }
        restoring.clear();
        List<Runnable> held = new ArrayList<>(heldMessages);
        heldMessages.clear();
        if (restored) held.forEach(Runnable::run);
    }

    private void bindingCalled(String session, JSONObject params) {
        String name = params.optString("name");
        FrameContext context = contexts.get(FrameContext.key(session, params.optInt("executionContextId")));
        boolean isMainFrame = context != null && session.equals(pageSession) && context.frameId().equals(mainFrameId);
        if (name.equals(closeBinding)) {
            if (isMainFrame && !rendererGone) clients.onCloseWindow();
        } else if (name.equals(postBinding) && context != null) {
            String payload = params.optString("payload");
            if (restoring.contains(context.key())) heldMessages.add(() -> posted(context, isMainFrame, payload));
            else posted(context, isMainFrame, payload);
        }
    }

    /**
     * A message from an injected object: {@code s|b}, the object's name as {@code <length>:<name>},
     * then the payload. Its listener's call is posted, as Android posts it.
     */
    private void posted(FrameContext context, boolean isMainFrame, String text) {
        int colon = text.indexOf(':');
        if (text.isEmpty() || colon < 0) return;
        int nameLength;
        try {
            nameLength = Integer.parseInt(text.substring(1, colon));
        } catch (NumberFormatException unreadable) {
            return;
        }
        if (colon + 1 + nameLength > text.length()) return;
        String objectName = text.substring(colon + 1, colon + 1 + nameLength);
        String data = text.substring(colon + 1 + nameLength);
        if (text.charAt(0) == 'j') {
            Object object = javascriptInterfaces.get(objectName);
            if (object != null) JavaBridge.call(object, data);
            return;
        }
        MessageListener listener = listeners.get(objectName);
        if (listener == null) return;
        Object payload = text.charAt(0) == 'b' ? Base64.getDecoder().decode(data) : data;
        ReplyChannel channel = channels.computeIfAbsent(context.key() + "/" + objectName, key -> new ReplyChannel(this, context, objectName));
        ui.post(() -> {
            if (!destroyed) listener.onPostMessage(payload, context.origin(), isMainFrame, channel);
        });
    }

    private void renderProcessGone(boolean didCrash) {
        if (rendererGone || destroyed) return;
        rendererGone = true;
        forgetEveryDocument();
        if (!clients.onRenderProcessGone(didCrash)) {
            throw new RuntimeException("Render process's crash wasn't handled by all associated webviews, triggering application crash.");
        }
    }

    // MARK: Frames and their contexts

    /** A frame's default context: a new document's, or one Chromium restores from its cache (held until the restore commits). */
    private void contextCreated(String session, JSONObject created) {
        if (created == null) return;
        JSONObject aux = created.optJSONObject("auxData");
        if (aux == null || !aux.optBoolean("isDefault")) return;
        FrameContext context = new FrameContext(session, created.optInt("id"), aux.optString("frameId"), originOf(created.optString("origin")),
            created.optString("uniqueId"));
        contexts.put(context.key(), context);
        List<ReplyChannel> restored = backForwardCache.restore(context.uniqueId());
        if (restored == null) return;
        for (ReplyChannel channel : restored) {
            channel.restoring(context);
            channels.put(context.key() + "/" + channel.objectName, channel);
        }
        // The page's own contexts come before the restore's commit; a sub-frame in another process
        // (a new DevTools session) may come after it, shown then.
        if (session.equals(pageSession) || !restoring.isEmpty()) restoring.add(context.key());
        else restored.forEach(ReplyChannel::show);
    }

    /** A frame's document is gone (a sub-frame navigated or was removed): its channels drop what comes. */
    private void contextDestroyed(String session, int id) {
        String key = FrameContext.key(session, id);
        contexts.remove(key);
        restoring.remove(key);
        channelsOf(key, true).forEach(ReplyChannel::detach);
    }

    /**
     * Every context of a session is gone: its frame committed another document, or its page left
     * (a sub-frame in another process is detached then). With the back-forward cache, the documents
     * may be in Chromium's cache: their channels wait there.
     */
    private void contextsCleared(String session) {
        for (Iterator<FrameContext> all = contexts.values().iterator(); all.hasNext(); ) {
            FrameContext context = all.next();
            if (!context.session().equals(session)) continue;
            all.remove();
            restoring.remove(context.key());
            List<ReplyChannel> left = channelsOf(context.key(), true);
            if (backForwardCacheEnabled) backForwardCache.keep(context.uniqueId(), left);
            else left.forEach(ReplyChannel::detach);
        }
    }

    /** The channels of the context with {@code key}; taken out of the engine's when {@code remove}. */
    private List<ReplyChannel> channelsOf(String key, boolean remove) {
        List<ReplyChannel> found = new ArrayList<>();
        for (Iterator<Map.Entry<String, ReplyChannel>> entries = channels.entrySet().iterator(); entries.hasNext(); ) {
            Map.Entry<String, ReplyChannel> entry = entries.next();
            if (!entry.getKey().startsWith(key + "/")) continue;
            found.add(entry.getValue());
            if (remove) entries.remove();
        }
        return found;
    }

    private FrameContext mainContext() {
        for (FrameContext context : contexts.values()) {
            if (context.session().equals(pageSession) && context.frameId().equals(mainFrameId)) return context;
        }
        return null;
    }

    /** The origin as Android reports it: "null" for an opaque one, and for local schemes (js_to_browser_messaging.cc). */
    private static String originOf(String origin) {
        if (origin.isEmpty() || origin.equals("null") || origin.startsWith("file:") || !origin.contains("://")) return "null";
        return origin;
    }

    /** The renderer or the web view is gone, and every document with it, cached ones included. */
    private void forgetEveryDocument() {
        channels.values().forEach(ReplyChannel::detach);
        channels.clear();
        backForwardCache.clear();
        contexts.clear();
        restoring.clear();
        heldMessages.clear();
    }

    // MARK: Sessions: the page's, and each out-of-process frame's

    /** An out-of-process frame of the page, paused until its bindings and scripts are in place. */
    private void attachFrame(JSONObject params) {
        String session = params.optString("sessionId");
        JSONObject info = params.optJSONObject("targetInfo");
        if (info == null || !info.optString("type").equals("iframe")) {
            browser.devTools.send("Runtime.runIfWaitingForDebugger", null, session);
            return;
        }
        sessions.add(session);
        try {
            setUp(session);
        } catch (IllegalStateException gone) {
            // The frame went away while it was being set up.
        }
    }

    private void detachFrame(String session) {
        sessions.remove(session);
        installedScripts.remove(session);
        contextsCleared(session);
        browser.unregisterSession(session);
    }

    /** Prepares a session, then lets it run: bindings, JavaScript's setting, scripts, frames attached paused. */
    private void setUp(String session) {
        DevTools devTools = browser.devTools;
        devTools.call("Page.enable", null, session);
        devTools.call("Runtime.enable", null, session);
        for (String binding : List.of(postBinding, closeBinding)) {
            devTools.call("Runtime.addBinding", Json.object("name", binding), session);
        }
        devTools.call("Emulation.setScriptExecutionDisabled", Json.object("value", !javaScriptEnabled), session);
        installScripts(session);
        devTools.call("Target.setAutoAttach", Json.object("autoAttach", true, "waitForDebuggerOnStart", true, "flatten", true), session);
        devTools.send("Runtime.runIfWaitingForDebugger", null, session);
    }

    private void reinstallScripts() {
        // A dead renderer's page takes no script: the view cannot be used again.
        if (destroyed || rendererGone) return;
        for (String session : sessions) installScripts(session);
    }

    /** The injected objects first, then the app's document-start scripts in order. */
    private void installScripts(String session) {
        DevTools devTools = browser.devTools;
        for (String identifier : installedScripts.getOrDefault(session, List.of())) {
            devTools.send("Page.removeScriptToEvaluateOnNewDocument", Json.object("identifier", identifier), session);
        }
        List<String> sources = new ArrayList<>();
        JSONArray interfaces = new JSONArray();
        javascriptInterfaces.forEach((name, object) -> interfaces.put(Json.object("name", name, "methods", new JSONArray(JavaBridge.methods(object)))));
        sources.add(invocation(ChromiumScripts.CHROMIUM_WEB_VIEW, Json.object(
            "objectNames", new JSONArray(listeners.keySet()), "javascriptInterfaces", interfaces,
            "postBindingName", postBinding, "deliveryName", deliveryName, "closeBindingName", closeBinding,
            "backForwardCache", backForwardCacheEnabled)));
        for (Script script : scripts) {
            if (!script.removed) sources.add(script.source);
        }
        List<String> identifiers = new ArrayList<>();
        for (String source : sources) {
            identifiers.add(devTools.call("Page.addScriptToEvaluateOnNewDocument", Json.object("source", source), session).optString("identifier"));
        }
        installedScripts.put(session, identifiers);
    }

    private static String invocation(String script, JSONObject configuration) {
        return "(" + script + ")(" + configuration + ");";
    }

    private static void requireEveryOrigin(Set<String> rules) {
        if (!rules.equals(Set.of("*"))) {
            throw new UnsupportedOperationException("The emulated WebView supports the origin rule \"*\" only, not " + rules);
        }
    }

    /** Runtime.evaluate's result as evaluateJavascript reports it: the value's JSON, "null" for anything else. */
    private static String resultJson(JSONObject result) {
        JSONObject remote = result.optJSONObject("result");
        if (result.has("exceptionDetails") || remote == null || !remote.has("value")) return "null";
        Object value = remote.opt("value");
        try {
            if (value instanceof String text) return JSONObject.quote(text);
            if (value instanceof Number number) return JSONObject.numberToString(number);
            return String.valueOf(value);
        } catch (JSONException notFinite) {
            return "null";
        }
    }

    // MARK: Replies

    /** Delivers a reply channel's message in its frame, shown now, as JsReplyProxy.postMessage does. */
    void deliver(ReplyChannel channel, String kind, String payload) {
        if (destroyed || rendererGone) return;
        String script = invocation(ChromiumScripts.CHROMIUM_WEB_MESSAGE_REPLY, Json.object("deliveryName", deliveryName, "objectName", channel.objectName, "kind", kind, "payload", payload));
        FrameContext context = channel.context();
        browser.devTools.send("Runtime.evaluate", Json.object("expression", script, "contextId", context.id()), context.session());
    }

    void runOnUiThread(Runnable task) {
        if (ui.getLooper().isCurrentThread()) task.run();
        else ui.post(task);
    }
}
