// Mirror of androidx.webkit.WebMessageCompat (developer.android.com/reference/androidx/webkit/WebMessageCompat):
// a string message (getData, getType); getArrayBuffer throws for a string message, as androidx does.
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
