// Mirror of android.net.Uri (developer.android.com/reference/android/net/Uri): abstract, made by
// parse; toString, getScheme, getHost, getPort. An origin Uri prints as "scheme://host[:port]",
// an opaque origin as "null".
package android.net;

import java.net.URI;

public abstract class Uri {
    public static Uri parse(String uriString) {
        return new StringUri(uriString);
    }

    public abstract String getScheme();

    public abstract String getHost();

    public abstract int getPort();

    private static final class StringUri extends Uri {
        private final String text;
        private final URI parsed;

        StringUri(String text) {
            this.text = text;
            URI uri;
            try {
                uri = new URI(text);
            } catch (Exception unparseable) {
                uri = null;
            }
            this.parsed = uri;
        }

        @Override public String getScheme() {
            return parsed == null ? null : parsed.getScheme();
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
