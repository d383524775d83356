// androidx.webkit.WebViewAssetLoader (androidx.webkit 1.1+): Builder, PathHandler, AssetsPathHandler
// and shouldInterceptRequest(Uri), as the instrumented tests use them. Compile-only stub.
package androidx.webkit;

import android.content.Context;
import android.net.Uri;
import android.webkit.WebResourceResponse;

public final class WebViewAssetLoader {
    private WebViewAssetLoader() {}

    public WebResourceResponse shouldInterceptRequest(Uri url) { throw new UnsupportedOperationException("stub"); }

    public interface PathHandler {
        WebResourceResponse handle(String path);
    }

    public static final class AssetsPathHandler implements PathHandler {
        public AssetsPathHandler(Context context) { throw new UnsupportedOperationException("stub"); }
        @Override public WebResourceResponse handle(String path) { throw new UnsupportedOperationException("stub"); }
    }

    public static final class Builder {
        public Builder() {}
        public Builder setDomain(String domain) { throw new UnsupportedOperationException("stub"); }
        public Builder setHttpAllowed(boolean httpAllowed) { throw new UnsupportedOperationException("stub"); }
        public Builder addPathHandler(String path, PathHandler handler) { throw new UnsupportedOperationException("stub"); }
        public WebViewAssetLoader build() { throw new UnsupportedOperationException("stub"); }
    }
}
