package today.bridge

import com.sun.net.httpserver.HttpsConfigurator
import com.sun.net.httpserver.HttpsServer
import java.io.FileInputStream
import java.net.InetSocketAddress
import java.security.KeyStore
import java.security.MessageDigest
import java.util.Base64
import java.util.concurrent.ConcurrentHashMap
import java.util.concurrent.Executors
import javax.net.ssl.KeyManagerFactory
import javax.net.ssl.SSLContext

/**
 * The test pages' HTTPS server on loopback (127.0.0.1, also reached as localhost, a second
 * origin), with the certificate `android/scripts/test.sh` made for the run (`today.test.keystore`).
 * The emulation accepts that certificate's key only, as an app's network security config would
 * (`today.emulation.trustedCertificateKeys`, set before the browser starts). Pages are registered
 * by path; `?delay=MS` holds a response back (at most 10 s).
 */
object TestServer {
    private val pages = ConcurrentHashMap<String, String>()
    private val server: HttpsServer
    val origin: String
    val otherOrigin: String

    init {
        val password = "today-test".toCharArray()
        val keys = KeyStore.getInstance("PKCS12")
        FileInputStream(System.getProperty("today.test.keystore")).use { keys.load(it, password) }
        val certificate = keys.getCertificate(keys.aliases().nextElement())
        val hash = Base64.getEncoder().encodeToString(MessageDigest.getInstance("SHA-256").digest(certificate.publicKey.encoded))
        System.setProperty("today.emulation.trustedCertificateKeys", hash)
        val managers = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm()).apply { init(keys, password) }
        val tls = SSLContext.getInstance("TLS").apply { init(managers.keyManagers, null, null) }
        server = HttpsServer.create(InetSocketAddress("127.0.0.1", 0), 0)
        server.httpsConfigurator = HttpsConfigurator(tls)
        server.executor = Executors.newCachedThreadPool { task -> Thread(task, "test server").apply { isDaemon = true } }
        server.createContext("/") { exchange ->
            val delay = exchange.requestURI.query?.split('&')?.firstOrNull { it.startsWith("delay=") }?.substringAfter('=')?.toLongOrNull()
            if (delay != null) Thread.sleep(Math.min(delay, 10_000))
            val page = pages[exchange.requestURI.path]
            val body = (page ?: "not found").toByteArray(Charsets.UTF_8)
            exchange.responseHeaders.add("Content-Type", "text/html; charset=utf-8")
            exchange.sendResponseHeaders(if (page == null) 404 else 200, body.size.toLong())
            exchange.responseBody.use { it.write(body) }
        }
        server.start()
        origin = "https://127.0.0.1:${server.address.port}"
        otherOrigin = "https://localhost:${server.address.port}"
    }

    /** Serves [html] at [path]; returns its URL on [origin]. The page's own script sets `window.loaded` last. */
    fun page(path: String, html: String = ""): String {
        pages[path] = "<!doctype html><meta charset=utf-8><body>$html<script>window.loaded = true</script></body>"
        return origin + path
    }
}
