// Not Android's: what stands behind one emulated android.webkit.WebView (AOSP's WebViewProvider,
// Chromium's AwContents): one page target of the shared Browser, driven over the DevTools
// protocol, offering exactly what Android's WebView offers and nothing more convenient. Checked
// against Chromium's android_webview (AwContents, AwWebContentsObserver,
// AwContentsClientCallbackHelper, WebMessageListenerHolder, JsReplyProxy) and
// components/js_injection (js_binding.cc, js_to_browser_messaging.cc):
//
// - Every DevTools event is handled on the WebView's thread, in arrival order: a web message
//   listener is called there directly, while onPageStarted is posted (AwContentsClientCallbackHelper),
//   after the new main-frame document's document-start scripts have run, so what they post reaches
//   the listener first, as it can on Android. onPageFinished is posted after the load event.
// - addWebMessageListener and addDocumentStartJavaScript reach documents created afterwards; each
//   document's injected object has one reply channel (JavaScriptReplyProxy), which drops what is
//   posted once the document is gone; a reply runs in that frame only.
// - getUrl() is the visible URL: a navigation the app started (loadUrl) until it commits, else the
//   committed URL. While such a navigation waits, DevTools holds what the emulation sends the page
//   (a reply, evaluateJavascript) until it commits, so a reply to the old document in that window
//   is lost, where Android delivers it: less than Android, never more.
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
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.function.Supplier;
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

    /** One frame's JavaScript context (its default world): where a message came from, where a reply goes. */
    private record Context(String session, int id, String frameId, String origin) {
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
    private final String startedBinding;
    private final String deliveryName;
    private final String target;
    private final String pageSession;
    private final List<String> sessions = new ArrayList<>();
    private final Map<String, List<String>> installedScripts = new HashMap<>();
    private final Map<String, MessageListener> listeners = new LinkedHashMap<>();
    private final Map<String, Object> javascriptInterfaces = new LinkedHashMap<>();
    private final List<Script> scripts = new ArrayList<>();
    private final Map<String, Context> contexts = new HashMap<>();
    private final Map<String, ReplyChannel> channels = new HashMap<>();
    private String mainFrameId;
    private String committedUrl;
    private String pendingUrl;
    private boolean pageStartedPosted = true;
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
        startedBinding = prefix + "Started";
        deliveryName = prefix + "Deliver";
        target = browser.devTools.call("Target.createTarget", Json.object("url", "about:blank"), null).optString("targetId");
        mainFrameId = target;
        browser.register(target, this);
        pageSession = browser.devTools.call("Target.attachToTarget", Json.object("targetId", target, "flatten", true), null)
            .optString("sessionId");
        browser.registerSession(pageSession, this);
        sessions.add(pageSession);
        setUp(pageSession);
    }

    // MARK: What WebView and androidx.webkit call, on the WebView's thread

    public void loadUrl(String url) {
        if (destroyed || rendererGone) return;
        pendingUrl = url;
        browser.devTools.send("Page.navigate", Json.object("url", url), pageSession).whenComplete((result, failure) -> {
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
        Context main = mainContext();
        if (main != null) Json.put(params, "contextId", main.id);
        browser.devTools.send("Runtime.evaluate", params, pageSession).whenComplete((result, failure) -> {
            if (callback == null) return;
            String value = failure != null ? "null" : resultJson(result);
            ui.post(() -> {
                if (!destroyed) callback.accept(value);
            });
        });
    }

    public boolean isJavaScriptEnabled() {
        return javaScriptEnabled;
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
        detachEveryChannel();
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
            case "Page.frameNavigated" -> frameNavigated(session, params.optJSONObject("frame"));
            case "Page.navigatedWithinDocument" -> {
                if (session.equals(pageSession) && params.optString("frameId").equals(mainFrameId)) committedUrl = params.optString("url");
            }
            case "Page.domContentEventFired" -> {
                if (session.equals(pageSession)) postPageStarted();
            }
            case "Page.loadEventFired" -> {
                if (!session.equals(pageSession)) return;
                postPageStarted();
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

    /** The main frame committed a new document (Page.frameNavigated without a parent). */
    private void frameNavigated(String session, JSONObject frame) {
        if (frame == null || !session.equals(pageSession) || frame.has("parentId")) return;
        mainFrameId = frame.optString("id");
        committedUrl = frame.optString("url") + frame.optString("urlFragment", "");
        pendingUrl = null;
        pageStartedPosted = false;
        if (!javaScriptEnabled) postPageStarted();
    }

    /** WebViewClient.onPageStarted for the current main document, once, posted as Android posts it. */
    private void postPageStarted() {
        if (pageStartedPosted) return;
        pageStartedPosted = true;
        String url = committedUrl;
        ui.post(() -> {
            if (!destroyed && !rendererGone) clients.onPageStarted(url);
        });
    }

    private void bindingCalled(String session, JSONObject params) {
        String name = params.optString("name");
        Context context = contexts.get(contextKey(session, params.optInt("executionContextId")));
        boolean isMainFrame = context != null && session.equals(pageSession) && context.frameId.equals(mainFrameId);
        if (name.equals(closeBinding)) {
            if (isMainFrame && !rendererGone) clients.onCloseWindow();
        } else if (name.equals(startedBinding)) {
            if (isMainFrame) postPageStarted();
        } else if (name.equals(postBinding) && context != null) {
            posted(context, isMainFrame, params.optString("payload"));
        }
    }

    /** A message from an injected object: {@code s|b}, the object's name as {@code <length>:<name>}, then the payload. */
    private void posted(Context context, boolean isMainFrame, String text) {
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
        ReplyChannel channel = channels.computeIfAbsent(contextKey(context.session, context.id) + "/" + objectName,
            key -> new ReplyChannel(this, context, objectName));
        listener.onPostMessage(payload, context.origin, isMainFrame, channel);
    }

    private void renderProcessGone(boolean didCrash) {
        if (rendererGone || destroyed) return;
        rendererGone = true;
        detachEveryChannel();
        contexts.clear();
        if (!clients.onRenderProcessGone(didCrash)) {
            throw new RuntimeException("Render process's crash wasn't handled by all associated webviews, triggering application crash.");
        }
    }

    // MARK: Frames and their contexts

    private void contextCreated(String session, JSONObject context) {
        if (context == null) return;
        JSONObject aux = context.optJSONObject("auxData");
        if (aux == null || !aux.optBoolean("isDefault")) return;
        int id = context.optInt("id");
        contexts.put(contextKey(session, id), new Context(session, id, aux.optString("frameId"), originOf(context.optString("origin"))));
    }

    private void contextDestroyed(String session, int id) {
        contexts.remove(contextKey(session, id));
        String prefix = contextKey(session, id) + "/";
        detachChannels(key -> key.startsWith(prefix));
    }

    private void contextsCleared(String session) {
        contexts.values().removeIf(context -> context.session.equals(session));
        detachChannels(key -> key.startsWith(session + "#"));
    }

    private Context mainContext() {
        for (Context context : contexts.values()) {
            if (context.session.equals(pageSession) && context.frameId.equals(mainFrameId)) return context;
        }
        return null;
    }

    /** The origin as Android reports it: "null" for an opaque one, and for local schemes (js_to_browser_messaging.cc). */
    private static String originOf(String origin) {
        if (origin.isEmpty() || origin.equals("null") || origin.startsWith("file:") || !origin.contains("://")) return "null";
        return origin;
    }

    private static String contextKey(String session, int id) {
        return session + "#" + id;
    }

    private void detachEveryChannel() {
        detachChannels(key -> true);
    }

    private void detachChannels(Predicate<String> which) {
        for (Iterator<Map.Entry<String, ReplyChannel>> entries = channels.entrySet().iterator(); entries.hasNext(); ) {
            Map.Entry<String, ReplyChannel> entry = entries.next();
            if (!which.test(entry.getKey())) continue;
            entry.getValue().detached = true;
            entries.remove();
        }
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
        for (String binding : List.of(postBinding, closeBinding, startedBinding)) {
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

    /** The injected objects first, then the app's document-start scripts in order, then the document-started notice. */
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
            "postBindingName", postBinding, "deliveryName", deliveryName, "closeBindingName", closeBinding)));
        for (Script script : scripts) {
            if (!script.removed) sources.add(script.source);
        }
        sources.add(invocation(ChromiumScripts.CHROMIUM_DOCUMENT_STARTED, Json.object("bindingName", startedBinding)));
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

    /** Delivers a reply channel's message in its frame, as JsReplyProxy.postMessage does. */
    void deliver(ReplyChannel channel, String kind, String payload) {
        if (channel.detached || destroyed || rendererGone) return;
        String script = invocation(ChromiumScripts.CHROMIUM_WEB_MESSAGE_REPLY, Json.object("deliveryName", deliveryName, "objectName", channel.objectName, "kind", kind, "payload", payload));
        browser.devTools.send("Runtime.evaluate", Json.object("expression", script, "contextId", channel.context.id), channel.context.session);
    }

    void runOnUiThread(Runnable task) {
        if (ui.getLooper().isCurrentThread()) task.run();
        else ui.post(task);
    }

    /**
     * The reply route of one injected object in one document (Chromium's JsReplyProxy): posts run
     * on the WebView's thread, in that frame only; once the document is gone they are dropped.
     */
    public static final class ReplyChannel {
        private final WebViewEngine engine;
        private final Context context;
        private final String objectName;
        private volatile boolean detached;
        private Object peer;

        private ReplyChannel(WebViewEngine engine, Context context, String objectName) {
            this.engine = engine;
            this.context = context;
            this.objectName = objectName;
        }

        public void post(String message) {
            engine.runOnUiThread(() -> engine.deliver(this, "s", message));
        }

        public void post(byte[] message) {
            String payload = Base64.getEncoder().encodeToString(message);
            engine.runOnUiThread(() -> engine.deliver(this, "b", payload));
        }

        /** The one androidx object for this channel, made on first use (as Chromium's getOrCreatePeer). */
        public synchronized Object peer(Supplier<?> create) {
            if (peer == null) peer = create.get();
            return peer;
        }

        @Override public String toString() {
            return "ReplyChannel(" + objectName + " in context " + context.id + ")";
        }
    }
}
