// Not Android's: what one web view's engine keeps of the documents Chromium may hold in its
// back-forward cache: their reply channels, by the uniqueId of the context each belonged to.
// DevTools clears a page's contexts when its main frame commits another document (and detaches its
// sub-frames in other processes), and reports the same contexts (same uniqueId) again when Chromium
// restores the page from its cache: the page's before the restore's Page.frameNavigated
// (BackForwardCacheRestore), a sub-frame's in another process in a new session, maybe after it. Chromium does not say when it evicts
// a page: a document it evicted is never reported again, and its channels are let go once newer
// documents take its place here.
package today.emulation;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

final class BackForwardCache {
    /**
     * How many left documents' channels are kept, sub-frames' included: far more than Chromium
     * caches per tab (its default cache size is 6 pages,
     * content/browser/renderer_host/back_forward_cache_impl.cc), so that every page Chromium can
     * restore finds its channels.
     */
    private static final int KEPT = 64;

    private final Map<String, List<ReplyChannel>> documents = new LinkedHashMap<>();

    /** A context left with its document: its channels hold what is posted to them. */
    void keep(String uniqueId, List<ReplyChannel> channels) {
        channels.forEach(ReplyChannel::cache);
        documents.put(uniqueId, channels);
        for (Iterator<List<ReplyChannel>> oldest = documents.values().iterator(); documents.size() > KEPT; ) {
            oldest.next().forEach(ReplyChannel::detach);
            oldest.remove();
        }
    }

    /** The channels of a context Chromium reports again, restored; null when it kept none. */
    List<ReplyChannel> restore(String uniqueId) {
        return documents.remove(uniqueId);
    }

    /** The renderer or the web view is gone, and every cached document with it. */
    void clear() {
        documents.values().forEach(channels -> channels.forEach(ReplyChannel::detach));
        documents.clear();
    }
}
