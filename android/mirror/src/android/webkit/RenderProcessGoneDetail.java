// Mirror of android.webkit.RenderProcessGoneDetail (developer.android.com/reference/android/webkit/RenderProcessGoneDetail, API 26).
package android.webkit;

public abstract class RenderProcessGoneDetail {
    public abstract boolean didCrash();

    public abstract int rendererPriorityAtExit();
}
