// Android's androidx.webkit.WebSettingsCompat as the emulation declares it (checked against
// androidx's WebSettingsCompat.java and WebViewFeature.java, whose BACK_FORWARD_CACHE covers
// setBackForwardCacheEnabled and getBackForwardCacheEnabled, and Chromium's AwSettings and
// AwBackForwardCacheTest): the back-forward cache's setting, off by default, as on Android.
// UnsupportedOperationException when the feature is missing. Experimental in androidx
// (@ExperimentalBackForwardCache, an opt-in at error level that Android Lint enforces; the
// emulation has no Lint). The emulated WebView takes it before its first load only (WebViewEngine).
package androidx.webkit;

import android.webkit.WebSettings;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import today.emulation.ChromiumSettings;

public class WebSettingsCompat {
    private WebSettingsCompat() {
    }

    /** Denotes that the BackForwardCache API surface is experimental. */
    @Retention(RetentionPolicy.CLASS)
    @Target({ElementType.METHOD, ElementType.FIELD, ElementType.TYPE})
    public @interface ExperimentalBackForwardCache {
    }

    /** Whether Back and Forward restore pages from the back-forward cache instead of loading them again. */
    @ExperimentalBackForwardCache
    public static void setBackForwardCacheEnabled(WebSettings settings, boolean backForwardCacheEnabled) {
        WebViewFeature.require(WebViewFeature.BACK_FORWARD_CACHE);
        ChromiumSettings.of(settings).setBackForwardCacheEnabled(backForwardCacheEnabled);
    }

    @ExperimentalBackForwardCache
    public static boolean getBackForwardCacheEnabled(WebSettings settings) {
        WebViewFeature.require(WebViewFeature.BACK_FORWARD_CACHE);
        return ChromiumSettings.of(settings).getBackForwardCacheEnabled();
    }
}
