// Mirror of android.webkit.CookieManager (checked against
// https://developer.android.com/reference/android/webkit/CookieManager, API 35). Declarations
// named mirror* are not Android's: they are the fake's controls for tests.
// One instance (MirrorCookieManager). As in Chromium, a callback is answered on the calling
// thread's looper, so setCookie with a callback needs one (only the main thread has one here).
package android.webkit;

import java.util.ArrayList;
import java.util.List;

public abstract class CookieManager {
    private static final CookieManager INSTANCE = new MirrorCookieManager();
    /** Every (url, value) given to setCookie, in order; guarded by itself. */
    static final List<String[]> SET_COOKIES = new ArrayList<>();

    /** Deprecated on Android: applications use getInstance(). */
    @Deprecated
    public CookieManager() {
    }

    public static CookieManager getInstance() {
        return INSTANCE;
    }

    public abstract void setCookie(String url, String value);

    public abstract void setCookie(String url, String value, ValueCallback<Boolean> callback);

    public abstract String getCookie(String url);

    public abstract void flush();

    /** Not Android's: every (url, value) pair given to setCookie, in order. */
    public final List<String[]> mirrorSetCookies() {
        synchronized (SET_COOKIES) {
            List<String[]> copy = new ArrayList<>();
            for (String[] pair : SET_COOKIES) copy.add(pair.clone());
            return copy;
        }
    }

    /** Not Android's: forgets every cookie. */
    public final void mirrorReset() {
        synchronized (SET_COOKIES) {
            SET_COOKIES.clear();
        }
    }
}
