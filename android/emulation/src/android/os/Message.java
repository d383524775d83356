// Android's android.os.Message as the emulation declares it (checked against
// https://developer.android.com/reference/android/os/Message, API 35).
// Only named by the clients' callbacks (WebViewClient.onFormResubmission, WebChromeClient.onCreateWindow);
// the emulation never makes one (its constructor is not public here). Android's has fields and methods the glue never touches.
package android.os;

public final class Message {
    Message() {
    }

    /** Never reached: the emulation makes no Message (Android's sends it to its target Handler). */
    public void sendToTarget() {
        throw new UnsupportedOperationException("the emulation makes no Message");
    }
}
