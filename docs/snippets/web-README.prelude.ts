// What web/README.md's TypeScript assumes and never shows (scripts/check-doc-snippets.mjs): the
// page's own functions, its abort signal and a file it has; the app's maps come from
// app-bridge.generated.ts. A script: these are globals.
declare function refresh(): void;
declare function save(chunk: Uint8Array): void;
declare const signal: AbortSignal;
declare const photo: Blob;
