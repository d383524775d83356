// Android's android.webkit.HttpAuthHandler as the emulation declares it (checked against
// https://developer.android.com/reference/android/webkit/HttpAuthHandler, API 35; AOSP's HttpAuthHandler.java, whose constructor is hidden).
// Made by WebView only (abstract here: the emulation makes none); only named by WebViewClient.onReceivedHttpAuthRequest.
package android.webkit;

import android.os.Handler;
import android.os.Looper;

public abstract class HttpAuthHandler extends Handler {
    HttpAuthHandler(Looper looper) {
        super(looper);
    }

    public abstract boolean useHttpAuthUsernamePassword();

    public abstract void cancel();

    public abstract void proceed(String username, String password);
}
