package today.bridge

import android.graphics.Bitmap
import android.webkit.WebView
import android.webkit.WebViewClient
import androidx.webkit.JavaScriptReplyProxy
import androidx.webkit.WebMessageCompat
import androidx.webkit.WebSettingsCompat
import androidx.webkit.WebViewCompat
import org.json.JSONObject
import org.junit.After
import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Assert.assertNotSame
import org.junit.Assert.assertSame
import org.junit.Assert.assertTrue
import org.junit.Test
import java.util.concurrent.CopyOnWriteArrayList
import java.util.concurrent.LinkedBlockingQueue
import java.util.concurrent.TimeUnit

/**
 * The emulation of Android's WebView itself, without the glue: what Android does on navigations
 * (android_webview's AwWebContentsObserver and AwBackForwardCacheTest, components/js_injection),
 * each checked to fail on the emulation as it was before. Every test drives the web view as an app
 * does, through Android's API.
 */
class WebViewEmulationTest {
    /** The test server, whose certificate the browser must know before it starts. */
    private val origin = TestServer.origin
    /** What the app heard, in the order Android called it, on the UI thread. */
    private val heard = CopyOnWriteArrayList<String>()
    /** Each message the listener got from the main frame, and from sub-frames, with the reply proxy it came with. */
    private val messages = LinkedBlockingQueue<Pair<String, JavaScriptReplyProxy>>()
    private val frameMessages = LinkedBlockingQueue<Pair<String, JavaScriptReplyProxy>>()
    private val views = mutableListOf<WebView>()

    @After fun close() {
        onMain { views.forEach { it.destroy() } }
        assertNothingThrownOnMain()
    }

    // Issue 33, 5: WebViewCompat required the main looper, where androidx compares the web view's own
    // (WebView.getWebViewLooper(), API 28); a web view made on another looper thread could not be used.
    @Test fun `a web view belongs to the looper thread it was made on, which need not be the main one (getWebViewLooper)`() {
        val view = OtherThread.run { WebView(TestContext()) }
        try {
            assertSame(OtherThread.looper, view.webViewLooper)
            OtherThread.run { WebViewCompat.addDocumentStartJavaScript(view, "void 0", setOf("*")) }
            val refused = onMain {
                try {
                    WebViewCompat.addDocumentStartJavaScript(view, "void 0", setOf("*"))
                    null
                } catch (expected: RuntimeException) {
                    expected
                }
            }
            assertTrue(refused.toString(), refused?.message?.contains("All WebView methods must be called on the same thread") == true)
        } finally {
            OtherThread.run { view.destroy() }
        }
    }

    /**
     * A web view with JavaScript on, a client recording page starts and finishes, a listener
     * `probe` recording messages, and a document-start script posting `start <path>` and, on each
     * `pageshow`, `pageshow <persisted>` from the top frame.
     */
    private fun webView(backForwardCache: Boolean = false): WebView = onMain {
        val view = WebView(TestContext())
        view.settings.javaScriptEnabled = true
        if (backForwardCache) WebSettingsCompat.setBackForwardCacheEnabled(view.settings, true)
        view.webViewClient = object : WebViewClient() {
            override fun onPageStarted(view: WebView, url: String?, favicon: Bitmap?) {
                heard += "started $url"
            }

            override fun onPageFinished(view: WebView, url: String?) {
                heard += "finished $url"
            }
        }
        WebViewCompat.addWebMessageListener(view, "probe", setOf("*")) { _: WebView, message: WebMessageCompat, _, isMainFrame: Boolean, proxy: JavaScriptReplyProxy ->
            if (isMainFrame) heard += "message ${message.data}"
            (if (isMainFrame) messages else frameMessages).add(message.data!! to proxy)
        }
        WebViewCompat.addDocumentStartJavaScript(view, """if (window === window.top) {
            window.starts = (window.starts || 0) + 1;
            probe.postMessage('start ' + location.pathname);
            addEventListener('pageshow', (event) => probe.postMessage('pageshow ' + event.persisted));
            probe.onmessage = (event) => { (window.received = window.received || []).push(event.data); };
          }""", setOf("*"))
        views += view
        view
    }

    /** The next main-frame message (or [from] another queue's) whose text is [text], and its proxy; the ones before it are passed over. */
    private fun message(text: String, from: LinkedBlockingQueue<Pair<String, JavaScriptReplyProxy>> = messages): JavaScriptReplyProxy {
        while (true) {
            val (got, proxy) = from.poll(60, TimeUnit.SECONDS) ?: throw AssertionError("no message \"$text\"")
            if (got == text) return proxy
        }
    }

    private fun evaluate(view: WebView, script: String): String? {
        val result = LinkedBlockingQueue<String>()
        onMain { view.evaluateJavascript(script) { result.add(it) } }
        return result.poll(10, TimeUnit.SECONDS)
    }

    private fun load(view: WebView, path: String, html: String = ""): String {
        val url = TestServer.page(path, html)
        onMain { view.loadUrl(url) }
        message("start $path")
        return url
    }

    @Test fun `S4 onPageStarted is posted at commit, before the new document's first message reaches the listener`() {
        val view = webView()
        val first = load(view, "/emulation/order-1")
        val second = load(view, "/emulation/order-2")
        for ((url, path) in listOf(first to "/emulation/order-1", second to "/emulation/order-2")) {
            val started = heard.indexOf("started $url")
            assertTrue("$heard", started >= 0 && started < heard.indexOf("message start $path"))
        }
    }

    @Test fun `S4 with the back-forward cache off, WebView's default, Back loads the page again, a new document with a new window object and reply proxy`() {
        val view = webView()
        val url = load(view, "/emulation/off-a")
        val before = message("pageshow false")
        evaluate(view, "window.marker = 'the first document'")
        load(view, "/emulation/off-b")
        message("pageshow false")
        onMain { view.goBack() }
        message("start /emulation/off-a")
        val after = message("pageshow false")
        assertNotSame(before, after)
        assertEquals("null", evaluate(view, "window.marker"))
        assertEquals(url, onMain { view.url })
        assertFalse(onMain { WebSettingsCompat.getBackForwardCacheEnabled(view.settings) })
    }

    @Test fun `S4 with the back-forward cache on, Back restores the page with its window object and reply proxy, pageshow persisted, onPageStarted before its messages and no onPageFinished`() {
        val view = webView(backForwardCache = true)
        val url = load(view, "/emulation/on-a", "<script>window.marker = Math.random()</script>")
        val before = message("pageshow false")
        val marker = evaluate(view, "window.marker")
        val next = load(view, "/emulation/on-b")
        message("pageshow false")
        val shownBefore = heard.size
        onMain { view.goBack() }
        val after = message("pageshow true")
        assertSame(before, after)
        assertEquals(marker, evaluate(view, "window.marker"))
        assertEquals("no document-start script runs again", "1", evaluate(view, "window.starts"))
        // The next page's page start is Android's next word: nothing came between, no onPageFinished.
        load(view, "/emulation/on-c")
        val restored = heard.subList(shownBefore, heard.indexOf("started $origin/emulation/on-c"))
        assertEquals(listOf("started $url", "message pageshow true"), restored.filter { !it.startsWith("finished $next") })
    }

    @Test fun `S4 what is posted to a page in the back-forward cache reaches it when it is shown again`() {
        val view = webView(backForwardCache = true)
        load(view, "/emulation/held-a")
        val proxy = message("pageshow false")
        load(view, "/emulation/held-b")
        message("pageshow false")
        onMain { proxy.postMessage("while cached") }
        onMain { view.goBack() }
        message("pageshow true")
        assertEquals("[\"while cached\"]", eventually("the held message") { evaluate(view, "JSON.stringify(window.received || null)").takeIf { it != "\"null\"" } }.let { JSONObject("{\"r\":$it}").getString("r") })
    }

    @Test fun `S4 a sub-frame in another process keeps its reply proxy through the back-forward cache, and gets what was posted to it while cached`() {
        val view = webView(backForwardCache = true)
        val frame = TestServer.page("/emulation/cached-frame", """<script>
            probe.onmessage = (event) => parent.postMessage(event.data, '*');
            addEventListener('message', () => probe.postMessage('frame asked'));
            probe.postMessage('frame loaded');
            </script>""").replace(origin, TestServer.otherOrigin)
        load(view, "/emulation/cached-parent", """<iframe src="$frame"></iframe><script>
            addEventListener('message', (event) => { (window.fromFrame = window.fromFrame || []).push(event.data); });
            </script>""")
        val before = message("frame loaded", from = frameMessages)
        load(view, "/emulation/cached-away")
        onMain { before.postMessage("while cached") }
        onMain { view.goBack() }
        message("pageshow true")
        assertEquals("[\"while cached\"]", eventually("the held message") { evaluate(view, "JSON.stringify(window.fromFrame || null)").takeIf { it != "\"null\"" } }.let { JSONObject("{\"r\":$it}").getString("r") })
        evaluate(view, "frames[0].postMessage('ask', '*')")
        assertSame(before, message("frame asked", from = frameMessages))
    }

    @Test fun `S4 the back-forward cache's setting is the app's before the first load, and the emulation refuses it later`() {
        val view = webView()
        load(view, "/emulation/setting")
        val refused = onMain {
            try {
                WebSettingsCompat.setBackForwardCacheEnabled(view.settings, true)
                null
            } catch (expected: UnsupportedOperationException) {
                expected
            }
        }
        assertTrue("$refused", refused is UnsupportedOperationException)
    }

    // Android never calls evaluateJavascript's callback when the frame goes away first. While a
    // navigation the app started waits, DevTools holds the evaluation until the commit, when its
    // document is gone.
    @Test fun `C5 evaluateJavascript's callback never comes when its frame went away before the script answered`() {
        val view = webView()
        load(view, "/emulation/evaluate-a")
        val answers = LinkedBlockingQueue<String>()
        val next = TestServer.page("/emulation/evaluate-b")
        onMain {
            view.loadUrl("$next?delay=1000")
            view.evaluateJavascript("'for the page that goes'") { answers.add("gone: $it") }
        }
        message("start /emulation/evaluate-b")
        // Answers come in order: one for the document shown now comes after any for the one gone.
        onMain { view.evaluateJavascript("'for the page shown'") { answers.add("shown: $it") } }
        assertEquals("shown: \"for the page shown\"", answers.poll(10, TimeUnit.SECONDS))
    }

    @Test fun `S4 a message through the injected object of a document no longer shown never reaches the listener`() {
        val view = webView()
        val frame = TestServer.page("/emulation/frame-1")
        TestServer.page("/emulation/frame-2", "<script>parent.postMessage('navigated', '*')</script>")
        load(view, "/emulation/keeper", """<iframe src="$frame"></iframe><script>
            addEventListener('message', () => { window.kept.postMessage('from the left document'); probe.postMessage('after'); });
            </script>""")
        eventually("the frame") { evaluate(view, "typeof (window.kept = frames[0].probe)").takeIf { it == "\"object\"" } }
        evaluate(view, "frames[0].location.href = '$origin/emulation/frame-2'")
        message("after")
        assertFalse(heard.toString(), heard.contains("message from the left document"))
    }

    @Test fun `A1 goBack, goForward, canGoBack and canGoForward move in the history, which begins with the app's first page`() {
        val view = webView()
        assertFalse(onMain { view.canGoBack() })
        val first = load(view, "/emulation/history-1")
        assertFalse(onMain { view.canGoBack() || view.canGoForward() })
        val second = load(view, "/emulation/history-2")
        assertTrue(onMain { view.canGoBack() && !view.canGoForward() })
        onMain { view.goBack() }
        message("start /emulation/history-1")
        assertEquals(first, onMain { view.url })
        assertTrue(onMain { view.canGoForward() && !view.canGoBack() })
        onMain { view.goForward() }
        message("start /emulation/history-2")
        assertEquals(second, onMain { view.url })
    }
}
