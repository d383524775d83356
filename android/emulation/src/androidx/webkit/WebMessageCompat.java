// Android's androidx.webkit.WebMessageCompat as the emulation declares it (checked against
// androidx's WebMessageCompat.java, androidx.webkit 1.8+): a String or an ArrayBuffer payload.
// Each accessor checks the type first: getData() on an ArrayBuffer message, or getArrayBuffer() on
// a String message, throws IllegalStateException, as androidx's does.
package androidx.webkit;

import java.util.Objects;

public class WebMessageCompat {
    public static final int TYPE_STRING = 0;
    public static final int TYPE_ARRAY_BUFFER = 1;

    private final WebMessagePortCompat[] ports;
    private final String string;
    private final byte[] arrayBuffer;
    private final int type;

    public WebMessageCompat(String data) {
        this(data, null);
    }

    public WebMessageCompat(String data, WebMessagePortCompat[] ports) {
        string = data;
        arrayBuffer = null;
        this.ports = ports;
        type = TYPE_STRING;
    }

    /** Requires WEB_MESSAGE_ARRAY_BUFFER. */
    public WebMessageCompat(byte[] arrayBuffer) {
        this(arrayBuffer, null);
    }

    /** Requires WEB_MESSAGE_ARRAY_BUFFER. */
    public WebMessageCompat(byte[] arrayBuffer, WebMessagePortCompat[] ports) {
        this.arrayBuffer = Objects.requireNonNull(arrayBuffer);
        string = null;
        this.ports = ports;
        type = TYPE_ARRAY_BUFFER;
    }

    public int getType() {
        return type;
    }

    public byte[] getArrayBuffer() {
        checkType(TYPE_ARRAY_BUFFER);
        return arrayBuffer;
    }

    public String getData() {
        checkType(TYPE_STRING);
        return string;
    }

    public WebMessagePortCompat[] getPorts() {
        return ports;
    }

    private static String typeToString(int type) {
        return switch (type) {
            case TYPE_STRING -> "String";
            case TYPE_ARRAY_BUFFER -> "ArrayBuffer";
            default -> "Unknown";
        };
    }

    private void checkType(int typeForGetter) {
        if (typeForGetter != type) {
            throw new IllegalStateException("Wrong data accessor type detected. " + typeToString(type) + " expected, but got " + typeToString(typeForGetter));
        }
    }
}
