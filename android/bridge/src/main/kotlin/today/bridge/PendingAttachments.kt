package today.bridge

import java.util.WeakHashMap

/**
 * The `ArrayBuffer` web messages each frame posted since its last text (B2, the attachments form):
 * the shim posts a message's attachments, in order, right before the text that names them and
 * carries their number, all on the frame's one reply proxy, whose messages Android delivers in
 * order. The next text from the same proxy takes them all ([take]), and the core refuses it unless
 * their number is the one it carries: a frame's `ArrayBuffer`s never reach another frame's message,
 * and a stray or out-of-order one makes the frame's next text refused, never read with bytes it
 * did not post.
 *
 * Memory is bounded by the message limit [maxBytes], each attachment counted with the least text
 * that names it (`{"__today.bytes":0}`): a frame holds at most that much, and the sub-frames
 * together at most that much again, so a sub-frame cannot take the main frame's room. Past it the
 * frame's `ArrayBuffer`s are dropped, and every one it posts until its next text, which then comes
 * without them; [report] says so. On the web view's thread.
 */
internal class PendingAttachments<Route : Any>(private val maxBytes: Long, private val report: (String) -> Unit) {
    private class Frame(val isMainFrame: Boolean) {
        val list = ArrayList<ByteArray>()
        var bytes = 0L
        /** Past the limit: the frame's `ArrayBuffer`s are dropped until its next text. */
        var dropping = false
    }

    /** By reply proxy, weakly: a frame whose document is gone takes its `ArrayBuffer`s with it. */
    private val frames = WeakHashMap<Route, Frame>()

    /** An `ArrayBuffer` [route] posted. */
    fun add(route: Route, isMainFrame: Boolean, bytes: ByteArray) {
        val frame = frames.getOrPut(route) { Frame(isMainFrame) }
        if (frame.dropping) return
        val cost = bytes.size + NAMING_TEXT
        var subFrames = 0L
        if (!frame.isMainFrame) for (other in frames.values) if (!other.isMainFrame) subFrames += other.bytes
        if (frame.bytes + cost > maxBytes || subFrames + cost > maxBytes) {
            val count = frame.list.size + 1
            frame.list.clear()
            frame.bytes = 0
            frame.dropping = true
            report("${if (isMainFrame) "the main frame" else "a sub-frame"} posted ArrayBuffers past the message limit before a text: $count dropped, and its next message is read without them")
            return
        }
        frame.list.add(bytes)
        frame.bytes += cost
    }

    /** What [route] posted since its last text, for the text it posts now (null for none). */
    fun take(route: Route): Array<ByteArray>? {
        val frame = frames.remove(route) ?: return null
        return if (frame.list.isEmpty()) null else frame.list.toTypedArray()
    }

    /** Every document is gone (the renderer died). */
    fun clear() = frames.clear()

    private companion object {
        /** The least text that names an attachment: `{"__today.bytes":0}`. */
        const val NAMING_TEXT = 19
    }
}
