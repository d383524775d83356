// Not Android's: the fake CookieManager.getInstance() returns. It records each setCookie; getCookie
// answers "name=value; ..." of the cookies set for a URL that is a prefix of the one asked (a
// rough stand-in for cookie matching).
package android.webkit;

import android.os.Handler;
import android.os.Looper;
import java.util.LinkedHashMap;
import java.util.Map;

final class MirrorCookieManager extends CookieManager {
    @SuppressWarnings("deprecation")
    MirrorCookieManager() {
    }

    @Override public void setCookie(String url, String value) {
        record(url, value);
    }

    @Override public void setCookie(String url, String value, ValueCallback<Boolean> callback) {
        if (callback != null && Looper.myLooper() == null) {
            throw new IllegalStateException("SetCookie must be called on a thread with a running Looper.");
        }
        record(url, value);
        if (callback != null) new Handler(Looper.myLooper()).post(() -> callback.onReceiveValue(true));
    }

    @Override public String getCookie(String url) {
        Map<String, String> byName = new LinkedHashMap<>();
        for (String[] pair : mirrorSetCookies()) {
            if (!url.startsWith(pair[0])) continue;
            String nameValue = pair[1].split(";", 2)[0].trim();
            byName.put(nameValue.split("=", 2)[0], nameValue);
        }
        return byName.isEmpty() ? null : String.join("; ", byName.values());
    }

    @Override public void flush() {
    }

    private static void record(String url, String value) {
        synchronized (SET_COOKIES) {
            SET_COOKIES.add(new String[] {url, value});
        }
    }
}
