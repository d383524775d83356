// Android's android.net.Uri as the emulation declares it (checked against
// https://developer.android.com/reference/android/net/Uri, API 35).
// Abstract with a private constructor, as on Android; parse keeps the text (toString) and reads
// scheme, host and port with java.net.URI where it can (else null, null, -1).
package android.net;

import java.net.URI;
import java.net.URISyntaxException;

public abstract class Uri {
    private Uri() {
    }

    public static Uri parse(String uriString) {
        return new StringUri(uriString);
    }

    public abstract String getScheme();

    public abstract String getHost();

    public abstract int getPort();

    @Override public abstract String toString();

    private static final class StringUri extends Uri {
        private final String text;
        private final URI parsed;

        StringUri(String text) {
            if (text == null) throw new NullPointerException("uriString");  // as Android's StringUri
            this.text = text;
            URI uri;
            try {
                uri = new URI(text);
            } catch (URISyntaxException unparseable) {
                uri = null;
            }
            parsed = uri;
        }

        @Override public String getScheme() {
            if (parsed != null) return parsed.getScheme();
            int colon = text.indexOf(':');
            return colon > 0 ? text.substring(0, colon) : null;
        }

        @Override public String getHost() {
            return parsed == null ? null : parsed.getHost();
        }

        @Override public int getPort() {
            return parsed == null ? -1 : parsed.getPort();
        }

        @Override public String toString() {
            return text;
        }
    }
}
