// Generated from the bridge's Swift definitions (BridgeContract). Do not edit.

/** Fields of the `device.info` message: what the native side runs on. Served to the main frame of a trusted surface. */
export interface DeviceInfoRequest {
  detail?: boolean;
}

/** Result of the `device.info` message. */
export interface DeviceInfoResult {
  engine: string;
  system: string;
  uptimeSeconds: number;
}

/** The capabilities, by message `type`. */
export interface DemoCapabilities {
  'device.info': { request: DeviceInfoRequest; result: DeviceInfoResult };
}

/** Data of the `demo.notice` event. */
export interface DemoNoticeEvent {
  text: string;
  level: 'info' | 'warning';
}

/** The native events, by name: the data `bridge.on` listeners receive (X3). */
export interface DemoEvents {
  /** a message from the native side, shown on the page */
  'demo.notice': DemoNoticeEvent;
}

/** Arguments of the `demo.progress` native call. */
export interface DemoProgressCallArguments {
  askedBy: string;
}

/** Result of the `demo.progress` native call. */
export interface DemoProgressCallResult {
  steps: number;
  lastStep?: string;
}

/** The native calls, by name: the arguments `bridge.handle` handlers receive and the result they return (X4). */
export interface DemoNativeCalls {
  /** how many steps the page has shown */
  'demo.progress': { arguments: DemoProgressCallArguments; result: DemoProgressCallResult };
}
