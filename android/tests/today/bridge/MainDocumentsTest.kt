package today.bridge

import org.junit.Assert.assertEquals
import org.junit.Test

/**
 * The glue's reading of Android's two signals of a new main document (onPageStarted, posted, with
 * the committed URL; the document's first message, at once, with a reply proxy of its own), in
 * every order Android may give them: the core hears of each document once, with its committed
 * URL, before that document's messages.
 */
class MainDocumentsTest {
    private class Proxy(val name: String) {
        override fun toString() = name
    }

    private val log = mutableListOf<String>()
    private val documents = MainDocuments<Proxy, String>({ url -> log += "document $url" }, { message -> log += message })

    @Test fun `S4 onPageStarted first, then the document's messages`() {
        val first = Proxy("first")
        documents.pageStarted("https://a/1")
        documents.message("", true, first)
        documents.message("hello", true, first)
        documents.message("from a frame", false, Proxy("frame"))
        assertEquals(listOf("document https://a/1", "", "hello", "from a frame"), log)
    }

    @Test fun `S4 C8 the document's messages first wait for its onPageStarted, which reports it with its committed URL`() {
        val old = Proxy("old")
        documents.pageStarted("https://a/1")
        documents.message("old", true, old)
        val new = Proxy("new")
        documents.message("", true, new)
        documents.message("early", true, new)
        documents.message("early from a frame", false, Proxy("frame"))
        assertEquals(listOf("document https://a/1", "old"), log)
        documents.pageStarted("https://a/2")
        documents.message("later", true, new)
        assertEquals(listOf("document https://a/1", "old", "document https://a/2", "", "early", "early from a frame", "later"), log)
    }

    @Test fun `S4 a document that never posts is reported once, and the next one pairs with its own onPageStarted`() {
        documents.pageStarted("https://a/quiet")
        documents.pageStarted("https://a/next")
        val next = Proxy("next")
        documents.message("hello", true, next)
        assertEquals(listOf("document https://a/quiet", "document https://a/next", "hello"), log)
    }

    @Test fun `S4 a message from a document already replaced is dropped`() {
        val old = Proxy("old")
        documents.pageStarted("https://a/1")
        documents.message("old", true, old)
        documents.pageStarted("https://a/2")
        documents.message("new", true, Proxy("new"))
        documents.message("late from the old document", true, old)
        assertEquals(listOf("document https://a/1", "old", "document https://a/2", "new"), log)
    }

    @Test fun `C5 after the renderer is gone, the next document starts afresh`() {
        val before = Proxy("before")
        documents.pageStarted("https://a/1")
        documents.message("before", true, before)
        documents.message("", true, Proxy("held"))
        documents.reset()
        documents.message("from the dead renderer", true, before)
        val after = Proxy("after")
        documents.message("first", true, after)
        documents.pageStarted("https://a/2")
        assertEquals(listOf("document https://a/1", "before", "document https://a/2", "first"), log)
    }
}
