package today.bridge.host

/**
 * What `today-bridge open --engine android` hands the host (the CLI checks the user's own
 * options; these are its already):
 * `URL [--trust RULE]... [--token TOKEN | --token-endpoint BASE] [--timeout SECONDS]
 * [--test-capabilities] [--conformance-fixture] [--inspect PATH.jsonl] [--print-peak-memory]
 * [--raw-echo SHIM-FILE] [--count-events] [--back-forward-cache] [--max-message-bytes N]`.
 */
class HostOptions(arguments: Array<String>) {
    val url: String
    val trustedOrigins = mutableListOf<String>()
    var token: String? = null
    var tokenEndpoint: String? = null
    var timeoutSeconds = 60.0
    var testCapabilities = false
    var conformanceFixture = false
    /** Where to write the traffic recording's JSON lines. */
    var inspect: String? = null
    var printPeakMemory = false
    /** The benchmarks' raw echo: a second listener and its shim (the script in this file). */
    var rawEchoShim: String? = null
    /** The benchmarks' burst: print how many `burst` events reached the sink, and when the last did. */
    var countEvents = false
    /** Back and Forward restore pages from WebView's back-forward cache, which Android keeps off by default. */
    var backForwardCache = false
    /** The largest message in bytes (X7); the core's default when null. */
    var maxMessageBytes: Int? = null

    init {
        var url: String? = null
        var index = 0
        fun value(): String = arguments.getOrNull(++index) ?: throw IllegalArgumentException("${arguments[index - 1]} needs a value")
        while (index < arguments.size) {
            when (val argument = arguments[index]) {
                "--trust" -> trustedOrigins += value()
                "--token" -> token = value()
                "--token-endpoint" -> tokenEndpoint = value()
                "--timeout" -> timeoutSeconds = value().toDouble()
                "--test-capabilities" -> testCapabilities = true
                "--conformance-fixture" -> conformanceFixture = true
                "--inspect" -> inspect = value()
                "--print-peak-memory" -> printPeakMemory = true
                "--raw-echo" -> rawEchoShim = value()
                "--count-events" -> countEvents = true
                "--back-forward-cache" -> backForwardCache = true
                "--max-message-bytes" -> maxMessageBytes = value().toInt()
                else -> {
                    require(!argument.startsWith("--") && url == null) { "unexpected argument $argument" }
                    url = argument
                }
            }
            index++
        }
        this.url = url ?: throw IllegalArgumentException("no URL")
    }
}
