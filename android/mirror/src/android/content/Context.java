// Mirror of android.content.Context (checked against
// https://developer.android.com/reference/android/content/Context, API 35). Declarations named
// mirror* are not Android's: they are the fake's controls for tests.
// Android's declares many abstract methods; the mirror declares none, so tests subclass it with
// `object : Context() {}`. The glue only hands it to WebView's constructor.
package android.content;

public abstract class Context {
    public Context() {
    }
}
