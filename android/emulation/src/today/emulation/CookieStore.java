// Not Android's: the browser's cookie store behind the emulated android.webkit.CookieManager, read
// and written with DevTools' Storage domain (https://chromedevtools.github.io/devtools-protocol/tot/Storage/).
// setCookie takes a Set-Cookie header's value, as Android's does.
package today.emulation;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import org.json.JSONArray;
import org.json.JSONObject;

public final class CookieStore {
    private CookieStore() {
    }

    /** Stores the cookie {@code value} (a Set-Cookie header's value) for {@code url}; {@code done} gets whether it was stored, on the DevTools thread. */
    public static void set(String url, String value, Consumer<Boolean> done) {
        JSONObject cookie = parse(url, value);
        if (cookie == null) {
            done.accept(false);
            return;
        }
        Browser.shared().devTools.send("Storage.setCookies", Json.object("cookies", new JSONArray().put(cookie)), null)
            .whenComplete((result, failure) -> done.accept(failure == null));
    }

    /** The cookies a request to {@code url} would carry, as "name=value; name2=value2", or null for none. */
    public static String get(String url) {
        URI uri;
        try {
            uri = new URI(url);
        } catch (Exception unparseable) {
            return null;
        }
        if (uri.getHost() == null) return null;
        String host = uri.getHost().toLowerCase(Locale.ROOT);
        String path = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
        boolean secure = "https".equalsIgnoreCase(uri.getScheme());
        JSONArray cookies = Browser.shared().devTools.call("Storage.getCookies", null, null).optJSONArray("cookies");
        List<String> matching = new ArrayList<>();
        for (int index = 0; cookies != null && index < cookies.length(); index++) {
            JSONObject cookie = cookies.optJSONObject(index);
            String domain = cookie.optString("domain").toLowerCase(Locale.ROOT);
            boolean domainMatches = domain.startsWith(".") ? host.equals(domain.substring(1)) || host.endsWith(domain) : host.equals(domain);
            if (!domainMatches || !path.startsWith(cookie.optString("path", "/")) || (cookie.optBoolean("secure") && !secure)) continue;
            matching.add(cookie.optString("name") + "=" + cookie.optString("value"));
        }
        return matching.isEmpty() ? null : String.join("; ", matching);
    }

    /** Removes every cookie; {@code done} gets whether it did, on the DevTools thread. */
    public static void removeAll(Consumer<Boolean> done) {
        Browser.shared().devTools.send("Storage.clearCookies", null, null).whenComplete((result, failure) -> done.accept(failure == null));
    }

    /** A Set-Cookie header's value as DevTools' CookieParam; null when it has no name=value. */
    private static JSONObject parse(String url, String header) {
        String[] parts = header.split(";");
        int equals = parts[0].indexOf('=');
        if (equals <= 0) return null;
        JSONObject cookie = Json.object("name", parts[0].substring(0, equals).trim(), "value", parts[0].substring(equals + 1).trim(), "url", url);
        for (int index = 1; index < parts.length; index++) {
            String attribute = parts[index].trim();
            int split = attribute.indexOf('=');
            String name = (split < 0 ? attribute : attribute.substring(0, split)).trim().toLowerCase(Locale.ROOT);
            String value = split < 0 ? "" : attribute.substring(split + 1).trim();
            switch (name) {
                case "domain" -> Json.put(cookie, "domain", value);
                case "path" -> Json.put(cookie, "path", value);
                case "secure" -> Json.put(cookie, "secure", true);
                case "httponly" -> Json.put(cookie, "httpOnly", true);
                case "samesite" -> {
                    String sameSite = value.isEmpty() ? "" : value.substring(0, 1).toUpperCase(Locale.ROOT) + value.substring(1).toLowerCase(Locale.ROOT);
                    if (List.of("Strict", "Lax", "None").contains(sameSite)) Json.put(cookie, "sameSite", sameSite);
                }
                case "max-age" -> {
                    try {
                        Json.put(cookie, "expires", System.currentTimeMillis() / 1000.0 + Long.parseLong(value));
                    } catch (NumberFormatException ignored) {
                        // An unreadable Max-Age is ignored, as browsers ignore it.
                    }
                }
                default -> {
                }
            }
        }
        return cookie;
    }
}
