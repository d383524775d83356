// Not androidx's: what androidx.webkit's mirror keeps for one web view (held by the WebView, see
// WebView.mirrorAndroidxState): its web message listeners and document-start scripts, each with
// the instant (MirrorFrame.tick) it came, and went, so that a document gets only what existed
// when it was created. Also the origin rules the fake understands: "*" and exact http(s) origins.
package androidx.webkit;

import android.webkit.WebView;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

final class MirrorRegistrations {
    record Listener(Set<String> rules, WebViewCompat.WebMessageListener listener, long added) {
    }

    static final class Script {
        final String source;
        final Set<String> rules;
        final long added;
        volatile long removed = Long.MAX_VALUE;

        Script(String source, Set<String> rules, long added) {
            this.source = source;
            this.rules = rules;
            this.added = added;
        }
    }

    final Map<String, Listener> listeners = new ConcurrentHashMap<>();
    final List<Script> scripts = new CopyOnWriteArrayList<>();

    static MirrorRegistrations of(WebView webView) {
        return (MirrorRegistrations) webView.mirrorAndroidxState(MirrorRegistrations::new);
    }

    /** Chromium refuses null or empty rules; the fake also refuses the valid rules it cannot match. */
    static Set<String> checkRules(Set<String> rules) {
        for (String rule : rules) {
            if (rule == null || rule.isEmpty()) throw new IllegalArgumentException("allowedOriginRules contains a null or empty rule");
            if (!rule.equals("*") && normalize(rule) == null) {
                throw new UnsupportedOperationException("The mirror matches only \"*\" and exact http(s) origins (scheme://host[:port]), not \"" + rule + "\"");
            }
        }
        return Set.copyOf(rules);
    }

    static boolean matches(Set<String> rules, String origin) {
        if (rules.contains("*")) return true;
        String normalized = normalize(origin);
        if (normalized == null) return false;
        for (String rule : rules) {
            if (normalized.equals(normalize(rule))) return true;
        }
        return false;
    }

    /** "scheme://host:port" (default port filled in) for an http(s) origin; null for anything else. */
    static String normalize(String origin) {
        URI uri;
        try {
            uri = new URI(origin);
        } catch (URISyntaxException | NullPointerException unparseable) {
            return null;
        }
        String scheme = uri.getScheme() == null ? null : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!"http".equals(scheme) && !"https".equals(scheme)) return null;
        if (uri.getHost() == null || uri.getRawUserInfo() != null || uri.getRawQuery() != null || uri.getRawFragment() != null) return null;
        if (uri.getRawPath() != null && !uri.getRawPath().isEmpty()) return null;
        int port = uri.getPort() != -1 ? uri.getPort() : scheme.equals("http") ? 80 : 443;
        return scheme + "://" + uri.getHost().toLowerCase(Locale.ROOT) + ":" + port;
    }
}
