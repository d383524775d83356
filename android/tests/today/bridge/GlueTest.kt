package today.bridge

import android.graphics.Bitmap
import android.webkit.CookieManager
import android.webkit.JavascriptInterface
import android.webkit.RenderProcessGoneDetail
import android.webkit.WebChromeClient
import android.webkit.WebView
import android.webkit.WebViewClient
import androidx.webkit.WebSettingsCompat
import androidx.webkit.WebViewCompat
import org.json.JSONObject
import org.junit.After
import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Assert.assertTrue
import org.junit.Test
import java.lang.reflect.Modifier
import java.util.concurrent.CopyOnWriteArrayList
import java.util.concurrent.CountDownLatch
import java.util.concurrent.LinkedBlockingQueue
import java.util.concurrent.TimeUnit

/**
 * The glue that ships, its JNI core and the emulation of Android's WebView over a real Chromium:
 * what the glue itself decides (documents, threads, the app's listener, the fallbacks) and the
 * platform behaviours that broke it on devices, each failing on the glue as it was. The contract
 * itself, page by page, is the end-to-end suites' (`--engine android`).
 */
class GlueTest {
    /** A looper thread of the app's other than the main one, as a `HandlerThread` is. */
    private val otherThread = OtherThread
    private val services = FakeServices()
    private val bridges = mutableListOf<TodayBridge>()
    private val pages = mutableListOf<Page>()

    private fun bridge(configuration: TodayBridgeConfiguration = configuration()) =
        bridges.firstOrNull() ?: TodayBridge(configuration, services).also { bridges.add(it) }

    private fun page(
        configuration: TodayBridgeConfiguration = configuration(),
        listener: BridgedWebViewListener? = RecordingListener(),
        setClients: Boolean = true,
        ui: LooperThread = MainThread,
        beforeLoad: (WebView) -> Unit = {}
    ) = Page(bridge(configuration), listener, setClients, ui, beforeLoad).also { pages.add(it) }

    @After fun close() {
        pages.forEach { it.close() }
        bridges.forEach { it.close() }
        System.clearProperty("today.emulation.unsupportedFeatures")
        val crashes = MainThread.crashes.toList() + otherThread.crashes.toList()
        MainThread.crashes.clear()
        otherThread.crashes.clear()
        assertEquals("exceptions on the UI thread (each would end an Android app)", emptyList<Throwable>(), crashes)
    }

    @Test fun `A1 C7 a request from the main frame gets its reply through the shim, the top frame has the android platform tag`() {
        val page = page().load(TestServer.page("/a1"))
        val hello = page.call("hello", message("__today.hello")).getJSONObject("value")
        assertEquals("TodayBridge", hello.getJSONObject("host").getString("name"))
        assertTrue(hello.getJSONObject("capabilities").has("headers"))
        assertEquals("\"android\"", page.evaluate("window.__todayWebView.platform"))
    }

    @Test fun `T1 track reaches the app's analytics enriched, its non-BMP text intact, on the services' threads`() {
        val page = page().load(TestServer.page("/t1"))
        val text = "𝄞 clef, 😀 face, \"quoted\" \\ \u2028"
        assertEquals("undefined", page.call("track", message("track", "ename" to "song_played", "parameters" to JSONObject().put("title", text))).getString("value"))
        val event = eventually("the recorded event") { services.recorded.firstOrNull() }
        assertEquals("song_played", event.name)
        assertEquals(text, event.properties.getString("title"))
        assertEquals("user-7", event.userId)
        assertEquals("user-7", event.properties.getString("uid"))
        assertEquals(event.id, event.properties.getString("eid"))
        assertEquals(event.timestampMillis, event.properties.getLong("ts"))
        assertEquals("main", event.properties.getJSONObject("ctx").getString("frame"))
        assertTrue(services.threads.all { it.startsWith("TodayBridge services") })
    }

    @Test fun `T2 T3 a pushed token answers headers at once, without asking the app, and a refresh keeps the token it returns`() {
        val page = page().load(TestServer.page("/t2"))
        page.bridge.updateToken(AccessToken("pushed-token"))
        assertEquals("Bearer pushed-token", page.call("headers", message("headers")).getJSONObject("value").getString("Authorization"))
        assertEquals(0, services.currentTokenCalls.get())
        assertTrue(page.call("refresh", message("refreshToken")).getJSONObject("value").getString("authorization").startsWith("Bearer fresh-"))
        assertEquals("Bearer fresh-1", page.call("again", message("headers")).getJSONObject("value").getString("Authorization"))
        page.bridge.updateToken(null)
        assertFalse(page.call("loggedOut", message("headers")).getJSONObject("value").has("Authorization"))
        assertEquals(0, services.currentTokenCalls.get())
    }

    @Test fun `T3 refreshes from two web views at once never run upstream at the same time`() {
        services.refreshGate = CountDownLatch(1)
        val first = page().load(TestServer.page("/t3"))
        val second = page().load(TestServer.page("/t3"))
        for (index in 1..10) (if (index % 2 == 0) first else second).send("refresh$index", message("refreshToken"))
        eventually("the refresh to start") { if (services.refreshes.get() == 1) true else null }
        services.refreshGate.countDown()
        for (index in 1..10) {
            val value = (if (index % 2 == 0) first else second).result("refresh$index").getJSONObject("value")
            assertTrue(value.toString(), value.getString("authorization").startsWith("Bearer fresh-"))
        }
        assertEquals(1, services.mostConcurrentRefreshes.get())
    }

    @Test fun `T4 establishSession mints the session cookie through CookieManager, out of the page's reach`() {
        val page = page().load(TestServer.page("/t4"))
        assertTrue(page.call("session", message("establishSession")).getJSONObject("value").getBoolean("ok"))
        val cookies = eventually("the cookie") { CookieManager.getInstance().getCookie(TestServer.origin + "/api/") }
        assertTrue(cookies, cookies.contains("embed_bearer=secret-token"))
        assertEquals("\"\"", page.evaluate("document.cookie"))
    }

    @Test fun `X1 X2 an app capability gets the sender's facts, a TodayBridgeException rejects with its code, any other exception as failed without its text`() {
        val capabilities = listOf(AppCapability("greet", AppCapability.Access.ANY_FRAME), AppCapability("pay", AppCapability.Access.ANY_FRAME))
        val page = page(configuration(capabilities)).load(TestServer.page("/x1"))
        services.handler = { call ->
            when (call.type) {
                "greet" -> JSONObject().put("text", "Hello, " + (call.request as JSONObject).getString("name") + " from " + call.origin + " on " + call.surface + (if (call.isMainFrame) ", main" else ""))
                else -> if ((call.request as JSONObject).getBoolean("declined")) throw TodayBridgeException("declined", "card declined", recoverable = true)
                else throw IllegalStateException("native detail: do not leak")
            }
        }
        assertEquals("Hello, Ada 𝄞 from ${TestServer.origin} on feed, main", page.call("greet", message("greet", "name" to "Ada 𝄞")).getJSONObject("value").getString("text"))
        val declined = page.call("declined", message("pay", "declined" to true)).getString("error")
        assertTrue(declined, declined.contains("\"code\":\"declined\"") && declined.contains("card declined") && declined.contains("\"recoverable\":true"))
        val failed = page.call("failed", message("pay", "declined" to false)).getString("error")
        assertTrue(failed, failed.contains("\"code\":\"failed\"") && !failed.contains("do not leak"))
    }

    @Test fun `X3 X4 a native event reaches the page, a native call its handler, the answer comes back on the UI thread`() {
        val page = page().load(TestServer.page("/x3", """<script>
            window.events = [];
            addEventListener('todaywebviewbridge', (event) => {
              const delivery = event.detail;
              if (delivery.kind === 'event') window.events.push(delivery.data);
              if (delivery.kind === 'call') window.todayWebViewBridge.postMessage({ type: '__today.reply', id: delivery.id, value: { leave: delivery.args.draft } });
            });
            </script>"""))
        page.call("subscribe", message("__today.subscribe", "event" to "cart"))
        page.bridged.emit("cart", "{\"items\":3}")
        assertEquals("[{\"items\":3}]", eventually("the event") { page.evaluate("window.events.length ? JSON.stringify(window.events) : null").takeIf { it != "null" } }.let { JSONObject("{\"e\":$it}").getString("e") })
        val results = LinkedBlockingQueue<Pair<NativeCallResult, Boolean>>()
        onMain { page.bridged.call("confirmLeave", "{\"draft\":true,\"title\":\"𝄞\"}") { results.add(it to android.os.Looper.getMainLooper().isCurrentThread) } }
        val (result, onUiThread) = results.poll(10, TimeUnit.SECONDS)!!
        assertTrue("answered on the UI thread", onUiThread)
        assertEquals(true, JSONObject(result.value).getBoolean("leave"))
    }

    @Test fun `X4 a native call the page does not answer in time settles as a timeout (C5)`() {
        val page = page().load(TestServer.page("/x4"))
        val results = LinkedBlockingQueue<NativeCallResult>()
        onMain { page.bridged.call("neverAnswers", deadlineSeconds = 0.05) { results.add(it) } }
        assertEquals("timeout", results.poll(10, TimeUnit.SECONDS)!!.code)
    }

    @Test fun `C5 two thousand calls at once each settle exactly once`() {
        val page = page(configuration(listOf(AppCapability("echo", AppCapability.Access.ANY_FRAME)))).load(TestServer.page("/c5"))
        services.handler = { call -> (call.request as JSONObject).getInt("n") }
        page.evaluate("""window.settled = 0; window.wrong = 0;
            for (let n = 0; n < 2000; n++) window.todayWebViewBridge.postMessage({ type: 'echo', n }).then(
                (value) => { window.settled++; if (value !== n) window.wrong++; },
                // Past the in-flight limit (1,024) while the app answers: refused as busy, and settled.
                (error) => { window.settled++; if (!String(error && error.message).includes('busy')) window.wrong++; })""")
        eventually("2,000 answers") { if (page.evaluate("window.settled") == "2000") true else null }
        assertEquals("0", page.evaluate("window.wrong"))
    }

    // Issue 24, 1: androidx.webkit 1.8's getData() throws for an ArrayBuffer message, which any
    // frame may post to the injected object: the glue read it and the app ended on the UI thread.
    @Test fun `A1 an ArrayBuffer any frame posts to the injected object is ignored, and the app lives on`() {
        val frame = TestServer.page("/buffer-frame", "<script>window.$OBJECT_NAME.postMessage(new ArrayBuffer(1))</script>")
        val page = page().load(TestServer.page("/buffer", """<iframe onload="window.frameLoaded = true" src="${frame.replace(TestServer.origin, TestServer.otherOrigin)}"></iframe>
            <script>window.$OBJECT_NAME.postMessage(new ArrayBuffer(8))</script>"""))
        eventually("the sub-frame to post") { if (page.evaluate("window.frameLoaded === true") == "true") true else null }
        assertEquals("undefined", page.call("afterwards", message("track", "ename" to "after_buffers")).getString("value"))
        assertTrue(MainThread.crashes.isEmpty())
    }

    // Issue 24, 2: a new document's document-start requests were settled as "the page went away"
    // when its onPageStarted came after them, as the emulation then had it. Android posts both,
    // onPageStarted first (issue 32); the requests are answered, with the new document's credential.
    @Test fun `S4 a new document's document-start requests are answered, not cancelled by its onPageStarted`() {
        val page = page(beforeLoad = { view ->
            WebViewCompat.addDocumentStartJavaScript(view, """if (window === window.top) {
                window.early = [];
                window.todayWebViewBridge.postMessage({ type: 'headers' }).then(
                  (value) => window.early.push(value.Authorization || 'none'), (error) => window.early.push('error: ' + error.message));
              }""", setOf("*"))
        })
        for (path in listOf("/early-1", "/early-2", "/early-3")) {
            page.load(TestServer.page(path))
            val early = eventually("the document-start request of $path") { page.evaluate("window.early.length ? window.early[0] : null").takeIf { it != "null" } }
            assertEquals(path, "\"Bearer secret-token\"", early)
        }
    }

    // Issue 24, 3: WebView.getUrl() is the visible URL, the navigation the app started while it
    // loads: a message from the current document was judged against the URL being loaded. The
    // current document asks for headers all along (DevTools holds what the test would evaluate in
    // it until the navigation commits); whether the core gave it credentials shows in whether it
    // asked the app for the token.
    @Test fun `C8 S3 during a navigation the app started, the current document is judged by its own committed URL`() {
        val page = page(configuration(pathPrefixes = listOf("/app/"))).load(TestServer.page("/ugc/post", """<script>
            setInterval(() => {
              window.todayWebViewBridge.postMessage({ type: 'headers' });
              window.todayWebViewBridge.postMessage({ type: 'track', ename: 'asked' });
            }, 10);
            </script>"""))
        TestServer.page("/app/home", "<script>window.todayWebViewBridge.postMessage({ type: 'headers' })</script>")
        eventually("the current document's requests") { if (page.evaluate("window.loaded") == "true") true else null }
        onMain { page.webView.loadUrl(TestServer.origin + "/app/home?delay=2000") }
        assertEquals(TestServer.origin + "/app/home?delay=2000", onMain { page.webView.url })
        val asked = services.recorded.size
        Thread.sleep(1000)  // while the navigation waits for its response, the old document keeps asking
        assertTrue("the old document asked during the navigation", services.recorded.size > asked)
        assertEquals("the old document was given credentials", 0, services.currentTokenCalls.get())
        eventually("the trusted page to be given its token") { if (services.currentTokenCalls.get() > 0) true else null }
    }

    // Issue 32: with the back-forward cache on, a restored page keeps its reply proxy and gets
    // onPageStarted with no new window object; the glue took the proxy for a document gone and
    // dropped the restored page's messages for good.
    @Test fun `S4 a page restored from the back-forward cache is shown again, its calls answered and judged by its own URL, its credential kept`() {
        val page = page(beforeLoad = ::keepPagesInCache).load(TestServer.page("/restored"))
        assertEquals("Bearer secret-token", page.call("before", message("headers")).getJSONObject("value").getString("Authorization"))
        page.load(TestServer.page("/elsewhere").replace(TestServer.origin, TestServer.otherOrigin))
        assertFalse(page.call("elsewhere", message("headers")).getJSONObject("value").has("Authorization"))
        onMain { page.webView.goBack() }
        page.shows(TestServer.origin + "/restored")
        assertEquals("Bearer secret-token", page.call("again", message("headers")).getJSONObject("value").getString("Authorization"))
    }

    // Issue 32: the calls of a page that enters the back-forward cache settle at the navigation;
    // Android holds the replies for the cached page and delivers them when it is shown again.
    @Test fun `C5 S4 calls in flight when the page enters the back-forward cache settle when it is shown again, cancelled, establishSession ok false`() {
        val page = page(configuration(listOf(AppCapability("slow", AppCapability.Access.ANY_FRAME))), beforeLoad = ::keepPagesInCache)
            .load(TestServer.page("/cached"))
        val gate = CountDownLatch(1)
        services.handler = { gate.await(10, TimeUnit.SECONDS); "late" }
        services.refreshGate = CountDownLatch(1)
        page.send("slow", message("slow"))
        page.send("session", message("establishSession", "refresh" to true))
        eventually("the calls to be under way") { if (services.threads.isNotEmpty() && services.refreshes.get() == 1) true else null }
        page.load(TestServer.page("/away"))
        onMain { page.webView.goBack() }
        page.shows(TestServer.origin + "/cached")
        assertTrue(page.result("slow").getString("error").contains("cancelled"))
        assertFalse(page.result("session").getJSONObject("value").getBoolean("ok"))
        gate.countDown()
        services.refreshGate.countDown()
    }

    // Issue 32: an app whose own WebViewClient does not report onPageStarted (its clients kept,
    // setClients = false) kept it from the glue: a new document's messages waited for it for good.
    @Test fun `S4 C8 without onPageStarted, each document begins with its first message, judged by the URL shown when the shim's notice came`() {
        val page = page(configuration(pathPrefixes = listOf("/app/")), setClients = false)
        onMain { page.webView.webViewClient = WebViewClient() }
        page.load(TestServer.page("/app/own-client"))
        assertEquals("Bearer secret-token", page.call("trusted", message("headers")).getJSONObject("value").getString("Authorization"))
        page.load(TestServer.page("/ugc/own-client"))
        page.evaluate("history.replaceState(null, '', '/app/forged')")
        assertFalse("the page's rewritten URL was taken for its document's", page.call("forged", message("headers")).getJSONObject("value").has("Authorization"))
    }

    // Issue 32: Android never calls evaluateJavascript's callback when the frame goes away, and
    // events are delivered one at a time: one sent during a navigation held up every later one.
    @Test fun `X3 C5 a native event sent while the page goes away does not hold up the later ones`() {
        val listening = """<script>
            window.events = [];
            addEventListener('todaywebviewbridge', (event) => { if (event.detail.kind === 'event') window.events.push(event.detail.data.n); });
            </script>"""
        val page = page().load(TestServer.page("/events-1", listening))
        page.call("subscribe", message("__today.subscribe", "event" to "cart"))
        val next = TestServer.page("/events-2", listening) + "?delay=1000"
        onMain { page.webView.loadUrl(next) }
        page.bridged.emit("cart", "{\"n\":1}")
        page.shows(next)
        page.call("subscribe", message("__today.subscribe", "event" to "cart"))
        page.bridged.emit("cart", "{\"n\":2}")
        assertEquals("[2]", eventually("the later event") { page.evaluate("window.events.length ? JSON.stringify(window.events) : null").takeIf { it != "null" } }.let { JSONObject("{\"e\":$it}").getString("e") })
    }

    // Issue 24, 4: after close() or onCloseWindow the listener and the script stayed and the JNI
    // side dropped requests for the unknown handle: the page's calls never settled.
    @Test fun `C5 after close() the page's calls settle, and a later document gets no channel`() {
        val page = page(configuration(listOf(AppCapability("slow", AppCapability.Access.ANY_FRAME)))).load(TestServer.page("/close"))
        val gate = CountDownLatch(1)
        services.handler = { gate.await(10, TimeUnit.SECONDS); "late" }
        page.send("pending", message("slow"))
        eventually("the handler to run") { if (services.threads.isNotEmpty()) true else null }
        onMain { page.bridged.close() }
        assertTrue(page.result("pending").getString("error").contains("cancelled"))
        assertTrue(page.call("afterClose", message("slow")).getString("error").contains("cancelled"))
        assertEquals("undefined", page.call("trackAfterClose", message("track", "ename" to "after_close")).getString("value"))
        gate.countDown()
        page.load(TestServer.page("/close-next"))
        assertEquals("\"undefined\"", page.evaluate("typeof window.todayWebViewBridge"))
    }

    @Test fun `C5 window close() closes the bridge, tells the app, and the page's later calls settle`() {
        val listener = RecordingListener()
        val page = page(configuration(listOf(AppCapability("slow", AppCapability.Access.ANY_FRAME))), listener).load(TestServer.page("/window-close"))
        page.evaluate("window.close()")
        eventually("onCloseWindow") { if (listener.closed.get() == 1) true else null }
        assertTrue(page.call("afterWindowClose", message("slow")).getString("error").contains("cancelled"))
    }

    // Issue 24, 5: with setClients the glue's onRenderProcessGone always returned true and the app
    // was never told that its WebView must go. Issue 33, 4: without a listener it returned false,
    // Android's default, and any renderer crash or out-of-memory kill ended the app.
    @Test fun `C5 a dead renderer settles the pending calls, closes the bridge and tells the listener, and never ends the app by default`() {
        val listener = RecordingListener()
        val page = page(configuration(listOf(AppCapability("slow", AppCapability.Access.ANY_FRAME))), listener).load(TestServer.page("/crash"))
        val gate = CountDownLatch(1)
        services.handler = { gate.await(10, TimeUnit.SECONDS); "late" }
        page.send("pending", message("slow"))
        eventually("the handler to run") { if (services.threads.isNotEmpty()) true else null }
        onMain { page.webView.loadUrl("chrome://crash") }
        assertEquals(true, listener.gone.poll(10, TimeUnit.SECONDS))
        eventually("the crash diagnostic") { services.diagnostics.firstOrNull { it.code == "webProcessTerminated" } }
        val afterDeath = LinkedBlockingQueue<NativeCallResult>()
        page.bridged.call("anything") { afterDeath.add(it) }
        assertEquals("the bridge of the dead web view is closed", "cancelled", afterDeath.poll(10, TimeUnit.SECONDS)?.code)
        gate.countDown()

        val heard = LinkedBlockingQueue<String>()
        val unhandled = page(listener = null, beforeLoad = { view ->
            view.webViewClient = object : WebViewClient() {
                override fun onPageFinished(view: WebView, url: String?) {
                    heard.add("finished")
                }
            }
        }).load(TestServer.page("/crash-unhandled"))
        services.diagnostics.clear()
        onMain { unhandled.webView.loadUrl("chrome://crash") }
        eventually("the crash diagnostic") { services.diagnostics.firstOrNull { it.code == "webProcessTerminated" } }
        onMain { }  // the callback's task has returned: Android would have ended the app by now
        assertEquals("the app ended", emptyList<Throwable>(), MainThread.crashes.toList())
        assertEquals("finished", heard.poll(1, TimeUnit.SECONDS))
    }

    @Test fun `C5 an app's own client that answers false to onRenderProcessGone still ends the app, as Android does`() {
        val page = page(listener = null, beforeLoad = { view ->
            view.webViewClient = object : WebViewClient() {
                override fun onRenderProcessGone(view: WebView, detail: RenderProcessGoneDetail) = false
            }
        }).load(TestServer.page("/crash-by-choice"))
        onMain { page.webView.loadUrl("chrome://crash") }
        val crash = eventually("the app to end") { MainThread.crashes.firstOrNull() }
        assertTrue(crash.toString(), crash.message!!.contains("wasn't handled"))
        MainThread.crashes.clear()
    }

    // Issue 33, 4: install() replaced the app's own clients, so its file chooser, permission
    // prompts, fullscreen video and page callbacks were lost.
    @Test fun `A1 C5 install wraps the app's own clients, which hear every callback, and the glue still hears page starts and window close()`() {
        val heard = CopyOnWriteArrayList<String>()
        val listener = RecordingListener()
        val page = page(configuration(pathPrefixes = listOf("/app/")), listener, beforeLoad = { view ->
            view.webViewClient = object : WebViewClient() {
                override fun onPageStarted(view: WebView, url: String?, favicon: Bitmap?) {
                    heard += "started ${url?.substringAfterLast('/')}"
                }

                override fun onPageFinished(view: WebView, url: String?) {
                    heard += "finished ${url?.substringAfterLast('/')}"
                }
            }
            view.webChromeClient = object : WebChromeClient() {
                override fun onCloseWindow(window: WebView) {
                    heard += "closed"
                }
            }
        }).load(TestServer.page("/app/wrapped"))
        // The page start reached the glue too: the trusted document is judged by its committed URL.
        assertEquals("Bearer secret-token", page.call("trusted", message("headers")).getJSONObject("value").getString("Authorization"))
        page.evaluate("window.close()")
        eventually("onCloseWindow") { if (listener.closed.get() == 1) true else null }
        assertEquals(listOf("started wrapped", "finished wrapped", "closed"), eventually("the app's callbacks") { heard.toList().takeIf { it.size == 3 } })
    }

    @Test fun `A1 the clients the glue sets override every callback Android declares (API 35), so that each reaches the app's`() {
        val page = page()
        val (client, chromeClient) = onMain { page.webView.webViewClient to page.webView.webChromeClient!! }
        for ((declared, wrapper) in listOf(WebViewClient::class.java to client.javaClass, WebChromeClient::class.java to chromeClient.javaClass)) {
            val callbacks = declared.declaredMethods.filter { Modifier.isPublic(it.modifiers) && !Modifier.isStatic(it.modifiers) }
            assertTrue(callbacks.size > 10)
            val passedOver = callbacks.filter { wrapper.getMethod(it.name, *it.parameterTypes).declaringClass == declared }.map { it.name }
            assertEquals("${wrapper.name} leaves Android's default for", emptyList<String>(), passedOver)
        }
    }

    // Issue 33, 4: a client the app sets after install() replaced the glue's for good.
    @Test fun `A1 S4 a client the app sets after install is wrapped at the page's next message, and the glue hears page starts again`() {
        val heard = CopyOnWriteArrayList<String>()
        val page = page(configuration(pathPrefixes = listOf("/app/"))).load(TestServer.page("/app/before"))
        val own = object : WebViewClient() {
            override fun onPageFinished(view: WebView, url: String?) {
                heard += "finished ${url?.substringAfterLast('/')}"
            }
        }
        onMain { page.webView.webViewClient = own }
        page.load(TestServer.page("/ugc/after"))
        assertFalse(page.call("untrusted", message("headers")).getJSONObject("value").has("Authorization"))
        assertTrue("the glue's client is back", onMain { page.webView.webViewClient !== own })
        page.load(TestServer.page("/app/later"))
        assertEquals("Bearer secret-token", page.call("trusted", message("headers")).getJSONObject("value").getString("Authorization"))
        eventually("the app's client to hear both pages") { if (heard.containsAll(listOf("finished after", "finished later"))) true else null }
    }

    // Issue 33, 5: the glue posted to the main looper, not the web view's: a web view made on
    // another looper thread had its scripts run on the wrong thread (Android throws) and its native
    // calls answered there.
    @Test fun `X3 X4 a web view made on a thread of its own gets its events and calls on that thread (getWebViewLooper)`() {
        val page = page(ui = otherThread).load(TestServer.page("/own-looper", """<script>
            window.events = [];
            addEventListener('todaywebviewbridge', (event) => { if (event.detail.kind === 'event') window.events.push(event.detail.data.n); });
            </script>"""))
        page.call("subscribe", message("__today.subscribe", "event" to "cart"))
        page.bridged.emit("cart", "{\"n\":1}")
        assertEquals("1", eventually("the event") { page.evaluate("window.events.length ? String(window.events[0]) : null").takeIf { it != "null" } }.trim('"'))
        val answeredOn = LinkedBlockingQueue<String>()
        page.bridged.call("neverAnswers", deadlineSeconds = 0.05) { answeredOn.add(Thread.currentThread().name) }
        assertEquals(otherThread.looper.thread.name, answeredOn.poll(10, TimeUnit.SECONDS))
    }

    @Test fun `C5 a closed bridge installs nothing and says so`() {
        val bridge = TodayBridge(configuration(), services)
        bridge.close()
        val refused = onMain {
            try {
                bridge.install(WebView(TestContext()))
                null
            } catch (expected: IllegalStateException) {
                expected
            }
        }
        assertTrue(refused?.toString() ?: "installed", refused is IllegalStateException)
    }

    @Test fun `A1 without WEB_MESSAGE_LISTENER the fallback answers in the main frame and serves no credential (S1)`() {
        System.setProperty("today.emulation.unsupportedFeatures", "WEB_MESSAGE_LISTENER")
        val page = page().load(TestServer.page("/fallback"))
        // An unidentified frame: answered, with nothing a main frame's headers would carry.
        assertEquals("undefined", page.call("headers", message("headers")).getString("value"))
        assertEquals("undefined", page.call("track", message("track", "ename" to "from_fallback")).getString("value"))
        eventually("the event") { services.recorded.firstOrNull { it.name == "from_fallback" } }
    }

    @Test fun `A1 the fallback's postMessage takes a page's null and undefined (Android hands both over as null) and the channel still answers`() {
        System.setProperty("today.emulation.unsupportedFeatures", "WEB_MESSAGE_LISTENER")
        val page = page().load(TestServer.page("/fallback-null"))
        // The method Android calls, as it calls it: by reflection, with the page's null.
        val channelClass = Class.forName("today.bridge.BridgedWebView\$FallbackChannel")
        val channel = channelClass.getDeclaredConstructor(BridgedWebView::class.java).apply { isAccessible = true }.newInstance(page.bridged)
        val postMessage = channelClass.getMethod("postMessage", String::class.java)
        assertTrue(postMessage.isAnnotationPresent(JavascriptInterface::class.java))
        postMessage.isAccessible = true
        postMessage.invoke(channel, null)
        // And from the page, through the object Android injected.
        val name = JSONObject.quote(page.bridge.installation.jsObjectName)
        page.evaluate("window[$name].postMessage(null); window[$name].postMessage(undefined); true")
        assertEquals("undefined", page.call("track", message("track", "ename" to "after_null")).getString("value"))
        eventually("the event") { services.recorded.firstOrNull { it.name == "after_null" } }
    }

    @Test fun `A2 without DOCUMENT_START_SCRIPT the scripts run when each page starts`() {
        System.setProperty("today.emulation.unsupportedFeatures", "DOCUMENT_START_SCRIPT")
        val page = page().load(TestServer.page("/late-scripts"))
        eventually("the channel") { if (page.evaluate("typeof window.todayWebViewBridge") == "\"object\"") true else null }
        assertEquals("Bearer secret-token", page.call("headers", message("headers")).getJSONObject("value").getString("Authorization"))
    }

    /** Turns the back-forward cache on, as an app opts in with androidx.webkit, before the first load. */
    private fun keepPagesInCache(view: WebView) = WebSettingsCompat.setBackForwardCacheEnabled(view.settings, true)
}
