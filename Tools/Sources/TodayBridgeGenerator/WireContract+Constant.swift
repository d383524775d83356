@_spi(Adapters) import TodayBridge
@_spi(Tools) import TodayBridgeTypeScript

extension WireContract {
    /// One constant of the wire protocol (``WireProtocol``), with the TypeScript name it is
    /// generated under.
    struct Constant: Sendable {
        let typeScriptName: String
        /// The value as a TypeScript literal.
        let literal: String
        let summary: String

        init(typeScriptName: String, value: String, summary: String) {
            self.init(typeScriptName: typeScriptName, literal: TypeScriptRenderer.literal(value), summary: summary)
        }

        init(typeScriptName: String, number: Int, summary: String) {
            self.init(typeScriptName: typeScriptName, literal: String(number), summary: summary)
        }

        private init(typeScriptName: String, literal: String, summary: String) {
            self.typeScriptName = typeScriptName
            self.literal = literal
            self.summary = summary
        }
    }
}
