/*
 * The built-ins the host scripts use after they start, taken when a script starts: at document
 * start, before any page script runs. A page may replace globals later (zone.js replaces
 * `Promise`, polyfills replace `JSON` or `Array.prototype` members, a library patches
 * `EventTarget.prototype`); what is taken here stays the engine's own.
 *
 * Methods are uncurried (`dispatch(target, event)`): a call looks nothing up on its receiver, on
 * `Function.prototype` or in the global object. Only what the scripts use is here; a script
 * needs no array method, no `Map` and no spread, which a page could also reach.
 */

export const reflectApply = Reflect.apply;

/** `method` as a function taking its receiver first. */
function uncurry<This, Args extends unknown[], Result>(method: (this: This, ...args: Args) => Result): (self: This, ...args: Args) => Result {
  return (self, ...args) => reflectApply(method, self, args);
}

/** The getter of `prototype[name]`, uncurried. */
function getter<This, Value>(prototype: This, name: keyof This): (self: This) => Value {
  return uncurry(Reflect.getOwnPropertyDescriptor(prototype as object, name)!.get as (this: This) => Value);
}

export const stringify = JSON.stringify;
export const parse = JSON.parse;
export const freeze = Object.freeze;
export const defineProperty = Object.defineProperty;
export const createObject = Object.create;
export const PromiseIntrinsic = Promise;
export const ErrorIntrinsic = Error;
export const TypeErrorIntrinsic = TypeError;
export const SyntaxErrorIntrinsic = SyntaxError;
export const Uint8ArrayIntrinsic = Uint8Array;
export const StringIntrinsic = String;
export const CustomEventIntrinsic = CustomEvent;
export const isArray = Array.isArray;
export const ownKeys = Object.keys;
export const hasOwn = uncurry(Object.prototype.hasOwnProperty) as (value: object, name: PropertyKey) => boolean;
/** `structuredClone`, where the engine has it. */
export const structuredCloneIntrinsic: ((value: unknown) => unknown) | undefined = typeof structuredClone === 'function' ? structuredClone : undefined;
export const exec = uncurry(RegExp.prototype.exec);
export const slice = uncurry(String.prototype.slice);
export const stringIndexOf = uncurry(String.prototype.indexOf) as (text: string, search: string) => number;
export const fromCharCode = String.fromCharCode;
/** `String.prototype.charCodeAt`, for a loop over every character: `call` bound to it makes no array per call, unlike `uncurry`. */
export const charCodeAt = reflectApply(Function.prototype.bind, Function.prototype.call, [String.prototype.charCodeAt]) as (text: string, index: number) => number;
/** `btoa` and `atob`, where the engine has them. */
export const btoaIntrinsic: ((binary: string) => string) | undefined = typeof btoa === 'function' ? btoa : undefined;
export const atobIntrinsic: ((text: string) => string) | undefined = typeof atob === 'function' ? atob : undefined;
/** `Uint8Array.prototype.toBase64` and `Uint8Array.fromBase64` (ES2026), where the engine has them. */
const uint8ArrayToBase64 = (Uint8Array.prototype as { toBase64?: (this: Uint8Array) => string }).toBase64;
const uint8ArrayFromBase64 = (Uint8Array as { fromBase64?: (text: string) => Uint8Array }).fromBase64;
export const toBase64Intrinsic = typeof uint8ArrayToBase64 === 'function' ? uncurry(uint8ArrayToBase64) : undefined;
export const fromBase64Intrinsic = typeof uint8ArrayFromBase64 === 'function' ? (text: string): Uint8Array => reflectApply(uint8ArrayFromBase64, Uint8Array, [text]) : undefined;
export const dispatch = uncurry(EventTarget.prototype.dispatchEvent);
export const then = uncurry(Promise.prototype.then) as <T>(promise: Promise<T>, onFulfilled: (value: T) => unknown, onRejected: (reason: unknown) => unknown) => Promise<unknown>;
const customEventDetail = getter<CustomEvent, unknown>(CustomEvent.prototype, 'detail');

/** A `CustomEvent`'s `detail`; `undefined` for another kind of event, which a page may dispatch. */
export function eventDetail(event: Event): unknown {
  try {
    return customEventDetail(event as CustomEvent);
  } catch {
    return undefined;
  }
}

/** A promise rejected with `reason`, made without `Promise.reject`, which a page may replace. */
export function rejected(reason: unknown): Promise<never> {
  return new PromiseIntrinsic((_resolve, reject) => reject(reason));
}

/** A `CustomEvent` named `name` with `detail`, its init read from an object with no prototype. */
export function customEvent(name: string, detail: unknown): CustomEvent {
  const init = createObject(null) as CustomEventInit;
  init.detail = detail;
  return new CustomEventIntrinsic(name, init);
}

/** An error's message, or the value as text; a fixed text when reading either throws. */
export function describe(error: unknown): string {
  try {
    const message = error !== null && typeof error === 'object' ? (error as { message?: unknown }).message : undefined;
    return typeof message === 'string' && message !== '' ? message : `${error}`;
  } catch {
    return 'the value cannot be described';
  }
}
