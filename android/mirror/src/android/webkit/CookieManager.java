// Mirror of android.webkit.CookieManager (developer.android.com/reference/android/webkit/CookieManager):
// abstract, one instance; setCookie with and without a callback, getCookie, flush. The fake keeps
// every setCookie in order and answers the callback on the main thread, as Android does.
// Declarations named mirror* are not Android's: they are the fake's controls, for tests.
package android.webkit;

import android.os.Handler;
import android.os.Looper;
import java.util.ArrayList;
import java.util.List;

public abstract class CookieManager {
    private static final CookieManager INSTANCE = new FakeCookieManager();

    public static CookieManager getInstance() {
        return INSTANCE;
    }

    public abstract void setCookie(String url, String value);

    public abstract void setCookie(String url, String value, ValueCallback<Boolean> callback);

    public abstract String getCookie(String url);

    public abstract void flush();

    /** Not Android's: every (url, value) given to setCookie, in order. */
    public abstract List<String[]> mirrorSetCookies();

    /** Not Android's: forgets every cookie. */
    public abstract void mirrorReset();

    private static final class FakeCookieManager extends CookieManager {
        private final List<String[]> cookies = new ArrayList<>();

        @Override public void setCookie(String url, String value) {
            setCookie(url, value, null);
        }

        @Override public void setCookie(String url, String value, ValueCallback<Boolean> callback) {
            synchronized (cookies) {
                cookies.add(new String[] {url, value});
            }
            if (callback != null) new Handler(Looper.getMainLooper()).post(() -> callback.onReceiveValue(true));
        }

        @Override public String getCookie(String url) {
            StringBuilder header = new StringBuilder();
            for (String[] cookie : mirrorSetCookies()) {
                if (!url.startsWith(cookie[0])) continue;
                if (header.length() > 0) header.append("; ");
                header.append(cookie[1].split(";", 2)[0]);
            }
            return header.length() == 0 ? null : header.toString();
        }

        @Override public void flush() {
        }

        @Override public List<String[]> mirrorSetCookies() {
            synchronized (cookies) {
                return new ArrayList<>(cookies);
            }
        }

        @Override public void mirrorReset() {
            synchronized (cookies) {
                cookies.clear();
            }
        }
    }
}
