// Android's android.webkit.ClientCertRequest as the emulation declares it (checked against
// https://developer.android.com/reference/android/webkit/ClientCertRequest, API 21).
// Abstract, made by WebView only; only named by WebViewClient.onReceivedClientCertRequest.
package android.webkit;

public abstract class ClientCertRequest {
    ClientCertRequest() {
    }

    public abstract String getHost();

    public abstract int getPort();

    public abstract void ignore();

    public abstract void cancel();
}
