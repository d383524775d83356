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
  StreamValueDelivery,
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
