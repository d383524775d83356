// What web/README.md's TypeScript assumes and never shows (scripts/check-doc-snippets.mjs): the
// page's own function, its abort signal, and the app's capabilities as `today-bridge contract`
// renders them from the README's Swift `purchase` capability. A script: these are globals.
declare function refresh(): void;
declare const signal: AbortSignal;

/** Fields of the `purchase` message. Served to trusted surfaces. */
interface PurchaseRequest {
  sku: string;
}

/** Result of the `purchase` message. */
interface PurchaseResult {
  id: string;
}

/** The capabilities, by message `type`. */
interface AppCapabilities {
  'purchase': { request: PurchaseRequest; result: PurchaseResult };
}
