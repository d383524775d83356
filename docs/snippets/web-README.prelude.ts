// What web/README.md's TypeScript assumes and never shows (scripts/check-doc-snippets.mjs): the
// page's own function and its abort signal; the app's maps come from app-bridge.generated.ts.
// A script: these are globals.
declare function refresh(): void;
declare const signal: AbortSignal;
