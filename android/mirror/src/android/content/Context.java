// Mirror of android.content.Context (developer.android.com/reference/android/content/Context):
// abstract on Android too; the glue only passes it to WebView's constructor, so the mirror
// declares none of its methods.
package android.content;

public abstract class Context {
}
