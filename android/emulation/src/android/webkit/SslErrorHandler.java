// Android's android.webkit.SslErrorHandler as the emulation declares it (checked against
// https://developer.android.com/reference/android/webkit/SslErrorHandler, API 35; AOSP's SslErrorHandler.java, whose constructor is hidden).
// Made by WebView only (abstract here: the emulation makes none); only named by WebViewClient.onReceivedSslError.
package android.webkit;

import android.os.Handler;
import android.os.Looper;

public abstract class SslErrorHandler extends Handler {
    SslErrorHandler(Looper looper) {
        super(looper);
    }

    public abstract void proceed();

    public abstract void cancel();
}
