/// The benchmarks' baseline on the string channel: `{"id":N,"message":{"type":"__bench.echo",...}}`
/// answered with `{"id":N,"value":<the message>}` by slicing the text, with no parsing and no core.
enum RawEcho {
    private static let marker = #","message":{"type":"__bench.echo""#

    static func reply(to payload: String) -> String? {
        guard payload.hasPrefix(#"{"id":"#), let marker = payload.range(of: marker) else { return nil }
        let id = payload[payload.index(payload.startIndex, offsetBy: 6)..<marker.lowerBound]
        let message = payload[payload.index(marker.lowerBound, offsetBy: 11)...]
        return #"{"id":"# + id + #","value":"# + message
    }
}
