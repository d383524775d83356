/**
 * The wire protocol shared with the native host. Its constants and shapes are generated from the
 * Swift definitions (`protocol.generated.ts`, by `today-bridge-generate`, `make generate`) and re-exported here;
 * only the SDK's own types are written by hand.
 */
export {
  VERSION,
  DEFAULT_CHANNEL_NAME,
  PLATFORM_TAG_GLOBAL,
  NATIVE_EVENT,
  STRING_REPLY_EVENT,
  ERROR_PREFIX,
  SUBSCRIBE_TYPE,
  REPLY_TYPE,
  HELLO_TYPE,
  STREAM_FIELD,
  STREAM_ACK_TYPE,
  STREAM_CANCEL_TYPE,
  PROTOCOL_VERSION,
  BYTES_MEMBER,
} from './protocol.generated.js';
export type {
  BuiltInCapabilities,
  BuiltInEvents,
  BridgeErrorCode,
  NativeDelivery,
  NativeEventDelivery,
  NativeCallDelivery,
  StreamOpened,
  StreamAckMessage,
  StreamCancelMessage,
  StreamValuesDelivery,
  StreamEndDelivery,
  SubscribeMessage,
  NativeCallReply,
  HelloMessage,
  HelloReply,
  StringTransportRequest,
  StringTransportReply,
  WireError,
} from './protocol.generated.js';

/** Where the page runs: a host's platform tag (C7), or `'web'` with no host (W1). */
export type Platform = 'ios' | 'macos' | 'android' | 'linux' | 'web';

/** A message: a `type` and the capability's fields beside it (C2). */
export interface BridgeMessage {
  type: string;
  [field: string]: unknown;
}

/**
 * Bytes as a page may send them (B1): an `ArrayBuffer` or any view of one (a typed array, a
 * `DataView`: the bytes it views). The page always receives bytes as a `Uint8Array`.
 */
export type BytesSource = ArrayBuffer | ArrayBufferView;

/**
 * A value as a page may send it (B1): `T`, the type an app's generated map gives (X6), with each
 * `Uint8Array` in it (a `Data` in Swift) widened to any `BytesSource`.
 *
 * @example
 * const upload: Sendable<{ name: string; data: Uint8Array }> = { name: 'a.png', data: await blob.arrayBuffer() };
 */
export type Sendable<T> = T extends Uint8Array
  ? BytesSource
  : T extends (...args: never[]) => unknown
    ? T
    : T extends object
      ? { [K in keyof T]: Sendable<T[K]> }
      : T;
