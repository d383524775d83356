// Android's android.webkit.CookieManager as the emulation declares it (checked against
// https://developer.android.com/reference/android/webkit/CookieManager, API 35, and Chromium's
// AwCookieManager): one instance for the process, over the browser's cookie store. As in Chromium,
// a callback is answered on the calling thread's looper, so a call with a callback needs one.
package android.webkit;

import android.os.Handler;
import android.os.Looper;
import today.emulation.CookieStore;

public abstract class CookieManager {
    /** Deprecated on Android: applications use getInstance(). */
    @Deprecated
    public CookieManager() {
    }

    public static CookieManager getInstance() {
        return Instance.SHARED;
    }

    public abstract void setCookie(String url, String value);

    public abstract void setCookie(String url, String value, ValueCallback<Boolean> callback);

    public abstract String getCookie(String url);

    public abstract void removeAllCookies(ValueCallback<Boolean> callback);

    public abstract void flush();

    /** The emulation's one CookieManager. */
    private static final class Instance extends CookieManager {
        @SuppressWarnings("deprecation")
        static final CookieManager SHARED = new Instance();

        @SuppressWarnings("deprecation")
        private Instance() {
        }

        @Override public void setCookie(String url, String value) {
            CookieStore.set(url, value, stored -> { });
        }

        @Override public void setCookie(String url, String value, ValueCallback<Boolean> callback) {
            CookieStore.set(url, value, answerer(callback));
        }

        @Override public String getCookie(String url) {
            return CookieStore.get(url);
        }

        @Override public void removeAllCookies(ValueCallback<Boolean> callback) {
            CookieStore.removeAll(answerer(callback));
        }

        @Override public void flush() {
        }

        /** Answers {@code callback} on the calling thread's looper, which it must have. */
        private static java.util.function.Consumer<Boolean> answerer(ValueCallback<Boolean> callback) {
            if (callback == null) return done -> { };
            Looper looper = Looper.myLooper();
            if (looper == null) throw new IllegalStateException("CookieManager: a callback needs a thread with a running Looper.");
            Handler handler = new Handler(looper);
            return done -> handler.post(() -> callback.onReceiveValue(done));
        }
    }
}
