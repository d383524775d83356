// Mirror of android.webkit.RenderProcessGoneDetail (checked against
// https://developer.android.com/reference/android/webkit/RenderProcessGoneDetail, API 26+).
// Declarations named mirror* are not Android's: they are the fake's controls for tests.
package android.webkit;

public abstract class RenderProcessGoneDetail {
    /** Deprecated on Android: applications should not construct it. */
    @Deprecated
    public RenderProcessGoneDetail() {
    }

    public abstract boolean didCrash();

    public abstract int rendererPriorityAtExit();
}
