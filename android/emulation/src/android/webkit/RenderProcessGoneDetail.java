// Android's android.webkit.RenderProcessGoneDetail as the emulation declares it (checked against
// https://developer.android.com/reference/android/webkit/RenderProcessGoneDetail, API 26+).
package android.webkit;

public abstract class RenderProcessGoneDetail {
    /** Deprecated on Android: applications should not construct it. */
    @Deprecated
    public RenderProcessGoneDetail() {
    }

    public abstract boolean didCrash();

    public abstract int rendererPriorityAtExit();
}
