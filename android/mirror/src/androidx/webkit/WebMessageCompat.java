// Mirror of androidx.webkit.WebMessageCompat (checked against
// https://developer.android.com/reference/androidx/webkit/WebMessageCompat, androidx.webkit
// 1.12.1). Declarations named mirror* are not Android's: they are the fake's controls for tests.
// Only the String payload is mirrored; its getArrayBuffer throws as androidx's does.
package androidx.webkit;

public class WebMessageCompat {
    public static final int TYPE_STRING = 0;
    public static final int TYPE_ARRAY_BUFFER = 1;

    private final String data;

    public WebMessageCompat(String data) {
        this.data = data;
    }

    public String getData() {
        return data;
    }

    public int getType() {
        return TYPE_STRING;
    }

    public byte[] getArrayBuffer() {
        throw new IllegalStateException("Wrong data accessor type detected. String expected, but got ArrayBuffer");
    }
}
