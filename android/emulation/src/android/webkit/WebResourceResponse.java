// Android's android.webkit.WebResourceResponse as the emulation declares it (checked against
// https://developer.android.com/reference/android/webkit/WebResourceResponse, API 21).
// What WebViewClient.shouldInterceptRequest may answer; the emulation never asks for one.
package android.webkit;

import java.io.InputStream;

public class WebResourceResponse {
    private final String mimeType;
    private final String encoding;
    private final InputStream data;

    public WebResourceResponse(String mimeType, String encoding, InputStream data) {
        this.mimeType = mimeType;
        this.encoding = encoding;
        this.data = data;
    }

    public String getMimeType() {
        return mimeType;
    }

    public String getEncoding() {
        return encoding;
    }

    public InputStream getData() {
        return data;
    }
}
