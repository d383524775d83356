// Not Android's: the WebSettings of an emulated WebView, as Chromium's ContentSettingsAdapter is over
// AwSettings: androidx.webkit's WebSettingsCompat reaches the back-forward cache's setting through it,
// as androidx reaches AwSettings (WebSettingsAdapter). Called on the WebView's thread only (Android
// also allows others: less than Android, never more).
package today.emulation;

import android.webkit.WebSettings;

public final class ChromiumSettings extends WebSettings {
    private final WebViewEngine engine;
    private final Runnable checkThread;

    /** The settings of {@code engine}'s web view; {@code checkThread} throws off the WebView's thread. */
    public ChromiumSettings(WebViewEngine engine, Runnable checkThread) {
        this.engine = engine;
        this.checkThread = checkThread;
    }

    /** The emulation's settings behind {@code settings}, which an emulated WebView made. */
    public static ChromiumSettings of(WebSettings settings) {
        return (ChromiumSettings) settings;
    }

    @Override public void setJavaScriptEnabled(boolean flag) {
        checkThread.run();
        engine.setJavaScriptEnabled(flag);
    }

    @Override public boolean getJavaScriptEnabled() {
        return engine.isJavaScriptEnabled();
    }

    public void setBackForwardCacheEnabled(boolean enabled) {
        checkThread.run();
        engine.setBackForwardCacheEnabled(enabled);
    }

    public boolean getBackForwardCacheEnabled() {
        return engine.isBackForwardCacheEnabled();
    }
}
