// Android's android.content.Context as the emulation declares it (checked against
// https://developer.android.com/reference/android/content/Context, API 35).
// Android's declares many abstract methods; the emulation declares none, so tests subclass it with
// `object : Context() {}`. The glue only hands it to WebView's constructor.
package android.content;

public abstract class Context {
    public Context() {
    }
}
