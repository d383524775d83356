/*
 * The Android shim (A1): injected by the host into each page, it presents the channel
 * `window.<channelName>.postMessage(message): Promise` over a string-only native binding.
 *
 * It sends `{"id":N,"message":...}` as a string through `window.<bindingName>` (a function, as
 * Chromium's Runtime.addBinding makes, or an object with postMessage, as Android's
 * @JavascriptInterface does). The host answers by dispatching a `todaywebviewbridge:reply` event
 * whose detail is `{"id":N,"value":...}` (no value: undefined) or `{"id":N,"error":"reason"}`.
 * Each promise settles exactly once; unknown and repeated ids are ignored.
 *
 * The host substitutes the argument list on the last line for other names.
 */
(function (bindingName: string, channelName: string) {
  type Settle = { resolve: (value: unknown) => void; reject: (reason: unknown) => void };
  const scope = window as unknown as Record<string, unknown>;
  const binding = scope[bindingName] as ((text: string) => void) | { postMessage(text: string): void } | undefined;
  if (!binding || scope[channelName]) return;
  const send = typeof binding === 'function' ? binding.bind(scope) : binding.postMessage.bind(binding);
  const pending = new Map<number, Settle>();
  let nextID = 1;

  window.addEventListener('todaywebviewbridge:reply', (event) => {
    let reply: { id?: unknown; value?: unknown; error?: unknown };
    try {
      reply = JSON.parse(String((event as CustomEvent<string>).detail));
    } catch {
      return;
    }
    const call = typeof reply.id === 'number' ? pending.get(reply.id) : undefined;
    if (!call) return;
    pending.delete(reply.id as number);
    if ('error' in reply) call.reject(new Error(String(reply.error)));
    else call.resolve(reply.value);
  });

  const channel = Object.freeze({
    postMessage(message: unknown): Promise<unknown> {
      return new Promise((resolve, reject) => {
        const id = nextID++;
        let text: string;
        try {
          // Refuse what WebKit's channel refuses (functions, symbols...), which JSON would drop.
          if (typeof structuredClone === 'function') structuredClone(message);
          text = JSON.stringify({ id, message });
        } catch (error) {
          reject(new TypeError(`The message cannot be sent: ${(error as Error).message}`));
          return;
        }
        pending.set(id, { resolve, reject });
        try {
          send(text);
        } catch (error) {
          pending.delete(id);
          reject(new TypeError(`The message cannot be sent: ${(error as Error).message}`));
        }
      });
    },
  });
  Object.defineProperty(window, channelName, { value: channel, writable: false, configurable: false, enumerable: false });
})("todayWebViewBridgeNative", "todayWebViewBridge");
