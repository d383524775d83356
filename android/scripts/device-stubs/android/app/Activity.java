// android.app.Activity (API 1; a Context through ContextThemeWrapper): the members the consumer sample uses. Compile-only stub.
package android.app;

import android.content.Context;
import android.os.Bundle;
import android.webkit.WebView;

public class Activity extends Context {
    protected void onCreate(Bundle savedInstanceState) { throw new UnsupportedOperationException("stub"); }
    protected void onDestroy() { throw new UnsupportedOperationException("stub"); }
    // Android's takes a View; the emulation's WebView is no View (android/emulation), so here it takes a WebView.
    public void setContentView(WebView view) { throw new UnsupportedOperationException("stub"); }
}
