package today.bridge

import org.junit.Assert.assertEquals
import org.junit.Test

/**
 * The glue's reading of what Android tells of main documents: `onPageStarted` (posted at commit,
 * with the committed URL, for a new document or one restored from the back-forward cache) and
 * each document's messages, behind it, through a reply proxy of the document's own. The core
 * hears of each document once, with the URL it is judged by, before its messages; a restored
 * document is judged by its own URL again; no page makes a document current that is not shown.
 */
class MainDocumentsTest {
    private class Proxy(val name: String) {
        override fun toString() = name
    }

    private val log = mutableListOf<String>()
    private var visibleURL: String? = null
    private val documents = MainDocuments<Proxy, String>(object : MainDocuments.Reports {
        override fun documentBegins(url: String?) {
            log += "document $url"
        }

        override fun documentRestored(url: String?) {
            log += "restored $url"
        }

        override fun startingURL() = visibleURL
    }, { message -> log += message })

    private val a = "https://a.example"
    private val b = "https://b.example"

    private fun main(proxy: Proxy, text: String, origin: String = a) = documents.message(text, true, proxy, origin, text.length == 0)

    @Test fun `S4 onPageStarted first, then the document's messages`() {
        val first = Proxy("first")
        documents.pageStarted("$a/1")
        main(first, "")
        main(first, "hello")
        documents.message("from a frame", false, Proxy("frame"), a, false)
        assertEquals(listOf("document $a/1", "", "hello", "from a frame"), log)
    }

    @Test fun `S4 a document that never posts is reported once, and the next one pairs with its own onPageStarted`() {
        documents.pageStarted("$a/quiet")
        documents.pageStarted("$a/next")
        main(Proxy("next"), "hello")
        assertEquals(listOf("document $a/quiet", "document $a/next", "hello"), log)
    }

    @Test fun `S4 a document restored from the back-forward cache keeps its proxy, is shown again and judged by the URL of its page start`() {
        val first = Proxy("first")
        documents.pageStarted("$a/1")
        main(first, "")
        documents.pageStarted("$b/2")
        main(Proxy("second"), "", b)
        documents.pageStarted("$a/1#pushed")
        main(first, "")
        main(first, "back again")
        assertEquals(listOf("document $a/1", "", "document $b/2", "", "document $a/1#pushed", "restored $a/1#pushed", "", "back again"), log)
    }

    @Test fun `S4 a message through a left document's proxy is dropped, not taken for a restore, unless its own page start came`() {
        val trusted = Proxy("trusted")
        documents.pageStarted("$a/app")
        main(trusted, "")
        documents.pageStarted("$b/elsewhere")
        main(trusted, "while another origin's page start waits")
        main(Proxy("elsewhere"), "", b)
        main(trusted, "while another document is shown")
        assertEquals(listOf("document $a/app", "", "document $b/elsewhere", ""), log)
    }

    @Test fun `S4 the shown page posting the notice again, or a sub-frame posting it, changes nothing`() {
        val shown = Proxy("shown")
        documents.pageStarted("$a/1")
        main(shown, "")
        main(shown, "")
        documents.message("", false, Proxy("frame"), b, true)
        assertEquals(listOf("document $a/1", "", "", ""), log)
    }

    @Test fun `S4 C8 without onPageStarted, a new document begins with its notice, judged by the web view's URL when it is of the sender's origin`() {
        visibleURL = "$a/app/home"
        val first = Proxy("first")
        main(first, "")
        main(first, "hello")
        // A navigation the app started to another origin is under way: the URL is not this document's.
        visibleURL = "$a/app/next"
        main(Proxy("second"), "", b)
        // A first message that is not the shim's notice came after the page's scripts: never judged by the URL.
        main(Proxy("third"), "{\"id\":1}")
        assertEquals(listOf("document $a/app/home", "", "hello", "document null", "", "document null", "{\"id\":1}"), log)
    }

    @Test fun `S4 without onPageStarted, a document shown again restores itself with the URL it had, until page starts come again`() {
        visibleURL = "$a/app/1"
        val first = Proxy("first")
        main(first, "")
        visibleURL = "$b/2"
        val second = Proxy("second")
        main(second, "", b)
        main(first, "")
        documents.pageStarted("$a/3")
        main(Proxy("third"), "")
        main(second, "late", b)
        assertEquals(listOf("document $a/app/1", "", "document $b/2", "", "restored $a/app/1", "", "document $a/3", ""), log)
    }

    @Test fun `S4 onPageStarted that stops coming is noticed at the next document's first message`() {
        documents.pageStarted("$a/1")
        val first = Proxy("first")
        main(first, "")
        visibleURL = "$a/2"
        main(Proxy("second"), "")
        assertEquals(listOf("document $a/1", "", "document $a/2", ""), log)
    }

    @Test fun `C5 after the renderer is gone, the next document starts afresh and the old proxies are strangers`() {
        val before = Proxy("before")
        documents.pageStarted("$a/1")
        main(before, "before")
        documents.reset()
        documents.pageStarted("$a/2")
        val after = Proxy("after")
        main(after, "first")
        assertEquals(listOf("document $a/1", "before", "document $a/2", "first"), log)
    }
}
