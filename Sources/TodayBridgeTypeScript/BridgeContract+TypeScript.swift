import TodayBridge

extension BridgeContract {
    /// The TypeScript declarations: an interface for each object type, and a map by name of the
    /// capabilities and, when named, of the events and the native calls.
    ///
    /// ```swift
    /// let text = bridge.contract.custom.typeScript(
    ///     capabilityMap: "AppCapabilities", eventMap: "AppEvents", nativeCallMap: "AppNativeCalls"
    /// )
    /// ```
    ///
    /// The page passes the maps to the SDK: `bridge.request<AppCapabilities, 'purchase'>`,
    /// `bridge.on<AppEvents, 'cart.changed'>`, `bridge.handle<AppNativeCalls, 'confirmLeave'>`.
    /// Events and native calls are listed sorted by name, capabilities as registered (sorted by
    /// type in `TodayBridge.contract`), so the same definitions always render the same text.
    ///
    /// - Parameters:
    ///   - capabilityMap: The interface mapping each message type to its request and result.
    ///   - eventMap: The interface mapping each event name to its data; without it, events are left out.
    ///   - nativeCallMap: The interface mapping each native call's name to its arguments and result;
    ///     without it, native calls are left out.
    ///   - includeErrorCodes: Also declare `BridgeErrorCode`, the built-in error codes.
    public func typeScript(
        capabilityMap: String, eventMap: String? = nil, nativeCallMap: String? = nil, includeErrorCodes: Bool = false
    ) -> String {
        "// Generated from the bridge's Swift definitions (BridgeContract). Do not edit.\n\n"
            + declarations(
                capabilityMap: capabilityMap, eventMap: eventMap, nativeCallMap: nativeCallMap,
                includeErrorCodes: includeErrorCodes)
    }

    /// ``typeScript(capabilityMap:eventMap:nativeCallMap:includeErrorCodes:)`` without its header line.
    @_spi(Tools) public func declarations(
        capabilityMap: String, eventMap: String?, nativeCallMap: String?, includeErrorCodes: Bool
    ) -> String {
        var file = TypeScriptDeclarations(reserving: [capabilityMap, eventMap, nativeCallMap].compactMap { $0 })
        let capabilityEntries = capabilities.map { definition in
            let name = TypeScriptRenderer.interfacePrefix(definition.type)
            let request = file.type(
                of: ShapeReader.shape(of: definition.request), named: name + "Request", doc: Self.requestDoc(definition)
            )
            if definition.isStream {
                let value = file.type(
                    of: ShapeReader.shape(of: definition.result), named: name + "Value",
                    doc: "A value of the `\(definition.type)` stream (ST2).")
                return MapEntry(key: definition.type, summary: nil, type: "{ request: \(request); stream: \(value) }")
            }
            let result = file.type(
                of: ShapeReader.shape(of: definition.result), named: name + "Result",
                doc: "Result of the `\(definition.type)` message.")
            return MapEntry(key: definition.type, summary: nil, type: "{ request: \(request); result: \(result) }")
        }
        file.declareMap(
            capabilityMap,
            doc: "The \(includeErrorCodes ? "built-in capabilities" : "capabilities"), by message `type`.",
            entries: capabilityEntries)
        if includeErrorCodes {
            let codes = BridgeError.Code.builtIn.map { TypeScriptRenderer.literal($0.rawValue) }.joined(
                separator: " | ")
            file.append("/** Stable error codes a rejection can carry. */\nexport type BridgeErrorCode = \(codes);\n")
        }
        if let eventMap {
            let entries = events.sorted { $0.name < $1.name }.map { definition in
                let name = TypeScriptRenderer.interfacePrefix(definition.name)
                let data = file.type(
                    of: Self.dataShape(definition), named: name + "Event",
                    doc: "Data of the `\(definition.name)` event.")
                return MapEntry(key: definition.name, summary: definition.summary, type: data)
            }
            file.declareMap(
                eventMap, doc: "The native events, by name: the data `bridge.on` listeners receive (X3).",
                entries: entries)
        }
        if let nativeCallMap {
            let entries = nativeCalls.sorted { $0.name < $1.name }.map { definition in
                let name = TypeScriptRenderer.interfacePrefix(definition.name)
                let arguments = file.type(
                    of: ShapeReader.shape(of: definition.arguments), named: name + "CallArguments",
                    doc: "Arguments of the `\(definition.name)` native call.")
                let result = file.type(
                    of: ShapeReader.shape(of: definition.result), named: name + "CallResult",
                    doc: "Result of the `\(definition.name)` native call.")
                return MapEntry(
                    key: definition.name, summary: definition.summary,
                    type: "{ arguments: \(arguments); result: \(result) }")
            }
            file.declareMap(
                nativeCallMap,
                doc:
                    "The native calls, by name: the arguments `bridge.handle` handlers receive and the result they return (X4).",
                entries: entries)
        }
        return file.text
    }

    /// An event's data: one without (``NoResult``) reaches the listener as `null`, not `undefined`.
    private static func dataShape(_ definition: NativeEventDefinition) -> TypeShape {
        let shape = ShapeReader.shape(of: definition.payload)
        return shape == .void ? .null : shape
    }

    private static func requestDoc(_ definition: CapabilityDefinition) -> String {
        "Fields of the `\(definition.type)` message" + (definition.summary.map { ": \($0)" } ?? "") + ". "
            + definition.access.servedTo
    }
}
