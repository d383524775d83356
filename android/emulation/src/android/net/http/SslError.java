// Android's android.net.http.SslError as the emulation declares it (checked against
// https://developer.android.com/reference/android/net/http/SslError, API 35).
// Only named by WebViewClient.onReceivedSslError; the emulation never makes one.
package android.net.http;

public class SslError {
    SslError() {
    }
}
