// What the README's TypeScript assumes and never shows: the page's own functions
// (scripts/check-doc-snippets.mjs). A script, not a module: these are globals.
declare function refresh(): void;
declare function showBuyButton(): void;
declare function showBadge(count: number): void;
