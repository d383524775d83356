// Android's android.webkit.WebSettings as the emulation declares it (checked against
// https://developer.android.com/reference/android/webkit/WebSettings, API 35): abstract, obtained
// with WebView.getSettings(). Only JavaScript's setting is emulated; it is off by default, as on
// Android. (androidx's WebSettingsCompat adds the back-forward cache's, through today.emulation's
// ChromiumSettings.)
package android.webkit;

public abstract class WebSettings {
    public abstract void setJavaScriptEnabled(boolean flag);

    public abstract boolean getJavaScriptEnabled();
}
