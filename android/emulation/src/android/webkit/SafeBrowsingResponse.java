// Android's android.webkit.SafeBrowsingResponse as the emulation declares it (checked against
// https://developer.android.com/reference/android/webkit/SafeBrowsingResponse, API 27).
// Abstract, made by WebView only; only named by WebViewClient.onSafeBrowsingHit.
package android.webkit;

public abstract class SafeBrowsingResponse {
    SafeBrowsingResponse() {
    }

    public abstract void showInterstitial(boolean allowReporting);

    public abstract void proceed(boolean report);

    public abstract void backToSafety(boolean report);
}
